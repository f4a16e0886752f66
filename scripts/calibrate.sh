#!/usr/bin/env bash
# Regenerates the map from the search's values to win chances
# (crates/federa-core/src/search/calibration_table.rs, with its digest in
# crates/federa-core/tests/data/calibration_fingerprint.txt) as it was made,
# and prints its calibration on the held-out games and draws the reliability
# diagram (docs/calibration.md has the figures of the last run).
#
# The strongest level plays itself from openings of 0 to 4 random
# placements, with the pie rule, at the review's budget (2,000 iterations a
# position); every position's raw value and the game's result are written.
# Games 0-719 take the sizes in turn by game number, 9x9 and 13x13 twice as
# often as 7x7 and 11x11; games 720-839 are all 13x13. The games are seeded
# by their number, so the shards below (or any other cut, on any number of
# machines: `--first` and `--games`, e.g. as GNU parallel or Slurm array
# jobs) concatenate to the same data. The data (14 MB) stays in
# target/calibrate/. Time on this machine (2 cores, both used): 59 min for
# games 0-719, 18 min for 720-839.
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
say "fitting the map to the training games (three games in four)"
target/release/federa calibrate fit target/calibrate/games-*.tsv --budget 2000 \
  --table crates/federa-core/src/search/calibration_table.rs \
  --fingerprint crates/federa-core/tests/data/calibration_fingerprint.txt \
  --diagram docs/calibration.svg
