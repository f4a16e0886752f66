//! Errors as values JavaScript can show in any language: a `kind` to pick the
//! message, the facts it needs, and the English `message` from federa-core.

use federa_core::puzzle::{LineError, PuzzleError};
use federa_core::{
    AnnotatedError, Color, ElementProblem, EndError, IllegalMove, Piece, PositionError,
    RecordError, TimeControlError, TimeControlProblem, TimeField, TokenError,
};
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::{color_name, object, piece_name, to_js};

/// The facts of an error (an `ErrorInfo` whose kind and message are filled
/// in when it is made).
pub type Facts = ErrorInfo;

/// A refused input, explained: `kind` and `message`, then only the facts
/// that apply. (One flat struct: serde's `flatten` would weigh on the wasm.)
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorInfo {
    /// What went wrong, e.g. `outnumbered`, `notEnclosed`, `token`.
    pub kind: String,
    /// The English explanation.
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mine: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theirs: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u32>,
    /// For a record: which move (1-based) and its token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// For a record's illegal move: why it is illegal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<Box<ErrorInfo>>,
    /// For a record or position that does not read: what is wrong, e.g.
    /// `sizeToken`, `illegal`, `rowLength`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<&'static str>,
    /// For a position: the board row (1 = bottom) with the problem.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    /// For a position: the offending text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<String>,
}

/// An error value of this kind.
pub fn error(kind: &str, message: &(impl std::fmt::Display + ?Sized), facts: Facts) -> JsValue {
    to_js(&ErrorInfo {
        kind: kind.to_owned(),
        message: message.to_string(),
        ..facts
    })
}

fn color(c: Color) -> Option<&'static str> {
    Some(color_name(c))
}

fn piece(p: Piece) -> Option<&'static str> {
    Some(piece_name(p))
}

/// An illegal move, explained.
pub fn info(e: &IllegalMove) -> ErrorInfo {
    let at = |p: &federa_core::Point| Some(p.to_string());
    let (kind, facts) = match e {
        IllegalMove::GameOver { winner } => (
            "gameOver",
            Facts {
                color: color(*winner),
                ..Facts::default()
            },
        ),
        IllegalMove::NotYourTurn { to_move } => (
            "notYourTurn",
            Facts {
                color: color(*to_move),
                ..Facts::default()
            },
        ),
        IllegalMove::OffBoard { at: p, size } => (
            "offBoard",
            Facts {
                at: at(p),
                size: Some(u32::from(*size)),
                ..Facts::default()
            },
        ),
        IllegalMove::Occupied { at: p, occupant } => (
            "occupied",
            Facts {
                at: at(p),
                piece: piece(*occupant),
                ..Facts::default()
            },
        ),
        IllegalMove::NothingToChange { at: p } => (
            "nothingToChange",
            Facts {
                at: at(p),
                ..Facts::default()
            },
        ),
        IllegalMove::NotEnclosed {
            at: p,
            empty_neighbours,
        } => (
            "notEnclosed",
            Facts {
                at: at(p),
                points: Some(empty_neighbours.iter().map(ToString::to_string).collect()),
                count: Some(empty_neighbours.len()),
                ..Facts::default()
            },
        ),
        IllegalMove::NoAttackers { at: p } => (
            "noAttackers",
            Facts {
                at: at(p),
                ..Facts::default()
            },
        ),
        IllegalMove::Outnumbered {
            at: p,
            mine,
            theirs,
        } => (
            "outnumbered",
            Facts {
                at: at(p),
                mine: Some(*mine),
                theirs: Some(*theirs),
                ..Facts::default()
            },
        ),
        IllegalMove::TieNotYours { at: p, count } => (
            "tieNotYours",
            Facts {
                at: at(p),
                count: Some(*count),
                ..Facts::default()
            },
        ),
        IllegalMove::WrongResult {
            at: p, expected, ..
        } => (
            "wrongResult",
            Facts {
                at: at(p),
                piece: piece(*expected),
                ..Facts::default()
            },
        ),
        IllegalMove::SwapUnavailable => ("swapUnavailable", Facts::default()),
    };
    ErrorInfo {
        kind: kind.to_owned(),
        message: e.to_string(),
        ..facts
    }
}

/// An illegal move as a JavaScript value.
pub fn from_illegal(e: &IllegalMove) -> JsValue {
    to_js(&info(e))
}

