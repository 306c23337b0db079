# Checks a GDS file written by ftvlsi with KLayout's own reader (an implementation independent
# of ours), in batch mode:
#
#   klayout -b -r test/klayout/check_gds.py -rd input=FILE.gds [-rd expect=FILE.json] \
#       [-rd out=RESULT.json] [-rd top=CELL] [-rd lyp=FILE.lyp]
#
# Writes a JSON summary to `out` (standard output when not given):
#   {"top": name, "bbox_um": [x0, y0, x1, y1], "dbu": dbu,
#    "shapes_by_layer": {"1/0": n, ...},   counted through the whole hierarchy,
#    "overlaps_by_layer": {"10/0": n, ...}, regions covered by two or more shapes of a layer,
#    "cells": number of cells,
#    "texts": [{"layer": "30/0", "string": text, "size_um": height}, ...] in the top cell,
#    "lyp_names": {"1/0": "processor", ...}}  with `lyp`: the names KLayout's layer view gives
#                                              each layer after loading the layer properties
# With `expect` (a JSON with "bbox_um" and "shapes_by_layer", like the summary), it compares and
# exits with status 1 on any mismatch or overlap, printing one line per problem to stderr.
# Usage errors (no input, no unique top cell and no `top`) exit with status 2; KLayout itself
# exits with 1 and an "ERROR:" line when the file cannot be read.
# Variables given with -rd are globals of this script; KLayout -b passes sys.exit's status on.
import json
import sys

import pya

BBOX_TOLERANCE_UM = 1e-6


def fail_usage(message):
    sys.stderr.write("check_gds.py: " + message + "\n")
    sys.exit(2)


def option(name):
    value = globals().get(name)
    return value if value else None


def top_cell(layout):
    name = option("top")
    if name is not None:
        if not layout.has_cell(name):
            fail_usage("the layout has no cell named '%s'" % name)
        return layout.cell(name)
    tops = list(layout.each_top_cell())
    if len(tops) != 1:
        names = [layout.cell(i).name for i in tops]
        fail_usage("expected exactly one top cell, found %d: %s; name one with -rd top=NAME"
                   % (len(tops), names))
    return layout.cell(tops[0])


def layer_key(layout, index):
    info = layout.get_info(index)
    return "%d/%d" % (info.layer, info.datatype)


def count_overlaps(layout, cell, index):
    # merged(min_coherence, min_wc) keeps the areas covered by at least min_wc shapes in
    # KLayout 0.28 (checked: min_wc 0 and 1 are a plain merge, 2 gives pairwise overlaps).
    # Shapes that only touch give no area and are not counted.
    region = pya.Region(cell.begin_shapes_rec(index))
    return region.merged(False, 2).count()


def summarize(layout):
    top = top_cell(layout)
    shapes, overlaps = {}, {}
    for index in layout.layer_indexes():
        count = 0
        it = top.begin_shapes_rec(index)
        while not it.at_end():
            count += 1
            it.next()
        if count == 0:
            continue
        key = layer_key(layout, index)
        shapes[key] = count
        overlaps[key] = count_overlaps(layout, top, index)
    box = top.dbbox()
    return {
        "top": top.name,
        # Rounded so that 40 * 0.1 reads 4.0, not 3.9999999999999996; 1e-9 um is far finer
        # than any database unit.
        "bbox_um": [round(v, 9) for v in (box.left, box.bottom, box.right, box.top)],
        "dbu": float("%.12g" % layout.dbu),
        "shapes_by_layer": dict(sorted(shapes.items())),
        "overlaps_by_layer": dict(sorted(overlaps.items())),
        "cells": layout.cells(),
    }


def top_texts(layout, top):
    texts = []
    for index in layout.layer_indexes():
        for shape in top.shapes(index).each():
            if shape.is_text():
                texts.append({"layer": layer_key(layout, index), "string": shape.text_string,
                              "size_um": round(shape.text_size * layout.dbu, 9)})
    return texts


def lyp_names(path, lyp):
    # A layout view (KLayout 0.28 builds one without a window in batch mode) loads the file as
    # File > Load Layer Properties does; each entry's source is "layer/datatype@1".
    view = pya.LayoutView()
    view.load_layout(path, True)
    view.load_layer_props(lyp)
    names = {}
    it = view.begin_layers()
    while not it.at_end():
        props = it.current()
        names["%d/%d" % (props.source_layer, props.source_datatype)] = props.name
        it.next()
    return names


def compare(summary, expect):
    problems = []
    if "bbox_um" in expect:
        want, got = expect["bbox_um"], summary["bbox_um"]
        if len(want) != 4 or any(abs(w - g) > BBOX_TOLERANCE_UM for w, g in zip(want, got)):
            problems.append("bounding box is %s um, expected %s um" % (got, want))
    if "shapes_by_layer" in expect:
        want, got = expect["shapes_by_layer"], summary["shapes_by_layer"]
        for key in sorted(set(want) | set(got)):
            if want.get(key, 0) != got.get(key, 0):
                problems.append("layer %s has %d shapes, expected %d"
                                % (key, got.get(key, 0), want.get(key, 0)))
    for key, n in summary["overlaps_by_layer"].items():
        if n != 0:
            problems.append("layer %s has %d overlapping regions" % (key, n))
    return problems


def main():
    path = option("input")
    if path is None:
        fail_usage("give the GDS file with -rd input=FILE.gds")
    layout = pya.Layout()
    layout.read(path)
    summary = summarize(layout)
    summary["texts"] = top_texts(layout, top_cell(layout))
    if option("lyp") is not None:
        summary["lyp_names"] = lyp_names(path, option("lyp"))
    text = json.dumps(summary, indent=2, sort_keys=True) + "\n"
    out = option("out")
    if out is None:
        sys.stdout.write(text)
    else:
        with open(out, "w") as f:
            f.write(text)
    expect_path = option("expect")
    if expect_path is None:
        return
    with open(expect_path) as f:
        problems = compare(summary, json.load(f))
    for p in problems:
        sys.stderr.write("check_gds.py: %s: %s\n" % (path, p))
    if problems:
        sys.exit(1)


main()
