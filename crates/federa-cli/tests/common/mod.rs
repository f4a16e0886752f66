//! What the command-line tests share: a run of `federa`, and a session
//! with the engine over the text protocol.
// Each test crate uses a part of it.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `federa` with `args`: whether it succeeded, its output and its errors.
pub fn federa(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_federa"))
        .args(args)
        .output()
        .expect("federa runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs the engine on `input`; its replies, one per answered line.
pub fn session(input: &[u8]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_federa"))
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("federa runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // A separate writer, so a reply that fills the pipe cannot block us.
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "the engine exits normally");
    let text = String::from_utf8(out.stdout).expect("replies are UTF-8");
    assert!(
        text.ends_with("\n\n"),
        "every reply ends with an empty line"
    );
    text.trim_end_matches('\n')
        .split("\n\n")
        .map(str::to_owned)
        .collect()
}
