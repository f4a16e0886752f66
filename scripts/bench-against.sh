#!/usr/bin/env bash
# The native benchmarks of this tree against an older commit's, in one run
# with the two builds alternating (this machine's speed drifts too much
# between hours for figures from different runs to be compared). Prints
# every run, then the medians and the ratio new/old.
# Usage: scripts/bench-against.sh [commit] [size] [seconds per run] [runs]
source "$(dirname "$0")/lib.sh"
commit="${1:-6a2d6b3}"
size="${2:-13}"
seconds="${3:-3}"
runs="${4:-5}"

old_tree=$(against_tree "$commit")
say "building $commit and this tree (release)"
(cd "$old_tree" && CARGO_TARGET_DIR="$AGAINST_TARGET" \
  cargo build --release --locked -p federa-cli)
cargo build --release --locked -p federa-cli
old="$AGAINST_TARGET/release/federa"
new="$ROOT/target/release/federa"

rate() { sed -E 's/^[^:]*: ([0-9]+) .*/\1/'; }
median() { printf "%s\n" "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

compare() { # name, benchmark arguments...
  local name="$1" olds=() news=() line
  shift
  for k in $(seq "$runs"); do
    line=$("$old" bench "$@" --size "$size" --seconds "$seconds"); echo "$commit run $k: $line"
    olds+=("$(echo "$line" | rate)")
    line=$("$new" bench "$@" --size "$size" --seconds "$seconds"); echo "new     run $k: $line"
    news+=("$(echo "$line" | rate)")
  done
  local o n
  o=$(median "${olds[@]}")
  n=$(median "${news[@]}")
  echo "$name, median of $runs: $commit $o/s, new $n/s, new/$commit = $(awk -v n="$n" -v o="$o" 'BEGIN { printf "%.2f", n / o }')"
}

compare "random playouts"
compare "search iterations" --search
