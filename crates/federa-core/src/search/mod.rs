//! The AI: Monte Carlo tree search with RAVE, a light playout policy, priors
//! from a quick look at each move, a solver for proven results, tree reuse
//! between moves and a hard memory cap.
//!
//! The same code plays the plain UCT baseline (UCB1, uniform playouts) with
//! its features switched off.
//!
//! ```
//! use federa_core::search::{Limit, Player, PlayerKind, Level};
//! use federa_core::{Position, Rules};
//!
//! let pos = Position::new(Rules::new(5).unwrap());
//! let mut ai = Player::new(PlayerKind::Level(Level::Club), 7);
//! let result = ai.think(&pos, Limit::iterations(200), None, &mut |_| true).unwrap();
//! assert!(pos.is_legal(result.best));
//! ```

// Split by concern, as KataGo's search is: the levels and settings, what a
// search reports (and the choice of move), the node arena and the tests each
// in a file of their own; this one holds the player and the loop (iterate,
// select, expand, backup), which share the search's state.
pub mod calibration;
mod config;
mod report;
#[cfg(test)]
mod tests;
mod tree;

pub(crate) use config::Config;
#[cfg(not(target_arch = "wasm32"))]
pub use config::StdClock;
pub use config::{Clock, Level, Limit, PlayerKind};
pub use report::{Analysis, Candidate, Progress};

use crate::position::Position;
use crate::position::codes::{CODES, Code, SWAP};
use crate::rng::Rng;
use crate::types::{Color, Move};
use tree::{LOSS, Node, Tree, WIN};

/// A player that chooses moves: a baseline or a searching AI, with its tree
/// kept between moves.
pub struct Player {
    kind: PlayerKind,
    rng: Rng,
    search: Option<Search>,
}

impl Player {
    /// A player of this kind; the seed fixes its random choices.
    #[must_use]
    pub fn new(kind: PlayerKind, seed: u64) -> Player {
        let search = match kind {
            PlayerKind::Random => None,
            PlayerKind::Uct => Some(Search::new(Config::UCT, seed)),
            PlayerKind::Level(level) => Some(Search::new(Config::for_level(level), seed)),
            PlayerKind::HandMade => Some(Search::new(Config::HAND_MADE, seed)),
        };
        Player {
            kind,
            rng: Rng::new(seed),
            search,
        }
    }

    /// Forgets the tree and starts the random choices again from `seed`,
    /// so that what the next search finds depends on its position, its
    /// budget and `seed` alone, not on what was searched before.
    pub fn restart(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
        if let Some(search) = &mut self.search {
            search.rng = Rng::new(seed);
            search.root = None;
            search.tree.clear();
        }
    }

    /// What kind of player this is.
    #[must_use]
    pub fn kind(&self) -> PlayerKind {
        self.kind
    }

    /// Chooses a move for the side to move (`None` if the game is over),
    /// calling `report` with progress now and then; `report` returning false
    /// stops the search early. `clock` is needed for a time limit and for
    /// progress by time; without one, progress comes every 1000 iterations.
    pub fn think(
        &mut self,
        pos: &Position,
        limit: Limit,
        clock: Option<&dyn Clock>,
        report: &mut dyn FnMut(&Progress) -> bool,
    ) -> Option<Progress> {
        if pos.is_over() {
            return None;
        }
        let limit = match self.kind {
            PlayerKind::Level(level) => match level.iteration_cap() {
                Some(cap) => Limit {
                    iterations: Some(limit.iterations.map_or(cap, |n| n.min(cap))),
                    ..limit
                },
                None => limit,
            },
            _ => limit,
        };
        match &mut self.search {
            None => {
                let best = pos.random_move(&mut self.rng)?;
                Some(Progress {
                    best,
                    win: 0.5,
                    iterations: 0,
                    millis: 0.0,
                    pv: vec![best],
                    proven: None,
                })
            }
            Some(search) => search
                .think(pos, limit, clock, report)
                .map(|progress| quickest(pos, progress)),
        }
    }

