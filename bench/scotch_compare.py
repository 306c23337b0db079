#!/usr/bin/env python3
"""ftvlsi against Scotch on the same graph files: map each graph one-to-one onto the leaves of a
binary tree (a fat-tree) with ftvlsi and with Scotch (`scotch_gmap`, target `tleaf L 2 1 ...`,
with -cb and the default strategy), then judge every mapping the same way with
`ftvlsi decompose --mapping-in` on one-step loads (every wire one message each way).

Usage: /usr/bin/python3 bench/scotch_compare.py FTVLSI [--mappers a,b] [--no-scotch] [KIND:N ...]
(needs Debian's scotch unless --no-scotch)

Every graph is first written once as Scotch files (`--export-scotch g.grf --export-xyz g.xyz`,
placement coordinates); both tools then read those files: ftvlsi with
`decompose --network file --network-file g.grf --coordinates g.xyz --cut-on placement
--mapping-out f.map`, Scotch with `scotch_gmap g.grf t.tgt s.map`. Times are wall-clock for the
whole run of each, in CPU seconds (user + system; the best of three for ftvlsi, one run for
Scotch), since wall-clock on a shared machine measures the neighbours. Columns:
  lambda linear: the load factor on the linear-size host (alpha = placement area / leaves);
  lambda tree:   the largest channel load, i.e. lambda on the binary tree with capacity 1 per
                 channel (Scotch's own target);
  loads:         the largest channel load per binary level, root channel first (level 0, which
                 always carries 0, left out).
Prints the Markdown table of the README, then one summary line per network family.
"""
import json
import os
import resource
import subprocess
import sys
import tempfile

CASES = [("mesh", 64 * 64), ("mesh", 128 * 128), ("mesh", 256 * 256),
         ("planar", 4096), ("planar", 16384), ("planar", 65536),
         ("unit-disk", 4096), ("unit-disk", 16384), ("unit-disk", 65536),
         ("fem", 4096), ("fem", 16384), ("fem", 65536)]
FTVLSI_MAPPERS = ("balanced", "balanced-refined", "balanced-plain", "geometric")
SCOTCH_TIMEOUT = 300


def run(cmd, timeout=None):
    """The child's CPU time (user + system): fair on a shared machine, where wall-clock is not."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def judge(ftvlsi, graph, mapping, out):
    run([ftvlsi, "decompose", *graph, "--mapping-in", mapping, "--json", out])
    with open(out) as f:
        j = json.load(f)
    loads = j["load_by_level"][1:]
    return j["load_factor"], max(loads), loads


def levels(n):
    return max(1, (n - 1).bit_length())


def main():
    ftvlsi = os.path.abspath(sys.argv[1])
    args = sys.argv[2:]
    mappers, scotch = FTVLSI_MAPPERS, True
    if "--no-scotch" in args:
        args.remove("--no-scotch")
        scotch = False
    if "--mappers" in args:
        i = args.index("--mappers")
        mappers = tuple(args[i + 1].split(","))
        del args[i:i + 2]
    cases = [(k, int(n)) for k, n in (a.split(":") for a in args)] if args else CASES
    print("| network | processors | mapper | time s | lambda linear | lambda tree | "
          "max load per level (root first) |")
    print("|---|---:|---|---:|---:|---:|---|")
    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        grf, xyz, tgt = (os.path.join(tmp, x) for x in ("g.grf", "g.xyz", "t.tgt"))
        for kind, n in cases:
            run([ftvlsi, "decompose", "--network", kind, "-n", str(n), "--seed", "1",
                 "--cut-on", "placement", "--mapping", "geometric", "--export-scotch", grf,
                 "--export-xyz", xyz, "--json", os.path.join(tmp, "gen.json")])
            graph = ["--network", "file", "--network-file", grf, "--coordinates", xyz,
                     "--cut-on", "placement"]
            rows = {}
            for mapper in mappers:
                out = os.path.join(tmp, f"{mapper}.map")
                t = min(run([ftvlsi, "decompose", *graph, "--mapping", mapper, "--mapping-out",
                             out, "--json", os.path.join(tmp, "f.json")]) for _ in range(3))
                rows[f"ftvlsi {mapper}"] = (t, *judge(ftvlsi, graph, out, os.path.join(tmp, "j.json")))
            with open(tgt, "w") as f:
                f.write("tleaf %d %s\n" % (levels(n), " ".join(["2 1"] * levels(n))))
            for flags in ("-cb", "") if scotch else ():
                out = os.path.join(tmp, "s.map")
                name = f"scotch_gmap {flags or 'default'}"
                try:
                    t = run(["scotch_gmap", *([flags] if flags else []), grf, tgt, out],
                            timeout=SCOTCH_TIMEOUT)
                except subprocess.TimeoutExpired:
                    rows[name] = None
                    continue
                rows[name] = (t, *judge(ftvlsi, graph, out, os.path.join(tmp, "j.json")))
            for name, row in rows.items():
                if row is None:
                    print(f"| {kind} | {n} | {name} | >{SCOTCH_TIMEOUT} | | | |", flush=True)
                    continue
                t, lam, tree, loads = row
                print(f"| {kind} | {n} | {name} | {t:.2f} | {lam:.2f} | {tree} | {loads} |",
                      flush=True)
            ours, cb = rows.get("ftvlsi balanced"), rows.get("scotch_gmap -cb")
            if ours and cb:
                summary.append((kind, n, ours[1] <= cb[1] + 1e-9, ours[2] <= cb[2],
                                cb[0] / ours[0]))
    print()
    for kind, n, lin, tree, speed in summary:
        print(f"{kind} {n}: balanced <= scotch -cb on linear-size host: {lin}, on the tree: "
              f"{tree}; {speed:.0f}x faster")


if __name__ == "__main__":
    main()
