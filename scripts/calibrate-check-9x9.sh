#!/usr/bin/env bash
# How the shipped win-chance map holds on 9x9 games it was not fitted on,
# at the review's budget (2,000 iterations) and at 16,000 (the analysis
# board's longer looks): 108 games of the strongest level against itself,
# every position analysed at both budgets, the move played the 2,000
# analysis's choice. Three sets: seed 2's 24 games, seed 3's games 60-119
# (the 16,000 table was fitted on its games 0-59), seed 5's 24 games; then
# `federa calibrate check` on each and on all three together
# (docs/calibration.md has the figures of the last run). Time on this
# machine (2 cores, both used): 23 to 25 min.
# Usage: scripts/calibrate-check-9x9.sh
source "$(dirname "$0")/lib.sh"
dir=target/calibrate-check
mkdir -p "$dir"
cargo build --release --locked -p federa-cli
play() { # file, seed, first, games
  [ -f "$dir/$1" ] && return
  say "self-play of the strongest level on 9x9: seed $2, games $3 to $(($3 + $4 - 1))"
  target/release/federa calibrate play --sizes 9 --budgets 2000,16000 --opening 4 \
    --seed "$2" --first "$3" --games "$4" --threads 2 --out "$dir/$1.part"
  mv "$dir/$1.part" "$dir/$1"
}
play 9x9-seed2.tsv 2 0 24
play 9x9-seed3-60.tsv 3 60 60
play 9x9-seed5.tsv 5 0 24
for set in seed2 seed3-60 seed5; do
  say "$set"
  target/release/federa calibrate check "$dir/9x9-$set.tsv"
done
say "all three"
target/release/federa calibrate check "$dir"/9x9-seed2.tsv "$dir"/9x9-seed3-60.tsv "$dir"/9x9-seed5.tsv
