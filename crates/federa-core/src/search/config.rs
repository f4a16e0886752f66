//! How a search is set up: who plays (`PlayerKind`), at which `Level`, with
//! which settings (`Config`), and for how long (`Limit`, with the `Clock`
//! that times it). Kept apart from the search itself so that the knobs the
//! AI's strength depends on are read in one place.

use std::fmt;

use crate::position::fast::PlayoutPolicy;

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
            .find(|&(k, l)| l.name() == name || name.as_bytes() == [b'1' + k as u8])
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

    /// A level's settings: the full strength, with the novice drawing its
    /// move among the better ones.
    pub(super) fn for_level(level: Level) -> Config {
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
