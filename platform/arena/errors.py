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
