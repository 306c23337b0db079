#!/usr/bin/env python3
"""Every relative link in a report folder's .md and .html files resolves to a file inside it.

  scripts/report_links.py DIR     exit 1 listing the broken links (a CTest test walks the default
                                  report and a merged sharded one with it)
"""
import pathlib
import re
import sys

MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
HTML_LINK = re.compile(r"""(?:href|src)="([^"]+)\"""")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1]).resolve()
    broken, links = [], 0
    for page in sorted(list(root.rglob("*.md")) + list(root.rglob("*.html"))):
        text = page.read_text(encoding="utf-8")
        found = MD_LINK.findall(text) if page.suffix == ".md" else HTML_LINK.findall(text)
        for url in found:
            if re.match(r"[a-z]+:", url) or url.startswith("#"):
                continue
            links += 1
            target = (page.parent / url.split("#")[0]).resolve()
            if not target.exists() or root not in (target, *target.parents):
                broken.append(f"{page.relative_to(root)}: {url}")
    for b in broken:
        print(b)
    print(f"{links} relative links, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
