#!/usr/bin/env bash
# The README's headline table: a 4096-processor fat-tree (universal capacities) and fat-pyramid
# in each shipped process, with --alpha technology, measured from the layouts.
# Usage: scripts/technology-table.sh [FTVLSI]
set -euo pipefail
cd "$(dirname "$0")/.."
ftvlsi=${1:-build/release/ftvlsi}
echo "| process | network | grid | area mm² | longest wire mm | worst-wire ns | clock ns | processors mm² | crossbars mm² |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
for t in sky130 freepdk45 asap7 transit1993; do
  for net in "fat-tree --capacity universal" "fat-pyramid"; do
    # shellcheck disable=SC2086
    "$ftvlsi" layout --network $net -n 4096 --alpha technology --technology "technology/$t.yaml" \
      --json - | /usr/bin/python3 -c '
import json, sys
j = json.load(sys.stdin)
l, n, t = j["layout"], j["network"], j["technology"]
name = n["kind"] + (", " + n["capacity_profile"] if "capacity_profile" in n else "")
xbar = "%.3g" % l["switch_crossbar_mm2_total"] if "switch_crossbar_mm2_total" in l else "—"
print("| %s | %s | %d × %d | %.4g | %.4g | %.3g | %.3g | %.3g | %s |" % (
    t["name"], name, l["width"], l["height"], l["area_mm2"], l["wire_length_max_mm"],
    l["wire_delay_max_ns"], 1000 / t["clock_mhz"], l["processor_area_mm2"], xbar))'
  done
done
