"""A lesson folder, read and checked: `lesson.toml` and one Markdown file per language.

The format is docs/lessons.md's. The Markdown is cut into blocks at its special fences: a
runnable cell (```` ```python cell=<id> ````) with the ```` ```output ```` it must print, a
predict-first prompt (```` ```predict ````, question and answer split by a `---` line) and a
heatmap (```` ```heatmap ````, JSON); what lies between them is plain Markdown, rendered by the
platform. Every rule and bound is checked on load, so a lesson that loads can be shown and its
cells run; `LessonError` lists what is wrong. Graders never import the platform: this module
only reads files.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graders.bounds import (
    MAX_CELL_CODE_BYTES,
    MAX_CELL_OUTPUT_BYTES,
    MAX_LESSON_BYTES,
    MAX_LESSON_CELLS,
    MAX_ORDER,
)

TRACKS = ("foundations", "internals", "modern")
ENGLISH = "en"
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
CELL_ID = re.compile(r"[a-z0-9-]{1,40}")
FENCE = re.compile(r"^(`{3,})[ \t]*([^`]*)$")
#: A heatmap's tokens: at most this many (the widget draws a square of them).
MAX_HEATMAP_TOKENS, MAX_HEATMAP_WIDTH = 16, 16
MAX_TITLE = 200


class LessonError(ValueError):
    """A lesson folder breaks the format; `problems` says how."""

    def __init__(self, slug: str, problems: list[str]) -> None:
        super().__init__(f"lesson {slug}: " + "; ".join(problems))
        self.slug, self.problems = slug, problems


@dataclass(frozen=True)
class Cell:
    """A runnable cell: its id, its code and the standard output it must print."""

    id: str
    code: str
    expected_output: str


@dataclass(frozen=True)
class Block:
    """One piece of a lesson's page, in order: `markdown` (text), `cell` (cell),
    `predict` (text: the question, answer) or `heatmap` (example)."""

    kind: str
    text: str = ""
    answer: str = ""
    cell: Cell | None = None
    example: dict | None = None


@dataclass(frozen=True)
class Lesson:
    """A lesson: its metadata and, per language, its blocks (English always)."""

    slug: str
    order: int
    track: str
    challenges: tuple[str, ...]
    titles: dict[str, str]
    blocks_by_language: dict[str, tuple[Block, ...]] = field(repr=False)

    def language(self, lang: str) -> str:
        """Return `lang` if the lesson is written in it, else English."""
        return lang if lang in self.blocks_by_language else ENGLISH

    def title(self, lang: str) -> str:
        """Return the title in `lang`, English where it is missing."""
        return self.titles.get(lang) or self.titles[ENGLISH]

    def blocks(self, lang: str) -> tuple[Block, ...]:
        """Return the blocks in `lang`, English where it is missing."""
        return self.blocks_by_language[self.language(lang)]

    def cells(self, lang: str) -> list[Cell]:
        """Return the cells in `lang`, in order."""
        return [block.cell for block in self.blocks(lang) if block.cell is not None]

    def cell(self, cell_id: str, lang: str = ENGLISH) -> Cell | None:
        """Return one cell, or None."""
        return next((cell for cell in self.cells(lang) if cell.id == cell_id), None)


def same_output(printed: str, expected: str) -> bool:
    """Tell whether a cell printed its expected output, trailing whitespace of each line and
    trailing blank lines aside."""
    return normalised(printed) == normalised(expected)


def normalised(text: str) -> str:
    """Return `text` without each line's trailing whitespace nor trailing blank lines."""
    return "\n".join(line.rstrip() for line in text.splitlines()).rstrip("\n")


def load_lessons(root: Path) -> list[Lesson]:
    """Load every lesson folder under `root` (those holding a lesson.toml), in their order;
    raise LessonError for the first broken one."""
    if not root.is_dir():
        return []
    lessons = [load_lesson(folder) for folder in sorted(root.iterdir())
               if (folder / "lesson.toml").is_file()]
    return sorted(lessons, key=lambda lesson: (lesson.order, lesson.slug))


def load_lesson(folder: Path) -> Lesson:
    """Read and check one lesson folder; raise LessonError listing what is wrong."""
    slug, problems = folder.name, []
    if not SLUG.fullmatch(slug):
        problems.append("the folder's name must be a slug (a-z, 0-9 and dashes)")
    meta = _metadata(folder / "lesson.toml", problems)
    blocks: dict[str, tuple[Block, ...]] = {}
    for path in sorted(folder.glob("lesson.*.md")):
        lang = path.name.split(".")[1]
        if lang not in meta["titles"]:
            problems.append(f"{path.name}: lesson.toml has no title in {lang!r}")
        text = _read(path, problems)
        if text is not None:
            blocks[lang] = tuple(parse_blocks(text, path.name, problems))
    if not (folder / "lesson.en.md").is_file():
        problems.append("lesson.en.md is missing")
    _compare_languages(blocks, problems)
    if problems:
        raise LessonError(slug, problems)
    return Lesson(slug, meta["order"], meta["track"], meta["challenges"], meta["titles"],
                  blocks)


