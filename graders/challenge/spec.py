"""Challenge folders on disk, read into immutable specs (reading only: nothing here runs code)."""

from __future__ import annotations

import ast
import hashlib
import re
import tomllib
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, NamedTuple

from graders.bounds import (
    MAX_MEMORY_MB,
    MAX_ORDER,
    MAX_TIME_LIMIT,
    MAX_TOLERANCE,
    MIN_MEMORY_MB,
    within,
)
from graders.challenge.editorial import read_editorials
from graders.declarations.probes import probe_problems
from graders.declarations.properties import PROPERTIES
from graders.files.folder import folder_files
from graders.files.syntax import syntax_problems
from graders.locales import content_locales, statement_file
from graders.problems import ChallengeProblems, Problem


class Difficulty(StrEnum):
    """How hard a challenge is, as its challenge.toml says."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
RESERVED_SLUGS = frozenset({"new"})  # /instructor/challenges/new is the empty editor
#: Where a track without a `track_order` goes: after the tracks that declare one.
DEFAULT_TRACK_ORDER = 100
#: The numbers challenge.toml may set: their kind, lowest and highest value (graders.bounds).
NUMBERS = {"order": (int, 0, MAX_ORDER), "track_order": (int, 0, MAX_ORDER),
           "time_limit": (float, 0, MAX_TIME_LIMIT),  # and above 0
           "memory_mb": (int, MIN_MEMORY_MB, MAX_MEMORY_MB),
           "rtol": (float, 0, MAX_TOLERANCE), "atol": (float, 0, MAX_TOLERANCE)}


class ChallengeFormatError(ChallengeProblems):
    """A challenge's files do not follow the format in docs/authoring.md."""


@dataclass(frozen=True)
class MutantSpec:
    """A known-wrong variant of the reference and the bug it stands for."""

    name: str
    source: str
    explanation: dict[str, str]


@dataclass(frozen=True)
class ChallengeSpec:
    """Everything a challenge folder holds; `content_hash` names this version of it."""

    slug: str
    title: dict[str, str]
    difficulty: str
    track: str
    track_order: int | None  # where the track goes; its first challenge may say
    track_title: dict[str, str]  # the track's title by locale; its first challenge may say
    order: int
    tags: tuple[str, ...]
    entry_point: str
    time_limit: float
    memory_mb: int
    rtol: float
    atol: float
    properties: tuple[str, ...]
    statement: dict[str, str]
    hints: dict[str, tuple[str, ...]]
    starter: str
    reference: str
    cases_source: str
    mutants: tuple[MutantSpec, ...] = field(default=())
    content_hash: str = ""
    weights_probe: dict | None = None  # how to read the weights (graders.declarations.probes)
    #: The editorial's Markdown by locale (approach and cost), or {} where it has none.
    editorial: dict[str, str] = field(default_factory=dict)
    #: The entry point's parameters, as starter.py names them.
    parameters: tuple[str, ...] = ()
    #: The parameters the entry point may change; every other argument is read-only.
    mutable_args: tuple[str, ...] = ()
    #: challenge.toml as written: where a validation's problem with one of its keys is.
    toml: str = ""

    def mutant(self, name: str) -> MutantSpec:
        """Return the mutant called `name`."""
        return next(m for m in self.mutants if m.name == name)

    def to_json(self) -> dict[str, Any]:
        """Return the spec as JSON-ready data (`from_json` reads it back)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChallengeSpec:
        """Rebuild a spec from `to_json`'s output."""
        fields = dict(data)
        fields["tags"] = tuple(fields["tags"])
        fields["properties"] = tuple(fields["properties"])
        fields["hints"] = {loc: tuple(items) for loc, items in fields["hints"].items()}
        fields["mutants"] = tuple(MutantSpec(**m) for m in fields["mutants"])
        for key in ("parameters", "mutable_args"):
            fields[key] = tuple(fields.get(key, ()))
        return cls(**fields)

    @property
    def arguments(self) -> dict:
        """Return what the runner needs to hold the arguments read-only: their names by
        position, and the ones the entry point may change."""
        return {"names": list(self.parameters), "mutable": list(self.mutable_args)}


class _Reader:
    """Read one challenge's files, collecting every problem instead of stopping at the first."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files
        self.problems: list[Problem] = []
        self.toml = self.text("challenge.toml") or ""

    def text(self, name: str) -> str | None:
        """Return a file's text, or None (and a problem) when it is missing."""
        if name not in self.files:
            self.problems.append(Problem("this file is missing", name))
            return None
        return self.files[name].decode("utf-8")

    def problem(self, message: str, key: str | None = None) -> None:
        """Record a problem of challenge.toml, at the line that sets `key` when there is one."""
        self.problems.append(Problem(message, "challenge.toml", line_of_key(self.toml, key)))


