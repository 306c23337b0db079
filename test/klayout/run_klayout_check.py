#!/usr/bin/env python3
"""CTest driver: lay out a fat-tree with ftvlsi, let KLayout read the GDS, and compare.

Usage: run_klayout_check.py FTVLSI KLAYOUT CHECK_SCRIPT WORKDIR
       PROFILE|mesh|torus|planar|cube|fat-pyramid-3d|partial-switches|partial-cube|sky130

For `cube` (a 512-processor universal fat-tree in 3D) the wiring planes are layers 100 + z and
the vias layer 20 with datatype z: KLayout must count the same paths over all planes and vias
over all datatypes, and find no overlap on any plane or via layer (node footprints of different
planes may overlap on layer 1 and are only counted).

KLayout must find the same bounding box (to within half a via side, 0.2 um: wires are drawn
as paths 0.2 um wide and vias as squares of 0.4 um centred on the track), the same number of shapes on every layer as ftvlsi measured, and no two
shapes overlapping on one layer.

Every case also checks what makes the file readable on its own: the database unit (0.1 um, or
the technology's), the top cell's label on layer 30/0 (network, n and style), and the layer
properties file beside the GDS, which KLayout's layer view loads and which names every layer
that holds a shape. `sky130` lays out a universal fat-tree of 1024 processors in SKY130's units
(technology/sky130.yaml): 1 nm database units, a grid unit of 0.46 um.
"""
import json
import os
import shutil
import subprocess
import sys


def main():
    ftvlsi, klayout, script, workdir, profile = sys.argv[1:6]
    if profile == "cube":
        return check_cube(ftvlsi, klayout, script, workdir,
                          ["-n", "512", "--capacity", "universal", "--style", "cube"])
    if profile == "partial-cube":
        # Partial-concentrator switches drawn inside the cube's boxes: a wire steps within a
        # plane before its run, one path to KLayout, so at most as many paths as plane segments.
        return check_cube(ftvlsi, klayout, script, workdir,
                          ["-n", "64", "--capacity", "universal", "--style", "cube",
                           "--switch-model", "partial"], exact_planes=False)
    if profile == "fat-pyramid-3d":
        # The lattice's wires turn within a plane, and the GDS writer draws such a turn as one
        # path: KLayout counts at most as many paths as ftvlsi counts plane segments.
        return check_cube(ftvlsi, klayout, script, workdir,
                          ["--network", "fat-pyramid", "-n", "512", "--style", "cube"],
                          exact_planes=False)
    if profile in ("mesh", "torus", "planar", "fat-pyramid", "butterfly-fat-tree"):
        network = ["--network", profile, "-n", "1024"]
    elif profile == "partial-switches":
        # Every switch drawn with its partial concentrators inside (--switch-model partial).
        network = ["-n", "1024", "--capacity", "area-universal", "--switch-model", "partial"]
    elif profile == "sky130":
        network = ["-n", "1024", "--capacity", "universal", "--technology", technology("sky130")]
    else:
        network = ["-n", "1024" if profile != "full" else "256", "--capacity", profile]
    layout, seen = lay_out_and_read(ftvlsi, klayout, script, workdir, [*network, "--drc"])
    counts = layout["node_counts"]
    expected = {
        "1/0": counts["processors"],
        "1/1": counts["switches"],
        "1/2": counts["interfaces"],
        "10/0": layout["segments_by_layer"][0],
        "11/0": layout["segments_by_layer"][1],
        "20/0": layout["vias"],
        "30/0": 1,  # the label
    }
    failures = readable(layout, seen)
    got = {k: v for k, v in seen["shapes_by_layer"].items() if v}
    if got != {k: v for k, v in expected.items() if v}:
        failures.append(f"shape counts differ: ftvlsi {expected}, KLayout {got}")
    unit = layout["technology"]["grid_unit_um"] if "technology" in layout else 1.0
    half_via = (layout["technology"]["grid_unit_um"] / 2 if "technology" in layout else 0.2) + 1e-6
    for ours, theirs_um in zip(layout["bbox"], seen["bbox_um"]):
        ours_um = ours * unit
        if abs(ours_um - theirs_um) > half_via:
            failures.append(f"bounding box differs: ftvlsi {layout['bbox']}, KLayout {seen['bbox_um']}")
            break
    return verdict(failures, layout, seen, lambda layer: True,
                   f"{sum(expected.values())} shapes, bbox {seen['bbox_um']}")


def technology(name):
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "technology",
                        name + ".yaml")


