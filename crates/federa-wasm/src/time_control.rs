//! Time controls for the page: a game's `[TimeControl]` as a plain object
//! (`{ kind: 'fischer', main, increment }`, `{ kind: 'byoyomi', main,
//! periods, period }` or `{ kind: 'days', days }`, in seconds or days), and
//! a time control's text read without a game (the settings' choices, a
//! live invitation's `&clock=`).

use federa_core::{TimeControl, TimeControlProblem, TimeField};
use wasm_bindgen::prelude::*;

use crate::errors::{self, from_time_control, from_time_control_text};
use crate::{JsResult, object};

/// A time control's object.
pub(crate) fn to_object(tc: TimeControl) -> JsValue {
    let kind = |name: &str| ("kind", JsValue::from_str(name));
    match tc {
        TimeControl::Fischer { main, increment } => object(&[
            kind("fischer"),
            ("main", main.into()),
            ("increment", increment.into()),
        ]),
        TimeControl::ByoYomi {
            main,
            periods,
            period,
        } => object(&[
            kind("byoyomi"),
            ("main", main.into()),
            ("periods", periods.into()),
            ("period", period.into()),
        ]),
        TimeControl::Days(days) => object(&[kind("days"), ("days", days.into())]),
    }
}

/// The time control an object names, checked as the text would be.
pub(crate) fn from_object(value: &JsValue) -> JsResult<TimeControl> {
    // Reflect.get throws on null, undefined and other non-objects: no field then.
    let get = |key: &str| js_sys::Reflect::get(value, &key.into()).unwrap_or(JsValue::UNDEFINED);
    let number = |field: TimeField| {
        let x = get(field.name()).as_f64().unwrap_or(f64::NAN);
        if x.fract() != 0.0 {
            Err(TimeControlProblem::Number(field))
        } else if (0.0..=f64::from(u32::MAX)).contains(&x) {
            Ok(x as u32)
        } else {
            Err(TimeControlProblem::Range(field))
        }
    };
    let kind = get("kind").as_string();
    let tc = match kind.as_deref() {
        Some("fischer") => number(TimeField::Main).and_then(|main| {
            Ok(TimeControl::Fischer {
                main,
                increment: number(TimeField::Increment)?,
            })
        }),
        Some("byoyomi") => number(TimeField::Main).and_then(|main| {
            Ok(TimeControl::ByoYomi {
                main,
                periods: number(TimeField::Periods)?,
                period: number(TimeField::Period)?,
            })
        }),
        Some("days") => number(TimeField::Days).map(TimeControl::Days),
        _ => {
            return Err(errors::error(
                "timeControl",
                "a time control's kind is fischer, byoyomi or days",
                errors::Facts {
                    problem: Some("kind"),
                    found: kind,
                    ..errors::Facts::default()
                },
            ));
        }
    };
    tc.and_then(TimeControl::check).map_err(from_time_control)
}

/// A `[TimeControl]` text (`600+5`, `600/byo 5x30`, `3d`) as its object;
/// for text that is not one, an error naming what is wrong. Every text
/// read is canonical: it is the text the game's tag will hold.
#[wasm_bindgen(js_name = readTimeControl)]
pub fn read_time_control(text: &str) -> JsResult<JsValue> {
    text.parse()
        .map(to_object)
        .map_err(|e| from_time_control_text(&e))
}
