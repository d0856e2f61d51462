"""Domain errors: services raise these, the API turns them into HTTP statuses."""


class ArenaError(Exception):
    """A request the platform refuses; `status` and `code` say how the API reports it."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ArenaError):
    """The thing asked for does not exist, or the caller may not know that it does."""

    status = 404
    code = "not_found"


class PayloadTooLarge(ArenaError):
    """The submitted code is larger than the platform accepts."""

    status = 413
    code = "payload_too_large"


class Unprocessable(ArenaError):
    """The request is well formed but its content is unacceptable."""

    status = 422
    code = "unprocessable"


class Forbidden(ArenaError):
    """The caller is known but their role or ownership does not allow this."""

    status = 403
    code = "forbidden"


class Conflict(ArenaError):
    """The request is valid but the current state does not allow it."""

    status = 409
    code = "conflict"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code or self.code


class OverLimit(Unprocessable):
    """Storing this would pass a limit on what one author or one challenge keeps."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class InvalidChallenge(Unprocessable):
    """Authored files that cannot become a challenge; `problems` says why, file by file."""

    code = "invalid_challenge"

    def __init__(self, problems: list) -> None:
        super().__init__(f"{len(problems)} problem{'s' * (len(problems) != 1)} in the files: "
                         + "; ".join(str(p) for p in problems[:5]))
        self.problems = problems


class Unauthenticated(ArenaError):
    """A credential was sent and is not valid (where none at all would be allowed)."""

    status = 401
    code = "unauthorized"


class TooManyRequests(ArenaError):
    """The caller has too much work in hand; `retry_after` says when to try again (seconds)."""

    status = 429
    code = "too_many_pending"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
