"""The runner reads PyTorch tensors as it reads NumPy arrays, and never imports PyTorch itself."""

import importlib.util
import json
import subprocess
import sys

import pytest

from graders.protocol import call_job
from graders.sandbox.base import RUNNER_PATH
from tests.torch_required import require_torch

spec = importlib.util.spec_from_file_location("arena_runner_tensors", RUNNER_PATH)
runner = importlib.util.module_from_spec(spec)
spec.loader.exec_module(runner)


@pytest.fixture(scope="module")
def torch():
    require_torch()
    import torch

    return torch


def data(value, budget=1000):
    return runner.to_data(value, [budget])


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16", "int64", "bool"])
def test_a_tensor_of_any_real_dtype_becomes_its_exact_values(torch, dtype):
    value = torch.tensor([[0.1, 1 / 3], [-2.5, 0.0]]).to(getattr(torch, dtype))
    assert data(value) == [[float(x) for x in row] for row in value.double()]


def test_zero_dimensional_grad_and_nested_tensors(torch):
    weight = torch.tensor([0.5, 2.0], requires_grad=True)
    assert data(weight * 2) == [1.0, 4.0]
    assert data(torch.tensor(0.25)) == 0.25
    assert data([torch.tensor([1.0]), (torch.tensor(2.0), 3)]) == [[1.0], [2.0, 3.0]]
    assert data(torch.nn.Parameter(torch.ones(2))) == [1.0, 1.0]


def test_complex_sparse_and_huge_tensors_are_refused(torch):
    with pytest.raises(runner.UnsupportedOutput, match="not real numbers"):
        data(torch.tensor([1j]))
    with pytest.raises(runner.UnsupportedOutput, match="not real numbers"):
        data(torch.eye(2).to_sparse())
    with pytest.raises(runner.OutputTooLarge):
        data(torch.zeros(1001))


def modules_seen(source):
    """Run the runner on a solution that reports whether torch was imported before it ran."""
    job = call_job(source, "f", [{"args": [], "kwargs": {}}], "solution.py", [10])
    done = subprocess.run([sys.executable, "-I", str(RUNNER_PATH)],
                          input=json.dumps(job).encode(), capture_output=True, timeout=120)
    events = [json.loads(line) for line in done.stdout.splitlines()]
    return next(e for e in events if e["event"] == "result")


def test_the_runner_imports_torch_only_for_a_solution_that_does(torch):
    seen = "import sys\n\ndef f():\n    return [float('torch' in sys.modules)]\n"
    assert modules_seen(seen)["output"] == [0.0]
    uses = "import torch\n\ndef f():\n    return torch.ones(2, dtype=torch.bfloat16)\n"
    assert modules_seen(uses)["output"] == [1.0, 1.0]
