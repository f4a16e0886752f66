//! The AI for a worker: a player that keeps its tree between moves, and
//! the analysis board's analyst (analyses and a review's judgements).

use federa_core::review::Analyser;
use federa_core::search::{Analysis, Clock, Level, Limit, Player, PlayerKind};
use federa_core::{Color, Game, Move, Position};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::errors::{self, error, from_record};
use crate::{JsResult, MoveInfo, game_over, js_number, names, to_js};

/// `performance.now()`, in the page, a worker, or Node.
pub(crate) struct JsClock(web_sys::Performance);

impl JsClock {
    pub(crate) fn new() -> Option<JsClock> {
        let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok()?;
        (!performance.is_undefined()).then(|| JsClock(performance.unchecked_into()))
    }
}

impl Clock for JsClock {
    fn millis(&self) -> f64 {
        self.0.now()
    }
}

/// A search's progress or result, for JavaScript.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ProgressInfo {
    best: String,
    win: f32,
    iterations: u64,
    millis: f64,
    pv: Vec<String>,
    proven: Option<bool>,
}

impl From<&federa_core::search::Progress> for ProgressInfo {
    fn from(p: &federa_core::search::Progress) -> ProgressInfo {
        ProgressInfo {
            best: p.best.to_string(),
            win: p.win,
            iterations: p.iterations,
            millis: p.millis,
            pv: p.pv.iter().map(Move::to_string).collect(),
            proven: p.proven,
        }
    }
}

/// An AI player for a worker: it keeps its search tree between moves of the
/// same game.
#[wasm_bindgen]
pub struct Ai {
    player: Player,
    /// The record it last thought about, to follow the game move by move.
    last: Option<Game>,
}

#[wasm_bindgen]
impl Ai {
    /// A player: `random`, `uct`, or a level (`novice` … `master`, or 1-5).
    #[wasm_bindgen(constructor)]
    pub fn new(player: &str, seed: f64) -> JsResult<Ai> {
        let kind = PlayerKind::from_name(player).ok_or_else(|| {
            error(
                "player",
                &format!(
                    "`{player}` is not a player: random, uct, or a level ({})",
                    Level::ALL.map(Level::name).join(", ")
                ),
                errors::Facts::default(),
            )
        })?;
        Ok(Ai {
            player: Player::new(kind, seed.abs() as u64),
            last: None,
        })
    }

    /// Thinks about the position after the record (for at most `millis`
    /// milliseconds and `iterations` iterations; 0 means no limit of that
    /// kind) and returns the result: `best`, `win`, `iterations`, `millis`,
    /// `pv`, `proven`. `progress`, if given, is called with the same shape
    /// about every 100 ms; returning `false` from it stops the search.
    pub fn think(
        &mut self,
        record: &str,
        pie: bool,
        millis: f64,
        iterations: f64,
        progress: Option<js_sys::Function>,
    ) -> JsResult<JsValue> {
        let limit = search_limit(millis, iterations)?;
        let game = Game::from_record(record, pie).map_err(|e| from_record(&e))?;
        self.follow(&game);
        let clock = JsClock::new();
        let mut report = |p: &federa_core::search::Progress| {
            told(progress.as_ref(), || to_js(&ProgressInfo::from(p)))
        };
        let result = self
            .player
            .think(
                game.position(),
                limit,
                clock.as_ref().map(|c| c as &dyn Clock),
                &mut report,
            )
            .ok_or_else(|| game_over(game.position()))?;
        self.last = Some(game);
        Ok(to_js(&ProgressInfo::from(&result)))
    }

    /// Feeds the player the moves since the game it last saw, so its tree
    /// follows; a different game starts afresh.
    fn follow(&mut self, game: &Game) {
        if let Some(last) = &self.last {
            let (old, new) = (&last.moves()[..last.ply()], &game.moves()[..game.ply()]);
            if last.start() == game.start() && new.starts_with(old) {
                for &m in &new[old.len()..] {
                    self.player.observe(m);
                }
            }
        }
    }
}