def _read(path: Path, problems: list[str]) -> str | None:
    if path.stat().st_size > MAX_LESSON_BYTES:
        problems.append(f"{path.name}: over {MAX_LESSON_BYTES} bytes")
        return None
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        problems.append(f"{path.name}: not UTF-8")
        return None


def _metadata(path: Path, problems: list[str]) -> dict[str, Any]:
    """Read lesson.toml; a missing or wrong field is a problem (with a harmless stand-in)."""
    meta: dict[str, Any] = {"order": 0, "track": TRACKS[0], "challenges": (), "titles": {}}
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        problems.append(f"lesson.toml: {exc}")
        return meta
    unknown = set(raw) - {"order", "track", "challenges", "title"}
    if unknown:
        problems.append(f"lesson.toml: unknown keys {sorted(unknown)}")
    order = raw.get("order")
    if type(order) is not int or not 0 <= order <= MAX_ORDER:
        problems.append(f"lesson.toml: order must be a whole number from 0 to {MAX_ORDER}")
    else:
        meta["order"] = order
    if raw.get("track") not in TRACKS:
        problems.append(f"lesson.toml: track must be one of {', '.join(TRACKS)}")
    else:
        meta["track"] = raw["track"]
    challenges = raw.get("challenges", [])
    if (not isinstance(challenges, list) or len(challenges) > 50
            or not all(isinstance(c, str) and SLUG.fullmatch(c) for c in challenges)):
        problems.append("lesson.toml: challenges must be a list of challenge slugs")
    else:
        meta["challenges"] = tuple(challenges)
    titles = raw.get("title")
    if (not isinstance(titles, dict) or not isinstance(titles.get(ENGLISH), str)
            or not all(isinstance(t, str) and 0 < len(t.strip()) <= MAX_TITLE
                       for t in titles.values())):
        problems.append(f"lesson.toml: [title] needs `en`, each title 1 to {MAX_TITLE} "
                        "characters")
    else:
        meta["titles"] = dict(titles)
    return meta


def _pieces(text: str, name: str, problems: list[str]) -> list[tuple[str | None, str]]:
    """Cut Markdown into (None, markdown) and (info, body) for each fenced block."""
    pieces: list[tuple[str | None, str]] = []
    lines, plain, index = text.splitlines(), [], 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening is None:
            if lines[index].startswith("# "):
                problems.append(f"{name}: line {index + 1}: no level-1 heading (the title "
                                "comes from lesson.toml)")
            plain.append(lines[index])
            index += 1
            continue
        ticks, info = opening.group(1), opening.group(2).strip()
        end = next((i for i in range(index + 1, len(lines))
                    if lines[i].strip().startswith(ticks) and not lines[i].strip(" `")), None)
        if end is None:
            problems.append(f"{name}: line {index + 1}: a fence is never closed")
            end = len(lines)
        body = "\n".join(lines[index + 1:end])
        if _special(info):
            if plain:
                pieces.append((None, "\n".join(plain)))
                plain = []
            pieces.append((info, body))
        else:
            plain.extend(lines[index:end + 1])
        index = end + 1
    if plain:
        pieces.append((None, "\n".join(plain)))
    return pieces


def _special(info: str) -> bool:
    words = info.split()
    return bool(words) and (words[0] in ("output", "predict", "heatmap")
                            or (words[0] == "python" and any(w.startswith("cell=")
                                                             for w in words[1:])))


