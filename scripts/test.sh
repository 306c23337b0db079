#!/usr/bin/env bash
# Builds and runs the whole test suite through CTest. With --sanitize, the same tests run in a
# separate AddressSanitizer + UndefinedBehaviorSanitizer build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
kind=release
[ "${1:-}" = "--sanitize" ] && kind=sanitize
scripts/build.sh "$kind"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "build/$kind" --output-on-failure -j "$(nproc)"
