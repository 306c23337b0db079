#!/usr/bin/env bash
# Configures and builds ftvlsi. Usage: scripts/build.sh [release|sanitize] (default release).
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-release}
case "$kind" in
  release) dir=build/release; flags=(-DCMAKE_BUILD_TYPE=Release) ;;
  # -O1 -g1 (line tables only): half the compile time of -O2 -g, and ASan's reports keep their
  # file:line frames.
  sanitize) dir=build/sanitize
            flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DFTVLSI_SANITIZE=ON
                   "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG") ;;
  *) echo "usage: scripts/build.sh [release|sanitize]" >&2; exit 2 ;;
esac
cmake -S . -B "$dir" "${flags[@]}" >/dev/null
cmake --build "$dir" -j "$(nproc)"
