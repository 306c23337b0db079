#!/usr/bin/env bash
# The main job from a fresh Debian 12 machine: install what is missing (apt-get only), build
# in Release, install ftvlsi like a tool and run `ftvlsi report`, which writes its files into
# out/report/.
#
# `cmake --install` (prefix /usr/local, or $FTVLSI_PREFIX) puts bin/ftvlsi on PATH, its man page
# (man ftvlsi) and bash completion (share/bash-completion/completions/ftvlsi, loaded by
# bash-completion in new shells), and the Python module into lib/python3.X/dist-packages, where
# Debian's /usr/bin/python3 finds it from any directory (docs/python.md, "Installing").
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${FTVLSI_PREFIX:-/usr/local}
scripts/install-deps.sh
scripts/build.sh release
# An older setup copied the module into the user site-packages, which comes first on
# /usr/bin/python3's path and would shadow the installed one.
user_site=$(/usr/bin/python3 -m site --user-site 2>/dev/null || true)
if [ -n "$user_site" ] && compgen -G "$user_site/ftvlsi.*.so" >/dev/null; then
  rm -f "$user_site"/ftvlsi.*.so && echo "removed the old copy of the module from $user_site"
fi
sudo_cmd=""
[ -w "$prefix" ] || sudo_cmd="sudo"
$sudo_cmd cmake --install build/release --prefix "$prefix"
echo "installed ftvlsi into $prefix: bin/ftvlsi, man ftvlsi, bash completion, the Python module"
if [ "$(command -v python3)" != /usr/bin/python3 ]; then
  echo "note: python3 on PATH is $(command -v python3); the module and numpy are /usr/bin/python3's" \
       "(docs/python.md, \"Installing\")"
fi
ftvlsi=$prefix/bin/ftvlsi
"$ftvlsi" report --out out/report
echo "open out/report/index.html in a browser (it links summary.md, check.md, every layout's folder; the .gds files open in KLayout)"
