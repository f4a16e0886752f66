//! The engine text protocol of notation.md, in the style of GTP version 2.

use std::io::{self, BufRead, Write};

use federa_core::search::{Level, Limit, Player, PlayerKind, StdClock};
use federa_core::{Color, Game, Move, Position, Rules, Token, perft};

/// Every command, as `list_commands` reports them.
const COMMANDS: &[&str] = &[
    "boardsize",
    "clear_board",
    "genmove",
    "known_command",
    "legal_moves",
    "list_commands",
    "loadrecord",
    "name",
    "perft",
    "pie",
    "play",
    "position",
    "protocol_version",
    "quit",
    "record",
    "set_level",
    "set_playouts",
    "set_seed",
    "set_time",
    "setposition",
    "showboard",
    "status",
    "undo",
    "version",
];

/// Deepest `perft` the protocol accepts, so one command cannot hang the
/// engine for hours.
const MAX_PERFT_DEPTH: u32 = 6;

/// Longest input line the engine reads, in bytes: far more than any record
/// of a 25×25 game. The rest of a longer line is skipped unread.
pub const MAX_LINE: usize = 1 << 20;

/// The engine's state between commands.
pub struct Engine {
    game: Game,
    pie: bool,
    limit: Limit,
    kind: PlayerKind,
    seed: u64,
    player: Player,
}

/// What a command did: a reply, and whether the session ends.
pub struct Reply {
    pub text: String,
    pub quit: bool,
}

impl Engine {
    /// A new engine: 13×13, pie on, seed 0, `genmove` by `kind` for one
    /// second.
    pub fn new(kind: PlayerKind) -> Engine {
        Engine {
            game: Game::new(Rules::default()),
            pie: true,
            limit: Limit::millis(1000.0),
            kind,
            seed: 0,
            player: Player::new(kind, 0),
        }
    }

    /// Runs the protocol until `quit` or the end of input. Input is read as
    /// bytes, so nothing a peer sends (invalid UTF-8, a binary file, an
    /// endless line) ends the session: each line gets its reply.
    pub fn run(&mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut line = Vec::new();
        while let Some(read) = read_line(&mut input, &mut line, MAX_LINE)? {
            let reply = match read {
                Line::Whole => self.handle_bytes(&line),
                Line::TooLong => too_long(&line),
            };
            let Some(reply) = reply else {
                continue;
            };
            output.write_all(reply.text.as_bytes())?;
            output.flush()?;
            if reply.quit {
                break;
            }
        }
        Ok(())
    }

