#!/bin/bash
# Submits a sweep as a job array of N shards and a merge job that runs when all succeeded
# (docs/cluster.md). Usage: examples/slurm/submit.sh N OUT_DIR [sbatch options...]
# Prints the merge job's ID; the report lands in OUT_DIR/merged. Environment:
#   FTVLSI       the ftvlsi executable (default: ftvlsi on PATH; refused when neither is found)
#   SWEEP_ARGS   the sweep's flags, passed on to sweep.sbatch
#   SWEEP_TIME, SWEEP_MEM   each shard's --time and --mem (default 2:00:00 and 4G)
#   MERGE_TIME, MERGE_MEM   the merge job's (default 0:30:00 and 2G)
# sbatch options given after OUT_DIR come last, so they win over these.
set -euo pipefail
usage="usage: submit.sh N OUT_DIR [sbatch options...]"
fail() {
  echo "submit.sh: $1" >&2
  exit 2
}
[ $# -ge 2 ] || fail "$usage"
n=$1
[[ $n =~ ^[1-9][0-9]*$ ]] || fail "N must be a positive number of shards, not '$n'; $usage"
out=$(realpath -m "$2")
shift 2
ftvlsi=${FTVLSI:-$(command -v ftvlsi || true)}
[ -n "$ftvlsi" ] || fail "ftvlsi is not on PATH; install it (scripts/setup.sh) or set FTVLSI to the executable"
[ -x "$ftvlsi" ] || fail "FTVLSI=$ftvlsi is not an executable file; set FTVLSI to the ftvlsi executable"
ftvlsi=$(realpath "$ftvlsi")  # the jobs run elsewhere: an absolute path
command -v sbatch >/dev/null || fail "sbatch is not on PATH; run this on a Slurm login node"
here=$(dirname "$(realpath "$0")")
mkdir -p "$out"
export OUT=$out FTVLSI=$ftvlsi
array=$(sbatch --parsable --array="1-$n" --chdir="$out" \
  --time="${SWEEP_TIME:-2:00:00}" --mem="${SWEEP_MEM:-4G}" "$@" "$here/sweep.sbatch")
[ -n "$array" ] || { echo "submit.sh: sbatch printed no job ID for the array" >&2; exit 1; }
shards=$(for k in $(seq 1 "$n"); do printf '%q ' "$out/shard-$k"; done)
merge=$(sbatch --parsable --dependency="afterok:${array%%;*}" --chdir="$out" \
  --time="${MERGE_TIME:-0:30:00}" --mem="${MERGE_MEM:-2G}" "$@" \
  --job-name=ftvlsi-merge --output=ftvlsi-merge-%j.out \
  --wrap="$(printf '%q' "$ftvlsi") merge ${shards}--out $(printf '%q' "$out/merged")")
[ -n "$merge" ] || { echo "submit.sh: sbatch printed no job ID for the merge" >&2; exit 1; }
echo "$merge"
