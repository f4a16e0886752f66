//! What a search tells its caller: the progress and the move chosen
//! (`Progress`), each root move's findings (`Candidate`), a whole analysis
//! (`Analysis`), and the choice of move at the root that all of them share.
//! They read the tree and never change it, so they sit apart from the loop
//! that grows it, as KataGo keeps its results apart from its search.

use super::tree::{LOSS, WIN};
use super::{Search, calibration};
use crate::position::codes::SWAP;
use crate::sort::sort_by_first;
use crate::types::Move;

/// A snapshot of a search in progress, or its result.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The move the search would play now.
    pub best: Move,
    /// The side to move's estimated chance of winning with it, 0 to 1.
    pub win: f32,
    /// Iterations run so far (in this search, not counting reused ones).
    pub iterations: u64,
    /// Milliseconds spent so far (0 without a clock).
    pub millis: f64,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
    /// `Some(true)` if the search proved the side to move wins, `Some(false)`
    /// if it proved it loses.
    pub proven: Option<bool>,
}

/// A move of the analysed position and what the search found about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Simulations that began with it.
    pub visits: u32,
    /// The mover's chance of winning with it, 0 to 1 (for the swap: the
    /// swapper's, who then plays Dark), calibrated (see
    /// [`calibration`](super::calibration)).
    pub win: f32,
    /// The search's own value of it (its playouts' mean result, 1 or 0
    /// when proven), before calibration.
    pub raw: f32,
    /// `Some(true)` if proven to win for the mover, `Some(false)` to lose.
    pub proven: Option<bool>,
    /// The expected line, starting with the move.
    pub pv: Vec<Move>,
}

/// An analysis of a position ([`Player::analyse`](super::Player::analyse)).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The side to move's chance of winning with its best move, 0 to 1,
    /// calibrated (see [`calibration`](super::calibration)).
    pub win: f32,
    /// The search's own value of the best move (its playouts' mean result,
    /// 1 or 0 when proven), before calibration.
    pub raw: f32,
    /// The side to move's mean result over all the simulations, 0 to 1 (1
    /// or 0 when proven), calibrated as `win` is. This is what a search of the position before
    /// would hold for the move that led here, so a review compares it with
    /// the best move's `win` there: a search's values are kinder to the
    /// side to move than to the other, and like must be set against like.
    pub mean: f32,
    /// `mean` before calibration.
    pub raw_mean: f32,
    /// `Some(true)` if the side to move is proven to win, `Some(false)` to
    /// lose.
    pub proven: Option<bool>,
    /// The moves the search tried, best first: a proven win, then by
    /// visits, proven losses last.
    pub candidates: Vec<Candidate>,
    /// Per point (a1, b1, …, row by row from the bottom): in how many of the
    /// counted simulations it held a dark and a light piece when the board
    /// first filled. (At the end every point has the winner's colour, so the
    /// moment the board fills is the one that says who owns what.)
    pub ownership: Vec<[u32; 2]>,
    /// The simulations counted in `ownership` (each point's two counts sum
    /// to it).
    pub simulations: u32,
    /// Iterations run in this analysis.
    pub iterations: u64,
    /// Milliseconds spent (0 without a clock).
    pub millis: f64,
}

impl Search {
    /// The current best move, its value and the principal variation.
    pub(super) fn progress(&self, iterations: u64, millis: f64) -> Progress {
        let candidate = self.best_candidate();
        Progress {
            best: candidate.mv,
            win: candidate.win,
            iterations,
            millis,
            pv: candidate.pv,
            proven: candidate.proven,
        }
    }

    /// The move the search would play now, as a candidate.
    fn best_candidate(&self) -> Candidate {
        if let Some(child) = self.choose(0) {
            return self.candidate(child);
        }
        // No statistics yet: any legal move.
        let root_pos = self.root.as_ref().expect("a root");
        let mut codes = Vec::new();
        root_pos.move_codes(&mut codes);
        let m = root_pos.code_move(codes[0]);
        Candidate {
            mv: m,
            visits: 0,
            win: 0.5,
            raw: 0.5,
            proven: None,
            pv: vec![m],
        }
    }

    /// The side to move's chance of winning at the root for the search's
    /// value `raw` (see [`calibration`](super::calibration)).
    fn calibrated(&self, raw: f32) -> f32 {
        let root = self.root.as_ref().expect("a root");
        let cells = usize::from(root.size()) * usize::from(root.size());
        let iterations = self.tree.node(0).visits;
        calibration::win_chance(raw, root.size(), cells - root.empty_count(), iterations)
    }

