"""Usernames as people read them: stored in Unicode NFKC (a fullwidth `ｔｅａｃｈ` is `teach`),
and kept apart by a skeleton in the manner of Unicode TR39, so that no one can register a name
that looks like someone else's (`аlice` with a Cyrillic а beside `alice`).

The table is Unicode's confusables.txt as the `confusable_homoglyphs` package ships it: pairs
of look-alikes, in both directions. Characters that look alike form classes (TR39's: a
prototype and the characters confused with it); a character reads as its class's smallest
member, or as the sequence it is confused with (`m` as `rn`). A name's skeleton: NFKC, fold
case, decompose (NFD), map each character, decompose again, until nothing changes.
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib.resources import files

#: Marks the table puts around right-to-left characters for display.
DIRECTION_MARKS = "\u200e\u200f"


def normalized(username: str) -> str:
    """Return a username as it is stored and looked up: NFKC."""
    return unicodedata.normalize("NFKC", username)


@cache
def _representatives() -> dict[str, str]:
    """Map each confusable character to what it reads as: its class's smallest member, or
    the sequence it is read as."""
    table = json.loads((files("confusable_homoglyphs") / "confusables.json").read_text("utf-8"))
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.setdefault(char, char) != char:
            parent[char] = char = parent[parent[char]]
        return char

    sequences = {}
    for char, alikes in table.items():
        looks = [alike["c"].strip(DIRECTION_MARKS) for alike in alikes]
        if len(looks) == 1 and len(looks[0]) > 1:
            sequences[char] = looks[0]  # one character read as several (m as rn)
        for alike in looks:
            if len(char) == 1 and len(alike) == 1:
                one, other = root(char), root(alike)
                parent[max(one, other)] = min(one, other)
    mapping = {char: root(char) for char in parent if root(char) != char}
    return {**mapping, **sequences}


def _mapped(text: str) -> str:
    """NFKC, fold case, decompose, map each character to what it reads as, decompose again."""
    mapping = _representatives()
    folded = unicodedata.normalize("NFD", normalized(text).casefold())
    return unicodedata.normalize("NFD", "".join(mapping.get(c, c) for c in folded))


def skeleton(username: str) -> str:
    """Return the form two usernames share when a reader could take one for the other
    (`bi11` and `bill`, `rnoe` and `moe`). Case is folded first, so capitals are compared as
    the small letters they stand for: `Ian` is `ian`, not a look-alike of `lan`."""
    key = username
    for _ in range(8):  # what a sequence reads as can map again: a few rounds at most
        key, previous = _mapped(key), key
        if key == previous:
            break
    return key
