#!/usr/bin/env bash
# The engine's benchmarks, natively and as wasm under Node, in one run:
# uniformly random playouts from the empty board, and the strongest level's
# search from a mid-game position. Five alternating runs of each; prints
# the medians and their ratios.
# Usage: scripts/bench.sh [size] [seconds per run]
source "$(dirname "$0")/lib.sh"
size="${1:-13}"
seconds="${2:-5}"

ensure_wasm_target
ensure_wasm_bindgen

say "building (release)"
cargo build --release --locked -p federa-cli
cargo build --release --locked --target wasm32-unknown-unknown -p federa-wasm --features bench
wasm-bindgen --target nodejs --out-dir target/wasm-node \
  target/wasm32-unknown-unknown/release/federa_wasm.wasm

median() { printf "%s\n" "$@" | sort -n | sed -n 3p; }
rate() { sed -E 's/^[^:]*: ([0-9]+) .*/\1/'; }
ratio() { awk -v n="$1" -v w="$2" 'BEGIN { printf "%.2f", n / w }'; }

run() { # name, native command, wasm command
  local native=() wasm=() line
  for k in 1 2 3 4 5; do
    line=$($2); echo "native run $k: $line"; native+=("$(echo "$line" | rate)")
    line=$($3); echo "wasm   run $k: $line"; wasm+=("$(echo "$line" | rate)")
  done
  local n w
  n=$(median "${native[@]}")
  w=$(median "${wasm[@]}")
  echo "$1, median of 5: native $n/s, wasm $w/s, native/wasm = $(ratio "$n" "$w")"
}

run "playouts" \
  "./target/release/federa bench --size $size --seconds $seconds" \
  "node crates/federa-wasm/bench/playouts.mjs target/wasm-node $size $seconds"
run "search iterations" \
  "./target/release/federa bench --search --size $size --seconds $seconds" \
  "node crates/federa-wasm/bench/search.mjs target/wasm-node $size $seconds"
