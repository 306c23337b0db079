#!/usr/bin/env python3
"""Latency against offered load from examples/booksim/run.sh's CSV: latency.png with matplotlib,
else a plain SVG line chart (latency.svg) drawn here."""
import csv
import os
import sys


def main(csv_path, folder):
    series = {}
    with open(csv_path, newline="") as f:
        for row in csv.DictReader(f):
            series.setdefault(row["network"], []).append(
                (float(row["offered_load"]), float(row["packet_latency_average"])))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        plt = None
    if plt:
        for name, points in series.items():
            plt.plot(*zip(*points), marker="o", label=name)
        plt.xlabel("offered load (flits / node / cycle)")
        plt.ylabel("average packet latency (cycles)")
        plt.title("BookSim2 on ftvlsi's measured wire latencies, 256 processors")
        plt.legend()
        path = os.path.join(folder, "latency.png")
        plt.savefig(path, dpi=120)
    else:
        path = os.path.join(folder, "latency.svg")
        xs = [x for p in series.values() for x, _ in p] or [1]
        ys = [y for p in series.values() for _, y in p] or [1]
        w, h, colours = 600, 400, ["#1f77b4", "#d62728"]
        lines = []
        for i, (name, points) in enumerate(series.items()):
            pts = " ".join(f"{50 + 500 * x / max(xs):.1f},{350 - 300 * y / max(ys):.1f}"
                           for x, y in points)
            lines.append(f'<polyline fill="none" stroke="{colours[i % 2]}" points="{pts}"/>'
                         f'<text x="60" y="{20 + 16 * i}" fill="{colours[i % 2]}">{name}</text>')
        with open(path, "w") as f:
            f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">'
                    + "".join(lines) + "</svg>\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
