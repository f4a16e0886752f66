//! Any position string that reads must print a string that reads back to the
//! same string and the same legal moves.
#![no_main]

use federa_core::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pie, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let pie = pie & 1 == 1;
    if let Ok(pos) = Position::parse_with_pie(text, pie) {
        let printed = pos.to_string();
        let again = Position::parse_with_pie(&printed, pie)
            .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
        assert_eq!(again.to_string(), printed, "from {text:?}");
        assert_eq!(
            again.legal_moves(),
            pos.legal_moves(),
            "{printed:?} from {text:?}"
        );
    }
});
