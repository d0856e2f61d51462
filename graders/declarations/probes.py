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

from typing import Any, ClassVar

import numpy as np

from graders.protocol import OUTPUT_MARGIN, SLACK_ELEMENTS, output_allowance

IDENTITY_ATOL = 1e-9

#: Each kind of probe by its name (the table's `with`), in the order of their classes below.
PROBES: dict[str, Probe] = {}


class Probe:
    """A way to make the function return its weights; a subclass with a `kind` registers
    itself. `indices`: the keys of the table that name positional arguments."""

    kind: ClassVar[str]
    indices: ClassVar[tuple[str, ...]] = ("replace",)

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        if "kind" in cls.__dict__:
            PROBES[cls.kind] = cls()

    def inputs(self, probe: dict, args: list, kwargs: dict) -> dict | None:
        """Return the inputs that make the function return its weights, or None when none do."""
        raise NotImplementedError

    def allowance(self, probe: dict, inputs: dict, expected: Any) -> int:
        """Return how many numbers the answer to `inputs` may hold, given the case's expected
        output."""
        raise NotImplementedError


class ReplacedArgument(Probe):
    """The argument `replace` swapped for a stand-in that turns the output into the weights:
    one row per row of the output by the columns of the stand-in."""

    def stand_in(self, probe: dict, args: list) -> np.ndarray | None:
        """Return the stand-in for the argument `replace`, or None when there is none."""
        raise NotImplementedError

    def inputs(self, probe: dict, args: list, kwargs: dict) -> dict | None:
        replace = probe["replace"]
        if replace >= len(args):
            return None
        try:
            stand_in = self.stand_in(probe, args)
        except (IndexError, TypeError, ValueError):
            return None
        if stand_in is None:
            return None
        probed = list(args)
        probed[replace] = stand_in.tolist()
        return {"args": probed, "kwargs": kwargs}

    def allowance(self, probe: dict, inputs: dict, expected: Any) -> int:
        columns = len(inputs["args"][probe["replace"]][0])
        return OUTPUT_MARGIN * len(expected) * columns + SLACK_ELEMENTS


class Identity(ReplacedArgument):
    """V replaced by the identity: the output is W itself (keys for columns)."""

    kind = "identity"

    def stand_in(self, probe: dict, args: list) -> np.ndarray | None:
        return np.eye(len(args[probe["replace"]]))


class PseudoInverse(ReplacedArgument):
    """Wv replaced by the pseudo-inverse of X (the argument `of`): X Wv is then the identity
    when X has full row rank (tokens for columns)."""

    kind = "pseudo_inverse"
    indices = ("replace", "of")

    def stand_in(self, probe: dict, args: list) -> np.ndarray | None:
        return _right_inverse(np.asarray(args[probe["of"]], dtype=np.float64))


class Output(Probe):
    """The function returns the weights themselves: it is called again as it is."""

    kind = "output"
    indices = ()

    def inputs(self, probe: dict, args: list, kwargs: dict) -> dict | None:
        return {"args": args, "kwargs": kwargs}

    def allowance(self, probe: dict, inputs: dict, expected: Any) -> int:
        return output_allowance(expected)


def probe_problems(probe: dict) -> list[str]:
    """List what is wrong with a [weights_probe] table (empty when it is well formed)."""
    named = probe.get("with")
    kind = PROBES.get(named) if isinstance(named, str) else None
    problems = [] if kind else [f"weights_probe.with must be one of {tuple(PROBES)}"]
    return problems + [f"weights_probe.{key} must be an argument index"
                       for key in (kind or Probe).indices if not isinstance(probe.get(key), int)]


def probe_inputs(probe: dict, args: list, kwargs: dict) -> dict | None:
    """Return the inputs that make the function return its weights, or None when none do."""
    return PROBES[probe["with"]].inputs(probe, args, kwargs)


def probe_allowance(probe: dict, inputs: dict, expected: Any) -> int:
    """Return how many numbers a probe's answer may hold, given the case's expected output."""
    return PROBES[probe["with"]].allowance(probe, inputs, expected)


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
