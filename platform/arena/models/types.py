"""Column types that behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import CheckConstraint, DateTime, Dialect, Enum, Text
from sqlalchemy.types import TypeDecorator


def utcnow() -> datetime:
    """Return the current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored as naive UTC and read back timezone-aware."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Convert an aware datetime to naive UTC before storing it."""
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetimes are ambiguous; pass an aware one")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Mark a stored naive UTC datetime as UTC."""
        return None if value is None else value.replace(tzinfo=UTC)


class JSONText(TypeDecorator[Any]):
    """JSON kept as text, so that engine data with NaN or infinities survives PostgreSQL."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        """Serialise the value to JSON text."""
        return None if value is None else json.dumps(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> Any:
        """Parse the stored JSON text."""
        return None if value is None else json.loads(value)


def stored_enum(vocabulary: type[StrEnum], length: int) -> Enum:
    """A column of `vocabulary`'s values, stored as the plain strings they are (a VARCHAR of
    `length`, no native type: rows read back as members, an unknown string is refused)."""
    return Enum(vocabulary, native_enum=False, length=length, validate_strings=True,
                values_callable=lambda members: [member.value for member in members])


def one_of(column: str, vocabulary: type[StrEnum]) -> CheckConstraint:
    """The check that `column` holds one of `vocabulary`'s values, named after the column."""
    values = ", ".join(f"'{member}'" for member in vocabulary)
    return CheckConstraint(f"{column} IN ({values})", name=column)
