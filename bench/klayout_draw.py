# KLayout comparison for the layout benchmark: draws the flat shapes of an H-tree (dumped by
# `layout_bench --dump N FILE`) with KLayout's Python API and writes them as GDS, timing the
# shapes per second. Run:
#   klayout -b -r bench/klayout_draw.py -rd input=/tmp/htree.txt -rd output=/tmp/htree_klayout.gds
import time
import pya

start = time.time()
layout = pya.Layout()
layout.dbu = 0.1
top = layout.create_cell("TOP")
nodes = layout.layer(1, 0)
m1 = layout.layer(10, 0)
m2 = layout.layer(11, 0)
count = 0
with open(input) as f:  # noqa: F821 (set by -rd)
    for line in f:
        kind, x0, y0, x1, y1 = line.split()
        x0, y0, x1, y1 = int(x0) * 10, int(y0) * 10, int(x1) * 10, int(y1) * 10
        if kind == "N":
            top.shapes(nodes).insert(pya.Box(x0, y0, x1, y1))
        else:
            path = pya.Path([pya.Point(x0, y0), pya.Point(x1, y1)], 2)
            top.shapes(m1 if y0 == y1 else m2).insert(path)
        count += 1
layout.write(output)  # noqa: F821
elapsed = time.time() - start
print(f"klayout python: {count} shapes in {elapsed:.2f} s = {count / elapsed:.3g} shapes/s")
