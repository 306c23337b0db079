#!/bin/sh
# The default report run whole and as two shards merged: the same folder byte for byte (DeHon's
# section included), and every relative link of its .md and .html files resolves, #anchors too;
# until merged, a shard folder's index.html says that the report is incomplete.
# Usage: report_merge_equals_whole.sh FTVLSI WORKDIR
set -eu
exe=$1
work=$2
here=$(dirname "$0")
rm -rf "$work"
mkdir -p "$work"
"$exe" report --out "$work/whole" >/dev/null 2>&1
"$exe" report --shard 1/2 --out "$work/s1" >/dev/null 2>&1
"$exe" report --shard 2/2 --out "$work/s2" >/dev/null 2>&1
grep -q "This report is incomplete" "$work/s1/index.html"
"$exe" merge "$work/s1" "$work/s2" --out "$work/merged" >/dev/null 2>&1
diff -r "$work/whole" "$work/merged"
python3 "$here/../../scripts/report_links.py" "$work/whole"
python3 "$here/../../scripts/report_links.py" "$work/merged"
