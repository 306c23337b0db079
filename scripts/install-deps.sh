#!/usr/bin/env bash
# Installs the Debian packages ftvlsi needs to build, test and run its main job.
# Only packages that are missing are installed; nothing else is downloaded.
set -euo pipefail
packages=(build-essential cmake ccache python3 libcgal-dev libboost-dev libyaml-cpp-dev
          doctest-dev libcli11-dev libfmt-dev nlohmann-json3-dev klayout
          chromium clang-format-14)  # chromium: the 3D view test; clang-format-14: the style check
# The Python module (pybind11, numpy; pytest and matplotlib for its tests and example),
# GNU parallel for sharded sweeps, and a local Slurm (slurm-wlm, munge) for scripts/test-slurm.sh.
packages+=(python3-dev pybind11-dev python3-numpy python3-pytest python3-matplotlib parallel
           slurm-wlm munge)
# clang-14 and libFuzzer for the fuzz targets (scripts/fuzz.sh), and the locale data
# the determinism test generates a decimal-comma locale (de_DE.UTF-8) from.
packages+=(clang-14 libclang-rt-14-dev locales)
# networkx reads ftvlsi export's GraphML in its test.
packages+=(python3-networkx)
# man ftvlsi and the bash completion that scripts/setup.sh installs.
packages+=(man-db bash-completion)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi
