#!/bin/sh
# Runs one shard of a cclab sweep: the shard's index comes from the batch system.
#   Slurm job array:         SLURM_ARRAY_TASK_ID (minus SLURM_ARRAY_TASK_MIN), SLURM_ARRAY_TASK_COUNT shards
#   Kubernetes Indexed Job:  JOB_COMPLETION_INDEX, SHARDS shards (set it to the Job's completions)
#   by hand:                 SHARD_INDEX, SHARDS
# usage: cclab-shard.sh SWEEP.json OUTDIR [extra cclab sweep options]
# Writes OUTDIR/shard-I. A shard that is rerun (requeued, preempted, retried) skips the runs it
# already logged, so retries cost only the unfinished runs. Threads: SLURM_CPUS_PER_TASK or
# CCLAB_JOBS, else one per core the process may use.
set -eu
sweep=${1:?usage: cclab-shard.sh SWEEP.json OUTDIR [options]}
out=${2:?usage: cclab-shard.sh SWEEP.json OUTDIR [options]}
shift 2
if [ -n "${JOB_COMPLETION_INDEX:-}" ]; then
  index=$JOB_COMPLETION_INDEX
  count=${SHARDS:?set SHARDS to the number of completions}
elif [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  index=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-0}))
  count=${SLURM_ARRAY_TASK_COUNT:?run as a job array (sbatch --array=0-N)}
else
  index=${SHARD_INDEX:?set SHARD_INDEX (or run under Slurm or a Kubernetes Indexed Job)}
  count=${SHARDS:?set SHARDS}
fi
jobs=${SLURM_CPUS_PER_TASK:-${CCLAB_JOBS:-}}
cclab=${CCLAB:-npx --no-install cclab}
echo "cclab sweep $sweep: shard $index/$count -> $out/shard-$index" >&2
# shellcheck disable=SC2086
exec $cclab sweep "$sweep" --shard "$index/$count" --out "$out/shard-$index" ${jobs:+--jobs "$jobs"} "$@"
