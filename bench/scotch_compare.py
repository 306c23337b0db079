#!/usr/bin/env python3
"""ftvlsi against Scotch on the same graph files: map each graph one-to-one onto the leaves of a
binary tree (a fat-tree) with ftvlsi and with Scotch (`scotch_gmap`, target `tleaf L 2 c ...`,
with -cb and the default strategy), then judge every mapping the same way with
`ftvlsi decompose --mapping-in` on one-step loads (every wire one message each way).

Usage: /usr/bin/python3 bench/scotch_compare.py FTVLSI [--mappers a,b] [--no-scotch]
       [--target unit|rising] [--scotch-free R] [KIND:N ...]
(needs Debian's scotch unless --no-scotch)

Every graph is first written once as Scotch files (`--export-scotch g.grf --export-xyz g.xyz`,
placement coordinates); both tools then read those files: ftvlsi with
`decompose --network file --network-file g.grf --coordinates g.xyz --cut-on placement
--mapping-out f.map`, Scotch with `scotch_gmap g.grf t.tgt s.map`.

Targets: `unit` (the default) is `tleaf L 2 1 2 1 ...`, every link of cost 1; `rising` gives the
links of level i (1 the root's) the cost round(2^((L - i) / 2)), rising toward the root as a
fat-tree's thinning channels suggest (an area-universal tree's channel below a node of s leaves
has about √s wires for s messages' worth of traffic), which Scotch works harder on.

Scotch runs with `-Cd` (its deterministic context: the same mapping every run; Debian's Scotch
7.0.3 otherwise maps the same files differently from run to run, tree loads 239 to 372 on the
65,536-processor unit-disk graph). `--scotch-free R` adds R runs of `-cb` without it, one row each,
to show that spread; the summary's speed-up is then over the fastest `-cb` run of either kind, and
its loads are compared with the deterministic run's and with the free runs' median.

Times: `wall s` is the whole command as a user runs it, process start and file reading included
(the best of three for ftvlsi, one run for Scotch); `CPU s` is the child's user + system time of
that run, steadier when the machine is shared. Columns:
  lambda linear: the load factor on the linear-size host (alpha = placement area / leaves);
  lambda fat:    the load factor on the area-universal host (the `rising` target's tree);
  lambda tree:   the largest channel load, i.e. lambda on the binary tree with capacity 1 per
                 channel (the `unit` target's own measure);
  loads:         the largest channel load per binary level, root channel first (level 0, which
                 always carries 0, left out).
Prints the Markdown table of docs/decompose.md, then one summary line per network for `balanced`
and `balanced-top` (when run), the speed-up over `scotch_gmap -cb` by wall-clock and by CPU time.
"""
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

CASES = [("mesh", 64 * 64), ("mesh", 128 * 128), ("mesh", 256 * 256),
         ("planar", 4096), ("planar", 16384), ("planar", 65536),
         ("unit-disk", 4096), ("unit-disk", 16384), ("unit-disk", 65536),
         ("fem", 4096), ("fem", 16384), ("fem", 65536)]
FTVLSI_MAPPERS = ("balanced", "balanced-top", "balanced-refined", "balanced-plain", "geometric")
SUMMARY_MAPPERS = ("balanced", "balanced-top")  # a summary line each
SCOTCH_TIMEOUT = 300


