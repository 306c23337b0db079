#!/usr/bin/env python3
"""Same command and seed, byte-identical outputs: every subcommand runs twice, in two different
working directories, the second time under another time zone and a decimal-comma locale
(de_DE.UTF-8; generated with localedef into the build folder when the system lacks it), and every
output file (GDS, SVG, HTML, JSON, CSV, Markdown, DOT, text) must be identical byte for byte.

usage: check_determinism.py FTVLSI WORKDIR
"""
import filecmp
import os
import pathlib
import shutil
import subprocess
import sys

COMMANDS = [
    "layout -n 256 --capacity universal --drc-mode both --svg l.svg --gds l.gds --json l.json",
    "layout --network fat-pyramid -n 256 --drc --svg p.svg --gds p.gds --json p.json",
    "layout -n 64 --style cube --html c.html --gds c.gds --json c.json",
    "layout --network planar -n 64 --seed 9 --svg pl.svg --gds pl.gds --json pl.json",
    "decompose --network mesh -n 64 --json d.json --dot d.dot --svg d.svg --mapping-out d.map "
    "--messages-out d.msg --export-scotch d.grf --export-metis d.metis --network-out d.net",
    "route -n 64 --pattern uniform --algorithm random --seed 5 --json r.json --schedule r.sched "
    "--loads r.csv --messages-out r.msg",
    "simulate --competing mesh -n 64 --delay sqrt --seed 3 --json s.json",
    "simulate --sweep --sizes 16,64 --delays unit;linear --report sweep --json sweep.json",
    "check L-L6 L-T8 G-1 --seed 2 --out chk",
    "export --network fat-pyramid -n 64 --format booksim --out e.anynet --json e.json "
    "--cycle-length 3",
    "export --network planar -n 64 --seed 4 --format graphml --out e.graphml --json eg.json",
    "export -n 64 --capacity universal --format dot --out e.dot --json ed.json --delay sqrt",
]


def locale_env(workdir):
    """LC_ALL=de_DE.UTF-8 (and LOCPATH when the locale had to be generated)."""
    have = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower()
    if "de_de.utf8" in have or "de_de.utf-8" in have:
        return {"LC_ALL": "de_DE.UTF-8"}
    target = workdir / "locale"
    if not (target / "de_DE.UTF-8").exists():
        target.mkdir(parents=True, exist_ok=True)
        r = subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8", str(target / "de_DE.UTF-8")],
                           capture_output=True, text=True)
        if not (target / "de_DE.UTF-8").exists():
            sys.exit(f"cannot generate de_DE.UTF-8 with localedef: {r.stderr.strip()}")
    return {"LC_ALL": "de_DE.UTF-8", "LOCPATH": str(target)}


def run_all(ftvlsi, cwd, env):
    cwd.mkdir(parents=True)
    for command in COMMANDS:
        r = subprocess.run([ftvlsi] + command.split(), cwd=cwd, env=env, capture_output=True,
                           text=True)
        if r.returncode not in (0, 1):
            sys.exit(f"'{command}' failed in {cwd} (exit {r.returncode}): {r.stderr.strip()}")


def main():
    ftvlsi, workdir = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    shutil.rmtree(workdir / "a", ignore_errors=True)
    shutil.rmtree(workdir / "b", ignore_errors=True)
    base = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANG"}
    run_all(ftvlsi, workdir / "a", dict(base, TZ="UTC", LC_ALL="C"))
    # Check the locale really is a decimal-comma one, so the test could catch a leak.
    env_b = dict(base, TZ="America/St_Johns", **locale_env(workdir))
    probe = subprocess.run(["locale", "decimal_point"], env=env_b, capture_output=True, text=True)
    if probe.stdout.strip() != ",":
        sys.exit(f"the locale {env_b['LC_ALL']} does not use a decimal comma: {probe.stdout!r}")
    run_all(ftvlsi, workdir / "b" / "elsewhere", env_b)
    a, b = workdir / "a", workdir / "b" / "elsewhere"
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    missing = [f for f in files if not (b / f).is_file()]
    extra = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file()
                   and not (a / p.relative_to(b)).is_file())
    differ = [f for f in files if (b / f).is_file() and not filecmp.cmp(a / f, b / f, shallow=False)]
    for f in differ:
        print(f"differs: {f}")
    for f in missing + extra:
        print(f"only in one run: {f}")
    print(f"{len(files)} output files compared, {len(differ)} differ")
    return 1 if differ or missing or extra or len(files) < 30 else 0


if __name__ == "__main__":
    sys.exit(main())