/// A malformed move token.
pub fn from_token(e: &TokenError) -> JsValue {
    error(
        "token",
        e,
        Facts {
            token: Some(e.token.clone()),
            ..Facts::default()
        },
    )
}

/// A board size out of range.
pub fn from_size(size: u32) -> JsValue {
    error(
        "size",
        &federa_core::SizeError(size),
        Facts {
            size: Some(size),
            ..Facts::default()
        },
    )
}

/// A line of a puzzle file that does not read.
pub fn from_puzzle_line(e: &LineError) -> JsValue {
    let index = Some(e.line);
    let facts = match &e.error {
        PuzzleError::Fields(n) => Facts {
            problem: Some("fields"),
            count: Some(*n),
            ..Facts::default()
        },
        PuzzleError::Position(p) => Facts {
            problem: Some("position"),
            cause: Some(Box::new(position_info(p))),
            ..Facts::default()
        },
        PuzzleError::Token(t) => Facts {
            problem: Some("token"),
            token: Some(t.token.clone()),
            ..Facts::default()
        },
        PuzzleError::Illegal(m) => Facts {
            problem: Some("illegal"),
            cause: Some(Box::new(info(m))),
            ..Facts::default()
        },
        PuzzleError::Plies(found) => Facts {
            problem: Some("plies"),
            found: Some(found.clone()),
            ..Facts::default()
        },
        PuzzleError::Unfinished => Facts {
            problem: Some("unfinished"),
            ..Facts::default()
        },
        PuzzleError::Length(plies, moves) => Facts {
            problem: Some("length"),
            found: Some(plies.to_string()),
            count: Some(*moves),
            ..Facts::default()
        },
        PuzzleError::Rating(found) => Facts {
            problem: Some("rating"),
            found: Some(found.clone()),
            ..Facts::default()
        },
        PuzzleError::Theme(found) => Facts {
            problem: Some("theme"),
            found: Some(found.clone()),
            ..Facts::default()
        },
    };
    error("puzzle", e, Facts { index, ..facts })
}

/// A record that does not read.
pub fn from_record(e: &RecordError) -> JsValue {
    let facts = match e {
        RecordError::Tag { index, .. } => Facts {
            problem: Some("tag"),
            index: Some(*index),
            ..Facts::default()
        },
        RecordError::MissingSize => Facts {
            problem: Some("missingSize"),
            ..Facts::default()
        },
        RecordError::SizeToken(word) => Facts {
            problem: Some("sizeToken"),
            token: Some(word.clone()),
            ..Facts::default()
        },
        RecordError::Size(size) => Facts {
            problem: Some("size"),
            size: Some(size.0),
            ..Facts::default()
        },
        RecordError::PositionTag(p) => Facts {
            problem: Some("positionTag"),
            cause: Some(Box::new(position_info(p))),
            ..Facts::default()
        },
        RecordError::SizeMismatch { record, position } => Facts {
            problem: Some("sizeMismatch"),
            size: Some(u32::from(*record)),
            count: Some(usize::from(*position)),
            ..Facts::default()
        },
        RecordError::Token { index, error } => Facts {
            problem: Some("token"),
            index: Some(*index),
            token: Some(error.token.clone()),
            ..Facts::default()
        },
        RecordError::Illegal {
            index,
            token,
            error,
        } => Facts {
            problem: Some("illegal"),
            index: Some(*index),
            token: Some(token.clone()),
            cause: Some(Box::new(info(error))),
            ..Facts::default()
        },
    };
    error("record", e, facts)
}

/// A position string that does not read, explained.
fn position_info(e: &PositionError) -> ErrorInfo {
    let facts = match e {
        PositionError::Empty => Facts {
            problem: Some("empty"),
            ..Facts::default()
        },
        PositionError::FieldCount(n) => Facts {
            problem: Some("fields"),
            count: Some(*n),
            ..Facts::default()
        },
        PositionError::Size(size) => Facts {
            problem: Some("size"),
            size: Some(size.0),
            ..Facts::default()
        },
        PositionError::Cell { row, found } => Facts {
            problem: Some("cell"),
            row: Some(*row),
            found: Some(found.to_string()),
            ..Facts::default()
        },
        PositionError::RowLength { row, size, found } => Facts {
            problem: Some("rowLength"),
            row: Some(*row),
            size: Some(u32::from(*size)),
            count: (*found != usize::MAX).then_some(*found),
            ..Facts::default()
        },
        PositionError::ToMove(s) => Facts {
            problem: Some("toMove"),
            found: Some(s.clone()),
            ..Facts::default()
        },
        PositionError::Plies(s) => Facts {
            problem: Some("plies"),
            found: Some(s.clone()),
            ..Facts::default()
        },
        PositionError::Setup(_) => Facts {
            problem: Some("setup"),
            ..Facts::default()
        },
    };
    ErrorInfo {
        kind: "position".to_owned(),
        message: e.to_string(),
        ..facts
    }
}

