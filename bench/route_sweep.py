#!/usr/bin/env python3
"""The routing benchmark's table: `route_bench ALGORITHM LG_N` for every algorithm and size.

    bench/route_sweep.py [--bench build/release/bench/route_bench] [--sizes 16,18,20,22,24]
                         [--algorithms greedy,random,...] [--timeout SECONDS]

Every run is its own process, so that its peak memory (getrusage) is its own. Prints a Markdown
table: cycles, message-channel steps, wall and CPU seconds, steps per wall second, peak MiB and
bytes per message. A run past the timeout is stopped and shown as such; one that route_bench
refuses (a memory estimate over the machine's) shows its first line.
"""
import argparse
import re
import subprocess
import sys

ALGORITHMS = ["greedy", "random", "random-prime", "offline", "corollary-2", "adversary"]
LINE = re.compile(
    r"(?P<alg>\S+) n=2\^(?P<lg>\d+) lanes=(?P<lanes>\d): (?P<messages>\d+) messages, "
    r"(?P<cycles>\d+) cycles, (?P<steps>\d+) steps in (?P<wall>[0-9.]+) s = (?P<rate>\S+) steps/s "
    r"\((?P<cpu>[0-9.]+) s CPU\); peak (?P<mib>[0-9.]+) MiB = (?P<bpm>[0-9.]+) bytes/message"
    r"(?:; schedule built in (?P<schedule>[0-9.]+) s)?")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", default="build/release/bench/route_bench")
    ap.add_argument("--sizes", default="16,18,20,22,24")
    ap.add_argument("--algorithms", default=",".join(ALGORITHMS))
    ap.add_argument("--timeout", type=float, default=900)
    args = ap.parse_args()
    print("| algorithm | n | messages | cycles | steps | wall s | CPU s | steps/s (wall) | "
          "peak MiB | bytes/message | schedule s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for alg in args.algorithms.split(","):
        for lg in (int(s) for s in args.sizes.split(",")):
            try:
                run = subprocess.run([args.bench, alg, str(lg)], capture_output=True, text=True,
                                     timeout=args.timeout)
            except subprocess.TimeoutExpired:
                print(f"| {alg} | 2^{lg} | | | | > {args.timeout:.0f} | | | | | |")
                sys.stdout.flush()
                continue
            m = LINE.search(run.stdout)
            if not m:
                why = (run.stderr or run.stdout).strip().splitlines()
                print(f"| {alg} | 2^{lg} | {why[0] if why else 'exit ' + str(run.returncode)} "
                      "| | | | | | | | |")
                sys.stdout.flush()
                continue
            g = m.groupdict()
            print(f"| {alg} | 2^{lg} | {int(g['messages']):,} | {int(g['cycles']):,} | "
                  f"{int(g['steps']):.3g} | {float(g['wall']):.2f} | {float(g['cpu']):.2f} | "
                  f"{float(g['rate']):.3g} | {float(g['mib']):.0f} | {float(g['bpm']):.0f} | "
                  f"{g['schedule'] or ''} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
