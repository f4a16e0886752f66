#!/usr/bin/env bash
# Regenerates the opening explorer's books (www/book/7x7.txt, 9x9.txt and
# 13x13.txt) as they were made (docs/book.md has the run's figures).
#
# The strongest level plays itself from the empty board with the pie rule at
# 1,000 iterations a move; for its first 8 plies each move is drawn, in
# proportion to its visits, among the searched moves with at least half the
# visits of the most visited, so the games vary among the moves it likes. The
# games are seeded by their number, so the shards below (or any other cut,
# on any number of machines: `--first` and `--games`, e.g. as GNU parallel
# or Slurm array jobs, docs/book.md) build the same book. The records stay
# in target/book/. `federa book build` then merges the first 12 plies of
# every game under the board's symmetries, keeps the moves played in at
# least two games, and has the AI judge each at the review's budget. When
# the AI's judgement changes (its calibration, its search) but not the games,
# `federa book judge www/book/9x9.txt --seed 1` judges a book again: the
# same book as a new build from the records.
# Usage: scripts/book.sh [size...]   (default: 7 9 13)
source "$(dirname "$0")/lib.sh"
shard=40
declare -A games=([7]=1000 [9]=800 [13]=160)
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(7 9 13)
cargo build --release --locked -p federa-cli
mkdir -p www/book
for size in "${sizes[@]}"; do
  n=${games[$size]:?no book is made for size $size}
  dir=target/book/$size
  mkdir -p "$dir"
  say "${size}x${size}: $n games of the strongest level against itself, in shards of $shard"
  for ((first = 0; first < n; first += shard)); do
    out=$dir/games-$(printf %05d "$first").txt
    [ -f "$out" ] && continue
    target/release/federa book play --size "$size" --first "$first" --games "$shard" \
      --budget 1000 --vary 8 --seed 1 --threads 2 --out "$out.part"
    mv "$out.part" "$out"
  done
  say "${size}x${size}: the book"
  target/release/federa book build "$dir"/games-*.txt --plies 12 --min-games 2 --seed 1 \
    --out "www/book/${size}x${size}.txt"
  gzip -9 -c "www/book/${size}x${size}.txt" | wc -c | xargs printf '%s bytes gzipped\n'
done
