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

mod tree;

use std::fmt;

use crate::Position;
use crate::position::fast::{CODES, Code, PlayoutPolicy, SWAP};
use crate::rng::Rng;
use crate::types::{Color, Move};
use tree::{LOSS, Node, Tree, WIN};

/// A source of time: milliseconds from any fixed start, never going back.
///
/// Natively use [`StdClock`]; in a browser pass one that reads
/// `performance.now()` (`std::time::Instant` panics on wasm32).
pub trait Clock {
    /// Milliseconds since the clock's start.
    fn millis(&self) -> f64;
}

/// The standard library's monotonic clock (not on wasm32).
#[cfg(not(target_arch = "wasm32"))]
pub struct StdClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl StdClock {
    /// A clock starting now.
    #[must_use]
    pub fn new() -> StdClock {
        StdClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for StdClock {
    fn default() -> StdClock {
        StdClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for StdClock {
    fn millis(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// How long a search may run: a number of iterations, a time, or both
/// (whichever ends first). A time needs a clock.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limit {
    /// Iterations (one descent, playout and update each).
    pub iterations: Option<u64>,
    /// Milliseconds.
    pub millis: Option<f64>,
}

impl Limit {
    /// At most `n` iterations (deterministic for a given seed).
    #[must_use]
    pub fn iterations(n: u64) -> Limit {
        Limit {
            iterations: Some(n),
            millis: None,
        }
    }

    /// At most `ms` milliseconds.
    #[must_use]
    pub fn millis(ms: f64) -> Limit {
        Limit {
            iterations: None,
            millis: Some(ms),
        }
    }
}

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
    /// The mover's estimated chance of winning with it, 0 to 1 (for the
    /// swap: the swapper's, who then plays Dark).
    pub win: f32,
    /// `Some(true)` if proven to win for the mover, `Some(false)` to lose.
    pub proven: Option<bool>,
    /// The expected line, starting with the move.
    pub pv: Vec<Move>,
}

/// An analysis of a position ([`Player::analyse`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The side to move's chance of winning with its best move, 0 to 1.
    pub win: f32,
    /// The side to move's mean result over all the simulations, 0 to 1 (1
    /// or 0 when proven). This is what a search of the position before
    /// would hold for the move that led here, so a review compares it with
    /// the best move's `win` there: a search's values are kinder to the
    /// side to move than to the other, and like must be set against like.
    pub mean: f32,
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

/// The strength levels, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Two dozen iterations, and a move drawn among the better ones rather
    /// than the best: plausible moves a newcomer can beat.
    Novice,
    /// 100 iterations.
    Casual,
    /// 800 iterations.
    Club,
    /// 2,000 iterations: two and a half times club's, and about two fifths
    /// of what master runs in 200 ms on 9×9, so the steps of the ladder are
    /// alike.
    Strong,
    /// The whole budget given (time or iterations).
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Novice,
        Level::Casual,
        Level::Club,
        Level::Strong,
        Level::Master,
    ];

    /// The level's name in lower case, as the CLI and the web page use it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Strong => "strong",
            Level::Master => "master",
        }
    }

