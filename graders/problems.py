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
        """Say it as `file: line N: message`, leaving out what is not known."""
        where = [self.file] if self.file is not None else []
        if self.line is not None:
            where.append(f"line {self.line}")
        return ": ".join([*where, self.message])


class ChallengeProblems(ValueError):
    """Authored files that cannot become a challenge; `problems` says why, file by file."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = list(problems)
