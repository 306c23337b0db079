#!/usr/bin/env bash
# Runs every libFuzzer target of test/fuzz/ for SECONDS each (default 60) under ASan + UBSan and
# prints one line per target: name, executions, crashes. Usage: scripts/fuzz.sh [SECONDS]
#   FUZZ_JOBS=N     parallel workers per target (default 1)
#   FUZZ_TARGETS="a b"  only these targets
#   FUZZ_RUNS=N     stop a target after N inputs (before SECONDS when it is fast enough)
#   FUZZ_TIMEOUT=S  seconds of wall time one input may take before it counts as a hang (default 1;
#                   raise it on a machine so loaded that a niced run is descheduled that long)
# The fuzz build (clang-14, option FTVLSI_FUZZ) is in build/fuzz; each target starts from its seed
# corpus test/fuzz/corpus/<target>/ with its dictionary test/fuzz/dict/, grows a working corpus
# in build/fuzz/corpus/<target>/ (kept between runs), and writes what it finds to
# build/fuzz/findings/<target>/. Limits: 1 s per input (a hang), 2 GiB (an out-of-memory). The
# exit code is 1 when any target found a crash, a leak, a hang or an out-of-memory.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
root=$PWD
build=$root/build/fuzz
cmake -S . -B "$build" -DFTVLSI_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
targets=${FUZZ_TARGETS:-"layout_spec report_spec decompose_spec network_file message_file mapping_file graph_file command_line shard_partial"}
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0:malloc_context_size=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
failed=0
for t in $targets; do
  case $t in *_spec) dict=yaml ;; *) dict=$t ;; esac
  work=$build/corpus/$t
  findings=$build/findings/$t
  mkdir -p "$work" "$findings"
  log=$build/findings/$t.log
  # The command-line target reads the files its arguments name: run it where layouts/ is.
  parallel=()
  [ "${FUZZ_JOBS:-1}" -gt 1 ] && parallel=(-fork="$FUZZ_JOBS" -ignore_crashes=1)
  [ -n "${FUZZ_RUNS:-}" ] && parallel+=(-runs="$FUZZ_RUNS")
  (cd "$root" && "$build/test/fuzz/fuzz_$t" -dict="$root/test/fuzz/dict/$dict.dict" \
     -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-1}" -rss_limit_mb=2048 -malloc_limit_mb=2048 \
     -close_fd_mask=3 -print_final_stats=1 "${parallel[@]}" \
     -artifact_prefix="$findings/" "$work" "$root/test/fuzz/corpus/$t" >"$log" 2>&1) || true
  # (grep finds nothing in some logs; under pipefail that must not end the script.)
  execs=$( (grep -o 'stat::number_of_executed_units: [0-9]*' "$log" || true) |
    awk '{s += $2} END {print s + 0}')
  # -fork mode prints no final stats: its last "#N" status line counts every worker's inputs.
  [ "$execs" -gt 0 ] || execs=$( (grep -o '^#[0-9]*' "$log" || true) | tail -1 | tr -d '#')
  execs=${execs:-0}
  crashes=$(find "$findings" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' \
              -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
  cov=$( (grep -o 'cov: [0-9]*' "$log" || true) | tail -1 | awk '{print $2}')
  printf '%-16s %12s executions %4s crashes  (coverage: %s edges)\n' "$t" "$execs" "$crashes" "${cov:-?}"
  [ "$crashes" -eq 0 ] || failed=1
done
exit $failed
