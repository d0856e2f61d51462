"""The tree's shape, for docs/architecture.md's before/after table.

For each folder of the two packages (graders/ and platform/arena/, the modules at a package's
top counted together): modules and lines; then,
over the whole tree, imports written inside functions, and the import arrows that close a
cycle between folders (a folder here is a package's direct sub-package, or a module at its top:
`graders/judging/` is one, `graders/spec.py` another). An arrow closes a cycle when the folder it
points to also reaches back to the folder it starts from; a tree in layers has none.
Usage: .venv/bin/python bench/tree_shape.py [ROOT]  (ROOT: a checkout, this one by default)
"""

from __future__ import annotations

import ast
import sys
from collections import Counter, defaultdict
from pathlib import Path

PACKAGES = {"graders": "graders", "arena": "platform/arena"}


def modules(root: Path) -> dict[str, Path]:
    """Map each module's dotted name to its file (the images' in-box scripts are not imported)."""
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted((root / folder).rglob("*.py")):
            parts = path.relative_to(root / folder).with_suffix("").parts
            if "migrations" in parts or "images" in parts:
                continue
            dotted = ".".join((package, *parts)).removesuffix(".__init__")
            found[dotted] = path
    return found


def folder_of(module: str) -> str:
    """Return the folder a module belongs to: `graders.judging.judge` -> `graders.judging`."""
    return ".".join(module.split(".")[:2])


def shown_folder(module: str, path: Path, root: Path) -> str:
    """Return the folder a module is counted in: its sub-package, or its package's top."""
    package = module.split(".")[0]
    top = path.parent == root / PACKAGES[package]
    return f"{package} (top)" if top else folder_of(module)


def imports(path: Path, module: str, known: dict[str, Path]) -> tuple[set[str], int]:
    """Return the modules of ours that a file imports, and how many imports sit in functions."""
    tree = ast.parse(path.read_text())
    targets, inside = set(), 0
    functions = [n for n in ast.walk(tree)
                 if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    nested = {id(n) for f in functions for n in ast.walk(f)
              if isinstance(n, ast.Import | ast.ImportFrom)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")[: -node.level + (path.name == "__init__.py")]
                base = ".".join([*anchor, base] if base else anchor)
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        ours = {n for n in names if n in known}
        inside += bool(ours) and id(node) in nested
        targets |= ours
    return targets - {module}, inside


def main(root: Path) -> None:
    known = modules(root)
    lines, count = Counter(), Counter()
    edges: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
    inside_total = 0
    for module, path in known.items():
        folder = folder_of(module)
        shown = shown_folder(module, path, root)
        count[shown] += 1
        lines[shown] += len(path.read_text().splitlines())
        targets, inside = imports(path, module, known)
        inside_total += inside
        for target in targets:
            if folder_of(target) != folder:
                edges[folder, folder_of(target)].add((module, target))
    reach = defaultdict(set)
    for a, b in edges:
        reach[a].add(b)
    changed = True
    while changed:
        changed = False
        for a in list(reach):
            more = set().union(*(reach[b] for b in reach[a])) - reach[a]
            if more:
                reach[a] |= more
                changed = True
    cyclic = sorted((a, b) for a, b in edges if a in reach[b])
    print("| folder | modules | lines |\n|---|---:|---:|")
    for folder in sorted(count):
        print(f"| `{folder}` | {count[folder]} | {lines[folder]} |")
    print(f"\nmodules: {sum(count.values())}, lines: {sum(lines.values())}")
    print(f"imports inside functions: {inside_total}")
    print(f"folder arrows inside a cycle: {len(cyclic)}")
    for a, b in cyclic:
        print(f"  {a} -> {b}: " + ", ".join(sorted(f"{m}->{t}" for m, t in edges[a, b])[:4]))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