    /// Answers one input line given as bytes (without its newline); `None`
    /// for a line with no command. Control characters are dropped first, as
    /// GTP does, then comments; what is left must be UTF-8.
    fn handle_bytes(&mut self, raw: &[u8]) -> Option<Reply> {
        let kept: Vec<u8> = raw
            .iter()
            .filter_map(|&b| match b {
                b'\t' => Some(b' '),
                b if b.is_ascii_control() => None,
                b => Some(b),
            })
            .collect();
        // `#` is ASCII, never part of a longer UTF-8 sequence.
        let command = kept.split(|&b| b == b'#').next().unwrap_or_default();
        if command.trim_ascii().is_empty() {
            return None;
        }
        match std::str::from_utf8(command) {
            Ok(text) => self.handle_line(text),
            Err(e) => {
                // Counted in the line as sent, control bytes included.
                let at = raw
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b == b'\t' || !b.is_ascii_control())
                    .nth(e.valid_up_to())
                    .map_or(0, |(i, _)| i);
                Some(Reply {
                    text: format!(
                        "?{} line is not valid UTF-8: byte {} (0x{:02X}) does not belong\n\n",
                        leading_id(command),
                        at + 1,
                        raw[at]
                    ),
                    quit: false,
                })
            }
        }
    }

    /// Answers one line of text (from `handle_bytes`); `None` for a line
    /// with no command. Control characters beyond ASCII (C1) are dropped
    /// here, once it is text.
    fn handle_line(&mut self, raw: &str) -> Option<Reply> {
        // Tabs, ASCII controls and the comment went in `handle_bytes`.
        let line: String = raw.chars().filter(|c| !c.is_control()).collect();
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        let mut words = line.split_whitespace();
        let first = words.next()?;
        let (id, command) = if first.bytes().all(|b| b.is_ascii_digit()) {
            (Some(first), words.next())
        } else {
            (None, Some(first))
        };
        let id = id.unwrap_or("");
        let Some(command) = command else {
            return Some(Reply {
                text: format!("?{id} no command after the id\n\n"),
                quit: false,
            });
        };
        let args: Vec<&str> = words.collect();
        let rest = line
            .split_once(command)
            .map_or("", |(_, after)| after)
            .trim();
        let result = self.command(command, &args, rest);
        let quit = command == "quit" && result.is_ok();
        let text = match result {
            Ok(s) => format!("={id}{}{s}\n\n", if s.is_empty() { "" } else { " " }),
            Err(e) => format!("?{id} {e}\n\n"),
        };
        Some(Reply { text, quit })
    }

    fn command(&mut self, command: &str, args: &[&str], rest: &str) -> Result<String, String> {
        let arity = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "{command} takes {n} argument{}, got {}",
                    if n == 1 { "" } else { "s" },
                    args.len()
                ))
            }
        };
        match command {
            "protocol_version" => arity(0).map(|()| "2".to_owned()),
            "name" => arity(0).map(|()| "federa".to_owned()),
            "version" => arity(0).map(|()| env!("CARGO_PKG_VERSION").to_owned()),
            "list_commands" => arity(0).map(|()| COMMANDS.join("\n")),
            "known_command" => {
                arity(1)?;
                Ok(COMMANDS.contains(&args[0]).to_string())
            }
            "boardsize" => {
                arity(1)?;
                let size = args[0]
                    .parse::<u64>()
                    .map_err(|_| format!("`{}` is not a board size", args[0]))
                    .and_then(|n| Rules::checked_size(n).map_err(|e| e.to_string()))?;
                self.new_game(size);
                Ok(String::new())
            }
            "clear_board" => {
                arity(0)?;
                self.new_game(self.game.start().size());
                Ok(String::new())
            }
            "pie" => {
                arity(1)?;
                self.pie = match args[0] {
                    "on" => true,
                    "off" => false,
                    other => return Err(format!("pie takes on or off, not `{other}`")),
                };
                Ok(String::new())
            }
            "play" => {
                arity(1)?;
                let token: Token = args[0]
                    .parse()
                    .map_err(|e: federa_core::TokenError| e.to_string())?;
                let m = token
                    .to_move(self.game.position())
                    .map_err(|e| e.to_string())?;
                self.play(m)
            }
            "genmove" => {
                if args.len() > 1 {
                    return Err(format!("genmove takes 0 or 1 argument, got {}", args.len()));
                }
                let pos = self.game.position();
                if let Some(winner) = pos.winner() {
                    return Err(format!("the game is over: {winner} won"));
                }
                if let Some(&c) = args.first() {
                    let color = parse_color(c)?;
                    if color != pos.to_move() {
                        return Err(format!("{} is to move, not {color}", pos.to_move()));
                    }
                }
                let clock = StdClock::new();
                let m = self
                    .player
                    .think(pos, self.limit, Some(&clock), &mut |_| true)
                    .ok_or("no legal move")?
                    .best;
                self.play(m).map(|_| m.to_string())
            }
            "undo" => {
                arity(0)?;
                if self.game.undo() {
                    self.game.truncate();
                    Ok(String::new())
                } else {
                    Err("nothing to undo".to_owned())
                }
            }
            "loadrecord" => {
                if rest.is_empty() {
                    return Err("loadrecord needs a record".to_owned());
                }
                self.game = Game::from_record(rest, self.pie).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            "setposition" => {
                if rest.is_empty() {
                    return Err("setposition needs a position".to_owned());
                }
                let pos = Position::parse_with_pie(rest, self.pie).map_err(|e| e.to_string())?;
                self.game = Game::from_position(pos);
                Ok(String::new())
            }
            "record" => arity(0).map(|()| self.game.record()),
            "position" => arity(0).map(|()| self.game.position().to_string()),
            "legal_moves" => arity(0).map(|()| self.game.position().legal_tokens().join(" ")),
            "status" => {
                arity(0)?;
                let pos = self.game.position();
                let winner = pos.winner().map_or('-', Color::record_char);
                Ok(format!("{winner} {}", pos.to_move().position_char()))
            }
            "perft" => {
                arity(1)?;
                let depth: u32 = args[0]
                    .parse()
                    .ok()
                    .filter(|&d| d <= MAX_PERFT_DEPTH)
                    .ok_or_else(|| {
                        format!("`{}` is not a depth from 0 to {MAX_PERFT_DEPTH}", args[0])
                    })?;
                Ok(perft(self.game.position(), depth).to_string())
            }
            "set_time" => {
                arity(1)?;
                let ms = parse_positive(args[0], "milliseconds")?;
                self.limit = Limit::millis(ms as f64);
                Ok(String::new())
            }
            "set_playouts" => {
                arity(1)?;
                let n = parse_positive(args[0], "playouts")?;
                self.limit = Limit::iterations(n);
                Ok(String::new())
            }
            "set_seed" => {
                arity(1)?;
                let seed: u64 = args[0]
                    .parse()
                    .map_err(|_| format!("`{}` is not a seed (a whole number)", args[0]))?;
                self.seed = seed;
                self.player = Player::new(self.kind, seed);
                Ok(String::new())
            }
            "set_level" => {
                arity(1)?;
                self.kind = PlayerKind::from_name(args[0]).ok_or_else(|| {
                    format!(
                        "`{}` is not a player: random, uct, or a level ({})",
                        args[0],
                        Level::ALL.map(Level::name).join(", ")
                    )
                })?;
                self.player = Player::new(self.kind, self.seed);
                Ok(String::new())
            }
            "showboard" => {
                arity(0).map(|()| format!("\n{}", self.game.position().diagram().trim_end()))
            }
            "quit" => arity(0).map(|()| String::new()),
            other => Err(format!("unknown command `{other}`")),
        }
    }

    fn new_game(&mut self, size: u8) {
        let rules = Rules::with_pie(size, self.pie).expect("size checked");
        self.game = Game::new(rules);
    }

    fn play(&mut self, m: Move) -> Result<String, String> {
        self.game.play(m).map_err(|e| e.to_string())?;
        self.game.truncate();
        self.player.observe(m);
        Ok(String::new())
    }
}

