#!/usr/bin/env python3
"""The stable error IDs (FTV-nnnn) of ftvlsi: collects them from src/ and checks docs/error-ids.md.

  scripts/error_ids.py --check   every ID thrown in src/ is listed in docs/error-ids.md, every
                                 listed ID is thrown somewhere (or is one of the CLI's own), and
                                 no ID is listed twice; exit 1 with the differences otherwise.
  scripts/error_ids.py --list    one line per ID found in src/: ID, file, start of the message.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# An ID is the first argument of an ftvlsi exception (any class named ...Error, Error itself
# included), of a helper that throws one (line_error, Source::fail, require_memory and
# require_drc_memory, require_finite), of report_error in the CLI, or returned by the CLI's usage_error_id.
THROW = re.compile(
    r"(?:\b\w*Error\(|line_error\(|fail\([^,()]+,|"
    r"require_\w*memory\(|require_finite\(|report_error\(|return )\s*(\d{4})\b(?!\.)")
TEXT_ID = re.compile(r"FTV-(\d{4})|kUnclassified\w+ = (\d{4})")
DOC_ROW = re.compile(r"^\|\s*`?FTV-(\d{4})`?\s*\|", re.M)


def source_ids():
    found = {}
    for path in sorted(list((ROOT / "src").rglob("*")) + list((ROOT / "include").rglob("*")) +
                       list((ROOT / "python").rglob("*"))):
        if path.suffix not in (".cpp", ".hpp", ".in"):
            continue
        text = path.read_text()
        for m in list(THROW.finditer(text)) + list(TEXT_ID.finditer(text)):
            ident = int(m.group(1) or m.group(2))
            if path.name == "main.cpp" and m.group(0).startswith("return ") and ident < 1000:
                continue
            rest = text[m.end():m.end() + 400]
            msg = re.search(r'"((?:[^"\\]|\\.)*)"(?:\s*"((?:[^"\\]|\\.)*)")*', rest)
            text_of = (lambda m: "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(0)))) if msg else None
            line = text.count("\n", 0, m.start()) + 1
            found.setdefault(ident, []).append(
                (f"{path.relative_to(ROOT)}:{line}", text_of(msg) if msg else ""))
    return found


def doc_ids():
    text = (ROOT / "docs" / "error-ids.md").read_text()
    ids = [int(x) for x in DOC_ROW.findall(text)]
    return ids


def main():
    found = source_ids()
    if "--list" in sys.argv:
        for ident in sorted(found):
            for where, msg in found[ident]:
                print(f"FTV-{ident:04d}  {where}  {' '.join(msg.split())[:200]}")
        return 0
    listed = doc_ids()
    problems = []
    dupes = sorted({i for i in listed if listed.count(i) > 1})
    if dupes:
        problems.append("listed twice in docs/error-ids.md: " + ", ".join(f"FTV-{i:04d}" for i in dupes))
    missing = sorted(set(found) - set(listed))
    for i in missing:
        problems.append(f"FTV-{i:04d} is thrown at {found[i][0][0]} but not listed in docs/error-ids.md")
    stale = sorted(set(listed) - set(found))
    for i in stale:
        problems.append(f"FTV-{i:04d} is listed in docs/error-ids.md but nothing in src/ raises it")
    for p in problems:
        print(p)
    print(f"{len(found)} IDs in src/, {len(listed)} listed; {'OK' if not problems else 'FAILED'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
