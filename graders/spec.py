"""Challenge folders on disk, read into immutable specs (reading only: nothing here runs code)."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from graders.judging.probes import probe_problems
from graders.judging.properties import PROPERTIES

DIFFICULTIES = ("easy", "medium", "hard")
TRACKS = ("foundations", "internals", "modern")
LOCALES = ("en", "ko")


class ChallengeFormatError(ValueError):
    """A challenge folder does not follow the format in docs/authoring.md."""


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
    weights_probe: dict | None = None  # how to read the learner's weights (graders.judging.probes)

    def mutant(self, name: str) -> MutantSpec:
        """Return the mutant called `name`."""
        return next(m for m in self.mutants if m.name == name)


def _read(folder: Path, name: str) -> str:
    path = folder / name
    if not path.is_file():
        raise ChallengeFormatError(f"{folder.name}: missing {name}")
    return path.read_text(encoding="utf-8")


def _localized(meta: dict, key: str, slug: str) -> dict:
    value = meta.get(key)
    if not isinstance(value, dict) or "en" not in value:
        raise ChallengeFormatError(f"{slug}: [{key}] needs at least an 'en' entry")
    return value


def _hash_folder(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        if "__pycache__" in path.parts:
            continue
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def load_challenge(folder: Path) -> ChallengeSpec:
    """Read one challenge folder into a spec, checking its format."""
    folder = Path(folder)
    meta = tomllib.loads(_read(folder, "challenge.toml"))
    slug = meta.get("slug")
    if slug != folder.name:
        raise ChallengeFormatError(f"{folder.name}: slug {slug!r} must equal the folder name")
    if meta.get("difficulty") not in DIFFICULTIES:
        raise ChallengeFormatError(f"{slug}: difficulty must be one of {DIFFICULTIES}")
    if meta.get("track") not in TRACKS:
        raise ChallengeFormatError(f"{slug}: track must be one of {TRACKS}")
    if not str(meta.get("entry_point", "")).isidentifier():
        raise ChallengeFormatError(f"{slug}: entry_point must be a Python identifier")
    unknown = set(meta.get("properties", ())) - set(PROPERTIES)
    if unknown:
        raise ChallengeFormatError(f"{slug}: unknown properties {sorted(unknown)}")
    probe = meta.get("weights_probe")
    if probe is not None and (not isinstance(probe, dict) or probe_problems(probe)):
        problems = probe_problems(probe) if isinstance(probe, dict) else ["a table expected"]
        raise ChallengeFormatError(f"{slug}: " + "; ".join(problems))
    mutants = []
    for name, explanation in sorted(_localized_table(meta, "mutants").items()):
        if "en" not in explanation:
            raise ChallengeFormatError(f"{slug}: mutant {name} needs an 'en' explanation")
        mutants.append(MutantSpec(name, _read(folder, f"mutants/{name}.py"), dict(explanation)))
    return ChallengeSpec(
        slug=slug,
        title=dict(_localized(meta, "title", slug)),
        difficulty=meta["difficulty"],
        track=meta["track"],
        order=int(meta.get("order", 0)),
        tags=tuple(meta.get("tags", ())),
        entry_point=meta["entry_point"],
        time_limit=float(meta.get("time_limit", 10.0)),
        memory_mb=int(meta.get("memory_mb", 512)),
        rtol=float(meta.get("rtol", 1e-5)),
        atol=float(meta.get("atol", 1e-6)),
        properties=tuple(meta.get("properties", ())),
        statement={
            loc: _read(folder, f"statement.{loc}.md")
            for loc in LOCALES
            if (folder / f"statement.{loc}.md").exists()
        }
        or {"en": _read(folder, "statement.en.md")},
        hints={loc: tuple(items) for loc, items in meta.get("hints", {}).items()},
        starter=_read(folder, "starter.py"),
        reference=_read(folder, "reference.py"),
        cases_source=_read(folder, "cases.py"),
        mutants=tuple(mutants),
        content_hash=_hash_folder(folder),
        weights_probe=dict(probe) if probe else None,
    )


def _localized_table(meta: dict, key: str) -> dict[str, dict]:
    table = meta.get(key, {})
    if not isinstance(table, dict) or not all(isinstance(v, dict) for v in table.values()):
        raise ChallengeFormatError(f"{meta.get('slug')}: [{key}.<name>] tables expected")
    return table


def load_catalog(root: Path, errors: dict[str, str] | None = None) -> list[ChallengeSpec]:
    """Read every challenge folder in track order; record bad ones in `errors` if given."""
    specs = []
    for folder in sorted(p for p in Path(root).iterdir() if (p / "challenge.toml").exists()):
        try:
            specs.append(load_challenge(folder))
        except ValueError as exc:  # ChallengeFormatError, a TOML syntax error, a bad number
            if errors is None:
                raise
            errors[folder.name] = str(exc)
    return sorted(specs, key=lambda s: (TRACKS.index(s.track), s.order, s.slug))