/// Tells a search's progress to JavaScript's `progress`, if given; whether
/// the search goes on (`false` from it stops).
fn told(progress: Option<&js_sys::Function>, info: impl FnOnce() -> JsValue) -> bool {
    progress.is_none_or(|f| {
        f.call1(&JsValue::NULL, &info())
            .map_or(true, |v| v.as_bool() != Some(false))
    })
}

/// A search's budget from JavaScript's numbers: milliseconds and
/// iterations, 0 for no limit of that kind, at least one given.
fn search_limit(millis: f64, iterations: f64) -> JsResult<Limit> {
    // NaN, infinite or negative budgets would never stop the search.
    let budget = |v: f64| v.is_finite() && v >= 0.0;
    let limit = Limit {
        iterations: (iterations >= 1.0).then_some(iterations as u64),
        millis: (millis > 0.0).then_some(millis),
    };
    if !budget(millis) || !budget(iterations) || limit == Limit::default() {
        return Err(error(
            "limit",
            "give a time in milliseconds or a number of iterations (finite, 0 for none)",
            errors::Facts::default(),
        ));
    }
    Ok(limit)
}

/// A move the analysis tried, for JavaScript: `line` is its expected line
/// (the move first), `points` the group a change would turn.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CandidateInfo {
    #[serde(rename = "move")]
    mv: String,
    visits: u32,
    win: f32,
    proven: Option<bool>,
    line: Vec<MoveInfo>,
    points: Vec<String>,
}

/// An analysis, for JavaScript: `ownership` holds Dark's share of each
/// point (a1, b1, … row by row from the bottom), 0 to 1.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AnalysisInfo {
    win: f32,
    mean: f32,
    proven: Option<bool>,
    candidates: Vec<CandidateInfo>,
    ownership: Vec<f32>,
    simulations: u32,
    iterations: u64,
    millis: f64,
}

impl AnalysisInfo {
    fn new(pos: &Position, a: &Analysis) -> AnalysisInfo {
        let share = |[dark, _]: [u32; 2]| dark as f32 / a.simulations.max(1) as f32;
        AnalysisInfo {
            win: a.win,
            mean: a.mean,
            proven: a.proven,
            candidates: a
                .candidates
                .iter()
                .map(|c| CandidateInfo {
                    mv: c.mv.to_string(),
                    visits: c.visits,
                    win: c.win,
                    proven: c.proven,
                    line: c.pv.iter().copied().map(MoveInfo::from).collect(),
                    points: match c.mv {
                        Move::Change { at, .. } => {
                            pos.group_at(at).map_or_else(Vec::new, |g| names(&g.points))
                        }
                        _ => Vec::new(),
                    },
                })
                .collect(),
            ownership: a.ownership.iter().copied().map(share).collect(),
            simulations: a.simulations,
            iterations: a.iterations,
            millis: a.millis,
        }
    }
}

/// One move judged, for JavaScript.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveReviewInfo {
    ply: usize,
    played: String,
    player: &'static str,
    before: f32,
    after: f32,
    dark: f32,
    class: &'static str,
    best: Vec<MoveInfo>,
    accuracy: f32,
}

/// The analysis board's engine for a worker: the strongest level with a
/// cache of the positions it has analysed.
#[wasm_bindgen]
pub struct Analyst {
    analyser: Analyser,
}

