#!/usr/bin/env python3
"""CTest driver: write the HTML view of a 3D layout, let headless Chromium open it, and check
that its script drew every wire segment the layout has (document.body.dataset.drawn).

Usage: check_view3d.py FTVLSI CHROMIUM WORKDIR
"""
import json
import os
import re
import shutil
import subprocess
import sys


def main():
    ftvlsi, chromium, workdir = sys.argv[1:4]
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    html = os.path.join(workdir, "view.html")
    ours = os.path.join(workdir, "layout.json")
    subprocess.run([ftvlsi, "layout", "-n", "256", "--capacity", "quadruple-every-3", "--style",
                    "cube", "--html", html, "--json", ours], check=True)
    with open(ours) as f:
        layout = json.load(f)["layout"]
    segments = layout["wires"]  # every cube wire is one straight segment
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          "--user-data-dir=" + os.path.join(workdir, "profile"),
                          "--dump-dom", "file://" + os.path.abspath(html)],
                         check=True, capture_output=True, text=True, timeout=120).stdout
    found = re.search(r'data-drawn="(\d+)"', dom)
    if not found:
        print("FAIL: the page did not report drawing (no data-drawn on <body>)")
        return 1
    drawn = int(found.group(1))
    if drawn != segments:
        print(f"FAIL: the page drew {drawn} wire segments, the layout has {segments}")
        return 1
    print(f"Chromium drew all {drawn} wire segments of the 3D view")
    return 0


if __name__ == "__main__":
    sys.exit(main())
