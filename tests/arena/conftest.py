"""Fixtures shared by the API's course, gradebook, regrade and authoring tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def people(make_token) -> dict[str, dict[str, str]]:
    """Each person's Authorization header: instructors ivy and ian, students sam, sue and zed,
    and ada, an admin."""
    roles = {"ivy": "instructor", "ian": "instructor", "sam": "student", "sue": "student",
             "zed": "student", "ada": "admin"}
    return {name: {"Authorization": f"Bearer {make_token(name, role)}"}
            for name, role in roles.items()}
