#!/usr/bin/env bash
# Whether the win-chance map, fitted at the review's budget (2,000
# iterations a position), holds where the search looks longer, as on the
# analysis board: new games of the strongest level against itself (seed 2;
# the map was fitted on seed 1's), 9x9 and 13x13 in turn, every position
# analysed at 2,000 and at 16,000 iterations (the move played is the
# first's choice), then `federa calibrate check` reports the shipped map's
# calibration at each (docs/calibration.md has the figures of the last
# run). Time on this machine (2 cores, both used): 28 min for 24 games.
# Usage: scripts/calibrate-budgets.sh [games]
source "$(dirname "$0")/lib.sh"
games="${1:-24}"
out=target/calibrate-check/games-$games.tsv
mkdir -p target/calibrate-check
cargo build --release --locked -p federa-cli
if [ ! -f "$out" ]; then
  say "self-play of the strongest level, $games games, analysed at 2,000 and 16,000 iterations"
  target/release/federa calibrate play --sizes 9,13 --budgets 2000,16000 --opening 4 \
    --games "$games" --seed 2 --threads 2 --out "$out.part"
  mv "$out.part" "$out"
fi
target/release/federa calibrate check "$out"