    /// What the search knows of the root's child `child`, with the line
    /// expected after it (at most 12 moves, ending at the first one visited
    /// less than twice).
    pub(super) fn candidate(&self, child: u32) -> Candidate {
        let mut pos = self.root.clone().expect("a root");
        let ch = self.tree.node(child);
        let n = ch.visits as f32 + self.config.prior_visits;
        let proven = match ch.proof {
            WIN => Some(true),
            LOSS => Some(false),
            _ => None,
        };
        let raw = match proven {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None if n > 0.0 => (ch.wins + ch.prior_wins) / n,
            None => 0.5,
        };
        let win = if proven.is_some() {
            raw
        } else {
            self.calibrated(raw)
        };
        let mv = pos.code_move(ch.code);
        let mut pv = vec![mv];
        pos.play_code(ch.code);
        let mut node = child;
        while pv.len() < 12
            && let Some(next) = self.choose(node)
        {
            let next_node = self.tree.node(next);
            pv.push(pos.code_move(next_node.code));
            pos.play_code(next_node.code);
            node = next;
            if next_node.visits < 2 {
                break;
            }
        }
        Candidate {
            mv,
            visits: ch.visits,
            win,
            raw,
            proven,
            pv,
        }
    }

    /// The analysis so far: the root's children that were visited (or
    /// proven), best first, and the ownership counts.
    pub(super) fn analysis(&self, iterations: u64, millis: f64) -> Analysis {
        let best = self.best_candidate();
        let root = self.tree.node(0);
        let mut children: Vec<u32> = (root.first_child
            ..root.first_child + u32::from(root.n_children))
            .filter(|&i| {
                root.first_child != 0
                    && (self.tree.node(i).visits > 0 || self.tree.node(i).proof != 0)
            })
            .collect();
        let rank = |i: u32| {
            let ch = self.tree.node(i);
            (ch.proof == WIN, ch.proof != LOSS, ch.visits)
        };
        sort_by_first(&mut children, |&a, &b| rank(a) > rank(b));
        // The move the search would play comes first (the swap, held to a
        // share of the visits, is chosen by value, not by visits).
        if let Some(at) = self
            .choose(0)
            .and_then(|best| children.iter().position(|&i| i == best))
        {
            children[..=at].rotate_right(1);
        }
        let raw_mean = match best.proven {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None if root.visits > 0 => 1.0 - root.wins / root.visits as f32,
            None => 0.5,
        };
        let mean = if best.proven.is_some() {
            raw_mean
        } else {
            self.calibrated(raw_mean)
        };
        Analysis {
            win: best.win,
            raw: best.raw,
            mean,
            raw_mean,
            proven: best.proven,
            candidates: children.into_iter().map(|i| self.candidate(i)).collect(),
            ownership: self.ownership.clone(),
            simulations: self.owner_counts,
            iterations,
            millis,
        }
    }

    /// The root's moves with their visits (see
    /// [`Player::root_visits`](super::Player::root_visits)).
    pub(super) fn root_visits(&self) -> Vec<(Move, u32)> {
        let Some(pos) = self.root.as_ref().filter(|_| !self.tree.is_empty()) else {
            return Vec::new();
        };
        let root = self.tree.node(0);
        (root.first_child..root.first_child + u32::from(root.n_children))
            .filter(|_| root.first_child != 0)
            .map(|i| {
                let ch = self.tree.node(i);
                (pos.code_move(ch.code), ch.visits)
            })
            .collect()
    }

    /// The child to play from `node`: a proven win, else the most visited
    /// child not proven lost.
    pub(super) fn choose(&self, node: u32) -> Option<u32> {
        let n = self.tree.node(node);
        if n.first_child == 0 {
            return None;
        }
        let children = n.first_child..n.first_child + u32::from(n.n_children);
        if let Some(win) = children.clone().find(|&i| self.tree.node(i).proof == WIN) {
            return Some(win);
        }
        // The swap is held to a share of the visits: it is weighed against
        // the most visited placement by value.
        let swap = (node == 0 && self.config.swap_share > 0.0)
            .then_some(self.root.as_ref())
            .flatten()
            .filter(|root| root.swap_available())
            .and_then(|_| self.tree.child_with(0, SWAP));
        let best = children.filter(|&i| Some(i) != swap).max_by_key(|&i| {
            let ch = self.tree.node(i);
            (ch.proof != LOSS, ch.visits)
        });
        let value = |i: u32| {
            let ch = self.tree.node(i);
            ch.wins / ch.visits.max(1) as f32
        };
        let alive = |i: u32| self.tree.node(i).proof != LOSS;
        match (swap, best) {
            (Some(s), Some(b)) if alive(s) && (!alive(b) || value(s) > value(b)) => Some(s),
            (Some(s), None) => Some(s),
            (_, b) => b,
        }
    }

    /// A root child drawn at random in proportion to its visits: a good
    /// move, not always the best.
    pub(super) fn draw_child(&mut self) -> Option<u32> {
        let root = *self.tree.node(0);
        if root.first_child == 0 {
            return None;
        }
        let children = root.first_child..root.first_child + u32::from(root.n_children);
        let total: u64 = children
            .clone()
            .map(|i| u64::from(self.tree.node(i).visits))
            .sum();
        let total = u32::try_from(total).ok().filter(|&t| t > 0)?;
        let mut r = self.rng.below(total);
        for i in children.clone() {
            let v = self.tree.node(i).visits;
            if r < v {
                return Some(i);
            }
            r -= v;
        }
        children.last()
    }
}
