"""The engine's folders are layers and every import points down; graders/ never imports the
platform; package `__init__`s import nothing, so that a light module loads alone.

Every import counts, those inside functions too. platform/arena's main folders keep an order
of their own, checked the same way.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: graders/' layers, bottom first. The layers of one tier are siblings: neither imports the
#: other. A module imports its own layer, or the layers of the tiers below its own.
GRADERS_TIERS = (
    ("images",),  # the code that runs inside the box: it imports nothing of graders
    ("",),  # the modules at graders' top, standard library only: verdicts, messages, problems,
    #         bounds, reports, the runner's protocol, the content languages
    ("sandbox", "files", "declarations"),  # the boxes; a challenge's files; what it may declare
    ("challenge",),  # the spec (with its JSON codec) and a version's prepared data
    ("judging",),  # a run's outputs judged on the host, from data
    ("grading", "lessons"),  # preparing a version, grading code; a lesson's cells, run
    ("authoring",),  # proving a challenge's tests strong, the catalog page, new folders
)
#: platform/arena's folders, bottom first (its other modules are not ordered here).
ARENA_TIERS = (("models",), ("services",), ("jobs",), ("presenters",), ("api",), ("web",),
               ("commands",))
#: Packages graders/ never imports: it knows nothing of the app.
PLATFORM = ("arena", "flask")


def module_name(path: Path, source_root: Path) -> str:
    """Return the dotted name of the module in `path`, under `source_root`."""
    parts = path.relative_to(source_root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, source_root: Path) -> set[str]:
    """Return every module `path` imports, wherever the import statement stands, and each
    name imported from a module as a possible submodule (`from graders.sandbox import pool`)."""
    package = module_name(path, source_root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def layer_of(module: str, folder: Path) -> str | None:
    """Return the layer that holds `module`: the folder under the package `folder` it sits in,
    "" for a module at the package's top (or the package itself), None outside the package."""
    parts = module.split(".")
    if parts[0] != folder.name:
        return None
    return parts[1] if len(parts) > 1 and (folder / parts[1]).is_dir() else ""


def arrows_up(folder: Path, tiers: tuple[tuple[str, ...], ...],
              every_module_layered: bool) -> list[str]:
    """List each import under `folder` (a package) that runs sideways or back up `tiers`, and
    (when `every_module_layered`) each module outside every declared layer."""
    tier = {layer: rank for rank, layers in enumerate(tiers) for layer in layers}
    wrong = []
    for path in sorted(folder.rglob("*.py")):
        module = module_name(path, folder.parent)
        own = layer_of(module, folder)
        if own not in tier and not every_module_layered:
            continue
        if own not in tier:
            wrong.append(f"{module} is in no declared layer")
            continue
        for target in sorted(imported(path, folder.parent)):
            theirs = layer_of(target, folder)
            if theirs in tier and theirs != own and tier[theirs] >= tier[own]:
                wrong.append(f"{module} imports {target}")
    return wrong


def test_every_graders_import_points_down():
    assert arrows_up(ROOT / "graders", GRADERS_TIERS, True) == []


def test_graders_never_imports_the_platform():
    for path in (ROOT / "graders").rglob("*.py"):
        tops = {name.split(".")[0] for name in imported(path, ROOT)}
        assert not [t for t in tops if t in PLATFORM or t.startswith("flask_")], path


def test_package_inits_of_graders_import_nothing():
    inits = list((ROOT / "graders").rglob("__init__.py"))
    assert inits
    for path in inits:
        assert imported(path, ROOT) == set(), path


def test_platform_folders_keep_their_order():
    assert arrows_up(ROOT / "platform" / "arena", ARENA_TIERS, False) == []


def test_an_import_back_up_inside_a_function_is_found(tmp_path):
    (tmp_path / "graders").mkdir()
    (tmp_path / "graders" / "verdicts.py").write_text(
        "def f():\n    from graders.grading import grade\n")
    for layer, source in {"files": "from ..declarations import checks\n",
                          "grading": "from graders import verdicts\n",
                          "declarations": "", "stray": ""}.items():
        (tmp_path / "graders" / layer).mkdir()
        (tmp_path / "graders" / layer / "mod.py").write_text(source)
    wrong = arrows_up(tmp_path / "graders", GRADERS_TIERS, True)
    assert wrong == ["graders.files.mod imports graders.declarations",
                     "graders.files.mod imports graders.declarations.checks",
                     "graders.stray.mod is in no declared layer",
                     "graders.verdicts imports graders.grading",
                     "graders.verdicts imports graders.grading.grade"]


def test_a_light_module_loads_neither_docker_nor_numpy():
    core = sorted(p.stem for p in (ROOT / "graders").glob("*.py") if p.stem != "__init__")
    script = (f"import sys, json\nfor name in {core!r}:\n    __import__('graders.' + name)\n"
              "print(json.dumps(sorted(m for m in sys.modules\n"
              "                        if m.split('.')[0] in ('docker', 'numpy'))))")
    loaded = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    assert "verdicts" in core and json.loads(loaded) == []