    /// Analyses the position: searches it as [`Player::think`] does and
    /// reports every move it tried, the position's value and who is likely
    /// to own each point (see [`Analysis`]). `report` receives the analysis
    /// so far now and then (returning false stops), and the final one.
    /// `None` if the game is over or the player does not search (`random`).
    pub fn analyse(
        &mut self,
        pos: &Position,
        limit: Limit,
        clock: Option<&dyn Clock>,
        report: &mut dyn FnMut(&Analysis) -> bool,
    ) -> Option<Analysis> {
        let search = self.search.as_mut().filter(|_| !pos.is_over())?;
        let points = usize::from(pos.size()) * usize::from(pos.size());
        search.counting_owners = true;
        search.ownership.clear();
        search.ownership.resize(points, [0; 2]);
        search.owner_counts = 0;
        let (iterations, millis) = search.run(pos, limit, clock, &mut |s, n, ms| {
            report(&s.analysis(n, ms))
        });
        let result = search.analysis(iterations, millis);
        search.counting_owners = false;
        report(&result);
        Some(result)
    }

    /// Tells the player a move was played in its game (by anyone), so its
    /// tree can follow.
    pub fn observe(&mut self, m: Move) {
        if let Some(search) = &mut self.search {
            search.advance(m);
        }
    }

    /// Nodes in the search tree (0 for the random player).
    #[must_use]
    pub fn tree_nodes(&self) -> usize {
        self.search.as_ref().map_or(0, |s| s.tree.len())
    }

    /// The moves of the position last thought about, with their visits in
    /// the search (what self-play records); empty for the random player.
    #[must_use]
    pub fn root_visits(&self) -> Vec<(Move, u32)> {
        self.search
            .as_ref()
            .map_or_else(Vec::new, Search::root_visits)
    }
}

/// The positions the exact solver may search to turn a proven win into
/// the quickest one (a few milliseconds, in wasm too).
const QUICKEST_NODES: u64 = 1_000;
/// The longest win it looks for, in plies.
const QUICKEST_PLIES: u32 = 15;

/// Once the search has proved a win, the exact solver's quickest one when
/// it finds it within [`QUICKEST_NODES`] positions: a proof says that a
/// move wins, not how soon, and the first proven move may win slowly (a
/// puzzle asks for the quickest; a game is finished sooner).
fn quickest(pos: &Position, mut progress: Progress) -> Progress {
    if progress.proven != Some(true) {
        return progress;
    }
    let mut solver = crate::puzzle::Solver::with_limit(QUICKEST_NODES);
    if let Ok(Some(line)) = solver.line(pos, pos.to_move(), QUICKEST_PLIES) {
        progress.best = line[0];
        progress.pv = line;
    }
    progress
}

/// The position the search benchmarks start from: N²/2 uniformly random
/// moves into a game (the same on every platform for a seed).
#[must_use]
pub fn midgame_position(rules: crate::Rules, seed: u64) -> Position {
    let mut pos = Position::new(rules);
    let mut rng = Rng::new(seed);
    let plies = u32::from(rules.size()) * u32::from(rules.size()) / 2;
    while pos.plies() < plies {
        match pos.random_move(&mut rng) {
            Some(m) => pos.play_unchecked(m),
            None => break,
        }
    }
    pos
}

/// The natural logarithm from basic arithmetic only, so that searches give
/// the same results on every platform (the standard library's `ln` calls
/// each platform's own math library). Accurate to about 1e-4.
fn ln(x: f32) -> f32 {
    let bits = x.to_bits();
    let exponent = ((bits >> 23) & 0xff) as i32 - 127;
    // The mantissa in [1, 2), as m = (1 + t) / (1 - t) with t small.
    let m = f32::from_bits((bits & 0x007f_ffff) | 0x3f80_0000);
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let ln_m = 2.0 * t * (1.0 + t2 * (1.0 / 3.0 + t2 * (0.2 + t2 * (1.0 / 7.0 + t2 / 9.0))));
    exponent as f32 * std::f32::consts::LN_2 + ln_m
}

