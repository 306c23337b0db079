#!/usr/bin/env python3
"""Latency against offered load from examples/booksim/run.sh's CSV, with ftvlsi's zero-load
latencies (the export JSON files given after the folder) as dashed lines, and dotted the zero-load
latency BookSim2 should see: that mean plus its router's 4 pipeline cycles (routing, VC and switch
allocation, switch traversal: iq_router's defaults) at each of the routers on a path, counted by
BookSim2's hops at the lowest load (docs/export.md): latency.svg, drawn by
matplotlib when it is installed (byte-identical for the same data), else a plain SVG chart drawn
here. docs/images/booksim-latency-load.svg is this plot of the worked example."""
import csv
import json
import os
import sys


def read(csv_path, summaries):
    series, hops = {}, {}
    with open(csv_path, newline="") as f:
        for row in csv.DictReader(f):
            series.setdefault(row["network"], []).append(
                (float(row["offered_load"]), float(row["packet_latency_average"])))
            if row.get("hops_average"):
                hops.setdefault(row["network"], float(row["hops_average"]))
    zero = {}
    for path in summaries:
        e = json.load(open(path))["export"]
        if e["mean_zero_load_latency_cycles"] is not None:
            zero[e["network"]] = e["mean_zero_load_latency_cycles"]
    predicted = {n: zero[n] + ROUTER_CYCLES * h for n, h in hops.items() if n in zero}
    return series, zero, predicted


ROUTER_CYCLES = 4  # BookSim2's iq_router: routing, VC allocation, switch allocation, traversal


def with_matplotlib(series, zero, predicted, path):
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "ftvlsi"  # stable ids: the same data, the same bytes
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for i, (name, points) in enumerate(series.items()):
        colour = f"C{i}"
        ax.plot(*zip(*points), marker="o", color=colour, label=f"{name} (BookSim2)")
        if name in zero:
            ax.axhline(zero[name], color=colour, linestyle="--", linewidth=1,
                       label=f"{name}: ftvlsi's zero-load mean over the links")
        if name in predicted:
            ax.axhline(predicted[name], color=colour, linestyle=":", linewidth=1,
                       label=f"{name}: that + {ROUTER_CYCLES} cycles a router")
    ax.set_xlabel("offered load (flits / node / cycle)")
    ax.set_ylabel("average packet latency (cycles)")
    ax.set_title("BookSim2 on ftvlsi's measured wire latencies, 256 processors")
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None})


def by_hand(series, zero, predicted, path):
    w, h, left, bottom, top = 640, 420, 60, 50, 30
    xs = [x for p in series.values() for x, _ in p] or [1]
    ys = [y for p in series.values() for _, y in p] + list(zero.values()) or [1]
    lines = [(zero, "4 3"), (predicted, "1 3")]
    xmax, ymax = max(xs), max(ys)

    def at(x, y):
        return (f"{left + (w - left - 20) * x / xmax:.1f}",
                f"{h - bottom - (h - bottom - top) * y / ymax:.1f}")

    colours = ["#1f77b4", "#ff7f0e", "#2ca02c"]
    parts = [f'<rect width="{w}" height="{h}" fill="white"/>',
             f'<line x1="{left}" y1="{h - bottom}" x2="{w - 20}" y2="{h - bottom}" stroke="black"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="black"/>',
             f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle">offered load '
             f'(flits / node / cycle), 0 .. {xmax:g}</text>',
             f'<text x="14" y="{top - 10}">average packet latency (cycles), 0 .. {ymax:.0f}</text>']
    for i, (name, points) in enumerate(series.items()):
        c = colours[i % len(colours)]
        pts = " ".join(",".join(at(x, y)) for x, y in points)
        parts.append(f'<polyline fill="none" stroke="{c}" points="{pts}"/>')
        parts.append(f'<text x="{left + 10}" y="{top + 16 + 16 * i}" fill="{c}">{name}</text>')
        for values, dashes in lines:
            if name in values:
                x1, y1 = at(0, values[name])
                x2, _ = at(xmax, values[name])
                parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y1}" stroke="{c}" '
                             f'stroke-dasharray="{dashes}"/>')
    with open(path, "w") as f:
        f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                f'font-family="sans-serif" font-size="12">' + "".join(parts) + "</svg>\n")


def main(csv_path, folder, summaries):
    series, zero, predicted = read(csv_path, summaries)
    path = os.path.join(folder, "latency.svg")
    try:
        with_matplotlib(series, zero, predicted, path)
    except ImportError:
        by_hand(series, zero, predicted, path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
