"""`python -m arena`: the `arena` command (how `arena serve` starts its grading processes)."""

from arena.cli import run

run()
