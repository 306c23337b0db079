#!/usr/bin/env python3
"""ftvlsi against Scotch on the same graphs: map meshes and planar networks one-to-one onto the
leaves of a binary tree (a fat-tree), then measure the per-level maximum channel load of the
one-step message set with ftvlsi (`decompose --mapping-in`), so both mappings are judged alike.

Usage: bench/scotch_compare.py FTVLSI [SIZES...]   (needs Debian's `scotch`: scotch_gmap)
Prints a Markdown table: time to map, load factor lambda on a linear-size host, and the largest
channel load per binary level (root first).
"""
import json
import os
import subprocess
import sys
import tempfile
import time


def run(cmd, **kw):
    start = time.time()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)
    return time.time() - start


def ftvlsi_json(ftvlsi, args, out):
    elapsed = run([ftvlsi, "decompose", *args, "--json", out])
    with open(out) as f:
        return elapsed, json.load(f)


def levels(n):
    return max(1, (n - 1).bit_length())


def main():
    ftvlsi = sys.argv[1]
    cases = [("mesh", 64 * 64), ("mesh", 128 * 128), ("mesh", 256 * 256),
             ("planar", 4096), ("planar", 16384), ("planar", 65536)]
    if len(sys.argv) > 2:
        cases = [(k, int(n)) for k, n in (a.split(":") for a in sys.argv[2:])]
    print("| network | processors | mapper | time s | lambda | max load per level (root first) |")
    print("|---|---:|---|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for kind, n in cases:
            base = ["--network", kind, "-n", str(n), "--seed", "1"]
            grf, tgt = os.path.join(tmp, "g.grf"), os.path.join(tmp, "t.tgt")
            for mapping in ("balanced", "geometric"):
                t, j = ftvlsi_json(ftvlsi, base + ["--mapping", mapping, "--export-scotch", grf],
                                   os.path.join(tmp, "f.json"))
                print(f"| {kind} | {n} | ftvlsi {mapping} | {t:.2f} | {j['load_factor']:.1f} | "
                      f"{j['load_by_level'][1:]} |", flush=True)
            with open(tgt, "w") as f:
                f.write("tleaf %d %s\n" % (levels(n), " ".join(["2 1"] * levels(n))))
            for flags in ("-cb", ""):
                raw = os.path.join(tmp, "s.map")
                try:
                    t = run(["scotch_gmap", *([flags] if flags else []), grf, tgt, raw], timeout=150)
                except subprocess.TimeoutExpired:
                    print(f"| {kind} | {n} | scotch_gmap {flags or 'default'} | >150 | | |", flush=True)
                    continue
                mapped = os.path.join(tmp, "s.txt")
                with open(raw) as src, open(mapped, "w") as dst:
                    next(src)
                    dst.writelines(src)
                _, j = ftvlsi_json(ftvlsi, base + ["--mapping-in", mapped], os.path.join(tmp, "s.json"))
                print(f"| {kind} | {n} | scotch_gmap {flags or 'default'} | {t:.2f} | "
                      f"{j['load_factor']:.1f} | {j['load_by_level'][1:]} |", flush=True)


if __name__ == "__main__":
    main()
