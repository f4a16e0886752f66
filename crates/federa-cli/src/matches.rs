//! `federa match`: a referee for games between two players — ours, or any
//! engine that speaks the text protocol — with the score, the Elo difference
//! and its 95% confidence interval, and what each player spent per move.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::time::Instant;

use federa_core::search::{Limit, Player, PlayerKind, StdClock};
use federa_core::{Color, Game, Move, Rng, Rules, Token};

/// Who plays one side of a match.
#[derive(Clone, Debug, PartialEq)]
pub enum Entrant {
    /// One of ours: a baseline or a level.
    Ours(PlayerKind),
    /// An engine started by this shell command, over the text protocol
    /// (given as `gtp:<command>`).
    Engine(String),
}

impl Entrant {
    /// `gtp:<command>`, or a player of ours by name.
    pub fn parse(text: &str) -> Result<Entrant, String> {
        if let Some(command) = text.strip_prefix("gtp:") {
            if command.trim().is_empty() {
                return Err("`gtp:` needs the command that starts the engine".to_owned());
            }
            return Ok(Entrant::Engine(command.to_owned()));
        }
        PlayerKind::from_name(text).map(Entrant::Ours).ok_or_else(|| {
            format!(
                "unknown player `{text}` (random, uct, novice, casual, club, strong, master, 1-5, or gtp:<command>)"
            )
        })
    }
}

impl std::fmt::Display for Entrant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entrant::Ours(kind) => kind.fmt(f),
            Entrant::Engine(command) => write!(f, "gtp:{command}"),
        }
    }
}

/// What to play.
pub struct MatchConfig {
    pub a: Entrant,
    pub b: Entrant,
    pub games: u32,
    pub size: u8,
    pub pie: bool,
    /// Per move, for A and for B.
    pub limits: [Limit; 2],
    pub threads: usize,
    /// Random placements that open each pair of games (0: the players make
    /// the first move and decide the swap themselves).
    pub opening: u32,
    pub seed: u64,
    /// The file to write the games' records to.
    pub records: Option<String>,
}

/// What a player spent over one game.
#[derive(Clone, Copy, Debug, Default)]
struct Spent {
    moves: u32,
    /// Longest think, and all thinks together, in milliseconds.
    longest: f64,
    thought: f64,
    /// Iterations and the tree's size after each move (ours only).
    iterations: u64,
    nodes: u64,
    most_nodes: usize,
}

/// One game's outcome.
struct GameResult {
    /// The game's number (from 0).
    number: u32,
    record: String,
    a_won: bool,
    moves: u32,
    /// Whether the second mover swapped.
    swapped: bool,
    /// The first mover was A.
    a_first: bool,
    spent: [Spent; 2],
    /// The thinks more than [`LATE_MS`] over their time budget.
    late: Vec<Late>,
}

/// How far over its time budget a think may run before the report lists
/// it.
const LATE_MS: f64 = 20.0;

/// A think that ran late: who (0 for A), where, how long, and when, in
/// seconds from the match's start. Two late thinks at the same time in
/// different games point to the machine pausing, not to the search.
#[derive(Clone, Copy)]
struct Late {
    who: usize,
    game: u32,
    ply: u32,
    ms: f64,
    from: f64,
}

impl Late {
    fn until(&self) -> f64 {
        self.from + self.ms / 1000.0
    }
}

/// A player during one game.
enum Contestant {
    Ours(Box<Player>),
    Engine(Engine),
}

