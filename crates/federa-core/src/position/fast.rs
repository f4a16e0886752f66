//! What the search needs from a position, fast: playouts guided by a light
//! policy that records the moves it played (as codes: codes.rs). The
//! uniformly random moves and playouts (the random player's, plain UCT's,
//! the benchmark's) are here too, so that all the playout code is in one
//! place.

use super::codes::{CHANGE_BASE, Code, SWAP};
use super::features::MAX_ACTIVE;
use super::weights::GAMMA;
use super::{EMPTY, Position, WORDS, entitled};
use crate::rng::Rng;
use crate::types::{Color, Move, Piece, attacker_code};

/// How playouts choose moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PlayoutPolicy {
    /// Every legal move equally likely (for the plain UCT baseline).
    pub uniform: bool,
    /// Chance of taking an available change of an opponent's group.
    pub take_enemy: f32,
    /// Chance of taking an available change of one's own group.
    pub take_own: f32,
    /// Candidate placements drawn per move; the best by a quick look is
    /// played (1 = a uniformly random point and shape).
    pub place_tries: u32,
    /// Judge the candidates by the learned model (else by the hand-made
    /// `placement_score`).
    pub learned: bool,
    /// On a full board, choose the change by a look one move ahead (see
    /// [`Position::endgame_change`]) instead of the biggest of a few
    /// sampled opponent groups.
    pub look_ahead: bool,
}

impl PlayoutPolicy {
    /// Whether moves are chosen by the learned model among several
    /// candidates (the levels' policy).
    fn learned_tries(&self) -> bool {
        !self.uniform && self.learned && self.place_tries > 1
    }
}

/// What a random playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Moves played (placements, changes, the swap).
    pub moves: u32,
    /// How many of them were changes.
    pub changes: u32,
}

/// A legal move in the engine's raw terms.
enum Pick {
    /// A piece code on an empty cell.
    Place(usize, u8),
    /// The changeable group with this root.
    Change(usize),
    Swap,
}

impl Position {
    /// Plays to the end of the game under `policy`, appending each move's
    /// code and mover to `trace`. Returns the winner.
    pub(crate) fn playout(
        &mut self,
        rng: &mut Rng,
        policy: &PlayoutPolicy,
        trace: &mut Vec<(Code, Color)>,
    ) -> Color {
        loop {
            if let Some(winner) = self.winner {
                return winner;
            }
            self.play_on(rng, policy, trace, false);
        }
    }

    /// Plays under `policy` until no point is empty (the game may still go
    /// on, with changes), as [`Position::playout`] does.
    pub(crate) fn playout_until_full(
        &mut self,
        rng: &mut Rng,
        policy: &PlayoutPolicy,
        trace: &mut Vec<(Code, Color)>,
    ) {
        self.play_on(rng, policy, trace, true);
    }

    /// Plays under `policy` until the game ends or, if `until_full`, no
    /// point is empty. The levels' policy runs in an instance of its own,
    /// with no test of the settings per move or candidate (the wasm
    /// engines pay for them).
    fn play_on(
        &mut self,
        rng: &mut Rng,
        policy: &PlayoutPolicy,
        trace: &mut Vec<(Code, Color)>,
        until_full: bool,
    ) {
        if policy.learned_tries() {
            self.play_on_as::<true>(rng, policy, trace, until_full);
        } else {
            self.play_on_as::<false>(rng, policy, trace, until_full);
        }
    }

    /// `play_on`, with `LEARNED` when `policy.learned_tries()`.
    fn play_on_as<const LEARNED: bool>(
        &mut self,
        rng: &mut Rng,
        policy: &PlayoutPolicy,
        trace: &mut Vec<(Code, Color)>,
        until_full: bool,
    ) {
        while self.winner.is_none() && !(until_full && self.n_empty == 0) {
            self.playout_move::<LEARNED>(rng, policy, trace);
        }
    }