    /// The level with this name (or number, 1 to 5).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .enumerate()
            .find(|(k, l)| l.name() == name || (k + 1).to_string() == name)
            .map(|(_, l)| l)
    }

    /// The most iterations the level thinks for, whatever budget it is given.
    #[must_use]
    pub fn iteration_cap(self) -> Option<u64> {
        match self {
            Level::Novice => Some(24),
            Level::Casual => Some(100),
            Level::Club => Some(800),
            Level::Strong => Some(2_000),
            Level::Master => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Config {
    /// UCB exploration constant.
    pub exploration: f32,
    /// RAVE equivalence: how many real visits weigh as much as the AMAF
    /// statistics (0 turns RAVE off).
    pub rave_equivalence: f32,
    /// Virtual visits given to a move's prior.
    pub prior_visits: f32,
    /// Priors from the learned move model (`crate::learn`) instead of the
    /// hand-made guess.
    pub learned_prior: bool,
    /// Visits a leaf needs before it is expanded (while the tree is
    /// nearly empty: the fuller it gets, the more visits it takes, so the
    /// tree never reaches its cap and keeps deepening where the search
    /// looks most).
    pub expand_visits: u32,
    /// Create children one at a time, an untried move at random per
    /// iteration (plain UCT), instead of all of them at once with priors.
    /// Not with the solver, which takes a node whose children are all lost
    /// for lost.
    pub lazy: bool,
    /// Prove wins and losses.
    pub solver: bool,
    /// Choose the final move at random among the children, in proportion to
    /// their visits, instead of the most visited.
    pub draw: bool,
    /// Where the swap may be played, the least share of the visits it gets,
    /// so that its value is known as well as the best placement's; the
    /// second player then swaps when the swap's value is the higher. (The
    /// swap's own prior and playouts rarely earn it enough visits to
    /// compete, and a first mover who expects no swap takes the strongest
    /// first move.) 0: the swap is searched like any move.
    pub swap_share: f32,
    /// The playouts' policy.
    pub policy: PlayoutPolicy,
}

impl Config {
    /// Plain UCT as a general game system plays it by default: UCB1 with
    /// c = √2, one new node per iteration (an untried move at random),
    /// uniformly random playouts, the most visited move.
    pub(crate) const UCT: Config = Config {
        exploration: std::f32::consts::SQRT_2,
        rave_equivalence: 0.0,
        prior_visits: 0.0,
        learned_prior: false,
        expand_visits: 1,
        lazy: true,
        solver: false,
        draw: false,
        swap_share: 0.0,
        policy: PlayoutPolicy {
            uniform: true,
            take_enemy: 0.0,
            take_own: 0.0,
            place_tries: 1,
            learned: false,
            look_ahead: false,
        },
    };

    /// The full-strength settings.
    pub(crate) const STRONG: Config = Config {
        exploration: 0.25,
        rave_equivalence: 800.0,
        prior_visits: 10.0,
        learned_prior: true,
        expand_visits: 2,
        lazy: false,
        solver: true,
        draw: false,
        swap_share: 0.25,
        policy: PlayoutPolicy {
            uniform: false,
            take_enemy: 0.9,
            take_own: 0.3,
            place_tries: 3,
            learned: true,
            look_ahead: true,
        },
    };

    /// The full strength with the hand-made prior and playout policy, as
    /// before the learned model: the baseline it is measured against.
    pub(crate) const HAND_MADE: Config = Config {
        learned_prior: false,
        swap_share: 0.0,
        policy: PlayoutPolicy {
            learned: false,
            look_ahead: false,
            ..Config::STRONG.policy
        },
        ..Config::STRONG
    };

    fn for_level(level: Level) -> Config {
        let mut config = Config::STRONG;
        config.draw = level == Level::Novice;
        config
    }
}

/// Who plays: a baseline or a level of the AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A uniformly random legal move.
    Random,
    /// Plain UCT (UCB1 with c = √2, uniform playouts, most visited move).
    Uct,
    /// The AI at a level.
    Level(Level),
    /// The strongest level with the hand-made prior and playouts (the AI
    /// before its learned move model), for measuring that model.
    HandMade,
}

impl PlayerKind {
    /// `random`, `uct`, or a level's name or number.
    #[must_use]
    pub fn from_name(name: &str) -> Option<PlayerKind> {
        match name {
            "random" => Some(PlayerKind::Random),
            "uct" => Some(PlayerKind::Uct),
            "hand" => Some(PlayerKind::HandMade),
            other => Level::from_name(other.strip_prefix("level").unwrap_or(other))
                .map(PlayerKind::Level),
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Uct => f.write_str("uct"),
            PlayerKind::Level(l) => l.fmt(f),
            PlayerKind::HandMade => f.write_str("hand"),
        }
    }
}

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
            Some(search) => search.think(pos, limit, clock, report),
        }
    }

    /// Measures one move of the position: searches on with every iteration
    /// going through `m` (on the tree of an earlier search of the position,
    /// if it is the last one searched), and returns what the search knows
    /// of it. `None` if the game is over, `m` is illegal there, or the
    /// player does not search.
    pub fn measure(
        &mut self,
        pos: &Position,
        m: Move,
        limit: Limit,
        clock: Option<&dyn Clock>,
    ) -> Option<Candidate> {
        let search = self
            .search
            .as_mut()
            .filter(|_| !pos.is_over() && pos.is_legal(m))?;
        let code = pos.move_code(m);
        search.counting_owners = false;
        search.forced = Some(code);
        search.run(pos, limit, clock, &mut |_, _, _| true);
        search.forced = None;
        let child = search.tree.child_with(0, code)?;
        Some(search.candidate(child))
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
    /// 1/√n for n below `INV_SQRT_TABLE`.
    inv_sqrt: Vec<f32>,
    /// Whether simulations count who owns each point (for an analysis).
    counting_owners: bool,
    /// Per point: in how many simulations of this think it was Dark's and
    /// Light's when the board filled.
    ownership: Vec<[u32; 2]>,
    /// The simulations counted in `ownership`.
    owner_counts: u32,
    /// A root move every iteration goes through (to measure one move).
    forced: Option<Code>,
    /// Room for an iteration's position and for the playouts' look ahead,
    /// boxed so that handing them round moves no board.
    board: Option<Box<Position>>,
    scratch: Option<Box<Position>>,
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
                .map(|n| 1.0 / (n as f32).sqrt())
                .collect(),
            counting_owners: false,
            ownership: Vec::new(),
            owner_counts: 0,
            forced: None,
            board: None,
            scratch: None,
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
            if self.tree.node(0).proof != 0
                || self
                    .forced
                    .and_then(|code| self.tree.child_with(0, code))
                    .is_some_and(|c| self.tree.node(c).proof != 0)
            {
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

    /// A root child drawn at random in proportion to its visits: a good
    /// move, not always the best.
    fn draw_child(&mut self) -> Option<u32> {
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
        let mut scratch = self
            .scratch
            .take()
            .unwrap_or_else(|| Box::new(root.clone()));
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
            } else if let Some(child) = self
                .forced
                .filter(|_| node == 0)
                .and_then(|code| self.tree.child_with(0, code))
            {
                Some(child)
            } else if let Some(swap) = self.swap_floor(node, &pos) {
                Some(swap)
            } else {
                Some(self.select(node))
            };
            let Some(child) = next else {
                if !owned {
                    pos.playout_until_full(
                        &mut self.rng,
                        &self.config.policy,
                        &mut self.trace,
                        &mut scratch,
                    );
                    pos.count_owners(&mut self.ownership);
                    self.owner_counts += 1;
                }
                break pos.playout(
                    &mut self.rng,
                    &self.config.policy,
                    &mut self.trace,
                    &mut scratch,
                );
            };
            let code = self.tree.node(child).code;
            self.trace.push((code, pos.to_move()));
            pos.play_code(code);
            node = child;
            self.path.push((node, pos.to_move()));
        };
        self.board = Some(pos);
        self.scratch = Some(scratch);
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
        let explore = self.config.exploration * ln(parent.visits.max(1) as f32).sqrt();
        let k = self.config.rave_equivalence;
        let prior_visits = self.config.prior_visits;
        let mut best = parent.first_child;
        let mut best_score = f32::NEG_INFINITY;
        for i in parent.first_child..parent.first_child + u32::from(parent.n_children) {
            let ch = self.tree.node(i);
            let score = match ch.proof {
                WIN => f32::INFINITY,
                LOSS => -1.0e9 + ch.visits as f32,
                _ => {
                    let n = ch.visits as f32 + prior_visits;
                    if n == 0.0 && ch.amaf_visits == 0 {
                        // Unvisited moves first, in a random order.
                        1.0e6 + self.rng.unit()
                    } else {
                        let w = ch.wins + ch.prior_wins;
                        let a = ch.amaf_visits as f32;
                        let value = if n == 0.0 {
                            ch.amaf_wins / a
                        } else if k > 0.0 {
                            (k * w + a * w + k * ch.amaf_wins) / (k * a + k * n + n * a)
                        } else {
                            w / n
                        };
                        value + explore * self.inv_sqrt(n)
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

    /// 1/√n for the whole number n ≥ 1 (1 for n < 1), from a table while n is
    /// small.
    #[inline]
    fn inv_sqrt(&self, n: f32) -> f32 {
        if n < 1.0 {
            1.0
        } else if (n as usize) < INV_SQRT_TABLE {
            self.inv_sqrt[n as usize]
        } else {
            1.0 / n.sqrt()
        }
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
                for i in n.first_child..n.first_child + u32::from(n.n_children) {
                    let ch = self.tree.node_mut(i);
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

    /// The current best move, its value and the principal variation.
    fn progress(&self, iterations: u64, millis: f64) -> Progress {
        let root_pos = self.root.as_ref().expect("a root");
        let candidate = match self.choose(0) {
            Some(child) => self.candidate(child),
            None => {
                // No statistics yet: any legal move.
                let mut codes = Vec::new();
                root_pos.move_codes(&mut codes);
                let m = root_pos.code_move(codes[0]);
                Candidate {
                    mv: m,
                    visits: 0,
                    win: 0.5,
                    proven: None,
                    pv: vec![m],
                }
            }
        };
        Progress {
            best: candidate.mv,
            win: candidate.win,
            iterations,
            millis,
            pv: candidate.pv,
            proven: candidate.proven,
        }
    }

    /// What the search knows of the root's child `child`, with the line
    /// expected after it (at most 12 moves, ending at the first one visited
    /// less than twice).
    fn candidate(&self, child: u32) -> Candidate {
        let mut pos = self.root.clone().expect("a root");
        let ch = self.tree.node(child);
        let n = ch.visits as f32 + self.config.prior_visits;
        let proven = match ch.proof {
            WIN => Some(true),
            LOSS => Some(false),
            _ => None,
        };
        let win = match proven {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None if n > 0.0 => (ch.wins + ch.prior_wins) / n,
            None => 0.5,
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
            proven,
            pv,
        }
    }

    /// The analysis so far: the root's children that were visited (or
    /// proven), best first, and the ownership counts.
    fn analysis(&self, iterations: u64, millis: f64) -> Analysis {
        let progress = self.progress(iterations, millis);
        let root = self.tree.node(0);
        let mut children: Vec<u32> = (root.first_child
            ..root.first_child + u32::from(root.n_children))
            .filter(|&i| {
                root.first_child != 0
                    && (self.tree.node(i).visits > 0 || self.tree.node(i).proof != 0)
            })
            .collect();
        // An insertion sort (stable; a few hundred moves at most): the
        // standard library's sorts would add kilobytes to the wasm.
        let rank = |i: u32| {
            let ch = self.tree.node(i);
            (ch.proof == WIN, ch.proof != LOSS, ch.visits)
        };
        for k in 1..children.len() {
            let mut j = k;
            while j > 0 && rank(children[j - 1]) < rank(children[j]) {
                children.swap(j - 1, j);
                j -= 1;
            }
        }
        // The move the search would play comes first (the swap, held to a
        // share of the visits, is chosen by value, not by visits).
        if let Some(at) = self
            .choose(0)
            .and_then(|best| children.iter().position(|&i| i == best))
        {
            children[..=at].rotate_right(1);
        }
        let mean = match progress.proven {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None if root.visits > 0 => 1.0 - root.wins / root.visits as f32,
            None => 0.5,
        };
        Analysis {
            win: progress.win,
            mean,
            proven: progress.proven,
            candidates: children.into_iter().map(|i| self.candidate(i)).collect(),
            ownership: self.ownership.clone(),
            simulations: self.owner_counts,
            iterations,
            millis,
        }
    }

    fn root_visits(&self) -> Vec<(Move, u32)> {
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
    fn choose(&self, node: u32) -> Option<u32> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    /// The move of `a_seeded_search_gives_the_same_move_on_every_platform`,
    /// which the wasm tests check too. Update it when the search changes.
    const CROSS_PLATFORM_MOVE: &str = include_str!("../../tests/data/seeded_search_move.txt");

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    fn think(player: &mut Player, p: &Position, iterations: u64) -> Progress {
        player
            .think(p, Limit::iterations(iterations), None, &mut |_| true)
            .unwrap()
    }

    #[test]
    fn the_same_seed_and_iterations_give_the_same_move() {
        let p = midgame_position(Rules::new(9).unwrap(), 3);
        for kind in [PlayerKind::Level(Level::Master), PlayerKind::Uct] {
            let a = think(&mut Player::new(kind, 42), &p, 300);
            let b = think(&mut Player::new(kind, 42), &p, 300);
            assert_eq!(a.best, b.best, "{kind}");
            assert_eq!(a.pv, b.pv, "{kind}");
            assert_eq!(a.win, b.win, "{kind}");
        }
    }

    #[test]
    fn a_winning_change_is_found_and_proven() {
        let p = pos("sss/sCs/sss b");
        let mut ai = Player::new(PlayerKind::Level(Level::Master), 1);
        let r = think(&mut ai, &p, 50);
        assert_eq!(r.best.to_string(), "BFCa1");
        assert_eq!(r.proven, Some(true));
        assert_eq!(r.win, 1.0);
    }

    #[test]
    fn a_proven_root_ends_the_search_early() {
        let p = pos("sss/sCs/sss b");
        let mut ai = Player::new(PlayerKind::Level(Level::Master), 1);
        let r = think(&mut ai, &p, 10_000);
        assert!(r.iterations < 10, "{}", r.iterations);
    }

    #[test]
    fn returning_false_from_report_stops_the_search() {
        let p = midgame_position(Rules::new(7).unwrap(), 1);
        let mut ai = Player::new(PlayerKind::Level(Level::Master), 1);
        let mut reports = 0;
        let r = ai
            .think(&p, Limit::iterations(1_000_000), None, &mut |_| {
                reports += 1;
                false
            })
            .unwrap();
        // Without a clock, progress comes every 1000 iterations.
        assert_eq!(r.iterations, 1000);
        assert_eq!(reports, 2, "the stop, then the final result");
    }

    #[test]
    fn progress_has_a_legal_principal_variation() {
        let p = midgame_position(Rules::new(7).unwrap(), 5);
        let r = think(
            &mut Player::new(PlayerKind::Level(Level::Master), 5),
            &p,
            2000,
        );
        assert_eq!(r.pv[0], r.best);
        let mut line = p.clone();
        for m in &r.pv {
            line.try_play(*m).unwrap();
        }
        assert!((0.0..=1.0).contains(&r.win));
    }

    #[test]
    fn the_tree_follows_the_game_and_is_kept() {
        let p = Position::new(Rules::new(5).unwrap());
        let mut ai = Player::new(PlayerKind::Level(Level::Master), 9);
        let r = think(&mut ai, &p, 3000);
        let before = ai.tree_nodes();
        ai.observe(r.best);
        let mut after = p.clone();
        after.play(r.best);
        assert!(ai.tree_nodes() > 0 && ai.tree_nodes() < before);
        let reply = think(&mut ai, &after, 10);
        assert!(after.is_legal(reply.best));
        // A position the tree does not know starts a fresh tree.
        let other = midgame_position(Rules::new(5).unwrap(), 4);
        let r = think(&mut ai, &other, 10);
        assert!(other.is_legal(r.best));
    }

    #[test]
    fn an_analysis_counts_every_simulation_on_every_point() {
        let pos = midgame_position(Rules::new(7).unwrap(), 3);
        let mut ai = Player::new(PlayerKind::Level(Level::Master), 9);
        let mut reports = 0;
        let a = ai
            .analyse(&pos, Limit::iterations(2500), None, &mut |_| {
                reports += 1;
                true
            })
            .unwrap();
        assert_eq!(a.iterations, 2500);
        assert_eq!(u64::from(a.simulations), a.iterations);
        assert_eq!(a.ownership.len(), 49);
        for (k, [dark, light]) in a.ownership.iter().enumerate() {
            assert_eq!(dark + light, a.simulations, "point {k}");
        }
        // A point already taken keeps its colour until a change: the
        // counts lean its way.
        let a1 = pos.piece_at(crate::Point::new(0, 0));
        if let Some(piece) = a1 {
            let [dark, light] = a.ownership[0];
            assert_eq!(dark > light, piece.color == Color::Dark, "{pos}");
        }
        assert_eq!(reports, 3, "two along the way and the final one");
    }

    #[test]
    fn an_analysis_lists_the_moves_tried_best_first_and_agrees_with_think() {
        let pos = midgame_position(Rules::new(7).unwrap(), 5);
        let limit = Limit::iterations(3000);
        let a = Player::new(PlayerKind::Level(Level::Master), 4)
            .analyse(&pos, limit, None, &mut |_| true)
            .unwrap();
        let p = think(
            &mut Player::new(PlayerKind::Level(Level::Master), 4),
            &pos,
            3000,
        );
        assert_eq!(a.candidates[0].mv, p.best);
        assert_eq!(a.candidates[0].pv, p.pv);
        assert_eq!(a.win, p.win);
        assert!(a.candidates.windows(2).all(|w| w[0].visits >= w[1].visits));
        let visits: u64 = a.candidates.iter().map(|c| u64::from(c.visits)).sum();
        assert!((2900..=3000).contains(&visits), "{visits}");
        for c in &a.candidates {
            assert!(pos.is_legal(c.mv) && c.pv[0] == c.mv);
            assert!((0.0..=1.0).contains(&c.win));
        }
    }

    #[test]
    fn an_analysis_of_a_won_position_proves_it() {
        let pos: Position = "sss/sCs/sss b".parse().unwrap();
        let a = Player::new(PlayerKind::Level(Level::Master), 1)
            .analyse(&pos, Limit::iterations(100), None, &mut |_| true)
            .unwrap();
        assert_eq!((a.proven, a.win), (Some(true), 1.0));
        assert_eq!(a.candidates[0].mv.to_string(), "BFCa1");
        assert_eq!(a.candidates[0].proven, Some(true));
        let over = Player::new(PlayerKind::Level(Level::Master), 1).analyse(
            &Position::new(Rules::new(2).unwrap()),
            Limit::iterations(10),
            None,
            &mut |_| true,
        );
        assert!(over.is_some());
        assert!(
            Player::new(PlayerKind::Random, 1)
                .analyse(&pos, Limit::iterations(10), None, &mut |_| true)
                .is_none()
        );
    }

    #[test]
    fn the_tree_never_passes_its_memory_cap() {
        let cap = 256 << 10;
        let p = Position::new(Rules::new(9).unwrap());
        let mut search = Search::new(Config::STRONG, 1);
        search.tree = Tree::new(cap);
        let mut game = p.clone();
        for _ in 0..6 {
            let r = search
                .think(&game, Limit::iterations(3000), None, &mut |_| true)
                .unwrap();
            assert!(
                search.tree.bytes() <= cap,
                "{} > {cap}",
                search.tree.bytes()
            );
            assert!(search.tree.bytes() <= search.tree.max_bytes());
            game.play(r.best);
            search.advance(r.best);
        }
        const { assert!(TREE_MEMORY_CAP <= 64 << 20) };
    }

    /// Nodes reachable from the root (the arena may hold unused slots).
    fn reachable(tree: &Tree) -> usize {
        let mut count = 0;
        let mut stack = vec![0u32];
        while let Some(i) = stack.pop() {
            count += 1;
            let n = tree.node(i);
            stack.extend(n.first_child..n.first_child + u32::from(n.n_children));
        }
        count
    }

    #[test]
    fn plain_uct_adds_one_node_per_iteration() {
        let p = midgame_position(Rules::new(9).unwrap(), 2);
        let mut search = Search::new(Config::UCT, 3);
        for total in [1u64, 2, 50, 1000, 5000] {
            let mut fresh = Search::new(Config::UCT, 3);
            let r = fresh
                .think(&p, Limit::iterations(total), None, &mut |_| true)
                .unwrap();
            assert_eq!(r.iterations, total);
            assert_eq!(reachable(&fresh.tree), total as usize + 1, "{total}");
        }
        // Every move of the root is tried once before any is tried twice.
        search
            .think(
                &p,
                Limit::iterations(p.move_count() as u64),
                None,
                &mut |_| true,
            )
            .unwrap();
        let root = *search.tree.node(0);
        assert_eq!(usize::from(root.n_children), p.move_count());
        for i in root.first_child..root.first_child + u32::from(root.n_children) {
            assert_eq!(search.tree.node(i).visits, 1);
        }
    }

    #[test]
    fn plain_uct_plays_whole_games_on_the_smallest_boards() {
        for size in [2, 3, 4] {
            let mut game = Position::new(Rules::new(size).unwrap());
            let mut player = Player::new(PlayerKind::Uct, u64::from(size));
            while !game.is_over() {
                let m = think(&mut player, &game, 50).best;
                game.play(m);
                player.observe(m);
            }
        }
    }

    #[test]
    fn a_full_tree_keeps_searching_and_following_the_game() {
        let cap = 32 << 10;
        for config in [Config::STRONG, Config::UCT] {
            let mut search = Search::new(config, 1);
            search.tree = Tree::new(cap);
            let mut game = Position::new(Rules::new(9).unwrap());
            let mut fullest = 0;
            for _ in 0..4 {
                let r = search
                    .think(&game, Limit::iterations(4000), None, &mut |_| true)
                    .unwrap();
                assert_eq!(r.iterations, 4000, "it runs its whole budget");
                assert!(search.tree.bytes() <= cap);
                fullest = fullest.max(search.tree.len());
                let mut line = game.clone();
                for m in &r.pv {
                    line.try_play(*m).unwrap();
                }
                game.play(r.best);
                search.advance(r.best);
            }
            assert!(
                fullest * 5 > search.tree.max_nodes() * 4,
                "{config:?}: the cap was reached ({fullest} of {} nodes)",
                search.tree.max_nodes()
            );
        }
    }

    #[test]
    fn the_swap_is_searched_like_any_move() {
        let mut p = Position::new(Rules::new(3).unwrap());
        p.play("BCb2".parse().unwrap());
        let mut search = Search::new(Config::STRONG, 1);
        search
            .think(&p, Limit::iterations(500), None, &mut |_| true)
            .unwrap();
        let root = *search.tree.node(0);
        let swap = search
            .tree
            .child_with(0, crate::position::fast::SWAP)
            .unwrap();
        assert!(search.tree.node(swap).visits > 0);
        assert!(root.visits >= 500);
        // The swap's statistics count for Dark, the side the swapper takes.
        assert_eq!(search.tree.node(swap).beneficiary, 0);
    }

    #[test]
    fn the_swap_gets_its_share_of_the_visits_and_is_chosen_by_value() {
        for (first, seed) in [("BCc3", 1), ("BSa1", 2), ("BCb4", 3)] {
            let mut p = Position::new(Rules::new(5).unwrap());
            p.play(first.parse().unwrap());
            let mut search = Search::new(Config::STRONG, seed);
            search
                .think(&p, Limit::iterations(4_000), None, &mut |_| true)
                .unwrap();
            let t = &search.tree;
            let root = *t.node(0);
            let swap = t.child_with(0, SWAP).unwrap();
            let share = t.node(swap).visits as f32 / root.visits as f32;
            assert!(
                share >= 0.24,
                "after {first} the swap had {share} of the visits"
            );
            let value = |i: u32| t.node(i).wins / t.node(i).visits.max(1) as f32;
            let children = root.first_child..root.first_child + u32::from(root.n_children);
            let placement = children
                .filter(|&i| i != swap)
                .max_by_key(|&i| t.node(i).visits)
                .unwrap();
            let chosen = search.choose(0).unwrap();
            let want = if value(swap) > value(placement) {
                swap
            } else {
                placement
            };
            assert_eq!(
                chosen,
                want,
                "after {first}: swap {} against {}",
                value(swap),
                value(placement)
            );
        }
    }

    #[test]
    fn at_the_second_move_the_analysis_puts_the_move_the_search_would_play_first() {
        for first in ["BCc3", "BSa1", "BCb4"] {
            let mut p = Position::new(Rules::new(5).unwrap());
            p.play(first.parse().unwrap());
            let mut search = Search::new(Config::STRONG, 7);
            let best = search
                .think(&p, Limit::iterations(4_000), None, &mut |_| true)
                .unwrap()
                .best;
            let analysis = search.analysis(4_000, 0.0);
            assert_eq!(analysis.candidates[0].mv, best, "after {first}");
        }
    }

    #[test]
    fn the_novice_plays_legal_moves_that_vary_with_the_seed() {
        let p = Position::new(Rules::new(7).unwrap());
        let moves: std::collections::HashSet<String> = (0..8)
            .map(|seed| {
                let r = think(
                    &mut Player::new(PlayerKind::Level(Level::Novice), seed),
                    &p,
                    1000,
                );
                assert!(p.is_legal(r.best));
                r.best.to_string()
            })
            .collect();
        assert!(moves.len() > 1);
    }

    #[test]
    fn levels_cap_their_iterations() {
        let p = Position::new(Rules::new(5).unwrap());
        let r = think(
            &mut Player::new(PlayerKind::Level(Level::Casual), 1),
            &p,
            1_000_000,
        );
        assert_eq!(r.iterations, 100);
    }

    #[test]
    fn ln_is_close_to_the_real_one() {
        for x in [1.0f32, 2.0, std::f32::consts::E, 10.0, 123.0, 1e5, 4e9] {
            assert!((ln(x) - x.ln()).abs() < 1e-4 * x.ln().abs().max(1.0), "{x}");
        }
    }

    /// The same search in the wasm tests (crates/federa-wasm) must give this
    /// move too.
    #[test]
    fn a_seeded_search_gives_the_same_move_on_every_platform() {
        // Read from text, as the wasm test does: a position's internal
        // layout (and so the order moves are tried in) depends on its past.
        let text = midgame_position(Rules::new(9).unwrap(), 3).to_string();
        let p: Position = text.parse().unwrap();
        let r = think(
            &mut Player::new(PlayerKind::Level(Level::Master), 42),
            &p,
            500,
        );
        assert_eq!(r.best.to_string(), CROSS_PLATFORM_MOVE.trim());
    }

    #[test]
    fn the_first_move_is_valued_for_its_player_across_the_swap() {
        let p = Position::new(Rules::new(3).unwrap());
        let mut search = Search::new(Config::STRONG, 1);
        search
            .think(&p, Limit::iterations(20_000), None, &mut |_| true)
            .unwrap();
        let t = &search.tree;
        let root = *t.node(0);
        let children = |n: &Node| n.first_child..n.first_child + u32::from(n.n_children);
        let mut swaps = 0;
        // The first mover's wins are the second player's losses: each reply
        // (a placement for Light, or the swap for Dark) counts the second
        // player's wins, and the first move its player's, whichever colour
        // that player ends with. Only the first move's own playouts, before
        // it had children, come on top.
        for i in children(&root) {
            let first = *t.node(i);
            let losses: f32 = children(&first)
                .map(|i| t.node(i).visits as f32 - t.node(i).wins)
                .sum();
            let replied: u32 = children(&first).map(|i| t.node(i).visits).sum();
            let own = first.wins - losses;
            assert!(
                (0.0..=(first.visits - replied) as f32).contains(&own),
                "{own} wins of {} own playouts",
                first.visits - replied
            );
            swaps += t.child_with(i, SWAP).map_or(0, |s| t.node(s).visits);
        }
        assert!(swaps > 1000, "the swap was searched: {swaps} visits");
    }

    #[test]
    fn players_by_name() {
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
            assert_eq!(
                PlayerKind::from_name(&level.to_string()),
                Some(PlayerKind::Level(level))
            );
        }
        assert_eq!(Level::from_name("1"), Some(Level::Novice));
        assert_eq!(PlayerKind::from_name("uct"), Some(PlayerKind::Uct));
        assert_eq!(PlayerKind::from_name("random"), Some(PlayerKind::Random));
        assert_eq!(PlayerKind::from_name("wizard"), None);
    }

    #[test]
    fn the_random_player_plays_legal_moves() {
        let p = Position::new(Rules::new(4).unwrap());
        let r = Player::new(PlayerKind::Random, 1)
            .think(&p, Limit::default(), None, &mut |_| true)
            .unwrap();
        assert!(p.is_legal(r.best));
    }
}
