"""A private copy of the files a hidden box of the process backend reads.

A public box reads the host's interpreter, standard library, NumPy and shared libraries; a
hidden box reads this copy instead: files of their own (new inodes, so pages of their own in
the page cache), which no public box can open. What a hidden box does to the cached pages of
what it reads can then never be timed from a public box (docs/security.md). The copy holds
what the runner needs: the interpreter and its symbolic links, the standard library (less its
tests), the packages a box may import, the shared objects they load and the loader's cache.
It is made once per grading process, when its first process backend starts, and removed when
the process ends; copies left by processes that died are removed by the next one. The grading
processes of `arena serve` read the copy of the web process that started them.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from graders.sandbox.base import RUNNER_PATH
from graders.sandbox.reaper import owner_gone, owner_id

#: The packages a box offers beside the standard library (those installed: PyTorch is optional).
BOX_PACKAGES = ("numpy", "torch")
PREFIX = "arena-hidden-root-"
LEFT_OUT = ("site-packages", "dist-packages", "test", "idlelib", "tkinter", "turtledemo",
            "ensurepip", "lib2to3", "config-*")
# What no box imports from a package: C headers and test suites (PyTorch's are a sixth of its
# size; its bin/ stays: `import torch` checks that its shared-memory manager is there).
PACKAGE_LEFT_OUT = ("include", "test", "tests")
LOADER_CACHE = "/etc/ld.so.cache"
# Run by the box's own interpreter: load what a box loads (the packages, the modules they import
# and every extension module of the standard library, so that their shared libraries are
# mapped), then name them.
PROBE = """
import importlib, json, os, re, sys, sysconfig
from importlib import metadata
stdlib = sysconfig.get_paths()["stdlib"]
# The packages, and every distribution they require, however deep: a package may import one of
# them only when a function needs it (torch.autograd.grad imports sympy on its first call).
todo, seen = list(json.loads(sys.argv[1])), set()
while todo:
    name = todo.pop()
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        continue
    key = dist.metadata["Name"].lower()
    if key in seen:
        continue
    seen.add(key)
    tops = {f.parts[0].removesuffix(".py") for f in dist.files or ()
            if f.parts[0] != ".." and not f.parts[0].endswith((".dist-info", ".data", ".pth"))}
    for top in sorted(tops):
        try:
            importlib.import_module(top)
        except Exception:
            pass
    todo += [re.split(r"[^A-Za-z0-9._-]", req, maxsplit=1)[0] for req in dist.requires or ()
             if "extra ==" not in req]
dirs = []
for name, module in list(sys.modules.items()):
    if "." in name or name in sys.stdlib_module_names:
        continue
    for path in getattr(module, "__path__", None) or [getattr(module, "__file__", None) or ""]:
        if path.startswith("/"):
            dirs.append(path)
            if os.path.isdir(path + ".libs"):
                dirs.append(path + ".libs")
dynload = os.path.join(stdlib, "lib-dynload")
for entry in os.listdir(dynload) if os.path.isdir(dynload) else []:
    try:
        importlib.import_module(entry.split(".")[0])
    except Exception:
        pass
with open("/proc/self/maps") as maps:
    mapped = {line.split(None, 5)[5].strip() for line in maps if len(line.split(None, 5)) == 6}
