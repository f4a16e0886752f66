//! The tags a record's reader knows by name, besides `[Position]`: the
//! game's end outside the rules (`[Result]` and `[Termination]`) and its
//! time control (`[TimeControl]`). Every other tag is kept as written.
//!
//! ```
//! use federa_core::TimeControl;
//!
//! let tc: TimeControl = "600/byo 5x30".parse().unwrap();
//! assert_eq!(tc, TimeControl::ByoYomi { main: 600, periods: 5, period: 30 });
//! assert_eq!(tc.to_string(), "600/byo 5x30");
//! // Every text read is the one written: no leading zeros, no spaces.
//! assert!("600+05".parse::<TimeControl>().is_err());
//! ```

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::types::Color;

/// A record's tags, in order.
pub(crate) type Tags = Vec<(String, String)>;

/// The value of the tag `key`, if present.
pub(crate) fn tag<'a>(tags: &'a [(String, String)], key: &str) -> Option<&'a str> {
    tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// Sets a tag in `tags` (replacing one of the same key); `Position` is
/// written from the start position and cannot be set.
pub(crate) fn set_tag(tags: &mut Tags, key: &str, value: &str) {
    if key == "Position" {
        return;
    }
    match tags.iter_mut().find(|(k, _)| k == key) {
        Some(tag) => tag.1 = value.to_owned(),
        None => tags.push((key.to_owned(), value.to_owned())),
    }
}

/// A game's time control, as `[TimeControl]` writes it: seconds, or days
/// a move for a game played by link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// `600+5`: a main time, and an increment after each move.
    Fischer {
        /// Seconds each side starts with.
        main: u32,
        /// Seconds added after each of a side's moves.
        increment: u32,
    },
    /// `600/byo 5x30`: a main time, then periods: a move within a period
    /// keeps it, a period run out is lost, and the last one lost loses.
    ByoYomi {
        /// Seconds each side starts with.
        main: u32,
        /// Periods each side has after its main time.
        periods: u32,
        /// Seconds of each period.
        period: u32,
    },
    /// `3d`: days a move.
    Days(u32),
}

impl TimeControl {
    /// The time control itself if its numbers are within their ranges
    /// ([`TimeField::range`]) and it gives some time (not `0+0`); else
    /// the problem. Every time control that passes writes a text that
    /// reads back as itself.
    pub fn check(self) -> Result<TimeControl, TimeControlProblem> {
        let within = |field: TimeField, value| {
            if field.range().contains(&value) {
                Ok(())
            } else {
                Err(TimeControlProblem::Range(field))
            }
        };
        match self {
            TimeControl::Fischer { main, increment } => {
                within(TimeField::Main, main)?;
                within(TimeField::Increment, increment)?;
                if main == 0 && increment == 0 {
                    return Err(TimeControlProblem::NoTime);
                }
            }
            TimeControl::ByoYomi {
                main,
                periods,
                period,
            } => {
                within(TimeField::Main, main)?;
                within(TimeField::Periods, periods)?;
                within(TimeField::Period, period)?;
            }
            TimeControl::Days(days) => within(TimeField::Days, days)?,
        }
        Ok(self)
    }
}

/// `600+5`, `600/byo 5x30` or `3d`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Fischer { main, increment } => write!(f, "{main}+{increment}"),
            TimeControl::ByoYomi {
                main,
                periods,
                period,
            } => write!(f, "{main}/byo {periods}x{period}"),
            TimeControl::Days(days) => write!(f, "{days}d"),
        }
    }
}

/// Reads only what [`TimeControl`]'s `Display` writes: numbers in plain
/// digits (no sign, no leading zero), no other space than the one in
/// `/byo `, each number in its range.
impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        read_time_control(text).map_err(|problem| TimeControlError {
            text: text.to_owned(),
            problem,
        })
    }
}