/// A position string that does not read.
pub fn from_position(e: &PositionError) -> JsValue {
    to_js(&position_info(e))
}

/// An annotated record that does not read: a problem of its head as for a
/// plain record, else the element (1-based) and what is wrong with it.
pub fn from_annotated(e: &AnnotatedError) -> JsValue {
    let (index, problem) = match e {
        AnnotatedError::Record(e) => return from_record(e),
        AnnotatedError::Element { index, problem } => (index, problem),
    };
    let mut facts = Facts {
        index: Some(*index),
        ..Facts::default()
    };
    facts.problem = Some(match problem {
        ElementProblem::Token(e) => {
            facts.token = Some(e.token.clone());
            "token"
        }
        ElementProblem::Illegal { token, error } => {
            facts.token = Some(token.clone());
            facts.cause = Some(Box::new(info(error)));
            "illegal"
        }
        ElementProblem::Glyph(g) => {
            facts.found = Some(g.clone());
            "glyph"
        }
        ElementProblem::VariationWithoutMove
        | ElementProblem::UnopenedVariation
        | ElementProblem::UnclosedVariation
        | ElementProblem::EmptyVariation
        | ElementProblem::RepeatedMove => "variation",
        ElementProblem::UnterminatedComment
        | ElementProblem::BraceInComment
        | ElementProblem::CommentWithoutMove => "comment",
        ElementProblem::Eval(x) => {
            facts.found = Some(x.clone());
            "eval"
        }
        ElementProblem::Best(x) => {
            facts.found = Some(x.clone());
            "best"
        }
    });
    error("annotated", e, facts)
}

/// A time control (an object) that is not one.
pub fn from_time_control(problem: TimeControlProblem) -> JsValue {
    time_control_error(problem, &problem, None)
}

/// A time control's text that does not read.
pub fn from_time_control_text(e: &TimeControlError) -> JsValue {
    time_control_error(e.problem, e, Some(&e.text))
}

/// A time control that is not one: `problem` (`form`, `number`, `range`
/// or `noTime`), the `field` concerned with its range (`least`, `most`),
/// and for text, the text (`found`). (A plain object, as `from_end`'s:
/// more fields in `ErrorInfo` would weigh on every error the wasm makes.)
fn time_control_error(
    problem: TimeControlProblem,
    message: &dyn std::fmt::Display,
    found: Option<&str>,
) -> JsValue {
    let (name, field) = match problem {
        TimeControlProblem::Form => ("form", None),
        TimeControlProblem::Number(field) => ("number", Some(field)),
        TimeControlProblem::Range(field) => ("range", Some(field)),
        TimeControlProblem::NoTime => ("noTime", None),
    };
    object(&[
        ("kind", "timeControl".into()),
        ("message", message.to_string().into()),
        ("problem", name.into()),
        ("field", field.map(TimeField::name).into()),
        ("least", field.map(|f| *f.range().start()).into()),
        ("most", field.map(|f| *f.range().end()).into()),
        ("found", found.into()),
    ])
}

/// A game that may not end outside the rules: `problem` `how` (not by
/// resign or time), `won` (`color` filled the board) or `ended` (`color`
/// has already won, `how`).
pub fn from_end(e: &EndError) -> JsValue {
    let (problem, end) = match *e {
        EndError::Normal => ("how", None),
        EndError::Won { winner } => ("won", Some((winner, None))),
        EndError::Ended(end) => ("ended", Some((end.winner, Some(end.how.name())))),
    };
    object(&[
        ("kind", "end".into()),
        ("message", e.to_string().into()),
        ("problem", problem.into()),
        ("color", end.map(|(winner, _)| color_name(winner)).into()),
        ("how", end.and_then(|(_, how)| how).into()),
    ])
}