def parse_blocks(text: str, name: str, problems: list[str]) -> list[Block]:
    """Cut one language's Markdown into blocks, checking the special fences' rules."""
    blocks: list[Block] = []
    pending: tuple[str, str] | None = None  # a cell whose output block has not come yet
    for info, body in _pieces(text, name, problems):
        words = (info or "").split()
        if pending is not None and info != "output":
            if info is not None or body.strip():
                problems.append(f"{name}: cell {pending[0]!r} has no output block right after it")
                pending = None
        if info is None:
            if body.strip():
                blocks.append(Block("markdown", text=body))
        elif words[0] == "python":
            pending = _cell_start(words, body, name, problems, blocks)
        elif words[0] == "output":
            if pending is None:
                problems.append(f"{name}: an output block follows no cell")
                continue
            if len(body.encode("utf-8")) > MAX_CELL_OUTPUT_BYTES:
                problems.append(f"{name}: cell {pending[0]!r}: output over "
                                f"{MAX_CELL_OUTPUT_BYTES} bytes")
            blocks.append(Block("cell", cell=Cell(pending[0], pending[1], body)))
            pending = None
        elif words[0] == "predict":
            question, rule, answer = _split_predict(body)
            if not rule or not question.strip() or not answer.strip():
                problems.append(f"{name}: a predict block needs a question, a line `---`, "
                                "then an answer")
            blocks.append(Block("predict", text=question, answer=answer))
        else:
            blocks.append(Block("heatmap", example=_heatmap(body, name, problems)))
    if pending is not None:
        problems.append(f"{name}: cell {pending[0]!r} has no output block right after it")
    cells = [block.cell.id for block in blocks if block.cell is not None]
    if len(cells) > MAX_LESSON_CELLS:
        problems.append(f"{name}: over {MAX_LESSON_CELLS} cells")
    if len(set(cells)) != len(cells):
        problems.append(f"{name}: cell ids must be unique")
    return blocks


def _cell_start(words: list[str], code: str, name: str, problems: list[str],
                blocks: list[Block]) -> tuple[str, str]:
    cell_id = next(w for w in words[1:] if w.startswith("cell="))[len("cell="):]
    if not CELL_ID.fullmatch(cell_id):
        problems.append(f"{name}: cell id {cell_id!r} must be 1 to 40 of a-z, 0-9 and dashes")
    if len(code.encode("utf-8")) > MAX_CELL_CODE_BYTES:
        problems.append(f"{name}: cell {cell_id!r}: code over {MAX_CELL_CODE_BYTES} bytes")
    if not code.strip():
        problems.append(f"{name}: cell {cell_id!r} is empty")
    return cell_id, code


def _split_predict(body: str) -> tuple[str, bool, str]:
    lines = body.splitlines()
    rule = next((i for i, line in enumerate(lines) if line.strip() == "---"), None)
    if rule is None:
        return body, False, ""
    return "\n".join(lines[:rule]), True, "\n".join(lines[rule + 1:])


def _heatmap(body: str, name: str, problems: list[str]) -> dict:
    """Check a heatmap's example: tokens, and Q, K, V with a row per token."""
    try:
        example = json.loads(body)
    except ValueError:
        problems.append(f"{name}: a heatmap block must be JSON")
        return {}
    tokens = example.get("tokens") if isinstance(example, dict) else None
    ok = (isinstance(tokens, list) and 0 < len(tokens) <= MAX_HEATMAP_TOKENS
          and all(isinstance(t, str) and 0 < len(t) <= 40 for t in tokens)
          and set(example) <= {"tokens", "Q", "K", "V", "causal"}
          and isinstance(example.get("causal", False), bool)
          and all(_matrix(example.get(key), len(tokens)) for key in ("Q", "K", "V")))
    if ok:
        ok = len(example["Q"][0]) == len(example["K"][0])
    if not ok:
        problems.append(f"{name}: a heatmap needs 1 to {MAX_HEATMAP_TOKENS} tokens and Q, K, V "
                        f"with one row of numbers per token (Q and K as wide), at most "
                        f"{MAX_HEATMAP_WIDTH} columns")
        return {}
    return example


def _matrix(value: Any, rows: int) -> bool:
    return (isinstance(value, list) and len(value) == rows
            and all(isinstance(row, list) and 0 < len(row) <= MAX_HEATMAP_WIDTH
                    and len(row) == len(value[0])
                    and all(type(x) in (int, float) and abs(x) < 1e6 for x in row)
                    for row in value))


def _compare_languages(blocks: dict[str, tuple[Block, ...]], problems: list[str]) -> None:
    """Every language has the same cells, in the same order, printing the same output."""
    english = blocks.get(ENGLISH)
    if english is None:
        return
    ids = [b.cell.id for b in english if b.cell is not None]
    outputs = [normalised(b.cell.expected_output) for b in english if b.cell is not None]
    for lang, theirs in blocks.items():
        cells = [b.cell for b in theirs if b.cell is not None]
        if [c.id for c in cells] != ids:
            problems.append(f"lesson.{lang}.md: its cells must be English's, in the same order "
                            f"({', '.join(ids)})")
        elif [normalised(c.expected_output) for c in cells] != outputs:
            problems.append(f"lesson.{lang}.md: every cell's expected output must be the same "
                            "as in English")
