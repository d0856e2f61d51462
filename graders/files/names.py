"""The names a challenge folder may hold: an allow-list, and why any other path is refused."""

from __future__ import annotations

from graders.locales import content_locales, editorial_file, statement_file

_MAX_NAME_BYTES = 255  # a file name longer than this cannot be written to most disks


def _top_level_files() -> tuple[str, ...]:
    """Return the files a challenge folder holds outside mutants/: one statement per language
    (and, optionally, one editorial per language)."""
    return ("challenge.toml", *map(statement_file, content_locales()),
            *map(editorial_file, content_locales()), "starter.py", "reference.py", "cases.py")


def is_allowed_name(path: str) -> bool:
    """Whether a challenge folder may hold a file at `path` (relative, '/'-separated)."""
    if path in _top_level_files():
        return True
    folder, _, name = path.partition("/")
    return (folder == "mutants" and name.endswith(".py") and len(name) <= _MAX_NAME_BYTES
            and _is_identifier(name.removesuffix(".py")))


def _is_identifier(name: str) -> bool:
    return name.isascii() and name.isidentifier()


def unsafe_reason(path: str) -> str | None:
    """Why `path` could reach outside the challenge folder, if it could."""
    if path.startswith("/"):
        return "is an absolute path; paths are relative to the challenge folder"
    if "\\" in path:
        return "contains a backslash; separate folders with '/'"
    if ".." in path.split("/"):
        return "contains '..'; paths must stay inside the challenge folder"
    return None


def name_refusal(path: str) -> str | None:
    """Why a challenge folder may not hold a file at `path`, or None when it may."""
    unsafe = unsafe_reason(path)
    if unsafe or is_allowed_name(path):
        return unsafe
    folder, _, name = path.partition("/")
    if folder == "mutants" and name.endswith(".py") and "/" not in name:
        return ("a mutant's name must be a Python identifier of at most 252 characters "
                "(ASCII letters, digits and '_', not starting with a digit)")
    return ("is not a file a challenge holds; the allowed files are "
            f"{', '.join(_top_level_files())} and mutants/<name>.py")


def shown(path: str) -> str:
    """`path` with unprintable characters escaped: safe to print and to encode as UTF-8."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in path)
