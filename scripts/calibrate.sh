#!/usr/bin/env bash
# Regenerates the map from the search's values to win chances
# (crates/federa-core/src/search/calibration_table.rs, with its digest in
# crates/federa-core/tests/data/calibration_fingerprint.txt) as it was made,
# and prints its calibration on the held-out games and draws the reliability
# diagram (docs/calibration.md has the figures of the last run).
#
# The strongest level plays itself from openings of 0 to 4 random
# placements, with the pie rule, at the review's budget (2,000 iterations a
# position); every position's raw value, side to move and the game's
# result are written.
# Games 0-719 take the sizes in turn by game number, 9x9 and 13x13 twice as
# often as 7x7 and 11x11; games 720-839 are all 13x13. The games are seeded
# by their number, so the shards below (or any other cut, on any number of
# machines: `--first` and `--games`, e.g. as GNU parallel or Slurm array
# jobs) concatenate to the same data. The data (14 MB) stays in
# target/calibrate/. Time on this machine (2 cores, both used): 59 min for
# games 0-719, 18 min for 720-839.
#
# A longer search's values are more decided, so 9x9 has a second table for
# 16,000 iterations (the analysis board searches that long in a few
# seconds): 60 more games, seed 3, every position analysed at 16,000
# iterations (28 min). The chance between the two budgets is interpolated
# in the iterations' logarithm. The second fit keeps the first's tables,
# which the build in between compiles in.
# Usage: scripts/calibrate.sh
source "$(dirname "$0")/lib.sh"
shard=60
mkdir -p target/calibrate
cargo build --release --locked -p federa-cli
say "self-play of the strongest level, 840 games in shards of $shard"
for ((first = 0; first < 840; first += shard)); do
  out=target/calibrate/games-$(printf %05d "$first").tsv
  [ -f "$out" ] && continue
  sizes=7,9,13,9,11,13
  [ "$first" -ge 720 ] && sizes=13
  target/release/federa calibrate play --sizes "$sizes" --first "$first" \
    --games "$shard" --budgets 2000 --opening 4 --seed 1 --threads 2 --out "$out.part"
  mv "$out.part" "$out"
done
long=target/calibrate/long-9x9-16000.tsv
if [ ! -f "$long" ]; then
  say "self-play of the strongest level on 9x9, 60 games at 16,000 iterations"
  target/release/federa calibrate play --sizes 9 --games 60 --budgets 16000 --opening 4 \
    --seed 3 --threads 2 --out "$long.part"
  mv "$long.part" "$long"
fi
say "fitting the map to the training games (three games in four)"
fit() { # budget, diagram, data...
  local budget="$1" diagram="$2"
  shift 2
  target/release/federa calibrate fit "$@" --budget "$budget" \
    --table crates/federa-core/src/search/calibration_table.rs \
    --fingerprint crates/federa-core/tests/data/calibration_fingerprint.txt \
    --diagram "$diagram"
  cargo fmt -- crates/federa-core/src/search/calibration_table.rs
  cargo build --release --locked -p federa-cli
}
fit 2000 docs/calibration.svg target/calibrate/games-*.tsv
fit 16000 docs/calibration-16000.svg "$long"