/// The exploration factor of a child with n visits (its own and the
/// prior's): 1/√n, n rounded down while below `INV_SQRT_TABLE` (1 for n < 1).
fn inv_sqrt(n: f32) -> f32 {
    if n < 1.0 {
        1.0
    } else if (n as usize) < INV_SQRT_TABLE {
        1.0 / ((n as usize) as f32).sqrt()
    } else {
        1.0 / n.sqrt()
    }
}

/// The learned model's priors of `codes` (all the legal moves of `pos`): a
/// move r times as likely as the average one is valued 0.1 + 0.8·r/(r + 1),
/// so 0.5 at the average, towards 0.9 for the likeliest and 0.1 for the
/// least likely.
fn learned_priors(pos: &Position, codes: &[Code], out: &mut Vec<f32>) {
    out.extend(codes.iter().map(|&c| pos.gamma(c)));
    let mean = out.iter().sum::<f32>() / out.len().max(1) as f32;
    for p in out.iter_mut() {
        let r = *p / mean;
        *p = 0.1 + 0.8 * r / (r + 1.0);
    }
}

/// Most tree memory, in bytes.
pub const TREE_MEMORY_CAP: usize = 64 << 20;

/// A search with its tree.
struct Search {
    config: Config,
    rng: Rng,
    tree: Tree,
    /// The position at the tree's root.
    root: Option<Position>,
    /// Per colour and code: the iteration stamp when the move was last seen
    /// in the current simulation (for AMAF).
    played: Vec<[u32; 2]>,
    stamp: u32,
    trace: Vec<(Code, Color)>,
    path: Vec<(u32, Color)>,
    codes: Vec<Code>,
    /// The priors of `codes`, while a node is expanded.
    priors: Vec<f32>,
    /// Per code: the stamp of the last `grow` that found it among a node's
    /// children.
    seen: Vec<u32>,
    seen_stamp: u32,
    /// `inv_sqrt(v + the prior visits)` for a child's visits v below
    /// `INV_SQRT_TABLE`: indexed by the visits, so that no float becomes an
    /// index in the selection's loop.
    inv_sqrt: Vec<f32>,
    /// Whether simulations count who owns each point (for an analysis).
    counting_owners: bool,
    /// Per point: in how many simulations of this think it was Dark's and
    /// Light's when the board filled.
    ownership: Vec<[u32; 2]>,
    /// The simulations counted in `ownership`.
    owner_counts: u32,
    /// Room for an iteration's position, boxed so that handing it round
    /// moves no board.
    board: Option<Box<Position>>,
}

/// Visit counts with a precomputed 1/√n.
const INV_SQRT_TABLE: usize = 4096;

impl Search {
    fn new(config: Config, seed: u64) -> Search {
        Search {
            config,
            rng: Rng::new(seed),
            tree: Tree::new(TREE_MEMORY_CAP),
            root: None,
            played: vec![[0; 2]; CODES],
            stamp: 0,
            trace: Vec::new(),
            path: Vec::new(),
            codes: Vec::new(),
            priors: Vec::new(),
            seen: vec![0; CODES],
            seen_stamp: 0,
            inv_sqrt: (0..INV_SQRT_TABLE)
                .map(|v| inv_sqrt(v as f32 + config.prior_visits))
                .collect(),
            counting_owners: false,
            ownership: Vec::new(),
            owner_counts: 0,
            board: None,
        }
    }

    /// Follows a move played in the game: its subtree becomes the tree.
    fn advance(&mut self, m: Move) {
        let Some(root) = &mut self.root else {
            return;
        };
        if !root.is_legal(m) {
            self.root = None;
            self.tree.clear();
            return;
        }
        let code = root.move_code(m);
        root.play_unchecked(m);
        let child = if self.tree.is_empty() {
            None
        } else {
            self.tree.child_with(0, code)
        };
        match child {
            Some(child) => self.tree.reroot(child),
            None => self.tree.clear(),
        }
    }

