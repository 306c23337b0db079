#!/usr/bin/env python3
"""Markdown tables from a `ftvlsi check --controls --json FILE` run.

  scripts/check-table.py readme FILE   the README's table: ratios, exponents, verdicts
  scripts/check-table.py power FILE    docs/checks.md's table: variable, rule, power, control
  scripts/check-table.py verify FTVLSI  runs `FTVLSI check --quick --controls` and fails when
                                       docs/checking.md's table differs from it (a CTest test)

The README and docs/checks.md quote these tables; regenerate them from a fresh run rather than
editing the figures by hand.
"""
import io
import json
import pathlib
import subprocess
import sys
import tempfile
from contextlib import redirect_stdout

ROOT = pathlib.Path(__file__).resolve().parent.parent


def fmt(x):
    if x is None:
        return "–"
    if x == float("inf"):
        return "∞"
    return f"{x:.3g}"


def readme(checks):
    print("| check | claim | n | ratio | exponent (β: against lg n, e: against n) | verdict | control |")
    print("|---|---|---|---|---|---|---|")
    for c in checks:
        series = c["series"]
        ratios = [f"{fmt(s['ratio'][0])} → {fmt(s['ratio'][-1])}" for s in series]
        ratio = ratios[0] + "".join(f" [{r}]" for r in ratios[1:3])
        exps = ", ".join(
            f"{s['exponent']:.2f} ({'β' if s['variable'] == 'lg n' else 'e'})" for s in series[:3]
        )
        sizes = c["sizes"]
        control = c["control"]["verdict"]
        control = {"fail": "fails", "pass": "**passes**"}.get(control, control)
        print(f"| `{c['id']}` | {c['claim']} | {sizes[0]} … {sizes[-1]} | {ratio} | {exps} | "
              f"**{c['verdict']}** | {control} |")


def power(checks):
    print("| ID | series | variable | rule | power | control |")
    print("|---|---|---|---|---|---|")
    for c in checks:
        control = c["control"]["verdict"]
        control = {"fail": "fails", "pass": "**passes**"}.get(control, control)
        for i, s in enumerate(c["series"]):
            ident = f"`{c['id']}`" if i == 0 else ""
            text = s["power"]["text"].removeprefix("detects ")
            print(f"| {ident} | {s['label']} | {s['variable']} | {s['rule']} | {text} | "
                  f"{control if i == 0 else ''} |")


def readme_figures(checks):
    """The README's tour quotes the check's summary lines and the number of claims: each must be
    what the run gives. Returns one sentence per figure that is not."""
    import re
    counts = {v: sum(1 for c in checks if c["verdict"] == v)
              for v in ("pass", "fail", "inconclusive", "not measured")}
    controls_failed = sum(1 for c in checks
                          if c.get("control", {}).get("verdict") == "fail")
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    wants = {
        r"ftvlsi check: (\d+) pass, (\d+) fail, (\d+) inconclusive, (\d+) not measured":
            (counts["pass"], counts["fail"], counts["inconclusive"], counts["not measured"]),
        r"ftvlsi check: (\d+) of (\d+) controls fail": (controls_failed, len(checks)),
        r"— (\d+) claims of Leiserson": (len(checks),),
    }
    stale = []
    for pattern, want in wants.items():
        found = re.findall(pattern, text)
        if not found:
            stale.append(f"README.md: no line matches '{pattern}'")
        for got in found:
            got = tuple(int(x) for x in (got if isinstance(got, tuple) else (got,)))
            if got != want:
                stale.append(f"README.md says {got} where check --quick --controls gives {want} "
                             f"('{pattern}'); update the README's tour")
    return stale


def verify(exe):
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "check.json"
        subprocess.run([exe, "check", "--quick", "--controls", "--json", str(out)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        checks = json.loads(out.read_text(encoding="utf-8"))["checks"]
    buf = io.StringIO()
    with redirect_stdout(buf):
        readme(checks)
    want = buf.getvalue().strip().splitlines()
    doc = (ROOT / "docs" / "checking.md").read_text(encoding="utf-8").splitlines()
    start = doc.index(want[0]) if want[0] in doc else -1
    have = doc[start:start + len(want)] if start >= 0 else []
    stale_readme = readme_figures(checks)
    if have == want and not stale_readme:
        print(f"docs/checking.md's table and the README's figures match check --quick "
              f"({len(want) - 2} checks)")
        return 0
    for line in stale_readme:
        print(line)
    if have == want:
        return 1
    for a, b in zip(have or [""] * len(want), want):
        if a != b:
            print(f"docs says: {a}\nrun says:  {b}")
    print("docs/checking.md's check table is stale: regenerate it with "
          "scripts/check-table.py readme check.json (from ftvlsi check --quick --controls)")
    return 1


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "verify":
        sys.exit(verify(sys.argv[2]))
    if len(sys.argv) != 3 or sys.argv[1] not in ("readme", "power"):
        sys.exit(__doc__)
    with open(sys.argv[2], encoding="utf-8") as f:
        checks = json.load(f)["checks"]
    {"readme": readme, "power": power}[sys.argv[1]](checks)


if __name__ == "__main__":
    main()
