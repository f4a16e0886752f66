#!/usr/bin/env bash
# Runs each cargo-fuzz target for a fixed time, starting from the committed
# seeds (fuzz/seeds/); a crash fails the run and leaves its input in
# fuzz/artifacts/. Usage: scripts/fuzz.sh [seconds per target, default 20]
source "$(dirname "$0")/lib.sh"
ensure_cargo_fuzz
seconds="${1:-20}"
# cargo-fuzz needs nightly flags; the stable compiler allows them this way.
export RUSTC_BOOTSTRAP=1
# No sanitizer: the workspace forbids unsafe code, so AddressSanitizer would
# find nothing that Rust's own checks miss. Debug assertions (-a) stay on, so
# arithmetic overflow is a crash too.
fuzz=(--sanitizer none --debug-assertions)
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT

say "building the fuzz targets"
cargo fuzz build "${fuzz[@]}"
# One target run; its log is printed if it fails.
fuzz_one() {
  local target="$1"
  local dirs=("$corpus/$target")
  # -timeout: an input that takes over 10 s is a hang, and fails the run.
  local options=(-max_total_time="$seconds" -timeout=10 -print_final_stats=1)
  # The parsers start from seeds and the notation's words; play_bytes reads
  # raw bytes.
  if [ -d "fuzz/seeds/$target" ]; then
    dirs+=("fuzz/seeds/$target")
    options+=(-dict=fuzz/federa.dict)
  else
    options+=(-len_control=0)
  fi
  mkdir -p "${dirs[0]}"
  local log="$corpus/$target.log"
  if ! cargo fuzz run "${fuzz[@]}" "$target" "${dirs[@]}" -- "${options[@]}" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz target $target failed; its input is in fuzz/artifacts/$target/" >&2
    return 1
  fi
  echo "$target: $(grep -E '^stat::(number_of_executed_units|new_units_added)' "$log" | tr '\n' ' ')"
}

# A fuzzer uses one core: the targets run side by side, one a core, each
# for its full time.
say "fuzzing each target for ${seconds} s, $(nproc) at a time"
failed=0
running=0
for target in parse_record parse_annotated parse_position parse_token play_bytes; do
  if [ "$running" -ge "$(nproc)" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  fuzz_one "$target" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
exit "$failed"