    #[inline]
    fn playout_move<const LEARNED: bool>(
        &mut self,
        rng: &mut Rng,
        policy: &PlayoutPolicy,
        trace: &mut Vec<(Code, Color)>,
    ) {
        let mover = self.to_move;
        let code = if !LEARNED && policy.uniform {
            match self.pick_random(rng) {
                Pick::Place(i, piece) => (i as Code) * 2 + Code::from(piece & 1),
                Pick::Change(root) => CHANGE_BASE + self.canon[root],
                Pick::Swap => SWAP,
            }
        } else if policy.look_ahead && self.n_empty == 0 && self.n_changeable[mover.index()] > 0 {
            self.endgame_change()
        } else {
            self.policy_move::<LEARNED>(rng, policy)
        };
        trace.push((code, mover));
        self.play_code(code);
    }

    /// Plays uniformly random legal moves until the game ends (every legal
    /// move equally likely, changes and the swap included). Returns the
    /// number of moves played and how many of them were changes.
    pub fn random_playout(&mut self, rng: &mut Rng) -> PlayoutStats {
        let mut stats = PlayoutStats::default();
        while self.winner.is_none() {
            stats.moves += 1;
            if self.play_random(rng) {
                stats.changes += 1;
            }
        }
        stats
    }

    /// A uniformly random legal move (every legal move equally likely), or
    /// `None` when the game is over.
    pub fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.winner.is_some() {
            return None;
        }
        let color = self.to_move;
        Some(match self.pick_random(rng) {
            Pick::Place(i, code) => Move::Place {
                piece: Piece::from_code(code),
                at: self.point(i),
            },
            Pick::Change(root) => self.change_move(root, color),
            Pick::Swap => Move::Swap,
        })
    }

    /// Plays one uniformly random legal move; returns whether it was a change.
    /// The game must not be over.
    pub(crate) fn play_random(&mut self, rng: &mut Rng) -> bool {
        match self.pick_random(rng) {
            Pick::Place(i, code) => {
                self.place(i, code);
                self.finish_move();
                false
            }
            Pick::Change(root) => {
                self.change(root, self.to_move);
                self.finish_move();
                true
            }
            Pick::Swap => {
                self.plies += 1;
                false
            }
        }
    }

    /// Draws one legal move uniformly, in the engine's raw terms.
    #[inline(always)]
    fn pick_random(&self, rng: &mut Rng) -> Pick {
        let color = self.to_move.index();
        let places = 2 * u32::from(self.n_empty);
        let changes = u32::from(self.n_changeable[color]);
        let swap = u32::from(self.swap_available());
        let r = rng.below(places + changes + swap);
        if r < places {
            let i = usize::from(self.empties[(r >> 1) as usize]);
            Pick::Place(i, ((color as u8) << 1) | (r & 1) as u8)
        } else if r < places + changes {
            Pick::Change(usize::from(self.changeable[color][(r - places) as usize]))
        } else {
            Pick::Swap
        }
    }

    /// Adds one to each point's count of its piece's colour (points in order
    /// a1, b1, …, along each row from the bottom).
    pub(crate) fn count_owners(&self, counts: &mut [[u32; 2]]) {
        let n = usize::from(self.size());
        // Row by row: no division per point (the analysis calls this every
        // iteration).
        for (row, counts) in counts.chunks_exact_mut(n).take(n).enumerate() {
            let cells = &self.cells[(row + 2) * self.stride + 1..][..n];
            for (count, &cell) in counts.iter_mut().zip(cells) {
                if cell < EMPTY {
                    count[usize::from(cell >> 1)] += 1;
                }
            }
        }
    }

    /// The learned model's factor of the move `code`: e^(its score), the
    /// product of its features' factors (see `crate::learn`).
    pub(crate) fn gamma(&self, code: Code) -> f32 {
        if code < CHANGE_BASE {
            let piece = ((self.to_move as u8) << 1) | (code & 1) as u8;
            return self.placement_gamma(usize::from(code >> 1), piece);
        }
        let mut f = [0; MAX_ACTIVE];
        let n = self.move_features(code, &mut f);
        let mut g = 1.0;
        for &i in &f[..n] {
            g *= GAMMA[usize::from(i)];
        }
        g
    }

    /// The hand-made first guess at the chance that the move `code` wins
    /// for the side to move, from a quick look at it (the search's prior
    /// before the learned model).
    pub(crate) fn hand_prior(&self, code: Code) -> f32 {
        if code == SWAP {
            return 0.5;
        }
        if code >= CHANGE_BASE {
            let cell = usize::from(code - CHANGE_BASE);
            let enemy = Color::from_code_bit(self.cells[cell]) != self.to_move;
            return if enemy { 0.8 } else { 0.5 };
        }
        let piece = ((self.to_move as u8) << 1) | (code & 1) as u8;
        match self.placement_score(usize::from(code >> 1), piece) {
            // (Comparisons, not f32::min: that is a library call in wasm.)
            s if s >= 8 => 0.9,
            s if s > 0 => 0.5 + 0.05 * s as f32,
            s if s < 0 => 0.3,
            _ => 0.5,
        }
    }

    /// A move by the light policy: take a change when one is on offer (an
    /// opponent's group first, the bigger the better), otherwise place on
    /// the best of a few random candidates.
    fn policy_move<const LEARNED: bool>(&self, rng: &mut Rng, policy: &PlayoutPolicy) -> Code {
        let me = self.to_move.index();
        let n_changes = usize::from(self.n_changeable[me]);
        if n_changes > 0 {
            let list = &self.changeable[me][..n_changes];
            // The biggest opponent group among a few samples.
            let mut best = None;
            let mut best_size = 0;
            for _ in 0..n_changes.min(4) {
                let root = usize::from(list[rng.below(n_changes as u32) as usize]);
                let enemy = usize::from(self.cells[root] >> 1) != me;
                if enemy && self.stones[root] > best_size {
                    best = Some(root);
                    best_size = self.stones[root];
                }
            }
            let take = match best {
                Some(root) if rng.unit() < policy.take_enemy => Some(root),
                _ if self.n_empty == 0 || rng.unit() < policy.take_own => {
                    Some(best.unwrap_or(usize::from(list[rng.below(n_changes as u32) as usize])))
                }
                _ => None,
            };
            if let Some(root) = take {
                return CHANGE_BASE + self.canon[root];
            }
        }
        let n_empty = u32::from(self.n_empty);
        if n_empty == 0 {
            // Only the swap is left (a position read from text).
            return SWAP;
        }
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for _ in 0..policy.place_tries {
            let r = rng.below(2 * n_empty);
            let cell = usize::from(self.empties[(r >> 1) as usize]);
            let code = (cell as Code) * 2 + (r & 1) as Code;
            let score = if !LEARNED && policy.place_tries == 1 {
                0.0
            } else if LEARNED || policy.learned {
                self.gamma(code)
            } else {
                self.placement_score(cell, (me as u8) << 1 | (r & 1) as u8) as f32
            };
            if score > best_score {
                best = code;
                best_score = score;
            }
        }
        best
    }

    /// On a full board, where the side to move has a change: the change
    /// after which it leads the opponent by the most pieces, less the
    /// biggest of its groups the opponent may then change back; a change
    /// that wins at once first. (Sampled changes misjudge the race: from
    /// full boards solved exactly, playouts that take the biggest of a few
    /// sampled opponent groups miss the true result by 0.30 on average,
    /// these by 0.10.)
    pub(crate) fn endgame_change(&mut self) -> Code {
        let me = self.to_move;
        let n = usize::from(self.n_changeable[me.index()]);
        let lead = self.lead(me);
        // (By index: working out a change's worth needs the board mutably.)
        let root_at = |pos: &Position, k: usize| usize::from(pos.changeable[me.index()][k]);
        // The biggest gain is tried first, so that the bound below (the
        // opponent's answer only lowers a change's worth) skips the rest
        // when it costs nothing.
        let mut first = root_at(self, 0);
        for k in 0..n {
            let root = root_at(self, k);
            if self.gain(root) > self.gain(first) {
                first = root;
            }
        }
        let mut best = first;
        let mut best_worth = i32::MIN;
        for k in 0..=n {
            let root = if k == 0 { first } else { root_at(self, k - 1) };
            let gain = self.gain(root);
            if best_worth > i32::MIN && (root == first || lead + gain <= best_worth) {
                continue;
            }
            let Some(worth) = self.change_worth(root) else {
                return CHANGE_BASE + self.canon[root];
            };
            if worth > best_worth {
                best_worth = worth;
                best = root;
            }
        }
        CHANGE_BASE + self.canon[best]
    }

    /// On a full board, what the look ahead weighs of the mover's change of
    /// the group `root`: `None` if it wins at once, else the mover's lead
    /// after it less the biggest of its groups the opponent may then change.
    fn change_worth(&mut self, root: usize) -> Option<i32> {
        let me = self.to_move;
        let gain = self.gain(root);
        // Only a change of an opponent's group can take its last piece.
        if gain > 0 && self.stones[root] == self.pieces[me.other().index()] {
            return None;
        }
        Some(self.lead(me) + gain - self.answer_to_change(root, me))
    }

    /// What changing the group `root` adds to the mover's lead: twice its
    /// size if it is the opponent's.
    fn gain(&self, root: usize) -> i32 {
        if Color::from_code_bit(self.cells[root]) == self.to_move {
            0
        } else {
            2 * i32::from(self.stones[root])
        }
    }

    /// On a full board: the biggest of `by`'s groups that the opponent may
    /// change once `by` has changed the group `root` (0 if none), worked
    /// out from the group tables without playing the change. Only the groups
    /// beside `root` and the group it joins can change hands; the others
    /// keep their attackers.
    fn answer_to_change(&mut self, root: usize, by: Color) -> i32 {
        let from = self.cells[root];
        let into = attacker_code(from, by);
        let them = by.other().index() as u8;
        let n_touched = self.groups_beside(root);
        let touched = &self.touched[..n_touched];
        let mut answer = 0;
        let mut joined = self.stones[root];
        for &g in touched {
            let g = usize::from(g);
            let code = self.cells[g];
            if code == into {
                joined += self.stones[g];
            } else if Color::from_code_bit(code) == by
                && entitled(self.count_after_change(g, root, from, by), code >> 1) == them
            {
                answer = answer.max(self.stones[g]);
            }
        }
        // The list is long on a full board: the cheap tests first, the walk
        // of `touched` only for a group that would raise the answer.
        for &g in self.changeable_roots(by.other()) {
            let stones = self.stones[usize::from(g)];
            if stones > answer
                && Color::from_code_bit(self.cells[usize::from(g)]) == by
                && touched.iter().all(|&t| t != g)
            {
                answer = stones;
            }
        }
        // The joined group is the dearest to count: only when it matters.
        if joined > answer {
            let words = self.words;
            let mut group = [0u64; WORDS];
            for g in std::iter::once(root).chain(touched.iter().map(|&g| usize::from(g))) {
                if g == root || self.cells[g] == into {
                    for (w, bits) in group[..words].iter_mut().zip(self.set_of(g)) {
                        *w |= bits;
                    }
                }
            }
            if entitled(self.count_beside(&group[..words], into), into >> 1) == them {
                answer = joined;
            }
        }
        i32::from(answer)
    }

    /// How many more pieces `color` has than its opponent.
    fn lead(&self, color: Color) -> i32 {
        i32::from(self.pieces[color.index()]) - i32::from(self.pieces[color.other().index()])
    }

    /// For the group of the `k`-th of a cell's neighbours (`gids`, their
    /// group ids): `None` if an earlier neighbour is of the same group, else
    /// whether a piece placed on the cell encloses it (the cell's
    /// adjacencies to it are all its liberties). Loops of fixed length, so
    /// that they unroll in wasm as natively.
    #[inline]
    pub(crate) fn encloses(&self, gids: &[usize; 4], k: usize) -> Option<bool> {
        let g = gids[k];
        let mut seen = false;
        let mut touching = 0;
        for (j, &h) in gids.iter().enumerate() {
            seen |= j < k && h == g;
            touching += usize::from(j >= k && h == g);
        }
        (!seen).then(|| usize::from(self.libs[g]) == touching)
    }

    /// A quick look at placing `piece` on the empty `cell`: positive when it
    /// encloses groups the mover could then change, negative when it leaves
    /// the new piece's group enclosed for the opponent to change.
    fn placement_score(&self, cell: usize, piece: u8) -> i32 {
        let me = Color::from_code_bit(piece);
        let nb = self.neighbours(cell);
        let cells = nb.map(|q| self.cells[q]);
        // Empty and border cells have group id 0, which no piece has.
        let gids = nb.map(|q| usize::from(self.gid[q]));
        let mut score = 0;
        let mut empty_around = 0;
        let mut joins_free = false;
        for k in 0..4 {
            let c = cells[k];
            if c == EMPTY {
                empty_around += 1;
            }
            if c >= EMPTY {
                continue;
            }
            let g = gids[k];
            let Some(enclosed) = self.encloses(&gids, k) else {
                continue;
            };
            if c == piece {
                joins_free |= !enclosed;
            } else if enclosed && attacker_code(c, me) == piece {
                let size = i32::from(self.stones[g]);
                score += if Color::from_code_bit(c) != me {
                    4 * size
                } else {
                    size
                };
            }
        }
        if empty_around == 0 && !joins_free {
            // The new piece's group is enclosed at once: an easy prey if the
            // opponent has more attackers around it.
            let them = attacker_code(piece, me.other());
            let mine = attacker_code(piece, me);
            let hostile = cells.iter().filter(|&&c| c == them).count();
            let friendly = cells.iter().filter(|&&c| c == mine).count();
            if hostile > friendly {
                score -= 3;
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Config, midgame_position};
    use crate::{Rng, Rules};
    use std::collections::HashMap;

    /// What `endgame_change` weighs, worked out through the public rules
    /// alone: `None` for a change that wins at once, else the mover's lead
    /// after it less the biggest of its groups the opponent may then change.
    fn worth(pos: &Position, m: Move) -> Option<i32> {
        let (me, them) = (pos.to_move(), pos.to_move().other());
        let mut after = pos.clone();
        after.play(m);
        if after.winner() == Some(me) {
            return None;
        }
        let answer = if after.to_move() == them {
            after
                .changeable_groups(them)
                .into_iter()
                .filter_map(|p| after.group_at(p))
                .filter(|g| g.piece.color == me)
                .map(|g| g.points.len() as i32)
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        Some(after.count(me) as i32 - after.count(them) as i32 - answer)
    }

    /// Full boards from seeded games: uniformly random ones of every size
    /// from 3 to 13, and ones the strong level's playouts reach on 9×9 and
    /// 13×13, where the groups grow bigger.
    fn full_boards() -> Vec<Position> {
        let mut rng = Rng::new(17);
        let mut boards = Vec::new();
        for game in 0..300 {
            let size = 3 + (game % 11) as u8;
            let mut pos = Position::new(Rules::new(size).unwrap());
            while !pos.is_over() {
                if pos.empty_count() == 0 {
                    boards.push(pos.clone());
                }
                pos.play_random(&mut rng);
            }
        }
        let policy = Config::STRONG.policy;
        for seed in 0..40 {
            let size = [9, 13][seed as usize % 2];
            let mut pos = midgame_position(Rules::new(size).unwrap(), seed);
            pos.playout_until_full(&mut rng, &policy, &mut Vec::new());
            while !pos.is_over() {
                boards.push(pos.clone());
                pos.playout_move::<true>(&mut rng, &policy, &mut Vec::new());
            }
        }
        boards
    }

    #[test]
    fn a_change_worked_out_from_the_group_tables_is_worth_what_playing_it_gives() {
        let (mut changes, mut answered) = (0, 0);
        for mut pos in full_boards() {
            let before = pos.clone();
            let me = pos.to_move();
            for root in pos.changeable_roots(me).to_vec() {
                let root = usize::from(root);
                let m = pos.change_move(root, me);
                let worked_out = pos.change_worth(root);
                answered +=
                    usize::from(worked_out.is_some_and(|w| w < pos.lead(me) + pos.gain(root)));
                assert_eq!(worked_out, worth(&before, m), "{before}: {m}");
                assert!(
                    pos.same_state(&before),
                    "{before}: {m} left the board changed"
                );
                changes += 1;
            }
        }
        assert!(
            changes > 20_000 && answered > 5_000,
            "{changes} changes, {answered} with an answer"
        );
    }

    #[test]
    fn on_a_full_board_the_playouts_take_the_change_worth_the_most() {
        let mut rng = Rng::new(3);
        let (mut boards, mut wins) = (0, 0);
        for game in 0..400 {
            let size = [3, 4, 5, 7][game % 4];
            let mut pos = Position::new(Rules::new(size).unwrap());
            while !pos.is_over() {
                if pos.empty_count() == 0 {
                    let changes: Vec<Move> = pos.legal_moves();
                    let chosen = pos.clone().endgame_change();
                    let chosen = pos.code_move(chosen);
                    assert!(changes.contains(&chosen), "{pos}: {chosen}");
                    let worths: Vec<Option<i32>> =
                        changes.iter().map(|&m| worth(&pos, m)).collect();
                    let best = if worths.contains(&None) {
                        wins += 1;
                        None
                    } else {
                        worths.iter().max().copied().flatten()
                    };
                    assert_eq!(worth(&pos, chosen), best, "{pos}: {chosen}");
                    boards += 1;
                }
                pos.play_random(&mut rng);
            }
        }
        assert!(
            boards > 1000 && wins > 100,
            "{boards} boards, {wins} with a win"
        );
    }

    /// Whether the side to move wins `pos` with perfect play; `None` past
    /// `budget` positions searched.
    fn solve(
        pos: &Position,
        known: &mut HashMap<(u64, Color), bool>,
        budget: &mut u32,
    ) -> Option<bool> {
        if let Some(w) = pos.winner() {
            return Some(w == pos.to_move());
        }
        *budget = budget.checked_sub(1)?;
        let key = (pos.hash(), pos.to_move());
        if let Some(&wins) = known.get(&key) {
            return Some(wins);
        }
        let mut wins = false;
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play(m);
            let won = match after.winner() {
                Some(w) => w == pos.to_move(),
                None => solve(&after, known, budget)? == (after.to_move() == pos.to_move()),
            };
            if won {
                wins = true;
                break;
            }
        }
        known.insert(key, wins);
        Some(wins)
    }

    /// The figures behind `endgame_change`'s comment: full 9×9 boards that
    /// the playouts reach from mid-game positions, solved exactly, against
    /// the mean result of 100 playouts from each, with and without the look
    /// ahead. `cargo test --release -p federa-core -- --ignored
    /// --nocapture endgame_playouts_against`.
    #[test]
    #[ignore = "a measurement, about 20 s"]
    fn endgame_playouts_against_exact_results() {
        let policy = Config::STRONG.policy;
        let mut rng = Rng::new(5);
        let mut boards = Vec::new();
        for seed in 0..300 {
            let mut pos = midgame_position(Rules::new(9).unwrap(), 100 + seed);
            pos.playout_until_full(&mut rng, &policy, &mut Vec::new());
            if let Some(wins) =
                solve(&pos, &mut HashMap::new(), &mut 300_000).filter(|_| !pos.is_over())
            {
                boards.push((pos, wins));
            }
        }
        for look_ahead in [false, true] {
            let policy = PlayoutPolicy {
                look_ahead,
                ..policy
            };
            let (mut miss, mut right) = (0.0, 0);
            for (pos, wins) in &boards {
                let won = (0..100)
                    .filter(|_| {
                        let mut p = pos.clone();
                        p.playout(&mut rng, &policy, &mut Vec::new()) == pos.to_move()
                    })
                    .count() as f64
                    / 100.0;
                miss += if *wins { 1.0 - won } else { won };
                right += usize::from((won > 0.5) == *wins);
            }
            println!(
                "look ahead {look_ahead}: {} boards solved, mean miss {:.3}, right side of 1/2 in {right}",
                boards.len(),
                miss / boards.len() as f64
            );
        }
    }
}
