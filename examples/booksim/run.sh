#!/usr/bin/env bash
# The worked example of docs/export.md: a 256-processor butterfly fat-tree and fat-pyramid, their
# wires measured on the fold-and-squash layout under a technology's repeated (linear-delay) wire,
# exported for BookSim2 and simulated there from low load to saturation; latency against offered
# load is plotted to latency.svg (matplotlib's when it is installed; PYTHON names the python3).
#
#   examples/booksim/run.sh [OUT_DIR] [TECHNOLOGY]      (default: booksim-example, transit1993)
#
# ftvlsi is taken from $FTVLSI (default: build/release/ftvlsi, else on PATH). BookSim2 is not
# packaged by Debian; without a `booksim` on PATH the script exports, prints the zero-load
# latencies, and says how to build it:
#   git clone https://github.com/booksim/booksim2 && cd booksim2/src && make   # needs flex, bison
#   export PATH=$PWD:$PATH
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-booksim-example}
tech=${2:-transit1993}
ftvlsi=${FTVLSI:-$root/build/release/ftvlsi}
[ -x "$ftvlsi" ] || ftvlsi=$(command -v ftvlsi)
mkdir -p "$out"
for net in butterfly-fat-tree fat-pyramid; do
  "$ftvlsi" export --network "$net" -n 256 --alpha technology \
    --technology "$root/technology/$tech.yaml" --format booksim --out "$out/$net.anynet" \
    --json "$out/$net.json"
done
if ! command -v booksim >/dev/null 2>&1; then
  echo "booksim not on PATH: exported to $out/, not simulated. To build BookSim2:"
  echo "  git clone https://github.com/booksim/booksim2 && make -C booksim2/src  (flex, bison)"
  echo "  PATH=\$PWD/booksim2/src:\$PATH $0 $*"
  exit 0
fi
rates="0.002 0.005 0.01 0.0125 0.015 0.0175 0.02 0.03 0.05 0.075 0.1 0.125 0.15 0.175 0.2 0.25 0.3
  0.35 0.4 0.45 0.5"
csv="$out/latency.csv"
echo "network,offered_load,packet_latency_average,hops_average" >"$csv"
for net in butterfly-fat-tree fat-pyramid; do
  for r in $rates; do
    # BookSim2 reads network_file relative to its working directory: run it in the folder.
    log=$(cd "$out" && booksim "$net.anynet.config" injection_rate="$r" 2>&1 || true)
    lat=$(echo "$log" | awk '/Packet latency average =/ {v=$5} END {print v}')
    hops=$(echo "$log" | awk '/Hops average =/ {v=$4} END {print v}')
    # A here-string, not a pipe: with pipefail, grep -q's early exit would fail the echo.
    if [ -z "$lat" ] || grep -q "^Simulation unstable\|^WARNING: Possible network deadlock" <<<"$log"; then
      echo "$net: saturated at offered load $r"
      break
    fi
    echo "$net,$r,$lat,$hops" | tee -a "$csv"
  done
done
# The zero-load latencies ftvlsi computed, for the plot's reference lines.
${PYTHON:-python3} "$root/examples/booksim/plot.py" "$csv" "$out" "$out"/*.json
