#!/usr/bin/env bash
# Regenerates the golden files in test/golden/ from the built ftvlsi: runs every line of
# test/golden/cases.txt (the cases test/cli/golden_files_test.cpp compares) and copies what it
# writes into test/golden/. Run it after a deliberate change to an output (a new JSON key, a
# writer change, a new case), then review `git diff test/golden` before committing. A version
# bump alone needs no regeneration: the test masks the tool version in the JSON files.
#
# Usage: scripts/regen-golden.sh [FTVLSI]   (default build/release/ftvlsi; build it first)
#
# Every case runs twice, in separate output folders; unless both runs write the same bytes the
# goldens are left untouched, since a nondeterministic output cannot be a golden.
set -euo pipefail
exe=${1:+$(realpath "$1")}
cd "$(dirname "$0")/.."
exe=${exe:-build/release/ftvlsi}
if [ ! -x "$exe" ]; then
  echo "regen-golden: $exe is not an executable; build it first (scripts/build.sh)" >&2
  exit 2
fi
cases=test/golden/cases.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for run in first second; do
  mkdir -p "$work/$run"
  while IFS= read -r line; do
    case "$line" in '' | '#'*) continue ;; esac
    # The arguments are plain words (cases.txt allows no quoting), so word splitting is intended.
    # shellcheck disable=SC2086
    if ! "$exe" ${line//@OUT@/$work/$run} >"$work/log" 2>&1; then
      echo "regen-golden: this case failed, goldens unchanged: ftvlsi $line" >&2
      cat "$work/log" >&2
      exit 1
    fi
  done <"$cases"
done

if ! diff -r "$work/first" "$work/second" >/dev/null; then
  echo "regen-golden: two runs wrote different files, goldens unchanged:" >&2
  diff -rq "$work/first" "$work/second" >&2 || true
  exit 1
fi

cp "$work/first"/* test/golden/
for golden in test/golden/*; do
  name=$(basename "$golden")
  if [ "$name" != cases.txt ] && [ ! -e "$work/first/$name" ]; then
    echo "regen-golden: no case writes $golden any more; remove it (git rm)" >&2
  fi
done
echo "regen-golden: $(find "$work/first" -type f | wc -l) golden files written; review git diff test/golden"