def line_of_key(toml: str, key: str | None) -> int | None:
    """Return the line of challenge.toml that sets `key` (or opens its table), if any."""
    if key is None:
        return None
    pattern = re.compile(rf"^\s*(\[\s*{re.escape(key)}[\].]|{re.escape(key)}\s*=)")
    return next((n for n, line in enumerate(toml.splitlines(), 1) if pattern.match(line)), None)


def content_hash(files: dict[str, bytes]) -> str:
    """Name a version by its files: the same files always give the same hash."""
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.encode() + b"\0")
        digest.update(files[path] + b"\0")
    return digest.hexdigest()[:16]


def load_files(files: dict[str, bytes], folder_name: str | None = None) -> ChallengeSpec:
    """Read a challenge's files (as `graders.files` checked them) into a spec.

    Raises ChallengeFormatError naming every problem found, each with its file and line.
    """
    reader = _Reader(files)
    reader.problems.extend(syntax_problems(files))
    if reader.problems:
        raise ChallengeFormatError(reader.problems)
    meta = tomllib.loads(reader.toml)
    spec = _spec(reader, meta, folder_name)
    if reader.problems:
        raise ChallengeFormatError(reader.problems)
    return spec


def _check_meta(reader: _Reader, meta: dict, folder_name: str | None) -> None:
    """Record every problem of challenge.toml's fields."""
    slug = meta.get("slug")
    if not isinstance(slug, str) or not SLUG.fullmatch(slug):
        reader.problem("slug must be lowercase letters, digits and dashes, at most 64", "slug")
    elif slug in RESERVED_SLUGS:
        reader.problem(f"slug {slug!r} is taken by a page's address; choose another", "slug")
    elif folder_name is not None and slug != folder_name:
        reader.problem(f"slug {slug!r} must equal the folder name {folder_name!r}", "slug")
    if meta.get("difficulty") not in tuple(Difficulty):
        reader.problem(f"difficulty must be one of {', '.join(Difficulty)}", "difficulty")
    if not isinstance(meta.get("track"), str) or not SLUG.fullmatch(meta["track"]):
        reader.problem("track must be lowercase letters, digits and dashes", "track")
    if not str(meta.get("entry_point", "")).isidentifier():
        reader.problem("entry_point must be a Python identifier", "entry_point")
    for key, (kind, low, high) in NUMBERS.items():
        value = meta.get(key, high)
        above = key == "time_limit"  # zero seconds is no limit
        if (not within(value, low, high) or (kind is int and type(value) is not int)
                or (above and value == low)):
            span = f"above {low} and at most {high}" if above else f"from {low} to {high}"
            reader.problem(f"{key} must be a {'whole ' * (kind is int)}number {span}", key)
    unknown = set(meta.get("properties", ())) - set(PROPERTIES)
    if unknown:
        reader.problem(f"unknown properties {sorted(unknown)}; known: {sorted(PROPERTIES)}",
                       "properties")
    probe = meta.get("weights_probe")
    if probe is not None:
        problems = probe_problems(probe) if isinstance(probe, dict) else ["a table expected"]
        if problems:
            reader.problem("; ".join(problems), "weights_probe")
    for key in ("title", "track_title"):
        value = meta.get(key)
        if (value is not None or key == "title") and not _localized_ok(value):
            reader.problem(f"[{key}] needs at least an 'en' entry, each a text", key)
    hints = meta.get("hints", {})
    if not isinstance(hints, dict) or not all(
            isinstance(v, list) and all(isinstance(h, str) for h in v) for v in hints.values()):
        reader.problem("[hints] maps each language to a list of texts", "hints")


def _localized_ok(value: object) -> bool:
    return (isinstance(value, dict) and "en" in value
            and all(isinstance(v, str) for v in value.values()))


def _mutants(reader: _Reader, meta: dict) -> tuple[MutantSpec, ...]:
    """Pair each [mutants.<name>] explanation with its mutants/<name>.py file, both ways."""
    table = meta.get("mutants", {})
    if not isinstance(table, dict) or not all(isinstance(v, dict) for v in table.values()):
        reader.problem("[mutants.<name>] tables expected", "mutants")
        return ()
    mutants = []
    for name, explanation in sorted(table.items()):
        if not _localized_ok(explanation):
            reader.problem(f"mutant {name} needs an 'en' explanation", f"mutants.{name}")
            continue
        source = reader.text(f"mutants/{name}.py")
        if source is not None:
            mutants.append(MutantSpec(name, source, dict(explanation)))
    for path in sorted(reader.files):
        name = path.removeprefix("mutants/").removesuffix(".py")
        if path.startswith("mutants/") and name not in table:
            reader.problems.append(Problem(
                f"no [mutants.{name}] explanation in challenge.toml for this file", path))
    return tuple(mutants)