    /// Searches `pos` (keeping the tree if it is already the root) until
    /// the limit, a proof or `report` says stop; `report` is called with the
    /// iterations and milliseconds so far every 100 ms (every 1000
    /// iterations without a clock). Returns the iterations and milliseconds.
    fn run(
        &mut self,
        pos: &Position,
        limit: Limit,
        clock: Option<&dyn Clock>,
        report: &mut dyn FnMut(&Search, u64, f64) -> bool,
    ) -> (u64, f64) {
        let same = self
            .root
            .as_ref()
            .is_some_and(|r| r.hash() == pos.hash() && r.plies() == pos.plies() && r == pos);
        if !same || self.tree.is_empty() {
            self.root = Some(pos.clone());
            self.tree.clear();
            self.tree.push_root(pos.to_move().other());
        }
        let start = clock.map_or(0.0, |c| c.millis());
        let elapsed = || clock.map_or(0.0, |c| c.millis() - start);
        let mut iterations = 0u64;
        let mut next_report = 100.0;
        loop {
            if let Some(n) = limit.iterations
                && iterations >= n
            {
                break;
            }
            // Stop a little early: the time to wrap up, and a thread that
            // the system pauses now and then, must still fit the budget.
            if let (Some(ms), Some(_)) = (limit.millis, clock)
                && elapsed() >= ms - (ms / 10.0).min(8.0)
            {
                break;
            }
            if self.tree.node(0).proof != 0 {
                break;
            }
            self.iterate();
            iterations += 1;
            let due = match clock {
                Some(_) => {
                    let t = elapsed();
                    let due = t >= next_report;
                    if due {
                        next_report = t + 100.0;
                    }
                    due
                }
                None => iterations.is_multiple_of(1000),
            };
            if due && !report(self, iterations, elapsed()) {
                break;
            }
        }
        (iterations, elapsed())
    }

    /// The move to play in `pos`, after a search (see [`Player::think`]).
    fn think(
        &mut self,
        pos: &Position,
        limit: Limit,
        clock: Option<&dyn Clock>,
        report: &mut dyn FnMut(&Progress) -> bool,
    ) -> Option<Progress> {
        let (iterations, millis) = self.run(pos, limit, clock, &mut |s, n, ms| {
            report(&s.progress(n, ms))
        });
        let mut result = self.progress(iterations, millis);
        if self.config.draw
            && result.proven.is_none()
            && let Some(child) = self.draw_child()
        {
            let code = self.tree.node(child).code;
            let root = self.root.as_ref().expect("a root");
            result.best = root.code_move(code);
            result.pv = vec![result.best];
        }
        report(&result);
        Some(result)
    }

    /// One iteration: descend by the selection rule, expand, play out, and
    /// update the statistics along the way. Never inlined into the search
    /// loop: a wasm engine only switches to optimised code between calls, so
    /// the work of a long search must sit in a function called often.
    #[inline(never)]
    fn iterate(&mut self) {
        let root = self.root.as_ref().expect("a root");
        let mut pos = match self.board.take() {
            Some(mut board) => {
                board.copy_from(root);
                board
            }
            None => Box::new(root.clone()),
        };
        self.trace.clear();
        self.path.clear();
        let mut node = 0u32;
        self.path.push((0, pos.to_move()));
        let mut grown = false;
        // Ownership is read when the board first fills: at the end every
        // point has the winner's colour.
        let mut owned = !self.counting_owners;
        let winner = loop {
            if !owned && pos.empty_count() == 0 {
                pos.count_owners(&mut self.ownership);
                self.owner_counts += 1;
                owned = true;
            }
            if let Some(w) = pos.winner() {
                if self.config.solver {
                    let n = self.tree.node_mut(node);
                    n.proof = if w.index() == usize::from(n.beneficiary) {
                        WIN
                    } else {
                        LOSS
                    };
                }
                break w;
            }
            let n = *self.tree.node(node);
            let next = if self.config.lazy {
                if grown {
                    // One new node per iteration: play out from it.
                    None
                } else if let Some(child) = self.grow(node, &pos) {
                    grown = true;
                    Some(child)
                } else {
                    (n.n_children > 0).then(|| self.select(node))
                }
            } else if n.n_children == 0 {
                if n.visits + 1 >= self.expand_threshold() && self.expand(node, &pos) {
                    continue;
                }
                None
            } else if let Some(swap) = self.swap_floor(node, &pos) {
                Some(swap)
            } else {
                Some(self.select(node))
            };
            let Some(child) = next else {
                if !owned {
                    pos.playout_until_full(&mut self.rng, &self.config.policy, &mut self.trace);
                    pos.count_owners(&mut self.ownership);
                    self.owner_counts += 1;
                }
                break pos.playout(&mut self.rng, &self.config.policy, &mut self.trace);
            };
            let code = self.tree.node(child).code;
            self.trace.push((code, pos.to_move()));
            pos.play_code(code);
            node = child;
            self.path.push((node, pos.to_move()));
        };
        self.board = Some(pos);
        self.backup(winner);
    }