fn read_time_control(text: &str) -> Result<TimeControl, TimeControlProblem> {
    use TimeField::{Days, Increment, Main, Period, Periods};
    // Each form is numbers, each followed by its text, read by one loop over
    // bytes: string searches and char boundaries would weigh on the wasm.
    let text = text.as_bytes();
    let form: &[(TimeField, &[u8])] = if text.contains(&b'/') {
        &[(Main, b"/byo "), (Periods, b"x"), (Period, b"")]
    } else if text.contains(&b'+') {
        &[(Main, b"+"), (Increment, b"")]
    } else if text.last() == Some(&b'd') {
        &[(Days, b"d")]
    } else {
        return Err(TimeControlProblem::Form);
    };
    let mut n = [0; 3];
    let mut rest = text;
    for (k, &(field, after)) in form.iter().enumerate() {
        let end = rest
            .iter()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(rest.len());
        let (digits, tail) = rest.split_at(end);
        n[k] = number(digits, field)?;
        rest = tail.strip_prefix(after).ok_or(TimeControlProblem::Form)?;
    }
    if !rest.is_empty() {
        return Err(TimeControlProblem::Form);
    }
    match form.len() {
        3 => TimeControl::ByoYomi {
            main: n[0],
            periods: n[1],
            period: n[2],
        },
        2 => TimeControl::Fischer {
            main: n[0],
            increment: n[1],
        },
        _ => TimeControl::Days(n[0]),
    }
    .check()
}

/// Plain digits (no leading zero) as a number; one too big for a `u32`
/// comes out as `u32::MAX`, out of every field's range.
fn number(digits: &[u8], field: TimeField) -> Result<u32, TimeControlProblem> {
    if digits.is_empty() || (digits.len() > 1 && digits[0] == b'0') {
        return Err(TimeControlProblem::Number(field));
    }
    Ok(digits.iter().fold(0u32, |n, &b| {
        n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
    }))
}

/// A number of a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeField {
    /// The main time, in seconds.
    Main,
    /// Fischer's increment, in seconds.
    Increment,
    /// Byo-yomi's number of periods.
    Periods,
    /// A byo-yomi period, in seconds.
    Period,
    /// Days a move.
    Days,
}

impl TimeField {
    /// The values it may take: a main time up to a day (86,400 s; a longer
    /// game is one of days a move), an increment and a period up to an hour
    /// (a period of at least a second), 1 to 99 periods, and 1 to 30 days a
    /// move.
    #[must_use]
    pub fn range(self) -> RangeInclusive<u32> {
        match self {
            TimeField::Main => 0..=86_400,
            TimeField::Increment => 0..=3_600,
            TimeField::Periods => 1..=99,
            TimeField::Period => 1..=3_600,
            TimeField::Days => 1..=30,
        }
    }

    /// Its name in lower case: `main`, `increment`, `periods`, `period` or
    /// `days`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TimeField::Main => "main",
            TimeField::Increment => "increment",
            TimeField::Periods => "periods",
            TimeField::Period => "period",
            TimeField::Days => "days",
        }
    }

    fn words(self) -> (&'static str, &'static str) {
        match self {
            TimeField::Main => ("main time", " seconds"),
            TimeField::Increment => ("increment", " seconds"),
            TimeField::Periods => ("number of periods", ""),
            TimeField::Period => ("period", " seconds"),
            TimeField::Days => ("days a move", ""),
        }
    }
}

/// What is wrong with a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControlProblem {
    /// Not `<main>+<increment>`, `<main>/byo <periods>x<period>` or
    /// `<days>d`.
    Form,
    /// A number is missing, not whole, or written with a leading zero.
    Number(TimeField),
    /// A number is out of its range ([`TimeField::range`]).
    Range(TimeField),
    /// `0+0`: no time at all.
    NoTime,
}

impl fmt::Display for TimeControlProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControlProblem::Form => f.write_str("it must be like 600+5, 600/byo 5x30 or 3d"),
            TimeControlProblem::Number(field) => write!(
                f,
                "the {} must be a whole number in plain digits",
                field.words().0
            ),
            TimeControlProblem::Range(field) => {
                let (what, unit) = field.words();
                let range = field.range();
                write!(
                    f,
                    "the {what} must be from {} to {}{unit}",
                    range.start(),
                    range.end()
                )
            }
            TimeControlProblem::NoTime => f.write_str("it gives no time at all"),
        }
    }
}

/// Text that is not a time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub problem: TimeControlProblem,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a time control: {}", self.text, self.problem)
    }
}

impl std::error::Error for TimeControlError {}
impl std::error::Error for TimeControlProblem {}

/// How a game ended, as `[Termination]` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// By the rules: a side filled the board.
    Normal,
    /// A side resigned.
    Resign,
    /// A side ran out of time.
    Time,
}

impl Termination {
    /// Its `[Termination]` value: `normal`, `resign` or `time`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Resign => "resign",
            Termination::Time => "time",
        }
    }

    /// The termination of that name (as [`Termination::name`] writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Termination> {
        match name {
            "normal" => Some(Termination::Normal),
            "resign" => Some(Termination::Resign),
            "time" => Some(Termination::Time),
            _ => None,
        }
    }
}

