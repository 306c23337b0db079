#!/usr/bin/env bash
# A sweep as a Slurm job array of 4 shards plus a dependent merge (examples/slurm/submit.sh),
# compared with a single run (docs/cluster.md). Usage:
#   scripts/test-slurm.sh [--start-local] [FTVLSI]
# --start-local: write a one-node configuration under $TMPDIR, start munged, slurmctld and slurmd
# (Debian's munge and slurm-wlm; needs root for the daemons' users), run the test, stop them.
# Without it, the cluster sbatch reaches runs the jobs (the output folder must be shared).
set -euo pipefail
cd "$(dirname "$0")/.."
start_local=0
[ "${1:-}" = "--start-local" ] && { start_local=1; shift; }
ftvlsi=$(realpath "${1:-build/release/ftvlsi}")
work=$(mktemp -d "${TMPDIR:-/tmp}/ftvlsi-slurm.XXXXXX")
pids=()

stop_local() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
}

start_daemons() {
  local host etc=$work/etc
  host=$(hostname -s)
  mkdir -p "$etc" "$work/spool" "$work/state" "$work/munge"
  cat > "$etc/slurm.conf" <<CONF
ClusterName=ftvlsi
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$etc/slurm.conf
  munged --force --socket="$work/munge/munge.socket" --pid-file="$work/munge/munged.pid" \
    --log-file="$work/munge/munged.log" --seed-file="$work/munge/munged.seed"
  pids+=("$(cat "$work/munge/munged.pid")")
  slurmctld -f "$SLURM_CONF"
  for _ in $(seq 50); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.2; done
  pids+=("$(cat "$work/slurmctld.pid")")
  slurmd -f "$SLURM_CONF"
  for _ in $(seq 50); do [ -s "$work/slurmd.pid" ] && break; sleep 0.2; done
  pids+=("$(cat "$work/slurmd.pid")")
  for _ in $(seq 100); do
    sinfo -h -o %t 2>/dev/null | grep -q idle && return 0
    sleep 0.3
  done
  echo "test-slurm: the local node did not come up; slurmctld.log says:" >&2
  tail -5 "$work/slurmctld.log" "$work/slurmd.log" >&2 || true
  return 1
}

if [ "$start_local" = 1 ]; then
  trap stop_local EXIT
  start_daemons
fi
command -v sbatch >/dev/null || { echo "test-slurm: sbatch not found (install slurm-wlm)" >&2; exit 2; }
args="--sizes 16,64,256 --seed 5"
"$ftvlsi" simulate --sweep $args --report "$work/single" 2>/dev/null
merge=$(FTVLSI=$ftvlsi SWEEP_ARGS=$args examples/slurm/submit.sh 4 "$work/array")
for _ in $(seq 600); do
  state=$(squeue -h -j "$merge" -o %T 2>/dev/null || true)
  [ -z "$state" ] && break
  sleep 0.5
done
[ -f "$work/array/merged/simulate.md" ] || {
  echo "test-slurm: the merge job wrote nothing; job output:" >&2
  cat "$work"/array/*.out >&2 || true
  exit 1
}
diff -r "$work/single" "$work/array/merged"
echo "test-slurm: 4 array tasks merged == single run ($(ls "$work/single" | wc -l) files, $work)"
