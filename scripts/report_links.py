#!/usr/bin/env python3
"""Every relative link in a report folder's .md and .html files resolves to a file inside it, and
every #fragment to an anchor of its page: an id="..." or name="..." attribute, or in Markdown a
heading (GitHub's slug of it).

  scripts/report_links.py DIR     exit 1 listing the broken links (a CTest test walks the default
                                  report and a merged sharded one with it)
"""
import pathlib
import re
import sys

MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
HTML_LINK = re.compile(r"""(?:href|src)="([^"]+)\"""")
ANCHOR = re.compile(r"""(?:id|name)="([^"]+)\"""")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$", re.M)


def slug(heading):
    """GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"[^\w\- ]", "", heading.lower())
    return text.replace(" ", "-")


def anchors(page, cache):
    if page not in cache:
        text = page.read_text(encoding="utf-8") if page.suffix in (".md", ".html") else ""
        found = set(ANCHOR.findall(text))
        if page.suffix == ".md":
            found |= {slug(h) for h in HEADING.findall(text)}
        cache[page] = found
    return cache[page]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1]).resolve()
    broken, links, cache = [], 0, {}
    for page in sorted(list(root.rglob("*.md")) + list(root.rglob("*.html"))):
        text = page.read_text(encoding="utf-8")
        found = MD_LINK.findall(text) if page.suffix == ".md" else HTML_LINK.findall(text)
        for url in found:
            if re.match(r"[a-z]+:", url):
                continue
            links += 1
            path, _, fragment = url.partition("#")
            target = (page.parent / path).resolve() if path else page
            if not target.exists() or root not in (target, *target.parents):
                broken.append(f"{page.relative_to(root)}: {url}")
            elif fragment and target.suffix in (".md", ".html") and fragment not in anchors(
                    target, cache):
                broken.append(f"{page.relative_to(root)}: {url} (no anchor '{fragment}')")
    for b in broken:
        print(b)
    print(f"{links} relative links, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