/// A game's end outside the rules: who won, and how the other side lost
/// (a resignation, or its time run out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct End {
    /// Who won.
    pub winner: Color,
    /// [`Termination::Resign`] or [`Termination::Time`].
    pub how: Termination,
}

/// Why a game may not end outside the rules. Nothing changes then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndError {
    /// A normal end is the board's, never set: a game ends outside the
    /// rules only by a resignation or on time.
    Normal,
    /// The game's line ends in a win on the board.
    Won {
        /// Who filled the board.
        winner: Color,
    },
    /// The game has already ended outside the rules.
    Ended(End),
}

impl fmt::Display for EndError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndError::Normal => f.write_str("a game ends outside the rules only by resign or time"),
            EndError::Won { winner } => {
                write!(f, "the game is over: {winner} has won on the board")
            }
            EndError::Ended(end) => write!(
                f,
                "the game has already ended: {} won {}",
                end.winner,
                if end.how == Termination::Time {
                    "on time"
                } else {
                    "by resignation"
                }
            ),
        }
    }
}

impl std::error::Error for EndError {}

/// The end `tags` record outside the rules: a `[Termination]` of `resign`
/// or `time` with a `[Result]` of `B` or `W`; none for anything else.
/// Whether the board agrees is the caller's to say.
pub(crate) fn end_of(tags: &[(String, String)]) -> Option<End> {
    let how = Termination::from_name(tag(tags, "Termination")?)
        .filter(|&how| how != Termination::Normal)?;
    let winner = match tag(tags, "Result")? {
        "B" => Color::Dark,
        "W" => Color::Light,
        _ => return None,
    };
    Some(End { winner, how })
}

/// The end as tags: `[Result]` and `[Termination]`, unless it may not be
/// (`on_board`: the winner on the board at the end of the game's line).
pub(crate) fn set_end(
    tags: &mut Tags,
    on_board: Option<Color>,
    winner: Color,
    how: Termination,
) -> Result<(), EndError> {
    if how == Termination::Normal {
        return Err(EndError::Normal);
    }
    if let Some(winner) = on_board {
        return Err(EndError::Won { winner });
    }
    if let Some(end) = end_of(tags) {
        return Err(EndError::Ended(end));
    }
    set_tag(tags, "Result", &winner.record_char().to_string());
    set_tag(tags, "Termination", how.name());
    Ok(())
}

/// The `[TimeControl]` of `tags`: none without the tag, an error for a
/// value that does not read (a record from elsewhere may hold any text).
pub(crate) fn time_control_of(
    tags: &[(String, String)],
) -> Result<Option<TimeControl>, TimeControlError> {
    tag(tags, "TimeControl").map(str::parse).transpose()
}