venv = os.path.join(sys.prefix, "pyvenv.cfg")
print(json.dumps({
    "stdlib": stdlib,
    "dirs": dirs + [dynload],
    "executable": sys.executable,
    "files": sorted(p for p in mapped if p.startswith("/") and os.path.isfile(p))
             + ([venv] if os.path.isfile(venv) else []),
}))
"""

_lock = threading.Lock()
_root: Path | None = None


def hidden_root(owner: str | None = None) -> Path:
    """Return this process's private copy, making it on first use; or that of `owner`
    (`reaper.owner_id()` of the process that started this one, which made it first), when
    there is one."""
    if owner is not None:
        shared = Path(tempfile.gettempdir()) / (PREFIX + owner)
        if shared.is_dir():
            return shared
    global _root
    with _lock:
        if _root is None or not _root.is_dir():
            sweep()
            _root = _build()
            atexit.register(shutil.rmtree, _root, ignore_errors=True)
        return _root


def sweep() -> None:
    """Remove the copies of grading processes that are gone."""
    for folder in Path(tempfile.gettempdir()).glob(PREFIX + "*"):
        if owner_gone(folder.name.removeprefix(PREFIX)):
            shutil.rmtree(folder, ignore_errors=True)


def _build() -> Path:
    """Copy what a box needs into a new folder, at the same paths, and return it."""
    found = json.loads(subprocess.run(
        [sys.executable, "-I", "-B", "-c", PROBE, json.dumps(BOX_PACKAGES)],
        capture_output=True, text=True, check=True, timeout=120).stdout)
    root = Path(tempfile.gettempdir()) / (PREFIX + owner_id())
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(mode=0o755)
    copier = _Copier(root)
    copier.copy(found["stdlib"], ignore=shutil.ignore_patterns(*LEFT_OUT))
    executable = found["executable"]
    loader = elf_interpreter(os.path.realpath(executable))
    for path in found["dirs"]:
        copier.copy(path, ignore=shutil.ignore_patterns(*PACKAGE_LEFT_OUT))
    for path in [*found["files"], executable, loader, str(RUNNER_PATH),
                 LOADER_CACHE]:
        if path:
            copier.copy(path)
    copier.copy_loader_links({os.path.realpath(p) for p in found["files"]})
    return root


def elf_interpreter(path: str) -> str | None:
    """Return the program loader an ELF executable names (its PT_INTERP), as written there."""
    with open(path, "rb") as elf:
        head = elf.read(64)
        if head[:4] != b"\x7fELF":
            return None
        order, wide = "<" if head[5] == 1 else ">", head[4] == 2
        table, size, count = (struct.unpack_from(order + "Q14xHH", head, 0x20)
                              if wide else struct.unpack_from(order + "I10xHH", head, 0x1C))
        for index in range(count):
            elf.seek(table + index * size)
            entry = elf.read(size)
            if struct.unpack_from(order + "I", entry)[0] == 3:  # PT_INTERP
                offset, length = (struct.unpack_from(order + "8xQ16xQ", entry) if wide
                                  else struct.unpack_from(order + "4xI8xI", entry))
                elf.seek(offset)
                return elf.read(length).rstrip(b"\0").decode()
    return None


class _Copier:
    """Copy host paths into a root at the same places: files and folders as new files, every
    symbolic link met on the way as the same link (its target copied too)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.done: set[str] = set()

    def copy(self, path: str, ignore=None) -> None:
        """Copy `path` (a file or a folder) and the links that lead to it."""
        path = os.path.normpath(path)
        if path in self.done or not os.path.lexists(path):
            return
        self.done.add(path)
        parts = Path(path).parts
        for depth in range(2, len(parts) + 1):
            prefix = os.path.join(*parts[:depth])
            if os.path.islink(prefix):
                self._link(prefix)
                target = os.path.normpath(os.path.join(os.path.dirname(prefix),
                                                       os.readlink(prefix)))
                self.copy(os.path.join(target, *parts[depth:]), ignore)
                return
        here = self.root / path.lstrip("/")
        if os.path.isdir(path):
            if not here.exists():
                shutil.copytree(path, here, symlinks=True, ignore=ignore)
                self._follow_links(here)
        elif not here.exists():
            here.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, here)

    def _link(self, path: str) -> None:
        here = self.root / path.lstrip("/")
        if not here.is_symlink():
            here.parent.mkdir(parents=True, exist_ok=True)
            here.symlink_to(os.readlink(path))

    def _follow_links(self, folder: Path) -> None:
        """Copy the targets of the links inside a copied folder that lead out of it."""
        for here in [p for p in folder.rglob("*") if p.is_symlink()]:
            host = "/" + str(here.relative_to(self.root))
            self.copy(os.path.normpath(os.path.join(os.path.dirname(host), os.readlink(here))))

    def copy_loader_links(self, libraries: set[str]) -> None:
        """Copy the links by which the loader's cache names each copied library."""
        try:
            listed = subprocess.run([shutil.which("ldconfig") or "/sbin/ldconfig", "-p"],
                                    capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            return
        for line in listed.splitlines():
            path = line.rpartition("=> ")[2].strip()
            if path.startswith("/") and os.path.realpath(path) in libraries:
                self.copy(path)