def readable(layout, seen):
    """The database unit, the label and the layer names: the failures, as a list."""
    failures = []
    dbu = layout["technology"]["database_unit_um"] if "technology" in layout else 0.1
    if abs(seen["dbu"] - dbu) > 1e-12:
        failures.append(f"database unit {seen['dbu']} um, expected {dbu} um")
    labels = [t["string"] for t in seen["texts"] if t["layer"] == "30/0"]
    want = f"{layout['kind']} n={layout['processors']} "
    if len(labels) != 1 or not labels[0].startswith(want) or \
            f"style={layout['style']}" not in labels[0]:
        failures.append(f"expected one label '{want}... style={layout['style']}' on 30/0 in the "
                        f"top cell, found {labels}")
    names = seen.get("lyp_names", {})
    unnamed = [k for k in seen["shapes_by_layer"] if not names.get(k)]
    if unnamed:
        failures.append(f"the layer properties name no layer for {unnamed}")
    if "technology" in layout and "30/0" in names and \
            layout["technology"]["name"] not in names["30/0"]:
        failures.append(f"the label layer's name {names['30/0']!r} does not name the technology")
    return failures


def verdict(failures, layout, seen, overlap_counts, summary):
    """Adds the checks every case shares (no same-layer overlap on the layers `overlap_counts`
    accepts, ftvlsi's own DRC clean), prints the outcome and returns the exit code."""
    overlaps = {k: v for k, v in seen["overlaps_by_layer"].items() if v and overlap_counts(k)}
    if overlaps:
        failures.append(f"same-layer overlaps found by KLayout: {overlaps}")
    if layout.get("drc_violations", 0) != 0:
        failures.append("ftvlsi's own DRC found violations")
    for failure in failures:
        print("FAIL:", failure)
    if not failures:
        print(f"KLayout agrees: {summary}, no overlaps")
    return 1 if failures else 0


def lay_out_and_read(ftvlsi, klayout, script, workdir, args):
    """Runs `ftvlsi layout ARGS` into a fresh WORKDIR, lets KLayout summarise the GDS, and returns
    (ftvlsi's layout section, KLayout's summary)."""
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    gds = os.path.join(workdir, "layout.gds")
    ours = os.path.join(workdir, "layout.json")
    theirs = os.path.join(workdir, "klayout.json")
    subprocess.run([ftvlsi, "layout", *args, "--gds", gds, "--json", ours], check=True)
    lyp = os.path.join(workdir, "layout.lyp")
    if not os.path.isfile(lyp):
        raise SystemExit(f"FAIL: ftvlsi wrote no layer properties beside the GDS ({lyp})")
    subprocess.run([klayout, "-b", "-r", script, "-rd", "input=" + gds, "-rd", "out=" + theirs,
                    "-rd", "lyp=" + lyp], check=True)
    with open(ours) as f:
        document = json.load(f)
    # What the checks compare besides the layout section: the network's kind and size and the
    # technology, if any.
    layout = document["layout"]
    layout["kind"] = document["network"]["kind"]
    layout["processors"] = document["network"]["processors"]
    if "technology" in document:
        layout["technology"] = document["technology"]
    with open(theirs) as f:
        seen = json.load(f)
    return layout, seen


def check_cube(ftvlsi, klayout, script, workdir, network, exact_planes=True):
    layout, seen = lay_out_and_read(ftvlsi, klayout, script, workdir,
                                    network + ["--drc-mode", "both"])
    counts = layout["node_counts"]
    shapes = seen["shapes_by_layer"]
    got = {"planes": 0, "vias": 0, "1/0": shapes.get("1/0", 0), "1/1": shapes.get("1/1", 0),
           "1/2": shapes.get("1/2", 0)}
    plane_layers = set()
    for key, n in shapes.items():
        layer = int(key.split("/")[0])
        if layer >= 100:
            got["planes"] += n
            plane_layers.add(layer)
        elif layer == 20:
            got["vias"] += n
    expected = {"planes": layout["plane_segments"], "vias": layout["vias"],
                "1/0": counts["processors"], "1/1": counts["switches"], "1/2": counts["interfaces"]}
    failures = readable(layout, seen)
    if shapes.get("30/0", 0) != 1:
        failures.append(f"expected the label alone on 30/0, found {shapes.get('30/0', 0)} shapes")
    if not exact_planes:
        if not 0 < got["planes"] <= expected["planes"]:
            failures.append(f"KLayout found {got['planes']} paths on the planes, ftvlsi drew "
                            f"{expected['planes']} plane segments")
        got["planes"] = expected["planes"]
    if got != expected:
        failures.append(f"shape counts differ: ftvlsi {expected}, KLayout {got}")
    if len(plane_layers) < 2:
        failures.append(f"expected a stack of plane layers, found {sorted(plane_layers)}")
    return verdict(failures, layout, seen,
                   lambda layer: not layer.startswith("1/") and layer != "30/0",
                   f"{sum(expected.values())} shapes on {len(plane_layers)} planes")


if __name__ == "__main__":
    sys.exit(main())