/// `tc`, checked, as the `[TimeControl]` tag.
pub(crate) fn set_time_control(tags: &mut Tags, tc: TimeControl) -> Result<(), TimeControlProblem> {
    set_tag(tags, "TimeControl", &tc.check()?.to_string());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write_back() {
        let cases = [
            (
                "600+5",
                TimeControl::Fischer {
                    main: 600,
                    increment: 5,
                },
            ),
            (
                "0+3",
                TimeControl::Fischer {
                    main: 0,
                    increment: 3,
                },
            ),
            (
                "180+0",
                TimeControl::Fischer {
                    main: 180,
                    increment: 0,
                },
            ),
            (
                "86400+3600",
                TimeControl::Fischer {
                    main: 86_400,
                    increment: 3_600,
                },
            ),
            (
                "600/byo 5x30",
                TimeControl::ByoYomi {
                    main: 600,
                    periods: 5,
                    period: 30,
                },
            ),
            (
                "0/byo 1x1",
                TimeControl::ByoYomi {
                    main: 0,
                    periods: 1,
                    period: 1,
                },
            ),
            (
                "86400/byo 99x3600",
                TimeControl::ByoYomi {
                    main: 86_400,
                    periods: 99,
                    period: 3_600,
                },
            ),
            ("1d", TimeControl::Days(1)),
            ("30d", TimeControl::Days(30)),
        ];
        for (text, tc) in cases {
            assert_eq!(text.parse::<TimeControl>(), Ok(tc), "{text}");
            assert_eq!(tc.to_string(), text);
        }
    }

    #[test]
    fn bad_time_controls_name_their_problem() {
        use TimeControlProblem::{Form, NoTime, Number, Range};
        use TimeField::{Days, Increment, Main, Period, Periods};
        let cases = [
            ("", Form),
            ("600", Form),
            ("3D", Form),
            ("600/byo5x30", Form),
            ("600/byo 5", Form),
            ("600/5x30", Form),
            ("+5", Number(Main)),
            ("600+", Number(Increment)),
            ("-1+5", Number(Main)),
            ("1e3+5", Form),
            ("0600+5", Number(Main)),
            ("600+05", Number(Increment)),
            ("600+5 ", Form),
            (" 600+5", Number(Main)),
            ("600+5+5", Form),
            ("600/byo  5x30", Number(Periods)),
            ("600/byo 5x30x2", Form),
            ("600/byo 05x30", Number(Periods)),
            ("d", Number(Days)),
            ("-3d", Number(Days)),
            ("03d", Number(Days)),
            ("0+0", NoTime),
            ("86401+5", Range(Main)),
            ("99999999999+5", Range(Main)),
            ("600+3601", Range(Increment)),
            ("600/byo 0x30", Range(Periods)),
            ("600/byo 100x30", Range(Periods)),
            ("600/byo 5x0", Range(Period)),
            ("600/byo 5x3601", Range(Period)),
            ("0d", Range(Days)),
            ("31d", Range(Days)),
        ];
        for (text, problem) in cases {
            let e = text.parse::<TimeControl>().unwrap_err();
            assert_eq!(e.problem, problem, "{text}");
            assert_eq!(e.text, text);
        }
    }

    #[test]
    fn time_control_errors_say_what_is_wrong_in_words() {
        let said = |text: &str| text.parse::<TimeControl>().unwrap_err().to_string();
        assert_eq!(
            said("600+05"),
            "`600+05` is not a time control: the increment must be a whole number in plain digits"
        );
        assert_eq!(
            said("600/byo 0x30"),
            "`600/byo 0x30` is not a time control: the number of periods must be from 1 to 99"
        );
        assert_eq!(
            said("86401+0"),
            "`86401+0` is not a time control: the main time must be from 0 to 86400 seconds"
        );
        assert_eq!(
            said("40/7200"),
            "`40/7200` is not a time control: it must be like 600+5, 600/byo 5x30 or 3d"
        );
        assert_eq!(
            said("0+0"),
            "`0+0` is not a time control: it gives no time at all"
        );
    }

    #[test]
    fn a_time_control_out_of_range_is_refused_as_a_tag() {
        let mut tags = Tags::new();
        let tc = TimeControl::ByoYomi {
            main: 60,
            periods: 0,
            period: 10,
        };
        assert_eq!(
            set_time_control(&mut tags, tc),
            Err(TimeControlProblem::Range(TimeField::Periods))
        );
        assert!(tags.is_empty(), "nothing is written");
        assert_eq!(time_control_of(&tags), Ok(None));
        set_time_control(&mut tags, TimeControl::Days(3)).unwrap();
        assert_eq!(tags, [("TimeControl".to_owned(), "3d".to_owned())]);
        assert_eq!(time_control_of(&tags), Ok(Some(TimeControl::Days(3))));
    }

    #[test]
    fn terminations_have_names() {
        for how in [Termination::Normal, Termination::Resign, Termination::Time] {
            assert_eq!(Termination::from_name(how.name()), Some(how));
        }
        assert_eq!(Termination::from_name("Resign"), None);
        assert_eq!(Termination::from_name(""), None);
    }

    #[test]
    fn an_end_is_read_only_from_both_tags() {
        let tags = |pairs: &[(&str, &str)]| -> Tags {
            pairs
                .iter()
                .map(|&(k, v)| (k.to_owned(), v.to_owned()))
                .collect()
        };
        let resigned = End {
            winner: Color::Light,
            how: Termination::Resign,
        };
        assert_eq!(
            end_of(&tags(&[("Result", "W"), ("Termination", "resign")])),
            Some(resigned)
        );
        for pairs in [
            &[("Result", "W")][..],
            &[("Termination", "time")],
            &[("Result", "W"), ("Termination", "normal")],
            &[("Result", "1-0"), ("Termination", "time")],
            &[("Result", "W"), ("Termination", "abandoned")],
        ] {
            assert_eq!(end_of(&tags(pairs)), None, "{pairs:?}");
        }
    }
}
