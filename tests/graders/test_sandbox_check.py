"""`arena sandbox check`'s probe: every promise it verifies holds on each backend."""

import os

import pytest

from graders.sandbox.check import isolation_report
from graders.sandbox.process import namespace_prefix

pytestmark = pytest.mark.sandbox


@pytest.mark.parametrize("backend", ["process", "docker"])
def test_every_check_holds(make_sandbox, backend):
    if (backend == "process" and namespace_prefix() is None
            and os.environ.get("ARENA_REQUIRE_NAMESPACES") != "1"):
        pytest.skip("the kernel refuses new namespaces here: the process box holds little")
    sandbox = make_sandbox(backend)
    try:
        failed = [(name, detail) for name, holds, detail in isolation_report(sandbox) if not holds]
    finally:
        sandbox.close()
    assert not failed, f"{sandbox.reason}: {failed}"