    /// The swap child of `node` (at `pos`), while it has less than its share
    /// of the node's visits and is not proven.
    fn swap_floor(&self, node: u32, pos: &Position) -> Option<u32> {
        if self.config.swap_share <= 0.0 || !pos.swap_available() {
            return None;
        }
        let visits = self.tree.node(node).visits as f32;
        self.tree.child_with(node, SWAP).filter(|&s| {
            let swap = self.tree.node(s);
            swap.proof == 0 && (swap.visits as f32) < self.config.swap_share * visits
        })
    }

    /// Visits a leaf needs before it is expanded now: `expand_visits` times
    /// the tree's room over its free room.
    fn expand_threshold(&self) -> u32 {
        let (used, most) = (self.tree.len() as u64, self.tree.max_nodes() as u64);
        let free = most.saturating_sub(used).max(1);
        (u64::from(self.config.expand_visits) * most / free).min(u64::from(u32::MAX)) as u32
    }

    /// Plain UCT's expansion: gives `node` one more child, an untried move
    /// drawn at random, while it has one; `None` once every move has a
    /// child (or the tree is full).
    fn grow(&mut self, node: u32, pos: &Position) -> Option<u32> {
        let n = *self.tree.node(node);
        let legal = pos.move_count();
        if usize::from(n.n_children) >= legal {
            return None;
        }
        self.seen_stamp = self.seen_stamp.wrapping_add(1);
        if self.seen_stamp == 0 {
            self.seen.fill(0);
            self.seen_stamp = 1;
        }
        let stamp = self.seen_stamp;
        for i in n.first_child..n.first_child + u32::from(n.n_children) {
            self.seen[usize::from(self.tree.node(i).code)] = stamp;
        }
        self.codes.clear();
        pos.move_codes(&mut self.codes);
        let untried = legal - usize::from(n.n_children);
        let mut k = self.rng.below(untried as u32);
        let code = *self
            .codes
            .iter()
            .filter(|&&c| self.seen[usize::from(c)] != stamp)
            .find(|_| {
                let hit = k == 0;
                k = k.wrapping_sub(1);
                hit
            })?;
        self.tree
            .add_child(node, Node::new(code, pos.beneficiary(code)), legal)
    }

    /// Creates all the children of a leaf, with their priors; false if the
    /// memory cap is reached.
    fn expand(&mut self, node: u32, pos: &Position) -> bool {
        self.codes.clear();
        pos.move_codes(&mut self.codes);
        let prior_visits = self.config.prior_visits;
        self.priors.clear();
        if prior_visits > 0.0 {
            if self.config.learned_prior {
                learned_priors(pos, &self.codes, &mut self.priors);
            } else {
                self.priors
                    .extend(self.codes.iter().map(|&c| pos.hand_prior(c)));
            }
        }
        let (codes, priors) = (&self.codes, &self.priors);
        self.tree.expand(node, codes.len(), |k| {
            let code = codes[k];
            let mut child = Node::new(code, pos.beneficiary(code));
            if prior_visits > 0.0 {
                child.prior_wins = prior_visits * priors[k];
            }
            child
        })
    }

