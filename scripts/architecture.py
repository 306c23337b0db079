#!/usr/bin/env python3
"""Checks docs/architecture.md against the code (CTest runs both checks).

  scripts/architecture.py --includes   the module order: read from the module table of
                                       docs/architecture.md (its rows, top to bottom), it is the
                                       only place the order is written. Every #include in src/,
                                       include/ and python/ must go to the file's own module or to
                                       one above it in the table, and each row's "includes" column
                                       must name exactly the modules that module includes.
  scripts/architecture.py --paths      every path docs/architecture.md names exists (the rule is
                                       stated in the doc, "Paths in this page").
  scripts/architecture.py --graph      prints the module graph measured from the #includes, with
                                       every include behind each edge.

A file's module is the folder under src/ or include/ftvlsi/ (src/<module>/*.hpp, the private
helpers, belong to their module), or `python` for python/. An include names a module when it is
"ftvlsi/<module>/...", a private "<module>/<file>" that exists under src/, or a file beside the
including one; system and third-party headers name none. Exit 1 with every problem otherwise.
"""
import collections
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
SOURCES = (".cpp", ".hpp", ".in")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)


def module_table():
    """The rows of the doc's module table, in order: [(module, [included modules], line)]."""
    rows, in_table = [], False
    for number, line in enumerate(DOC.read_text().splitlines(), 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if cells[:1] == ["module"] and "includes" in cells:
            in_table, column = True, cells.index("includes")
            continue
        if not in_table:
            continue
        if not cells:
            break
        if set(cells[0]) <= set("-: "):
            continue
        name = cells[0].strip("`")
        listed = [m.strip().strip("`") for m in cells[column].split(",")]
        rows.append((name, [m for m in listed if m not in ("", "—", "-")], number))
    return rows


def source_files():
    """(path, module) of every C++ source the graph covers."""
    for top in ("src", "include/ftvlsi"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in SOURCES and path.is_file():
                yield path, path.relative_to(ROOT / top).parts[0]
    for path in sorted((ROOT / "python").rglob("*")):
        if path.suffix in SOURCES and path.is_file():
            yield path, "python"


def module_of_include(target, including):
    """The module an #include names, or None for a system or third-party header."""
    parts = target.split("/")
    if parts[0] == "ftvlsi" and len(parts) > 2:
        return parts[1]
    if len(parts) > 1 and (ROOT / "src" / target).is_file():
        return parts[0]
    beside = including.parent / target
    if not beside.is_file():
        return None
    rel = beside.resolve().relative_to(ROOT).parts
    if rel[0] == "python":
        return "python"
    if rel[0] == "src":
        return rel[1]
    if rel[:2] == ("include", "ftvlsi"):
        return rel[2]
    return None


def include_graph():
    """{(from module, to module): [file:line -> target]} over every include between modules."""
    edges = collections.defaultdict(list)
    for path, module in source_files():
        text = path.read_text()
        for m in INCLUDE.finditer(text):
            target = module_of_include(m.group(1), path)
            if target is None or target == module:
                continue
            line = text.count("\n", 0, m.start()) + 1
            edges[(module, target)].append(f"{path.relative_to(ROOT)}:{line} includes {m.group(1)}")
    return edges


def check_includes():
    rows = module_table()
    problems = []
    if not rows:
        return [f"{DOC.relative_to(ROOT)}: no module table (a header row '| module | ... | includes |')"]
    order = {name: i for i, (name, _, _) in enumerate(rows)}
    if len(order) != len(rows):
        problems.append("the module table lists a module twice")
    present = {module for _, module in source_files()}
    for module in sorted(present - order.keys()):
        problems.append(f"module '{module}' has sources but no row in the module table of "
                        f"docs/architecture.md; add one at its place in the order")
    for module in sorted(order.keys() - present):
        problems.append(f"the module table names '{module}', which has no sources")
    edges = include_graph()
    for (source, target), where in sorted(edges.items()):
        if source in order and target in order and order[target] > order[source]:
            problems.append(f"{source} -> {target} runs against the module order "
                            f"({target} comes after {source} in docs/architecture.md):")
            problems.extend(f"    {w}" for w in where)
    uses = collections.defaultdict(set)
    for source, target in edges:
        uses[source].add(target)
    for name, listed, line in rows:
        actual = sorted(uses[name], key=lambda m: order.get(m, len(order)))
        if set(listed) != set(actual):
            problems.append(
                f"docs/architecture.md:{line}: the row of '{name}' says it includes "
                f"{', '.join(listed) or '—'}; the code includes {', '.join(actual) or '—'} "
                f"(write: {', '.join(actual) or '—'})")
    return problems


# Paths in the doc: backticked names with a slash, and backticked source file names (its links are
# scripts/doc_links.py's).
CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
PATHLIKE = re.compile(r"^[A-Za-z0-9_.*/<>-]+$")
SOURCE_NAME = re.compile(r"^[A-Za-z0-9_.-]+\.(?:hpp|cpp|py|sh)$")
SEARCHED = ("src", "include", "python", "test", "scripts", "bench", "examples", "cmake")


def doc_text_outside_fences():
    out, fenced = [], False
    for number, line in enumerate(DOC.read_text().splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            out.append((number, line))
    return out


def resolve(name, modules):
    """The files `name` may mean, as globs relative to the repository root."""
    first = name.split("/")[0]
    if (ROOT / first).is_dir() and first not in modules:
        return [name]
    if first in modules:
        return [f"include/ftvlsi/{name}", f"src/{name}"] if first != "python" else [name]
    return [name]


def source_names():
    """The file names of the repository's sources (the build folders left out)."""
    names = set()
    for top in SEARCHED:
        names.update(p.name for p in (ROOT / top).rglob("*") if p.is_file())
    return names


def check_paths():
    modules = {name for name, _, _ in module_table()}
    names = source_names()
    problems = []
    for number, line in doc_text_outside_fences():
        for span in CODE_SPAN.findall(line):
            for name in span.split(", "):
                name = name.strip()
                if SOURCE_NAME.match(name):
                    if name not in names:
                        problems.append(f"docs/architecture.md:{number}: `{name}` is the name of "
                                        f"no file in {', '.join(SEARCHED)}")
                    continue
                if ("/" not in name or not PATHLIKE.match(name) or "<" in name or
                        name.startswith("/") or not name.strip("/")):
                    continue
                candidates = resolve(name.rstrip("/"), modules)
                if not any(list(ROOT.glob(c)) for c in candidates):
                    problems.append(f"docs/architecture.md:{number}: `{name}` names no file "
                                    f"(looked for {' or '.join(candidates)})")
    return problems


def main():
    if "--graph" in sys.argv:
        for (source, target), where in sorted(include_graph().items()):
            print(f"{source} -> {target} ({len(where)})")
            for w in where:
                print(f"    {w}")
        return 0
    if "--includes" in sys.argv:
        problems = check_includes()
        ok = f"module order: {' < '.join(name for name, _, _ in module_table())}; every include follows it"
    elif "--paths" in sys.argv:
        problems = check_paths()
        ok = "docs/architecture.md: every path it names exists"
    else:
        print(__doc__, file=sys.stderr)
        return 2
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(ok)
    return 0


if __name__ == "__main__":
    sys.exit(main())
