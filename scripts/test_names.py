#!/usr/bin/env python3
"""Every doctest case reaches CTest: doctest_discover_tests turns each case name into one CTest
test, and a name holding ';' (a CMake list separator) or an unbalanced '[' is split or dropped
without a word, so the case never runs.

Usage: scripts/test_names.py TEST_BINARY BUILD_DIR
Lists the binary's cases and the CTest tests of BUILD_DIR, and fails naming every case that has
no CTest test of its own name."""
import subprocess
import sys


def cases(binary):
    out = subprocess.run([binary, "--list-test-cases", "--no-version"], check=True,
                         capture_output=True, text=True).stdout
    lines = [l for l in out.splitlines() if l and not l.startswith("[doctest]")
             and not l.startswith("====")]
    return lines


def ctest_names(build_dir):
    out = subprocess.run(["ctest", "--test-dir", build_dir, "-N"], check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("Test") and ":" in line:
            names.add(line.split(":", 1)[1].strip())
    return names


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    listed = cases(sys.argv[1])
    known = ctest_names(sys.argv[2])
    lost = [name for name in listed if name not in known]
    for name in lost:
        print(f"doctest case without a CTest test (rename it: no ';', brackets balanced): {name}")
    if lost or not listed:
        sys.exit(1)
    print(f"{len(listed)} doctest cases, each a CTest test")


if __name__ == "__main__":
    main()
