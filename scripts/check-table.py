#!/usr/bin/env python3
"""Markdown tables from a `ftvlsi check --controls --json FILE` run.

  scripts/check-table.py readme FILE   the README's table: ratios, exponents, verdicts
  scripts/check-table.py power FILE    docs/checks.md's table: variable, rule, power, control

The README and docs/checks.md quote these tables; regenerate them from a fresh run rather than
editing the figures by hand.
"""
import json
import sys


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


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("readme", "power"):
        sys.exit(__doc__)
    with open(sys.argv[2], encoding="utf-8") as f:
        checks = json.load(f)["checks"]
    {"readme": readme, "power": power}[sys.argv[1]](checks)


if __name__ == "__main__":
    main()
