#!/usr/bin/env bash
# The main job from a fresh Debian 12 machine: install what is missing (apt-get only), build
# in Release, and run `ftvlsi report`, which writes its files into out/report/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh release
# The Python module (docs/python.md) into Debian python3's user site-packages, so that
# `python3 -c "import ftvlsi"` works from any directory.
for so in build/release/python/ftvlsi.*.so; do
  [ -e "$so" ] || continue
  site=$(/usr/bin/python3 -m site --user-site)
  mkdir -p "$site" && cp "$so" "$site/" && echo "installed the Python module ftvlsi into $site"
done
build/release/ftvlsi report --out out/report
echo "open out/report/index.html in a browser (it links summary.md, check.md, every layout's folder; the .gds files open in KLayout)"
