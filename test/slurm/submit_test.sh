#!/usr/bin/env bash
# examples/slurm/submit.sh against a fake sbatch (docs/cluster.md): it refuses to submit, with
# exit code 2 and one line saying why, without ftvlsi, without sbatch or with a bad N; with them
# it submits the array and the merge with --time and --mem, and the fake sbatch runs both jobs
# as Slurm would, so the merged report must equal a single run's.
# Usage: test/slurm/submit_test.sh FTVLSI
set -euo pipefail
exe=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
submit=$root/examples/slurm/submit.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/ftvlsi-submit.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "submit test: $*" >&2; exit 1; }

# A PATH holding only the tools submit.sh and the jobs use, and the fake sbatch.
tools=$work/tools
mkdir -p "$tools"
for t in bash realpath dirname mkdir seq cat; do ln -s "$(command -v "$t")" "$tools/$t"; done
cat > "$tools/sbatch" <<'SBATCH'
#!/bin/bash
# Records its arguments, prints a job ID as --parsable does, and runs the job in place: an
# array's script once per task with Slurm's variables, or the --wrap command.
set -euo pipefail
id=$(( $(cat "$FAKE_SBATCH_LOG.id" 2>/dev/null || echo 1000) + 1 ))
echo "$id" > "$FAKE_SBATCH_LOG.id"
{ printf '%s\n' "$@"; echo "----"; } >> "$FAKE_SBATCH_LOG"
array='' wrap='' chdir=. script=''
for a in "$@"; do
  case $a in
    --array=*) array=${a#--array=} ;;
    --wrap=*) wrap=${a#--wrap=} ;;
    --chdir=*) chdir=${a#--chdir=} ;;
    -*) ;;
    *) script=$a ;;
  esac
done
cd "$chdir"
if [ -n "$wrap" ]; then
  bash -c "$wrap" > "job-$id.out" 2>&1
else
  n=${array#1-}
  for k in $(seq 1 "$n"); do
    SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_COUNT=$n bash "$script" \
      > "job-$id-$k.out" 2>&1
  done
fi
echo "$id"
SBATCH
chmod +x "$tools/sbatch"
export FAKE_SBATCH_LOG=$work/sbatch.log

refused() {  # refused "what" "expected message" command...
  local what=$1 expected=$2 code=0
  shift 2
  "$@" > "$work/out" 2> "$work/err" || code=$?
  [ "$code" = 2 ] || fail "$what: exit code $code, not 2 ($(cat "$work/err"))"
  grep -q "$expected" "$work/err" || fail "$what: the message is '$(cat "$work/err")'"
  [ "$(wc -l < "$work/err")" = 1 ] || fail "$what: not one line: $(cat "$work/err")"
  [ ! -s "$FAKE_SBATCH_LOG" ] || fail "$what: sbatch was called"
}
refused "no ftvlsi" "ftvlsi is not on PATH" env -u FTVLSI PATH="$tools" "$submit" 2 "$work/a"
refused "FTVLSI not a file" "is not an executable" env FTVLSI=/nonexistent PATH="$tools" \
  "$submit" 2 "$work/a"
refused "N = 0" "N must be a positive number" env FTVLSI="$exe" PATH="$tools" "$submit" 0 "$work/a"
refused "no OUT_DIR" "usage: submit.sh" env FTVLSI="$exe" PATH="$tools" "$submit" 2
rm "$tools/sbatch.off" 2>/dev/null || true
mv "$tools/sbatch" "$tools/sbatch.off"
refused "no sbatch" "sbatch is not on PATH" env FTVLSI="$exe" PATH="$tools" "$submit" 2 "$work/a"
mv "$tools/sbatch.off" "$tools/sbatch"

# ftvlsi found on PATH: the array of 3 and the merge, with their limits; the fake runs both.
ln -s "$exe" "$tools/ftvlsi"
args="--sizes 16,64 --seed 3"
merge=$(env -u FTVLSI PATH="$tools" SWEEP_ARGS="$args" SWEEP_MEM=1G "$submit" 3 "$work/array" \
  --partition=test) || fail "submit.sh failed: $(cat "$work"/array/job-* 2>/dev/null)"
[ "$merge" = 1002 ] || fail "submit.sh printed '$merge', not the merge job's ID 1002"
calls=$(cat "$FAKE_SBATCH_LOG")
first=${calls%%----*}
second=${calls#*----}
for want in "--array=1-3" "--time=2:00:00" "--mem=1G" "--partition=test" \
  "$root/examples/slurm/sweep.sbatch"; do
  grep -qxF -- "$want" <<< "$first" || fail "the array's sbatch lacks $want: $first"
done
for want in "--dependency=afterok:1001" "--time=0:30:00" "--mem=2G" "--partition=test" \
  "--wrap=$(realpath "$exe") merge $work/array/shard-1 $work/array/shard-2 $work/array/shard-3 --out $work/array/merged"; do
  grep -qxF -- "$want" <<< "$second" || fail "the merge's sbatch lacks $want: $second"
done
# The jobs Slurm would run wrote the single run's report.
"$exe" simulate --sweep $args --report "$work/single" 2>/dev/null
diff -r "$work/single" "$work/array/merged" || fail "the merged report differs from a single run"
echo "submit test: refusals exit 2; the array (--time, --mem) and the merge ran and equal a single run"
