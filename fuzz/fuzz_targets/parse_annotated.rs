//! Any annotated record that reads must write one that reads back to the
//! same text, and its main line must read as a plain record.
#![no_main]

use federa_core::{Game, GameTree};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pie, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let pie = pie & 1 == 1;
    if let Ok(tree) = GameTree::from_annotated(text, pie) {
        let written = tree.to_annotated();
        let again = GameTree::from_annotated(&written, pie)
            .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
        assert_eq!(again.to_annotated(), written);
        let main = tree.main_line_record();
        let game = Game::from_record(&main, pie)
            .unwrap_or_else(|e| panic!("main line {main:?} does not read: {e}"));
        assert_eq!(game.record(), main);
    }
});
