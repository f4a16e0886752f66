#!/usr/bin/env bash
# Self-play data for the network (issue 59): the strongest level (`master`)
# against itself at 5,000 iterations a move, sizes 7, 9, 11 and 13 in turn,
# each game opened by 0 to 4 random placements. Written in shards of 10
# games to train/data/selfplay-<first game>.txt (not in git): a shard
# already written is skipped, so a run stopped anywhere goes on where it
# stood, and shards made on other machines (any split: a game's data
# depends only on its number and the seed) concatenate to the same data.
# Each line: game, size, pie (1), position, the root's moves with their
# visits (`token:visits`), the winner (crates/federa-cli/src/learning.rs).
#
# Usage: train/selfplay.sh FIRST_SHARD END_SHARD [THREADS]
#   shards FIRST_SHARD up to (not including) END_SHARD, THREADS games at
#   once (default 1). docs/network.md has how many this machine made and
#   how long it took, and the same run spread with GNU parallel or Slurm.
source "$(dirname "$0")/../scripts/lib.sh"
first="${1:?usage: train/selfplay.sh FIRST_SHARD END_SHARD [THREADS]}"
end="${2:?usage: train/selfplay.sh FIRST_SHARD END_SHARD [THREADS]}"
threads="${3:-1}"
games=10
mkdir -p train/data
# One build plays every shard: the first run keeps its binary and commit
# beside the data, and later runs use that binary, not the tree's.
bin=train/data/federa
if [ ! -x "$bin" ]; then
  cargo build --release --locked -p federa-cli
  cp target/release/federa "$bin"
  git rev-parse HEAD >"$bin.commit"
fi
say "self-play by the build of commit $(cat "$bin.commit")"
for ((shard = first; shard < end; shard++)); do
  out="train/data/selfplay-$((shard * games)).txt"
  [ -s "$out" ] && continue
  say "shard $shard: games $((shard * games)) to $((shard * games + games - 1))"
  "$bin" selfplay --player master --sizes 7,9,11,13 --playouts 5000 --opening 4 \
    --seed 59 --first $((shard * games)) --games "$games" --threads "$threads" --out "$out.part"
  mv "$out.part" "$out"
done
