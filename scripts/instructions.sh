#!/usr/bin/env bash
# Instructions a uniformly random 13x13 playout and a search iteration of the
# strongest level take, this tree against an older commit's, counted by
# valgrind's cachegrind on a fixed amount of work (examples/fixed_work.rs,
# built against both trees). Unlike the timed benchmarks the count hardly
# moves with the machine's load, so it can judge a change of a few per cent
# on a shared machine. It is a proxy: branch and cache misses are not
# weighed, and the benchmarks' targets are in time (scripts/bench-against.sh).
# Usage: scripts/instructions.sh [commit] [playouts] [iterations]
source "$(dirname "$0")/lib.sh"
commit="${1:-6a2d6b3}"
playouts="${2:-2000}"
iterations="${3:-3000}"

ensure_valgrind

old_tree=$(against_tree "$commit")
mkdir -p "$old_tree/crates/federa-core/examples"
cp crates/federa-core/examples/fixed_work.rs "$old_tree/crates/federa-core/examples/"
say "building the work for $commit and this tree (release)"
(cd "$old_tree" && CARGO_TARGET_DIR="$AGAINST_TARGET" \
  cargo build --release --locked -p federa-core --example fixed_work)
cargo build --release --locked -p federa-core --example fixed_work
old="$AGAINST_TARGET/release/examples/fixed_work"
new="$ROOT/target/release/examples/fixed_work"

instructions() { # binary, work, amount
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 \
    | sed -nE 's/.*I +refs: +([0-9,]+).*/\1/p' | tr -d ,
}
# Per unit of work, the set-up (the same work with none) taken away.
per() { # binary, work, amount
  local all none
  all=$(instructions "$1" "$2" "$3")
  none=$(instructions "$1" "$2" 0)
  awk -v a="$all" -v z="$none" -v n="$3" 'BEGIN { printf "%.0f", (a - z) / n }'
}

report() { # work, amount
  local o n
  o=$(per "$old" "$1" "$2")
  n=$(per "$new" "$1" "$2")
  echo "$1 ($2): $commit $o instructions each, new $n, $commit/new = $(awk -v o="$o" -v n="$n" 'BEGIN { printf "%.3f", o / n }')"
}
report playouts "$playouts"
report search "$iterations"
