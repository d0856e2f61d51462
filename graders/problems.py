"""What is wrong with authored files, said so an author can fix it: which file, which line."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a challenge's files; `file` is relative to the challenge folder."""

    message: str
    file: str | None = None
    line: int | None = None

    def to_json(self) -> dict:
        """Return the problem as `{"file", "line", "message"}`."""
        return asdict(self)

    def __str__(self) -> str:
        where = ":".join(str(p) for p in (self.file, self.line) if p is not None)
        return f"{where}: {self.message}" if where else self.message


class ChallengeProblems(ValueError):
    """Authored files that cannot become a challenge; `problems` says why, file by file."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = list(problems)
