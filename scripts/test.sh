#!/usr/bin/env bash
# Runs every test: formatting and lints, the native tests, the wasm tests
# under Node, then builds the web game, type-checks its JavaScript, and runs
# its unit tests under Node and the end-to-end tests in headless Chromium.
# Each fuzz target runs for 20 s on the way. Installs what is missing first.
#
# scripts/test.sh --quick, to run between changes: formatting, native
# clippy, the native tests, the type check and the unit tests, building
# dist/ only when it is older than its sources; no browser. It leaves to the
# full run the wasm's clippy, federa-core's documentation and package, the
# wasm tests, fuzzing, a fresh build with the wasm's size checks, and the
# browser tests.
source "$(dirname "$0")/lib.sh"

case "${1:-}" in
  "") quick=false ;;
  --quick) quick=true ;;
  *)
    echo "usage: scripts/test.sh [--quick]" >&2
    exit 2
    ;;
esac

if $quick; then
  ensure_npm_packages
else
  ensure_web_tools
  ensure_chromium
fi

say "cargo fmt --check"
cargo fmt --all -- --check

say "cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings
if ! $quick; then
  cargo clippy --target wasm32-unknown-unknown -p federa-wasm --all-targets --all-features --locked -- -D warnings
fi

say "native tests"
cargo test --workspace --locked

if $quick; then
  # The type check reads the wasm package's types from dist/ and the unit
  # tests import the package: dist/ as the sources are now. Trunk builds it
  # from www/ (not its tests), the two crates the wasm is made of and the
  # post-build step.
  if [ ! -f dist/index.html ]; then
    say "dist/ is missing: building it"
    "$ROOT/scripts/build-web.sh"
  else
    newer="$(find www crates/federa-core crates/federa-wasm Cargo.toml Cargo.lock Trunk.toml package-lock.json \
      scripts/postbuild.mjs scripts/csp.mjs scripts/modules.mjs -name tests -prune -o -newer dist/index.html -print -quit)"
    if [ -n "$newer" ]; then
      say "dist/ is older than $newer: building it again"
      "$ROOT/scripts/build-web.sh"
    fi
  fi
else
  say "federa-core as a crate: its documentation builds without warnings, and it packages"
  RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked -p federa-core
  cargo package --locked --allow-dirty -p federa-core

  say "wasm tests under Node"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test --release --locked --target wasm32-unknown-unknown -p federa-wasm --features bench --tests

  say "fuzzing (each target briefly, from the committed seeds)"
  "$ROOT/scripts/fuzz.sh" 20

  "$ROOT/scripts/build-web.sh"

  say "the wasm formats no float (Rust's formatting weighs 10 KB gzipped there: js_number writes numbers)"
  # Where cargo put it (CARGO_TARGET_DIR when set); a wasm not found fails too.
  wasm="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/federa_wasm.wasm"
  [ -f "$wasm" ] || { echo "no $wasm to look into" >&2; exit 1; }
  if grep -q flt2dec "$wasm"; then
    echo "the wasm holds core::num::flt2dec: a float is formatted with {} somewhere in the bindings' reach" >&2
    exit 1
  fi

  say "the wasm is within its budget, 115 KB gzipped (as scripts/budgets.sh weighs it)"
  node -e "
const size = require('zlib').gzipSync(require('fs').readFileSync('dist/federa-wasm_bg.wasm'), { level: 9 }).length;
console.log('wasm: ' + (size / 1024).toFixed(1) + ' KB gzipped');
if (size > 115 * 1024) { console.error('over the 115 KB budget: see docs/speed.md for what was cut before'); process.exit(1); }
"
fi

say "JavaScript type check (tsc --noEmit, the wasm package's types from dist/)"
node_modules/.bin/tsc -p .

say "unit tests under Node"
# The files side by side, one a core (Node's default leaves a core idle).
# friend-codec's hot loops meet Node 20's intermittent V8 crash ("Fatal
# error ... unreachable code" in the deoptimizer, nodejs/node#51555): about
# one run in twenty died before its tests ran, once in CI. Without the
# optimizing compiler it never did, so that file runs in a Node of its own with
# --no-opt, beside the others (its log printed after theirs).
codec_log="$(mktemp)"
node --no-opt --test --test-reporter=spec www/tests/unit/friend-codec.test.mjs >"$codec_log" 2>&1 &
codec=$!
node --test --test-reporter=spec --test-concurrency="$(nproc)" $(ls www/tests/unit/*.test.mjs | grep -v friend-codec)
codec_ok=true
wait "$codec" || codec_ok=false
cat "$codec_log"
rm -f "$codec_log"
$codec_ok

if $quick; then
  say "the quick tests passed (scripts/test.sh runs them all)"
  exit 0
fi

say "the pages in headless Chromium"
# One Chromium for all the files, each browser a context of its own in it
# (www/tests/browser/browser.mjs); the files side by side, one a core, as a
# file often waits (on the AI's worker, on a connection, a 40 s pause).
node www/tests/browser/shared-browser.mjs \
  node --test --test-reporter=spec --test-concurrency="$(nproc)" www/tests/browser/*.test.mjs

say "all tests passed"
