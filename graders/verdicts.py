"""The verdict vocabulary, shared by the engine, the database and the API."""

from enum import StrEnum


class Status(StrEnum):
    """Where a submission is on its way through the grader."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"


class Verdict(StrEnum):
    """The outcome of a finished submission."""

    ACCEPTED = "accepted"
    WRONG_ANSWER = "wrong_answer"
    RUNTIME_ERROR = "runtime_error"
    TIME_LIMIT_EXCEEDED = "time_limit_exceeded"
    MEMORY_LIMIT_EXCEEDED = "memory_limit_exceeded"
    OUTPUT_LIMIT_EXCEEDED = "output_limit_exceeded"
    COMPILATION_ERROR = "compilation_error"
    INTERNAL_ERROR = "internal_error"