def run(cmd, timeout=None):
    """(wall-clock seconds, the child's CPU seconds: user + system) of one whole run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=timeout)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def judge(ftvlsi, graph, mapping, out):
    """(lambda linear, lambda fat, lambda tree, loads) of a mapping."""
    figures = []
    for host in ("linear-size", "area-universal"):
        run([ftvlsi, "decompose", *graph, "--mapping-in", mapping, "--host-capacity", host,
             "--json", out])
        with open(out) as f:
            j = json.load(f)
        figures.append(j["load_factor"])
    loads = j["load_by_level"][1:]
    return figures[0], figures[1], max(loads), loads


def levels(n):
    return max(1, (n - 1).bit_length())


def target_line(n, target):
    depth = levels(n)
    if target == "unit":
        costs = [1] * depth
    else:
        costs = [max(1, round(2 ** ((depth - i) / 2))) for i in range(1, depth + 1)]
    return "tleaf %d %s\n" % (depth, " ".join(f"2 {c}" for c in costs))


def take_option(args, name, default):
    """The value after `name` in args, both taken out; `default` when it is not there."""
    if name not in args:
        return default
    i = args.index(name)
    value = args[i + 1]
    del args[i:i + 2]
    return value


def main():
    ftvlsi = os.path.abspath(sys.argv[1])
    args = sys.argv[2:]
    scotch = "--no-scotch" not in args
    if not scotch:
        args.remove("--no-scotch")
    mappers = tuple(take_option(args, "--mappers", ",".join(FTVLSI_MAPPERS)).split(","))
    free = int(take_option(args, "--scotch-free", "0"))
    target = take_option(args, "--target", "unit")
    if target not in ("unit", "rising"):
        sys.exit("--target is unit or rising")
    cases = [(k, int(n)) for k, n in (a.split(":") for a in args)] if args else CASES
    print(f"Target: {target} link costs.\n")
    print("| network | processors | mapper | wall s | CPU s | lambda linear | lambda fat | "
          "lambda tree | max load per level (root first) |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---|")
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
                f.write(target_line(n, target))
            scotch_runs = [("-cb -Cd", ["-cb", "-Cd"]), ("default -Cd", ["-Cd"])]
            scotch_runs += [(f"-cb free {r + 1}", ["-cb"]) for r in range(free)]
            frees = []  # the free -cb runs' rows
            for label, flags in scotch_runs if scotch else ():
                out = os.path.join(tmp, "s.map")
                name = f"scotch_gmap {label}"
                try:
                    t = run(["scotch_gmap", *flags, grf, tgt, out], timeout=SCOTCH_TIMEOUT)
                except subprocess.TimeoutExpired:
                    rows[name] = None
                    continue
                rows[name] = (t, *judge(ftvlsi, graph, out, os.path.join(tmp, "j.json")))
                if "-Cd" not in flags:
                    frees.append(rows[name])
            for name, row in rows.items():
                if row is None:
                    print(f"| {kind} | {n} | {name} | >{SCOTCH_TIMEOUT} | | | | | |", flush=True)
                    continue
                (wall, cpu), lam, fat, tree, loads = row
                print(f"| {kind} | {n} | {name} | {wall:.2f} | {cpu:.2f} | {lam:.2f} | "
                      f"{fat:.2f} | {tree} | {loads} |", flush=True)
            cb = rows.get("scotch_gmap -cb -Cd")
            for mapper in SUMMARY_MAPPERS:
                ours = rows.get(f"ftvlsi {mapper}")
                if ours and cb:
                    summary.append((kind, n, mapper, ours, cb, frees))
    print()
    for kind, n, mapper, ours, cb, frees in summary:
        (w, c), lam, fat, tree = ours[0], ours[1], ours[2], ours[3]
        (sw, sc) = min((r[0] for r in [cb, *frees]), key=lambda t: t[0])
        line = (f"{kind} {n}: {mapper} against scotch_gmap -cb: {sw / w:.0f}x faster by wall-clock "
                f"({sc / c:.0f}x by CPU); lambda linear {lam:.2f} vs {cb[1]:.2f}, fat {fat:.2f} vs "
                f"{cb[2]:.2f}, tree {tree} vs {cb[3]} (-Cd)")
        if frees:
            med = [statistics.median(r[i] for r in frees) for i in (1, 2, 3)]
            line += (f"; the free runs' medians {med[0]:.2f}, {med[1]:.2f}, {med[2]:g} "
                     f"(tree {min(r[3] for r in frees)}-{max(r[3] for r in frees)})")
        print(line)


if __name__ == "__main__":
    main()