/// An engine's process, spoken to one command at a time.
struct Engine {
    command: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(command: &str) -> Result<Engine, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Engine {
            command: command.to_owned(),
            child,
            input,
            output,
        })
    }

    /// Sends one command; its reply's text, or the engine's `?` message.
    fn send(&mut self, line: &str) -> Result<String, String> {
        let fail = |what: String| format!("engine `{}`: {what}", self.command);
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| fail(format!("cannot send `{line}`: {e}")))?;
        let mut reply = String::new();
        loop {
            let mut text = String::new();
            let n = self
                .output
                .read_line(&mut text)
                .map_err(|e| fail(format!("cannot read the reply to `{line}`: {e}")))?;
            if n == 0 {
                return Err(fail(format!("it stopped before answering `{line}`")));
            }
            let text = text.trim_end_matches(['\n', '\r']);
            if text.is_empty() && !reply.is_empty() {
                break;
            }
            if !text.is_empty() {
                if !reply.is_empty() {
                    reply.push('\n');
                }
                reply.push_str(text);
            }
        }
        match reply.split_once(' ').unwrap_or((&reply, "")) {
            ("=", rest) => Ok(rest.to_owned()),
            ("?", rest) => Err(fail(format!("`{line}` was refused: {rest}"))),
            _ if reply == "=" => Ok(String::new()),
            _ => Err(fail(format!("`{reply}` is not a reply to `{line}`"))),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // A polite quit, answered before the pipes close (an engine killed
        // while it answers complains of a broken pipe); then at most a
        // second's wait for it to exit.
        if self.send("quit").is_ok() {
            for _ in 0..100 {
                if matches!(self.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Contestant {
    /// A player for a new game that has reached `game` (the opening), with
    /// its limit and seed.
    fn start(
        entrant: &Entrant,
        limit: Limit,
        seed: u64,
        game: &Game,
    ) -> Result<Contestant, String> {
        match entrant {
            Entrant::Ours(kind) => Ok(Contestant::Ours(Box::new(Player::new(*kind, seed)))),
            Entrant::Engine(command) => {
                let mut engine = Engine::start(command)?;
                let rules = game.start().rules();
                engine.send(&format!("pie {}", if rules.pie { "on" } else { "off" }))?;
                engine.send(&format!("boardsize {}", rules.size()))?;
                engine.send(&format!("set_seed {seed}"))?;
                // The protocol's last limit wins: the time, if there is one.
                if let Some(n) = limit.iterations {
                    engine.send(&format!("set_playouts {n}"))?;
                }
                if let Some(ms) = limit.millis {
                    engine.send(&format!("set_time {}", ms.round().max(1.0)))?;
                }
                for m in game.moves() {
                    engine.send(&format!("play {m}"))?;
                }
                Ok(Contestant::Engine(engine))
            }
        }
    }

    /// The player's move in `game`, with its iterations and tree size when
    /// known.
    fn think(
        &mut self,
        game: &Game,
        limit: Limit,
        clock: &StdClock,
    ) -> Result<(Move, Option<(u64, usize)>), String> {
        match self {
            Contestant::Ours(player) => {
                let p = player
                    .think(game.position(), limit, Some(clock), &mut |_| true)
                    .ok_or("no move in a game that goes on")?;
                Ok((p.best, Some((p.iterations, player.tree_nodes()))))
            }
            Contestant::Engine(engine) => {
                let reply = engine.send("genmove")?;
                let token: Token = reply
                    .parse()
                    .map_err(|e| format!("engine `{}` answered `{reply}`: {e}", engine.command))?;
                let m = token
                    .to_move(game.position())
                    .map_err(|e| format!("engine `{}` played `{reply}`: {e}", engine.command))?;
                Ok((m, None))
            }
        }
    }

    /// Tells the player a move was made: every move for ours (its tree
    /// follows), the opponent's for an engine (it played its own).
    fn observe(&mut self, m: Move, own: bool) -> Result<(), String> {
        match self {
            Contestant::Ours(player) => {
                player.observe(m);
                Ok(())
            }
            Contestant::Engine(_) if own => Ok(()),
            Contestant::Engine(engine) => engine.send(&format!("play {m}")).map(drop),
        }
    }
}

/// Plays the match and prints its report.
pub fn run(config: &MatchConfig) -> Result<(), String> {
    let rules = Rules::with_pie(config.size, config.pie).map_err(|e| e.to_string())?;
    if config.games == 0 || config.threads == 0 {
        return Err("--games and --threads must be at least 1".to_owned());
    }
    let next = Mutex::new(0u32);
    let results = Mutex::new(Vec::new());
    let failure = Mutex::new(None);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..config.threads {
            scope.spawn(|| {
                loop {
                    let game = {
                        let mut n = next.lock().unwrap();
                        if *n >= config.games || failure.lock().unwrap().is_some() {
                            break;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let result = match play_game(config, rules, game, started) {
                        Ok(result) => result,
                        Err(e) => {
                            failure
                                .lock()
                                .unwrap()
                                .get_or_insert(format!("game {}: {e}", game + 1));
                            break;
                        }
                    };
                    let mut all = results.lock().unwrap();
                    all.push(result);
                    let done = all.len();
                    let wins = all.iter().filter(|r| r.a_won).count();
                    eprint!(
                        "\r{done}/{} games, {} {wins} - {} {}   ",
                        config.games,
                        config.a,
                        config.b,
                        done - wins
                    );
                }
            });
        }
    });
    eprintln!();
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.number);
    if let Some(path) = &config.records {
        let text: String = results.iter().map(|r| format!("{}\n", r.record)).collect();
        std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?;
    }
    report(config, &results, started.elapsed().as_secs_f64());
    Ok(())
}

/// Game `k`: pairs share an opening, and A plays Dark in the even game.
fn play_game(
    config: &MatchConfig,
    rules: Rules,
    k: u32,
    started: Instant,
) -> Result<GameResult, String> {
    let pair = u64::from(k / 2);
    let a_is_dark = k.is_multiple_of(2);
    let mut game = Game::new(rules);
    let mut opening_rng = Rng::new(config.seed ^ pair.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    while game.ply() < config.opening as usize && !game.position().is_over() {
        // Placements only, so the opening never decides a swap or a change.
        let m = loop {
            let m = game
                .position()
                .random_move(&mut opening_rng)
                .expect("a move");
            if matches!(m, Move::Place { .. }) {
                break m;
            }
        };
        game.play(m).expect("a legal move");
    }
    let seed = config.seed.wrapping_add(u64::from(k) * 1000);
    let mut players = [
        Contestant::start(&config.a, config.limits[0], seed + 1, &game)?,
        Contestant::start(&config.b, config.limits[1], seed + 2, &game)?,
    ];
    let clock = StdClock::new();
    let mut spent = [Spent::default(); 2];
    let mut late = Vec::new();
    // After a swap the players' colours are exchanged.
    let a_color = |game: &Game| {
        if a_is_dark != game.swapped() {
            Color::Dark
        } else {
            Color::Light
        }
    };
    while !game.position().is_over() {
        let who = usize::from(game.position().to_move() != a_color(&game));
        let t = Instant::now();
        let (m, stats) = players[who].think(&game, config.limits[who], &clock)?;
        let s = &mut spent[who];
        s.moves += 1;
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        s.longest = s.longest.max(ms);
        s.thought += ms;
        if config.limits[who]
            .millis
            .is_some_and(|budget| ms > budget + LATE_MS)
        {
            late.push(Late {
                who,
                game: k,
                ply: game.ply() as u32,
                ms,
                from: (t - started).as_secs_f64(),
            });
        }
        if let Some((iterations, nodes)) = stats {
            s.iterations += iterations;
            s.nodes += nodes as u64;
            s.most_nodes = s.most_nodes.max(nodes);
        }
        game.play(m).map_err(|e| format!("{m} is illegal: {e}"))?;
        for (i, p) in players.iter_mut().enumerate() {
            p.observe(m, i == who)?;
        }
    }
    let winner = game.position().winner().expect("a winner");
    Ok(GameResult {
        number: k,
        record: game.record(),
        a_won: winner == a_color(&game),
        moves: game.ply() as u32,
        swapped: game.swapped(),
        a_first: a_is_dark,
        spent,
        late,
    })
}

/// A limit in words.
fn budget(limit: Limit) -> String {
    match (limit.millis, limit.iterations) {
        (Some(ms), Some(p)) => format!("{ms} ms or {p} iterations per move"),
        (Some(ms), None) => format!("{ms} ms per move"),
        (None, Some(p)) => format!("{p} iterations per move"),
        (None, None) => "no limit".to_owned(),
    }
}

fn report(config: &MatchConfig, results: &[GameResult], secs: f64) {
    let n = results.len() as f64;
    let wins = results.iter().filter(|r| r.a_won).count();
    let score = wins as f64 / n;
    let (low, high) = wilson(wins as f64, n);
    let mean_moves = results.iter().map(|r| f64::from(r.moves)).sum::<f64>() / n;
    let budgets = if config.limits[0] == config.limits[1] {
        budget(config.limits[0])
    } else {
        format!(
            "{} {}, {} {}",
            config.a,
            budget(config.limits[0]),
            config.b,
            budget(config.limits[1])
        )
    };
    println!(
        "{} vs {} on {}x{}, {budgets}, {} games ({} threads, {secs:.0} s)",
        config.a,
        config.b,
        config.size,
        config.size,
        results.len(),
        config.threads,
    );
    println!(
        "wins: {} {wins}, {} {}",
        config.a,
        config.b,
        results.len() - wins
    );
    println!(
        "score of {}: {:.1}% (95% CI {:.1}% to {:.1}%)",
        config.a,
        100.0 * score,
        100.0 * low,
        100.0 * high
    );
    println!(
        "Elo difference: {} (95% CI {} to {})",
        elo(score),
        elo(low),
        elo(high)
    );
    println!("mean game length: {mean_moves:.1} moves");
    let first_wins = results.iter().filter(|r| r.a_won == r.a_first).count();
    let swaps = results.iter().filter(|r| r.swapped).count();
    println!(
        "first mover won {first_wins} of {} ({:.1}%); the second mover swapped in {swaps}",
        results.len(),
        100.0 * first_wins as f64 / n
    );
    for (i, entrant) in [&config.a, &config.b].into_iter().enumerate() {
        let total = |f: fn(&Spent) -> f64| results.iter().map(|r| f(&r.spent[i])).sum::<f64>();
        let moves = total(|s| f64::from(s.moves)).max(1.0);
        let longest = results
            .iter()
            .map(|r| r.spent[i].longest)
            .fold(0.0, f64::max);
        let most = results
            .iter()
            .map(|r| r.spent[i].most_nodes)
            .max()
            .unwrap_or(0);
        let searched = matches!(entrant, Entrant::Ours(kind) if *kind != PlayerKind::Random);
        if searched {
            println!(
                "{entrant}: think {:.1} ms a move, longest {longest:.1} ms; per move {:.0} iterations, tree {:.0} nodes (at most {most})",
                total(|s| s.thought) / moves,
                total(|s| s.iterations as f64) / moves,
                total(|s| s.nodes as f64) / moves,
            );
        } else {
            println!(
                "{entrant}: think {:.1} ms a move, longest {longest:.1} ms",
                total(|s| s.thought) / moves
            );
        }
    }
    if config.limits.iter().any(|l| l.millis.is_some()) {
        let late: Vec<Late> = results
            .iter()
            .flat_map(|r| r.late.iter().copied())
            .collect();
        for line in late_lines(&late, [&config.a, &config.b], config.limits) {
            println!("{line}");
        }
    }
}

/// The report's lines on the thinks that ran late: how many per player,
/// then each in time order, with the late thinks of other games that ran
/// at the same time.
fn late_lines(late: &[Late], entrants: [&Entrant; 2], limits: [Limit; 2]) -> Vec<String> {
    let count = |who: usize| late.iter().filter(|l| l.who == who).count();
    let mut lines = vec![format!(
        "thinks over the budget by more than {LATE_MS} ms: {} {}, {} {}",
        entrants[0],
        count(0),
        entrants[1],
        count(1)
    )];
    let mut sorted = late.to_vec();
    sorted.sort_by(|x, y| x.from.total_cmp(&y.from));
    for l in &sorted {
        let budget = limits[l.who].millis.unwrap_or(0.0);
        let mut line = format!(
            "  {}: game {}, move {}, {:.1} ms against {budget} ms, {:.2} to {:.2} s into the match",
            entrants[l.who],
            l.game + 1,
            l.ply + 1,
            l.ms,
            l.from,
            l.until()
        );
        let beside: Vec<String> = sorted
            .iter()
            .filter(|o| o.game != l.game && o.from < l.until() && l.from < o.until())
            .map(|o| format!("game {}", o.game + 1))
            .collect();
        if !beside.is_empty() {
            line += &format!(
                "; at the same time as a late think in {}",
                beside.join(", ")
            );
        }
        lines.push(line);
    }
    lines
}

/// The Wilson score interval (95%) of a proportion: finite even at 0% and
/// 100%.
fn wilson(successes: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    // Exact at the ends, where rounding would leave 1 - 1e-16.
    let low = if successes == 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// The Elo difference of a score, written with its sign.
fn elo(score: f64) -> String {
    if score <= 0.0 {
        "-inf".to_owned()
    } else if score >= 1.0 {
        "+inf".to_owned()
    } else {
        // Adding 0.0 turns -0 into 0.
        format!("{:+.0}", -400.0 * (1.0 / score - 1.0).log10() + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use federa_core::search::Level;

    #[test]
    fn entrants_by_name() {
        assert_eq!(Entrant::parse("uct"), Ok(Entrant::Ours(PlayerKind::Uct)));
        assert_eq!(
            Entrant::parse("gtp:federa gtp --level 3"),
            Ok(Entrant::Engine("federa gtp --level 3".to_owned()))
        );
        assert!(Entrant::parse("gtp: ").is_err());
        assert!(
            Entrant::parse("wizard")
                .unwrap_err()
                .contains("gtp:<command>")
        );
    }

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        assert_eq!(elo(0.5), "+0");
        assert_eq!(elo(0.75), "+191");
        assert_eq!(elo(0.25), "-191");
        assert_eq!(elo(1.0), "+inf");
    }

    #[test]
    fn wilson_interval_is_inside_zero_one_and_contains_the_score() {
        let (lo, hi) = wilson(50.0, 50.0);
        assert!(lo > 0.9 && lo < 1.0 && hi == 1.0, "{lo} {hi}");
        let (lo, hi) = wilson(30.0, 60.0);
        assert!(lo < 0.5 && hi > 0.5);
    }

    #[test]
    fn late_thinks_are_listed_in_time_order_with_those_beside_them() {
        let at = |who, game, ply, ms, from| Late {
            who,
            game,
            ply,
            ms,
            from,
        };
        let late = [
            at(0, 7, 30, 330.0, 50.0),
            at(1, 2, 11, 359.4, 12.0),
            at(0, 3, 40, 347.1, 12.2),
        ];
        let (a, b) = (
            Entrant::Ours(PlayerKind::Level(Level::Master)),
            Entrant::Engine("old".to_owned()),
        );
        let lines = late_lines(&late, [&a, &b], [Limit::millis(300.0); 2]);
        assert_eq!(
            lines,
            [
                "thinks over the budget by more than 20 ms: master 2, gtp:old 1",
                "  gtp:old: game 3, move 12, 359.4 ms against 300 ms, 12.00 to 12.36 s into the match; at the same time as a late think in game 4",
                "  master: game 4, move 41, 347.1 ms against 300 ms, 12.20 to 12.55 s into the match; at the same time as a late think in game 3",
                "  master: game 8, move 31, 330.0 ms against 300 ms, 50.00 to 50.33 s into the match",
            ]
        );
    }

    #[test]
    fn a_tiny_match_plays_every_game_to_a_winner() {
        let config = MatchConfig {
            a: Entrant::Ours(PlayerKind::Uct),
            b: Entrant::Ours(PlayerKind::Random),
            games: 4,
            size: 4,
            pie: true,
            limits: [Limit::iterations(30); 2],
            threads: 2,
            opening: 2,
            seed: 3,
            records: None,
        };
        let rules = Rules::new(4).unwrap();
        for k in 0..4 {
            let r = play_game(&config, rules, k, Instant::now()).unwrap();
            assert!(r.moves >= 16 && r.moves <= 2 * 16 - 1 + 1);
            let replayed = Game::from_record(&r.record, true).unwrap();
            assert_eq!(replayed.ply() as u32, r.moves, "{}", r.record);
            assert!(replayed.position().is_over());
            assert_eq!(r.spent[0].iterations, 30 * u64::from(r.spent[0].moves));
        }
    }
}
