#!/usr/bin/env bash
# Builds the web game into dist/ (release: optimised wasm, relative URLs).
source "$(dirname "$0")/lib.sh"
ensure_web_tools
say "building the web game into dist/"
trunk build --release --locked "$@"
