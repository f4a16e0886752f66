#!/usr/bin/env bash
# Builds the web game and the CLI, then measures the web budgets: gzipped
# sizes, time to the first drawn board, and the AI's speed in Chromium's
# worker against native.
source "$(dirname "$0")/lib.sh"
ensure_chromium
"$ROOT/scripts/build-web.sh"
cargo build --release --locked -p federa-cli
node www/tests/budgets.mjs
