//! Any record that reads must write a record that reads back to the same game.
#![no_main]

use federa_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pie, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let pie = pie & 1 == 1;
    if let Ok(game) = Game::from_record(text, pie) {
        let record = game.record();
        let again = Game::from_record(&record, pie)
            .unwrap_or_else(|e| panic!("record {record:?} does not read back: {e}"));
        assert_eq!(again.record(), record);
        assert_eq!(again.position(), game.position(), "record {record:?}");
    }
});
