"""Read attention weights off a function that returns outputs: the learner's and the reference's.

Attention returns W V. Called once more on a public example with V replaced by the identity, a
function returns its own weights W. Where V is X Wv (self- and cross-attention), Wv becomes the
pseudo-inverse of X, which gives the identity when X has full row rank. Where the function
returns the weights themselves, it is called again as it is. The same probe reads the
reference's weights when a version is prepared and the learner's after a run; the page draws
both. Challenges declare it in challenge.toml (docs/authoring.md):

    [weights_probe]
    replace = 2            # the argument that holds V (or Wv)
    with = "identity"      # or "pseudo_inverse", with `of = <the argument holding X>`,
                           # or "output" (and no `replace`): the output is the weights
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders.core.protocol import OUTPUT_MARGIN, SLACK_ELEMENTS, output_allowance

KINDS = ("identity", "pseudo_inverse", "output")
IDENTITY_ATOL = 1e-9


def probe_problems(probe: dict) -> list[str]:
    """List what is wrong with a [weights_probe] table (empty when it is well formed)."""
    problems = []
    if probe.get("with") not in KINDS:
        problems.append(f"weights_probe.with must be one of {KINDS}")
    if probe.get("with") != "output" and not isinstance(probe.get("replace"), int):
        problems.append("weights_probe.replace must be an argument index")
    if probe.get("with") == "pseudo_inverse" and not isinstance(probe.get("of"), int):
        problems.append("weights_probe.of must be an argument index")
    return problems


def probe_inputs(probe: dict, args: list, kwargs: dict) -> dict | None:
    """Return the inputs that make the function return its weights, or None when none do."""
    if probe["with"] == "output":
        return {"args": args, "kwargs": kwargs}
    replace = probe["replace"]
    if replace >= len(args):
        return None
    try:
        if probe["with"] == "identity":
            stand_in = np.eye(len(args[replace]))
        else:
            stand_in = _right_inverse(np.asarray(args[probe["of"]], dtype=np.float64))
    except (IndexError, TypeError, ValueError):
        return None
    if stand_in is None:
        return None
    probed = list(args)
    probed[replace] = stand_in.tolist()
    return {"args": probed, "kwargs": kwargs}


def probe_allowance(probe: dict, inputs: dict, expected: Any) -> int:
    """Return how many numbers a probe's answer may hold, given the case's expected output:
    its weights are one row per row of the output by the columns of the stand-in (keys for the
    identity, tokens for the pseudo-inverse), or the output itself."""
    if probe["with"] == "output":
        return output_allowance(expected)
    columns = len(inputs["args"][probe["replace"]][0])
    return OUTPUT_MARGIN * len(expected) * columns + SLACK_ELEMENTS


def _right_inverse(X: np.ndarray) -> np.ndarray | None:
    """Return P with X P = I, or None when X (n x d) has no right inverse (rank below n)."""
    if X.ndim != 2 or X.shape[0] > X.shape[1]:
        return None
    P = np.linalg.pinv(X)
    return P if np.allclose(X @ P, np.eye(X.shape[0]), atol=IDENTITY_ATOL) else None


def weights_of(output: Any) -> list | None:
    """Return a probe's output when it is a non-empty matrix of finite numbers, else None."""
    try:
        array = np.asarray(output, dtype=np.float64)
    except (TypeError, ValueError):
        return None
    if array.ndim != 2 or array.size == 0 or not np.isfinite(array).all():
        return None
    return array.tolist()
