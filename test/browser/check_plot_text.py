#!/usr/bin/env python3
"""CTest driver: make one plot of each kind (a 2D layout's SVG, a slowdown plot, DeHon's route and
fault plots, check plots), inline them all in one page, let headless Chromium lay the text out in
its own fonts, and check that every <text> element's box (getBBox, through its transforms) lies
inside its SVG's viewBox. The writers only estimate text widths; this is where a real font tells.

Usage: check_plot_text.py FTVLSI CHROMIUM WORKDIR
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Runs in the page: for each inline SVG, each text's box in the SVG's own (viewBox) coordinates.
SCRIPT = """
const out = [];
for (const svg of document.querySelectorAll('body > div > svg')) {
  const vb = svg.viewBox.baseVal, toSvg = svg.getScreenCTM().inverse();
  let texts = 0;
  for (const t of svg.querySelectorAll('text')) {
    ++texts;
    const b = t.getBBox(), m = toSvg.multiply(t.getScreenCTM());
    const xs = [], ys = [];
    for (const [x, y] of [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
                          [b.x + b.width, b.y + b.height]]) {
      const p = new DOMPoint(x, y).matrixTransform(m);
      xs.push(p.x); ys.push(p.y);
    }
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const slack = 0.5;
    if (box[0] < vb.x - slack || box[1] < vb.y - slack || box[2] > vb.x + vb.width + slack ||
        box[3] > vb.y + vb.height + slack)
      out.push({file: svg.parentNode.dataset.file, text: t.textContent,
                box: box.map(v => Math.round(v * 10) / 10),
                viewBox: [vb.x, vb.y, vb.width, vb.height]});
  }
  svg.parentNode.dataset.texts = texts;
}
const pre = document.createElement('pre');
pre.id = 'result';
pre.textContent = JSON.stringify({svgs: document.querySelectorAll('body > div > svg').length,
                                  outside: out});
document.body.appendChild(pre);
"""


def run(args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    ftvlsi, chromium, workdir = sys.argv[1:4]
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    report, checks = os.path.join(workdir, "report"), os.path.join(workdir, "checks")
    run([ftvlsi, "report", os.path.join(HERE, "plots.yaml"), "--out", report])
    run([ftvlsi, "check", "L-L3", "G-1", "GL-T8", "--out", checks])
    svgs = sorted(glob.glob(os.path.join(report, "*.svg")) +
                  glob.glob(os.path.join(report, "*", "*.svg")) +
                  glob.glob(os.path.join(checks, "*.svg")))
    kinds = {"layout": [s for s in svgs if os.path.basename(os.path.dirname(s)) in
                        ("ft-64", "mesh-64")],
             "slowdown": [s for s in svgs if "slowdown-" in s],
             "dehon": [s for s in svgs if "dehon-" in s],
             "check": [s for s in svgs if "check-" in s]}
    for kind, files in kinds.items():
        if not files:
            print(f"FAIL: no {kind} plot was written")
            return 1
    body = ""
    for s in svgs:
        with open(s, encoding="utf-8") as f:
            text = re.sub(r"^<\?xml[^>]*>\s*", "", f.read())
        body += f'<div data-file="{os.path.relpath(s, workdir)}">{text}</div>\n'
    page = os.path.join(workdir, "plots.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>\n' + body +
                "<script>" + SCRIPT + "</script></body></html>\n")
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          "--user-data-dir=" + os.path.join(workdir, "profile"),
                          "--dump-dom", "file://" + os.path.abspath(page)],
                         check=True, capture_output=True, text=True, timeout=180).stdout
    found = re.search(r'<pre id="result">(.*?)</pre>', dom, re.S)
    if not found:
        print("FAIL: the page's script did not report (no <pre id=\"result\">)")
        return 1
    result = json.loads(found.group(1).replace("&quot;", '"').replace("&lt;", "<")
                        .replace("&gt;", ">").replace("&amp;", "&"))
    if result["svgs"] != len(svgs):
        print(f"FAIL: the page holds {result['svgs']} SVGs, {len(svgs)} were written")
        return 1
    for o in result["outside"]:
        print(f"FAIL: {o['file']}: '{o['text']}' spans {o['box']}, outside the viewBox "
              f"{o['viewBox']}")
    if result["outside"]:
        return 1
    print(f"Every text of {len(svgs)} SVGs ({', '.join(f'{len(v)} {k}' for k, v in kinds.items())})"
          " lies inside its viewBox")
    return 0


if __name__ == "__main__":
    sys.exit(main())
