//! Any text that reads as a token or a move prints back to the same value.
#![no_main]

use federa_core::{Move, Token};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(token) = text.parse::<Token>() {
        assert_eq!(token.to_string().parse::<Token>(), Ok(token), "{text:?}");
    }
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m), "{text:?}");
    }
});
