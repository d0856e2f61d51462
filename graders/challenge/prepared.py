"""A challenge version prepared: its cases as data, with the reference's and each mutant's
outputs (graders.grading.prepare computes it once per version; the app caches it)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import Any

from graders.challenge.spec import ChallengeSpec
from graders.protocol import TIERS, encode_call, output_allowance


@dataclass
class PreparedCase:
    """One case as data: its inputs, the reference's output, each mutant's outcome, its checks."""

    name: str
    public: bool
    args: list
    kwargs: dict
    expected: Any
    mutant_outputs: dict[str, Any] = field(default_factory=dict)
    checks: list[dict] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # the name in other locales
    rtol: float | None = None  # the case's own tolerance, where cases.py sets one
    atol: float | None = None
    weights: list | None = None  # the reference's weights, read by the challenge's weights probe
    tier: str = TIERS[0]  # the case's tier (graders.protocol.TIERS)

    def tolerance(self, spec: ChallengeSpec) -> tuple[float, float]:
        """Return (rtol, atol) for this case: its own, else the challenge's."""
        return (spec.rtol if self.rtol is None else self.rtol,
                spec.atol if self.atol is None else self.atol)

    # A prepared version is decoded once and kept (arena.jobs.preparation.DecodedCache): what
    # every submission would compute again from its cases is computed once per case.
    @cached_property
    def allowance(self) -> int:
        """Return how many numbers an answer to this case may hold."""
        return output_allowance(self.expected)

    def inputs(self) -> dict:
        """Return the arguments the entry point is called with."""
        return {"args": self.args, "kwargs": self.kwargs}

    @cached_property
    def call(self) -> str:
        """Return the call of the entry point on this case's inputs, encoded for a job."""
        return encode_call(self.inputs())


@dataclass
class Prepared:
    """A challenge version's cases, public ones first."""

    content_hash: str
    cases: list[PreparedCase]

    def public_examples(self) -> list[dict]:
        """Return the public cases in full, for showing."""
        return [{"name": c.name, "names": c.names, "args": c.args, "kwargs": c.kwargs,
                 "expected": c.expected, "weights": c.weights} for c in self.cases if c.public]

    def to_json(self) -> dict:
        """Return the prepared data as JSON-ready data."""
        return {"content_hash": self.content_hash, "cases": [asdict(c) for c in self.cases]}

    @classmethod
    def from_json(cls, data: dict) -> Prepared:
        """Rebuild prepared data from `to_json`'s output."""
        return cls(data["content_hash"], [PreparedCase(**c) for c in data["cases"]])