def _spec(reader: _Reader, meta: dict, folder_name: str | None) -> ChallengeSpec | None:
    """Build the spec from parsed metadata and the files, recording what is wrong."""
    _check_meta(reader, meta, folder_name)
    mutants = _mutants(reader, meta)
    statement = {loc: reader.files[statement_file(loc)].decode("utf-8")
                 for loc in content_locales() if statement_file(loc) in reader.files}
    if "en" not in statement:
        reader.problems.append(Problem("this file is missing", "statement.en.md"))
    editorial, problems = read_editorials(reader.files, tuple(statement))
    reader.problems.extend(problems)
    sources = {name: reader.text(name) for name in ("starter.py", "reference.py", "cases.py")}
    if reader.problems:
        return None
    parameters = entry_parameters(sources["starter.py"], meta["entry_point"])
    mutable = meta.get("mutable_args", [])
    if not isinstance(mutable, list) or not set(mutable) <= set(parameters):
        reader.problem(f"mutable_args must list parameters of {meta['entry_point']} in "
                       f"starter.py: {list(parameters)}", "mutable_args")
        return None
    probe = meta.get("weights_probe")
    return ChallengeSpec(
        slug=meta["slug"],
        title=dict(meta["title"]),
        difficulty=meta["difficulty"],
        track=meta["track"],
        track_order=meta.get("track_order"),
        track_title=dict(meta.get("track_title", {})),
        order=int(meta.get("order", 0)),
        tags=tuple(str(tag) for tag in meta.get("tags", ())),
        entry_point=meta["entry_point"],
        time_limit=float(meta.get("time_limit", 10.0)),
        memory_mb=int(meta.get("memory_mb", 512)),
        rtol=float(meta.get("rtol", 1e-5)),
        atol=float(meta.get("atol", 1e-6)),
        properties=tuple(meta.get("properties", ())),
        statement=statement,
        hints={loc: tuple(items) for loc, items in meta.get("hints", {}).items()},
        starter=sources["starter.py"],
        reference=sources["reference.py"],
        cases_source=sources["cases.py"],
        mutants=mutants,
        content_hash=content_hash(reader.files),
        weights_probe=dict(probe) if probe else None,
        editorial=editorial,
        parameters=parameters,
        mutable_args=tuple(mutable),
        toml=reader.toml,
    )


def entry_parameters(starter: str, entry_point: str) -> tuple[str, ...]:
    """Return the names of the entry point's parameters in starter.py, in order (none when the
    starter does not parse: its syntax problem is reported where the files are checked)."""
    try:
        body = ast.parse(starter.removeprefix("\ufeff")).body  # a BOM is valid in a source file
    except (SyntaxError, ValueError):
        return ()
    for node in body:
        if isinstance(node, ast.FunctionDef) and node.name == entry_point:
            arguments = node.args
            return tuple(a.arg for a in [*arguments.posonlyargs, *arguments.args,
                                         *arguments.kwonlyargs])
    return ()


def load_challenge(folder: Path) -> ChallengeSpec:
    """Read one challenge folder on disk into a spec, checking its files and format."""
    folder = Path(folder)
    return load_files(folder_files(folder), folder.name)


def load_catalog(root: Path) -> tuple[list[ChallengeSpec], dict[str, list[Problem]]]:
    """Read every folder under `root`: the specs in catalog order, and each broken folder's
    problems by folder name (a broken folder never stops the others)."""
    specs, broken = [], {}
    for folder in challenge_folders(root):
        try:
            specs.append(load_challenge(folder))
        except ChallengeProblems as exc:
            broken[folder.name] = exc.problems
    return in_catalog_order(specs), broken


def challenge_folders(root: Path) -> list[Path]:
    """Return the folders under `root` that stand for challenges (hidden ones aside)."""
    return sorted(p for p in Path(root).iterdir()
                  if p.is_dir() and not p.name.startswith((".", "_")))


class Track(NamedTuple):
    """A track of the catalog, as its challenges' metadata declare it."""

    name: str
    order: int
    title: dict[str, str]


def tracks_of(items: Iterable) -> dict[str, Track]:
    """Each track of `items` (specs or challenge rows), in catalog order: its order and title
    come from the first of its challenges, by `order`, that declares them."""
    found: dict[str, Track] = {}
    for item in sorted(items, key=lambda i: (i.order, i.slug)):
        track = found.get(item.track, Track(item.track, None, {}))
        found[item.track] = Track(
            item.track, item.track_order if track.order is None else track.order,
            track.title or dict(item.track_title or {}))
    tracks = [t._replace(order=DEFAULT_TRACK_ORDER if t.order is None else t.order,
                         title=t.title or {"en": t.name.replace("-", " ").capitalize()})
              for t in found.values()]
    return {t.name: t for t in sorted(tracks, key=lambda t: (t.order, t.name))}


def in_catalog_order(items: list) -> list:
    """Sort specs or challenge rows: tracks by their order, then challenges by theirs."""
    tracks = tracks_of(items)
    return sorted(items, key=lambda i: (tracks[i.track].order, i.track, i.order, i.slug))
