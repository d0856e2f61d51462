"""How alike pieces of Python code are, with copydetect's winnowing (docs/decisions.md says why
copydetect): each piece is normalised to its token shapes, fingerprinted by the hashes of its
k-grams that winnowing keeps, and two pieces are alike as far as their fingerprints overlap.

Normalising keeps what a copier cannot cheaply change and drops what they can: every name of
their own becomes `V` and every function name `F` (renaming changes nothing), strings become
`S`, whitespace and comments go; keywords, operators, numbers, builtins, imported modules and
attributes after a dot (`np.exp` against `np.log`) stay. Fingerprints are a set, so moving
functions or statements about keeps most of them.

Code everyone was given or shares is no evidence: the k-grams of the starter and the reference
are dropped, and so is every fingerprint found in at least COMMON_SHARE of the compared
pieces (and at least COMMON_LEAST of them). A score is the share of a piece's remaining
fingerprinted code found in the other, the larger of the two shares, discounted when a piece
has less than OWN_CODE characters of its own left (too little to tell anything).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from hashlib import blake2b

import numpy as np
from pygments.lexers import PythonLexer
from pygments.token import Comment, Keyword, Name, String, Text

#: Characters of normalised code per k-gram: a match shorter than this is noise.
K = 20
#: Winnowing window: every match of K + WINDOW - 1 characters or more is found.
WINDOW = 4
#: Characters of one's own normalised, fingerprinted code under which a score is discounted.
OWN_CODE = 80
#: A fingerprint in this share of the compared pieces, and in COMMON_LEAST of them at least,
#: is code they all share: the way the language or the task is written, not a copy.
COMMON_SHARE = 0.5
COMMON_LEAST = 6
#: The score from which a pair is flagged for an instructor to look at (docs/decisions.md).
THRESHOLD = 0.75
#: Characters of a piece that are compared: the rest of a longer piece is not.
MAX_COMPARED_CHARS = 16_000


@cache
def _copydetect():
    """Return copydetect's winnowing functions, imported at first use: the package imports
    matplotlib on the way (half a second), which the web process needs only here."""
    from copydetect import utils

    return utils


@dataclass
class Normalised:
    """Code normalised, and for each of its characters the span of the token it came from."""

    text: str
    starts: list[int]
    ends: list[int]


def normalise(code: str) -> Normalised:
    """Normalise Python code to the shapes of its tokens (see the module's docstring)."""
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    modules: set[str] = set()
    previous, importing = "", False
    for offset, kind, value in PythonLexer().get_tokens_unprocessed(code):
        if kind in Text or kind in Comment:
            if "\n" in value:
                importing = False
            continue
        if kind in Keyword.Namespace:  # `import` and `from`: the line names modules
            importing = True
        if kind in Name.Function or kind in Name.Class:
            shape = "F"
        elif kind in String:
            shape = '"' if value in ("'", '"') else "S"
        elif kind in Name.Namespace or (importing and kind in Name):
            modules.add(value)
            shape = value
        elif kind in Name and kind not in Name.Builtin:
            shape = value if previous == "." or value in modules else "V"
        else:
            shape = value
        parts.append(shape)
        starts.extend([offset] * len(shape))
        ends.extend([offset + len(value)] * len(shape))
        previous = value
    return Normalised("".join(parts), starts, ends)


def _hashes(text: str) -> np.ndarray:
    """Return the hash of each k-gram of a normalised text, the same in every process (Python's
    own string hash, which copydetect uses, changes with each process's seed)."""
    return np.array([int.from_bytes(blake2b(text[i:i + K].encode(), digest_size=8).digest(),
                                    "little", signed=True)
                     for i in range(len(text) - K + 1)], dtype=np.int64)


def kgram_hashes(code: str) -> set[int]:
    """Return the hashes of every k-gram of code normalised (to drop as given code)."""
    return set(_hashes(normalise(code).text).tolist())


@dataclass
class Fingerprint:
    """A piece of code's fingerprints: hash -> where in the normalised text it starts."""

    code: str
    normalised: Normalised
    places: dict[int, list[int]] = field(default_factory=dict)
    #: How many normalised characters its fingerprints cover: its own code.
    own: int = 0

    def keep(self, places: dict[int, list[int]]) -> None:
        """Keep these fingerprints, and count the code they cover."""
        self.places = places
        self.own = int(_copydetect().get_token_coverage(places, K, len(self.normalised.text)))


def fingerprint(code: str, given: set[int]) -> Fingerprint:
    """Fingerprint a piece of code (its first MAX_COMPARED_CHARS characters), without the
    k-grams in `given`."""
    normalised = normalise(code[:MAX_COMPARED_CHARS])
    hashes = _hashes(normalised.text)
    places: dict[int, list[int]] = {}
    if len(hashes):
        kept, where = _copydetect().winnow(hashes, WINDOW, remove_duplicates=False)
        for h, at in zip(kept.tolist(), where.tolist(), strict=True):
            if h not in given:
                places.setdefault(h, []).append(at)
    piece = Fingerprint(code, normalised)
    piece.keep(places)
    return piece


def drop_common(pieces: Iterable[Fingerprint]) -> None:
    """Drop from each piece the fingerprints most of the pieces share (COMMON_SHARE)."""
    pieces = list(pieces)
    counts = Counter(h for piece in pieces for h in piece.places)
    least = max(COMMON_LEAST, COMMON_SHARE * len(pieces))
    common = {h for h, n in counts.items() if n >= least}
    for piece in pieces:
        piece.keep({h: p for h, p in piece.places.items() if h not in common})


@dataclass
class Match:
    """How alike two pieces are, and where: raw (start, end) spans of each piece."""

    score: float
    spans: tuple[list[tuple[int, int]], list[tuple[int, int]]]


def _spans(piece: Fingerprint, slices: np.ndarray) -> list[tuple[int, int]]:
    """Map slices of the normalised text back to spans of the piece's code."""
    text = piece.normalised
    return [(text.starts[int(a)], text.ends[min(int(b), len(text.text)) - 1])
            for a, b in zip(slices[0], slices[1], strict=True)]


def compare(first: Fingerprint, second: Fingerprint) -> Match:
    """Score how alike two pieces are (0 to 1) and say where they match."""
    utils = _copydetect()
    found = utils.find_fingerprint_overlap(set(first.places), set(second.places),
                                           first.places, second.places)
    if len(found[0]) == 0:
        return Match(0.0, ([], []))
    slices = [utils.get_copied_slices(idx, K) for idx in found]
    own = (first.own, second.own)
    shares = [min(1.0, float(np.sum(s[1] - s[0])) / n) if n else 0.0
              for s, n in zip(slices, own, strict=True)]
    evidence = min(1.0, min(own) / OWN_CODE)
    return Match(round(max(shares) * evidence, 4),
                 (_spans(first, slices[0]), _spans(second, slices[1])))


def segments(code: str, spans: list[tuple[int, int]]) -> list[tuple[str, bool]]:
    """Cut code into (text, matched) segments, in order, for showing it with its matches."""
    cut: list[tuple[str, bool]] = []
    at = 0
    for start, end in sorted(spans):
        start = max(start, at)
        if end <= start:
            continue
        if start > at:
            cut.append((code[at:start], False))
        cut.append((code[start:end], True))
        at = end
    if at < len(code):
        cut.append((code[at:], False))
    return cut
