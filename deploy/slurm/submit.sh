#!/bin/bash
# Submits a sweep as N array tasks and a merge job that runs when all of them succeeded.
# usage: deploy/slurm/submit.sh SWEEP.json N [OUTDIR]
set -euo pipefail
sweep=${1:?usage: submit.sh SWEEP.json N [OUTDIR]}
n=${2:?usage: submit.sh SWEEP.json N [OUTDIR]}
out=${3:-results}
array=$(sbatch --parsable --array="0-$((n - 1))" deploy/slurm/cclab-sweep.sbatch "$sweep" "$out")
merge=$(sbatch --parsable --dependency="afterok:${array}" --job-name=cclab-sweep-merge --cpus-per-task=1 \
  --time=00:30:00 --output="cclab-sweep-merge-%j.out" \
  --wrap="npx --no-install cclab sweep merge $out/shard-* --out $out/merged")
echo "shards: job array $array (0-$((n - 1))); merge: job $merge -> $out/merged"
