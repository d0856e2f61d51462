"""How long an assignment's similarity report takes for one challenge of a class: N students'
submissions fingerprinted (without the starter and the reference), the class's common code
dropped, and every pair compared, as services.similarity does (without the database).

The class is made from the repository's correct solutions of scaled-dot-product-attention
(tests/challenges/solutions) and a student's own (tests/arena/similarity), each student's
copy with its names renamed to their own, so that no two are the same text. Reports the
median and the slowest of `--runs` runs, and the first (copydetect's import included).
Usage: .venv/bin/python bench/similarity.py [--students 64] [--runs 5]
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from itertools import combinations
from pathlib import Path

from arena.services.code_similarity import compare, drop_common, fingerprint, kgram_hashes

ROOT = Path(__file__).resolve().parents[1]
SLUG = "scaled-dot-product-attention"


def the_class(students: int) -> list[str]:
    """Return `students` pieces of code, each a solution with its local names made unique."""
    sources = [p.read_text() for p in sorted((ROOT / "tests/challenges/solutions" / SLUG)
                                             .glob("*.py"))]
    sources.append((ROOT / "tests/arena/similarity/own.py").read_text())
    names = re.compile(r"\b(scores|weights|scale|out|row|top|exps|total|m|q|k|v|queries|keys|"
                       r"values|width|shifted)\b")
    return [names.sub(lambda found, n=n: f"{found.group(1)}_{n}", sources[n % len(sources)])
            for n in range(students)]


def report_once(pieces: list[str], given: set[int]) -> int:
    """Compare a class as the report does; return the number of pairs."""
    prints = [fingerprint(code, given) for code in pieces]
    drop_common(prints)
    return sum(1 for a, b in combinations(prints, 2) if compare(a, b).score >= 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=64)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    folder = ROOT / "challenges" / SLUG
    pieces = the_class(options.students)
    times = []
    for _ in range(options.runs):
        started = time.perf_counter()
        given = kgram_hashes((folder / "starter.py").read_text()) | kgram_hashes(
            (folder / "reference.py").read_text())
        pairs = report_once(pieces, given)
        times.append(time.perf_counter() - started)
    print(f"{options.students} students, {pairs} pairs: first {times[0]:.2f} s, median "
          f"{statistics.median(times):.2f} s, slowest {max(times):.2f} s")


if __name__ == "__main__":
    main()
