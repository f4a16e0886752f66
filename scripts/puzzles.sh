#!/usr/bin/env bash
# Regenerates the site's puzzles (www/puzzles.txt) as they were made, re-proves
# every one of them, and measures how the ratings order them (docs/puzzles.md
# has the figures of the last run). The games are seeded and kept in order, so
# a rerun writes the same file whatever the number of threads. On this
# machine (2 cores, both used) the last run took the times docs/puzzles.md
# gives. The test command re-proves a sample of 50.
# Usage: scripts/puzzles.sh
source "$(dirname "$0")/lib.sh"
cargo build --release --locked -p federa-cli
say "mining and rating puzzles from 280 seeded games between the AI's levels"
target/release/federa puzzles --games 280 --sizes 5,6,7,8,9,10,11 --plies 9 \
  --empty 8 --nodes 20000 --margin 0 --branches 3 --attempts 6 --seed 1 \
  --threads 2 --out www/puzzles.txt
say "re-proving every puzzle"
target/release/federa puzzles --check www/puzzles.txt
say "how often levels solve the puzzles of each rating band (seeds the rating did not use)"
target/release/federa puzzles --bands www/puzzles.txt --attempts 2 --threads 2