#[wasm_bindgen]
impl Analyst {
    /// An analyst whose searches use `seed`.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: f64) -> Analyst {
        Analyst {
            analyser: Analyser::new(seed.abs() as u64),
        }
    }

    /// Analyses the position after the record's first `ply` moves (all of
    /// them if `ply` is past the end), within `millis` and `iterations` (0:
    /// no limit of that kind): `win` (with its best move), `mean` (over all
    /// the simulations) and `proven`, for the side to move,
    /// `candidates` (`move`, `visits`, `win`, `proven`, `line`: the moves
    /// expected from it on, `points`: the group a change turns),
    /// `ownership`, `simulations`, `iterations`, `millis`. `progress`, if given, hears
    /// the analysis so far about every 100 ms; `false` from it stops. A
    /// position analysed before with the same budget answers at once.
    pub fn analyse(
        &mut self,
        record: &str,
        pie: bool,
        ply: f64,
        millis: f64,
        iterations: f64,
        progress: Option<js_sys::Function>,
    ) -> JsResult<JsValue> {
        let limit = search_limit(millis, iterations)?;
        let pos = position_at(record, pie, ply)?;
        let clock = JsClock::new();
        let mut report =
            |a: &Analysis| told(progress.as_ref(), || to_js(&AnalysisInfo::new(&pos, a)));
        let analysis = self
            .analyser
            .analyse(
                &pos,
                limit,
                clock.as_ref().map(|c| c as &dyn Clock),
                &mut report,
            )
            .ok_or_else(|| game_over(&pos))?;
        Ok(to_js(&AnalysisInfo::new(&pos, &analysis)))
    }

    /// Judges the record's move number `ply` (1 for the first) from the
    /// analyses of the positions before and after it (each within the
    /// budget, from the cache if analysed before): `ply`, `played`,
    /// `player` (`dark`/`light`: the colour its player has from then on),
    /// `before` and `after` (the mover's chance), `dark` (Dark's chance
    /// after it), `class` (`fine`, `inaccuracy`, `mistake`, `blunder`),
    /// `best` (the preferred line, as moves) and `accuracy` (0 to 100).
    pub fn judge(
        &mut self,
        record: &str,
        pie: bool,
        ply: f64,
        millis: f64,
        iterations: f64,
    ) -> JsResult<JsValue> {
        let limit = search_limit(millis, iterations)?;
        let mut game = Game::from_record(record, pie).map_err(|e| from_record(&e))?;
        let moves = game.moves().len();
        if !(ply >= 1.0 && ply <= moves as f64 && ply.fract() == 0.0) {
            return Err(error(
                "ply",
                &format!(
                    "`{}` is not a move of this record: 1 to {moves}",
                    js_number(ply)
                ),
                errors::Facts::default(),
            ));
        }
        let ply = ply as usize;
        game.jump(ply - 1);
        let before = game.position().clone();
        let clock = JsClock::new();
        let clock = clock.as_ref().map(|c| c as &dyn Clock);
        let mut judged = self
            .analyser
            .judge(ply, &before, game.moves()[ply - 1], limit, clock)
            .ok_or_else(|| game_over(&before))?;
        // The first mover plays Light after a swap, from the first move on.
        if ply == 1 && game.moves().get(1) == Some(&Move::Swap) {
            judged.player = Color::Light;
        }
        Ok(to_js(&MoveReviewInfo {
            ply,
            played: judged.played.to_string(),
            player: if judged.player == Color::Dark {
                "dark"
            } else {
                "light"
            },
            before: judged.before,
            after: judged.after,
            dark: judged.dark,
            class: judged.class.name(),
            best: judged.best.iter().copied().map(MoveInfo::from).collect(),
            accuracy: judged.accuracy(),
        }))
    }
}

/// The position after the record's first `ply` moves (all if fewer).
fn position_at(record: &str, pie: bool, ply: f64) -> JsResult<Position> {
    let mut game = Game::from_record(record, pie).map_err(|e| from_record(&e))?;
    if !(ply >= 0.0 && ply.is_finite()) {
        return Err(error(
            "ply",
            &format!("`{}` is not a ply: a whole number from 0", js_number(ply)),
            errors::Facts::default(),
        ));
    }
    game.jump((ply as usize).min(game.moves().len()));
    Ok(game.position().clone())
}
