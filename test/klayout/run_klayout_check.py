#!/usr/bin/env python3
"""CTest driver: lay out a fat-tree with ftvlsi, let KLayout read the GDS, and compare.

Usage: run_klayout_check.py FTVLSI KLAYOUT CHECK_SCRIPT WORKDIR PROFILE|mesh|torus|planar

KLayout must find the same bounding box (to within half a via side, 0.2 um: wires are drawn
as paths 0.2 um wide and vias as squares of 0.4 um centred on the track), the same number of shapes on every layer as ftvlsi measured, and no two
shapes overlapping on one layer.
"""
import json
import os
import shutil
import subprocess
import sys


def main():
    ftvlsi, klayout, script, workdir, profile = sys.argv[1:6]
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    gds = os.path.join(workdir, "layout.gds")
    ours = os.path.join(workdir, "layout.json")
    theirs = os.path.join(workdir, "klayout.json")
    if profile in ("mesh", "torus", "planar", "fat-pyramid", "butterfly-fat-tree"):
        network = ["--network", profile, "-n", "1024"]
    else:
        network = ["-n", "1024" if profile != "full" else "256", "--capacity", profile]
    subprocess.run([ftvlsi, "layout", *network, "--drc", "--gds", gds, "--json", ours], check=True)
    subprocess.run([klayout, "-b", "-r", script, "-rd", "input=" + gds, "-rd", "out=" + theirs],
                   check=True)
    with open(ours) as f:
        layout = json.load(f)["layout"]
    with open(theirs) as f:
        seen = json.load(f)
    counts = layout["node_counts"]
    expected = {
        "1/0": counts["processors"],
        "1/1": counts["switches"],
        "1/2": counts["interfaces"],
        "10/0": layout["segments_by_layer"][0],
        "11/0": layout["segments_by_layer"][1],
        "20/0": layout["vias"],
    }
    failures = []
    got = {k: v for k, v in seen["shapes_by_layer"].items() if v}
    if got != {k: v for k, v in expected.items() if v}:
        failures.append(f"shape counts differ: ftvlsi {expected}, KLayout {got}")
    half_via = 0.2 + 1e-6
    for ours_um, theirs_um in zip(layout["bbox"], seen["bbox_um"]):
        if abs(ours_um - theirs_um) > half_via:
            failures.append(f"bounding box differs: ftvlsi {layout['bbox']}, KLayout {seen['bbox_um']}")
            break
    overlaps = {k: v for k, v in seen["overlaps_by_layer"].items() if v}
    if overlaps:
        failures.append(f"same-layer overlaps found by KLayout: {overlaps}")
    if layout.get("drc_violations", 0) != 0:
        failures.append("ftvlsi's own DRC found violations")
    for failure in failures:
        print("FAIL:", failure)
    if not failures:
        print(f"KLayout agrees: {sum(expected.values())} shapes, bbox {seen['bbox_um']}, no overlaps")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
