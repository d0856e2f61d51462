"""PyTorch is optional for the process backend: its tests skip where the interpreter lacks it,
unless ARENA_REQUIRE_TORCH=1 (CI) makes that a failure."""

from __future__ import annotations

import importlib.util
import os

import pytest


def torch_missing() -> bool:
    """Tell whether this interpreter (the process backend's) lacks PyTorch."""
    return importlib.util.find_spec("torch") is None


def require_torch() -> None:
    """Skip the calling test without PyTorch, or fail it where CI requires PyTorch."""
    if not torch_missing():
        return
    if os.environ.get("ARENA_REQUIRE_TORCH") == "1":
        pytest.fail("PyTorch must be installed here (ARENA_REQUIRE_TORCH=1): make torch")
    pytest.skip("PyTorch is not installed in this interpreter (make torch installs it)")
