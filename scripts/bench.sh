#!/usr/bin/env bash
# The playout benchmark, natively and as wasm under Node, in one run:
# three alternating runs of each, then the medians and their ratio.
# Usage: scripts/bench.sh [size] [seconds per run]
source "$(dirname "$0")/lib.sh"
size="${1:-13}"
seconds="${2:-5}"

ensure_wasm_target
ensure_wasm_bindgen

say "building (release)"
cargo build --release --locked -p federa-cli
cargo build --release --locked --target wasm32-unknown-unknown -p federa-wasm
wasm-bindgen --target nodejs --out-dir target/wasm-node \
  target/wasm32-unknown-unknown/release/federa_wasm.wasm

native=()
wasm=()
for run in 1 2 3; do
  line=$(./target/release/federa bench --size "$size" --seconds "$seconds")
  echo "native run $run: $line"
  native+=("$(echo "$line" | sed -E 's/^[^:]*: ([0-9]+) playouts.*/\1/')")
  line=$(node crates/federa-wasm/bench/playouts.mjs target/wasm-node "$size" "$seconds")
  echo "wasm   run $run: $line"
  wasm+=("$(echo "$line" | sed -E 's/^[^:]*: ([0-9]+) playouts.*/\1/')")
done
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
n=$(median "${native[@]}")
w=$(median "${wasm[@]}")
echo "median of 3: native $n playouts/s, wasm $w playouts/s, native/wasm = $(awk -v n="$n" -v w="$w" 'BEGIN { printf "%.2f", n / w }')"
