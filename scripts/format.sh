#!/usr/bin/env bash
# clang-format 14 over every C++ source of the project. Usage: scripts/format.sh [--check]
# (--check changes nothing and fails, naming the files, when one is not formatted; CI runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.cpp' '*.hpp' '*.cpp.in')
if [ "${1:-}" = "--check" ]; then
  bad=()
  for f in $files; do
    clang-format-14 --style=file "$f" | cmp -s - "$f" || bad+=("$f")
  done
  if [ ${#bad[@]} -gt 0 ]; then
    echo "not clang-formatted (run scripts/format.sh): ${bad[*]}" >&2
    exit 1
  fi
  echo "clang-format: all $(echo "$files" | wc -w) files formatted"
else
  clang-format-14 --style=file -i $files
fi
