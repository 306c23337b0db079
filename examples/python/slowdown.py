#!/usr/bin/python3
"""Sweep ftvlsi.simulate over sizes and both hosts and plot the slowdown Δ against the competing
network's layout area A (docs/python.md). Usage: slowdown.py [OUT.png] [--delay MODEL]
[--technology FILE] [--sizes 64,256,...]"""
import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import ftvlsi  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("out", nargs="?", default="slowdown.png")
    p.add_argument("--delay", default="linear")
    p.add_argument("--technology")
    p.add_argument("--sizes", default="64,256,1024,4096")
    a = p.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    fig, ax = plt.subplots(figsize=(6, 4))
    for host in ("fat-tree", "fat-pyramid"):
        area, slowdown = [], []
        for n in sizes:
            params = {"competing": "mesh", "processors": n, "host": host}
            if a.technology:
                params["technology"] = a.technology
            else:
                params["delay"] = a.delay
            r = ftvlsi.simulate(params)
            area.append(r.area_competing)
            slowdown.append(r.slowdown)
            print(f"{host:12} n={n:6} A={r.area_competing:10} slowdown={r.slowdown:8.2f}")
        ax.plot(area, slowdown, marker="o", label=host)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("A (mesh layout area, grid units)")
    ax.set_ylabel("slowdown Δ = T_host / T_R")
    model = a.technology or f"{a.delay} delay"
    ax.set_title(f"Simulating a mesh ({model})")
    ax.legend()
    fig.tight_layout()
    fig.savefig(a.out, dpi=120)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