    /// The child to descend into: the highest UCB value over the RAVE
    /// blend of its own and its AMAF statistics. The blend is
    /// (1 − β)·W/n + β·A/a with β = a / (a + n + n·a/k), which is
    /// (k·W + a·W + k·A) / (k·a + k·n + n·a): one division per child.
    fn select(&mut self, node: u32) -> u32 {
        let parent = *self.tree.node(node);
        // The levels' settings (priors and RAVE) in a loop of their own:
        // every child then has visits, real or virtual, and one formula.
        let best = if self.config.prior_visits > 0.0 && self.config.rave_equivalence > 0.0 {
            self.best_child::<true>(&parent)
        } else {
            self.best_child::<false>(&parent)
        };
        parent.first_child + best as u32
    }

    /// The index among `parent`'s children of the one `select` descends
    /// into; `PRIORS_AND_RAVE` when both are on.
    fn best_child<const PRIORS_AND_RAVE: bool>(&mut self, parent: &Node) -> usize {
        let explore = self.config.exploration * ln(parent.visits.max(1) as f32).sqrt();
        let k = self.config.rave_equivalence;
        let prior_visits = self.config.prior_visits;
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, ch) in self.tree.children(parent).iter().enumerate() {
            let score = match ch.proof {
                WIN => f32::INFINITY,
                LOSS => -1.0e9 + ch.visits as f32,
                _ => {
                    let n = ch.visits as f32 + prior_visits;
                    if !PRIORS_AND_RAVE && n == 0.0 && ch.amaf_visits == 0 {
                        // Unvisited moves first, in a random order.
                        1.0e6 + self.rng.unit()
                    } else {
                        let w = ch.wins + ch.prior_wins;
                        let a = ch.amaf_visits as f32;
                        let value = if !PRIORS_AND_RAVE && n == 0.0 {
                            ch.amaf_wins / a
                        } else if PRIORS_AND_RAVE || k > 0.0 {
                            (k * w + a * w + k * ch.amaf_wins) / (k * a + k * n + n * a)
                        } else {
                            w / n
                        };
                        let factor = match self.inv_sqrt.get(ch.visits as usize) {
                            Some(&f) => f,
                            None => inv_sqrt(n),
                        };
                        value + explore * factor
                    }
                }
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Adds the result of one simulation to the nodes on its path, their
    /// siblings' AMAF statistics, and the proofs.
    fn backup(&mut self, winner: Color) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.played.iter_mut().for_each(|p| *p = [0; 2]);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let rave = self.config.rave_equivalence > 0.0;
        // Statistics are kept for players, not colours. A swap in this
        // simulation (always the game's second move) gives the first player
        // Light: for the path's nodes whose move came before it (the first
        // move, and an empty-board root), the player who benefits won if
        // the other colour did.
        let root_plies = self.root.as_ref().map_or(2, Position::plies) as usize;
        let before_swap = match root_plies {
            0 | 1
                if self
                    .trace
                    .get(1 - root_plies)
                    .is_some_and(|&(c, _)| c == SWAP) =>
            {
                2 - root_plies
            }
            _ => 0,
        };
        let won = |depth: usize, beneficiary: u8| {
            let colour = if depth < before_swap {
                winner.other()
            } else {
                winner
            };
            usize::from(beneficiary) == colour.index()
        };
        // Walk the path from the leaf up; the trace index of the move chosen
        // at path node d is d.
        let mut t = self.trace.len();
        for d in (0..self.path.len()).rev() {
            let (idx, to_move) = self.path[d];
            if rave {
                while t > d {
                    t -= 1;
                    let (code, mover) = self.trace[t];
                    self.played[usize::from(code)][mover.index()] = stamp;
                }
                let n = *self.tree.node(idx);
                for ch in self.tree.children_mut(&n) {
                    if self.played[usize::from(ch.code)][to_move.index()] == stamp {
                        ch.amaf_visits += 1;
                        if won(d + 1, ch.beneficiary) {
                            ch.amaf_wins += 1.0;
                        }
                    }
                }
            }
            let n = self.tree.node_mut(idx);
            n.visits += 1;
            if won(d, n.beneficiary) {
                n.wins += 1.0;
            }
            if self.config.solver && n.proof == 0 && n.first_child != 0 {
                let proof = self.tree.children_proof(idx, to_move);
                self.tree.node_mut(idx).proof = proof;
            }
        }
    }
}
