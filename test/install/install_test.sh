#!/usr/bin/env bash
# ftvlsi installed like a tool (scripts/setup.sh, docs/python.md "Installing"): `cmake --install`
# into a temporary prefix, then the installed executable runs, its man page renders, its bash
# completion loads and completes, and Python imports the installed module from another folder.
# Usage: test/install/install_test.sh BUILD_DIR [PYTHON PYTHON_INSTALL_DIR]
set -euo pipefail
build=$1 python=${2:-} pydir=${3:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ftvlsi-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "install test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
exe=$prefix/bin/ftvlsi
[ -x "$exe" ] || fail "no executable at bin/ftvlsi"
"$exe" --help | grep -q '^Subcommands:' || fail "ftvlsi --help lists no subcommands"
"$exe" layout -n 16 | grep -q '"area"' || fail "the installed ftvlsi did not lay out 16 processors"

man_page=$prefix/share/man/man1/ftvlsi.1
[ -s "$man_page" ] || fail "no man page at share/man/man1/ftvlsi.1"
for sub in layout decompose route simulate check export merge; do
  grep -q "^\.SS $sub\$" "$man_page" || fail "the man page has no section for $sub"
done
grep -qF -- '\-\-max\-cycles' "$man_page" || fail "the man page lacks route's --max-cycles"
if command -v man >/dev/null; then
  MANWIDTH=100 man -l "$man_page" 2>/dev/null | grep -q 'SUBCOMMANDS' || fail "man cannot render it"
fi

completion=$prefix/share/bash-completion/completions/ftvlsi
[ -s "$completion" ] || fail "no completion at share/bash-completion/completions/ftvlsi"
words=$(bash -c 'source "$1"; complete -p ftvlsi >/dev/null || exit 9
  COMP_WORDS=(ftvlsi simulate --comp); COMP_CWORD=2; _ftvlsi; echo "${COMPREPLY[*]}"' _ "$completion") \
  || fail "the completion script does not load in bash"
[[ " $words " == *" --competing "* && " $words " == *" --competing-alpha "* ]] ||
  fail "'ftvlsi simulate --comp<TAB>' completes to '$words'"

if [ -n "$python" ] && [ -n "$pydir" ]; then
  [ -e "$prefix/$pydir" ] || fail "no Python module in $pydir"
  (cd "$tmp" && PYTHONPATH="$prefix/$pydir" "$python" -c "
import ftvlsi, numpy
assert ftvlsi.__file__.startswith('$prefix/'), ftvlsi.__file__
assert ftvlsi.layout(processors=16).area > 0
") || fail "$python cannot import the installed module"
fi
echo "install test: bin/ftvlsi, its man page, its bash completion${python:+ and the Python module} installed and working"