fn parse_color(s: &str) -> Result<Color, String> {
    match s {
        "b" | "B" => Ok(Color::Dark),
        "w" | "W" => Ok(Color::Light),
        other => Err(format!("`{other}` is not a colour (b or w)")),
    }
}

fn parse_positive(s: &str, what: &str) -> Result<u64, String> {
    s.parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("`{s}` is not a positive number of {what}"))
}

/// How `read_line` ended a line.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// The whole line is in the buffer.
    Whole,
    /// The line had more than the limit; the buffer holds its first bytes
    /// and the rest was skipped.
    TooLong,
}

/// Reads the next line (up to `\n`, which is not kept) into `buf`, keeping
/// at most `max` bytes of it; `None` at the end of input.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<Option<Line>> {
    buf.clear();
    let mut any = false;
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        let room = max - buf.len();
        if chunk.len() > room {
            too_long = true;
        }
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = newline.map_or(available.len(), |at| at + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    Ok(any.then_some(if too_long { Line::TooLong } else { Line::Whole }))
}

/// The id a line starts with, if its first word is a number ("" if not).
fn leading_id(line: &[u8]) -> &str {
    let line = line.trim_ascii_start();
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    let after = line.get(digits);
    if digits > 0 && after.is_none_or(|b| b.is_ascii_whitespace()) {
        std::str::from_utf8(&line[..digits]).unwrap_or_default()
    } else {
        ""
    }
}

/// The reply to a line over `MAX_LINE` bytes that starts with `start`: none
/// for a comment, as for any comment.
fn too_long(start: &[u8]) -> Option<Reply> {
    let first = start
        .iter()
        .find(|b| !b.is_ascii_control() && !b.is_ascii_whitespace());
    (first != Some(&b'#')).then(|| Reply {
        text: format!(
            "?{} line too long: over {MAX_LINE} bytes, not read\n\n",
            leading_id(start)
        ),
        quit: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<(Vec<u8>, Line)> {
        let mut reader = io::BufReader::with_capacity(4, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(end) = read_line(&mut reader, &mut buf, max).unwrap() {
            assert!(buf.len() <= max, "never holds more than the limit");
            out.push((buf.clone(), end));
        }
        out
    }

    #[test]
    fn a_long_line_is_cut_at_the_limit_and_its_rest_skipped() {
        let got = lines(b"name\n0123456789abcdef\n\nlast", 8);
        assert_eq!(
            got,
            vec![
                (b"name".to_vec(), Line::Whole),
                (b"01234567".to_vec(), Line::TooLong),
                (Vec::new(), Line::Whole),
                (b"last".to_vec(), Line::Whole),
            ]
        );
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_whole() {
        assert_eq!(
            lines(b"12345678\n", 8),
            vec![(b"12345678".to_vec(), Line::Whole)]
        );
    }

    #[test]
    fn the_id_of_a_line_is_its_first_word_if_a_number() {
        assert_eq!(leading_id(b" 12 play"), "12");
        assert_eq!(leading_id(b"12"), "12");
        assert_eq!(leading_id(b"12play"), "");
        assert_eq!(leading_id(b"play 12"), "");
    }
}
