#!/bin/bash
# Submits a sweep as a job array of N shards and a merge job that runs when all succeeded
# (docs/cluster.md). Usage: examples/slurm/submit.sh N OUT_DIR [sbatch options...]
# Prints the merge job's ID; the report lands in OUT_DIR/merged.
set -euo pipefail
n=${1:?usage: submit.sh N OUT_DIR [sbatch options]}
out=$(realpath -m "${2:?usage: submit.sh N OUT_DIR [sbatch options]}")
shift 2
here=$(dirname "$(realpath "$0")")
mkdir -p "$out"
export OUT=$out FTVLSI=${FTVLSI:-$(command -v ftvlsi)}
array=$(sbatch --parsable --array="1-$n" --chdir="$out" "$@" "$here/sweep.sbatch")
merge=$(sbatch --parsable --dependency="afterok:${array%%;*}" --chdir="$out" "$@" \
  --job-name=ftvlsi-merge --output=ftvlsi-merge-%j.out \
  --wrap="\"$FTVLSI\" merge $(for k in $(seq 1 "$n"); do printf '%q ' "$out/shard-$k"; done) --out \"$out/merged\"")
echo "$merge"
