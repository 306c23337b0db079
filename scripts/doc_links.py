#!/usr/bin/env python3
"""Every relative link in README.md and docs/*.md resolves: the file exists, and an anchor
(#heading) names a heading of that file (GitHub's slugs). Exit 1 listing the broken ones.

  scripts/doc_links.py          check (a CTest test, doc_links_resolve)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path):
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    out, seen = set(), {}
    for line in text.splitlines():
        m = re.match(r"#+\s+(.*)", line)
        if not m:
            continue
        s = slug(m.group(1))
        n = seen.get(s, 0)
        seen[s] = n + 1
        out.add(s if n == 0 else f"{s}-{n}")
    out |= set(re.findall(r'<a id="([^"]+)"', text))
    return out


def main():
    pages = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    broken = []
    for page in pages:
        text = FENCE.sub("", page.read_text(encoding="utf-8"))
        for label, url in LINK.findall(text):
            if re.match(r"[a-z]+:", url):
                continue
            target, _, anchor = url.partition("#")
            path = (page.parent / target).resolve() if target else page
            where = f"{page.relative_to(ROOT)}: [{label}]({url})"
            if not path.exists():
                broken.append(f"{where}: no file {target}")
            elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                broken.append(f"{where}: no heading #{anchor} in {path.relative_to(ROOT)}")
    for b in broken:
        print(b)
    if broken:
        print(f"{len(broken)} broken links")
        return 1
    print(f"{len(pages)} pages, every relative link resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
