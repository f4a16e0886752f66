#!/usr/bin/env bash
# How far a review's marks survive a longer look: games of the strongest
# level and of the casual level against themselves (9x9 and 13x13, seeded,
# 2,000 iterations a move, no random opening), each reviewed at the default
# budget (2,000 iterations a position, with its second look at doubtful
# moves) and again at eight times it (a plain review); prints,
# per game and in all, the marks and how many of the moves marked ? or ??
# the longer review still marks at least ?!. docs/calibration.md has the
# figures of the last run and its time. The games, and each move's raw
# and calibrated drops at the first look, after the second look and at
# eight times the budget (*.drops, for trying other thresholds), stay in
# target/agreement/.
# Usage: scripts/review-agreement.sh [games on 9x9, default 6] [on 13x13, default 2] [seed, default 1]
source "$(dirname "$0")/lib.sh"
small="${1:-6}"
large="${2:-2}"
seed="${3:-1}"
mkdir -p target/agreement
cargo build --release --locked -p federa-cli
for level in master casual; do
  for size in 9 13; do
    games=$small
    [ "$size" -eq 13 ] && games=$large
    out=target/agreement/$level-$size.txt
    say "$games games of $level against itself on ${size}x${size}"
    target/release/federa match --a "$level" --b "$level" --games "$games" --size "$size" \
      --playouts 2000 --opening 0 --threads 2 --seed "$seed" --records "$out" > /dev/null
  done
done
say "each set reviewed at 2,000 and at 16,000 iterations, two at a time"
for size in 9 13; do
  for level in master casual; do
    target/release/federa analyse "target/agreement/$level-$size.txt" --playouts 2000 \
      --agreement 8 --drops "target/agreement/$level-$size.drops" > "target/agreement/$level-$size.out" &
  done
  wait
  for level in master casual; do
    say "$level on ${size}x${size}"
    cat "target/agreement/$level-$size.out"
  done
done
