"""The backward-pass challenges' references agree with finite differences (issue 28).

FORWARDS holds, per challenge, its forward pass written here in float64 NumPy as a scalar loss
(the upstream gradient dotted with the forward's output, or the loss itself). A forward takes
the entry point's own arguments; the parameters before `/` are the ones the challenge returns
gradients for, in that order. On every case, the central difference (L(v + h) - L(v - h)) / 2h
at sampled entries of each of those arguments must agree with the reference's output there.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable

import numpy as np
import pytest

from graders.challenge.spec import load_challenge
from tests.challenges.conftest import CHALLENGES

STEP = 1e-6
SAMPLES = 24  # entries per argument and case: enough to see a wrong term, cheap on 3200 entries
RTOL = 1e-4


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def softmax_loss(x, /, dy) -> float:
    return float(np.dot(dy, _softmax(np.asarray(x))))


def cross_entropy_loss(logits, /, targets) -> float:
    z = np.asarray(logits)
    top = z.max(axis=1, keepdims=True)
    log_total = np.log(np.exp(z - top).sum(axis=1)) + top[:, 0]
    return float(np.mean(log_total - z[np.arange(len(z)), targets]))


def layer_norm_loss(x, gamma, beta, /, dy, eps=1e-5) -> float:
    x = np.asarray(x)
    centred = x - x.mean(axis=1, keepdims=True)
    y = centred / np.sqrt((centred**2).mean(axis=1, keepdims=True) + eps) * gamma + beta
    return float(np.sum(np.asarray(dy) * y))


def rms_norm_loss(x, weight, /, dy, eps=1e-6) -> float:
    x = np.asarray(x)
    y = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + eps) * weight
    return float(np.sum(np.asarray(dy) * y))


def _attention(Q, K, V, causal: bool) -> np.ndarray:
    Q, K, V = (np.asarray(a, dtype=np.float64) for a in (Q, K, V))
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        scores = np.where(np.arange(len(K))[None, :] > np.arange(len(Q))[:, None], -np.inf,
                          scores)
    return _softmax(scores) @ V


def attention_loss(Q, K, V, /, dO) -> float:
    return float(np.sum(np.asarray(dO) * _attention(Q, K, V, causal=False)))


def causal_attention_loss(Q, K, V, /, dO) -> float:
    return float(np.sum(np.asarray(dO) * _attention(Q, K, V, causal=True)))


def rope_loss(X, /, positions, dY, base=10000.0) -> float:
    X = np.asarray(X, dtype=np.float64)
    d = X.shape[1]
    t = np.asarray(positions, dtype=np.float64)[:, None] * base ** (-np.arange(0, d, 2) / d)
    a, b = X[:, 0::2], X[:, 1::2]
    y = np.stack([a * np.cos(t) - b * np.sin(t), a * np.sin(t) + b * np.cos(t)], axis=2)
    return float(np.sum(np.asarray(dY) * y.reshape(X.shape)))


def multi_head_attention_loss(X, Wq, Wk, Wv, Wo, /, num_heads, dOut) -> float:
    X = np.asarray(X, dtype=np.float64)
    Q, K, V = (np.hsplit(X @ np.asarray(W), num_heads) for W in (Wq, Wk, Wv))
    heads = [_attention(q, k, v, causal=False) for q, k, v in zip(Q, K, V, strict=True)]
    return float(np.sum(np.asarray(dOut) * (np.hstack(heads) @ np.asarray(Wo))))


FORWARDS: dict[str, Callable[..., float]] = {
    "softmax-backward": softmax_loss,
    "cross-entropy-backward": cross_entropy_loss,
    "layer-norm-backward": layer_norm_loss,
    "rms-norm-backward": rms_norm_loss,
    "attention-backward": attention_loss,
    "causal-attention-backward": causal_attention_loss,
    "rope-backward": rope_loss,
    "multi-head-attention-backward": multi_head_attention_loss,
}


def differentiated(forward: Callable[..., float]) -> int:
    """Return how many leading arguments the challenge returns gradients for."""
    return sum(p.kind is p.POSITIONAL_ONLY for p in inspect.signature(forward).parameters.values())


def central_difference(forward: Callable[..., float], args: list, kwargs: dict, which: int,
                       index: tuple) -> float:
    """Return (L(v + h) - L(v - h)) / 2h for entry `index` of argument `which`."""
    values = []
    for step in (STEP, -STEP):
        moved = [np.array(a, dtype=np.float64) if i == which else a for i, a in enumerate(args)]
        moved[which][index] += step
        values.append(forward(*moved, **kwargs))
    return (values[0] - values[1]) / (2 * STEP)


@pytest.mark.sandbox
@pytest.mark.parametrize("slug", sorted(FORWARDS))
def test_the_reference_gradients_agree_with_finite_differences(slug: str, prepared) -> None:
    forward, rng = FORWARDS[slug], random.Random(slug)
    count = differentiated(forward)
    _, version = prepared(slug)
    for case in version.cases:
        parts = case.expected if count > 1 else [case.expected]
        assert len(parts) == count, f"{slug}, {case.name}: {len(parts)} gradients, not {count}"
        for which, part in enumerate(parts):
            gradient = np.asarray(part, dtype=np.float64)
            shape = np.shape(case.args[which])
            assert gradient.shape == shape, f"{slug}, {case.name}: gradient {which}'s shape"
            indices = list(np.ndindex(*shape))
            for index in rng.sample(indices, min(SAMPLES, len(indices))):
                numeric = central_difference(forward, case.args, case.kwargs, which, index)
                tolerance = RTOL * max(1.0, float(np.abs(gradient).max()))
                assert abs(numeric - gradient[index]) <= tolerance, (
                    f"{slug}, {case.name}: gradient {which} at {list(index)} is "
                    f"{gradient[index]:.9g}, finite differences give {numeric:.9g}")


def test_every_challenge_of_the_gradients_track_has_a_forward_here() -> None:
    track = {p.parent.name for p in CHALLENGES.glob("*/challenge.toml")
             if load_challenge(p.parent).track == "gradients"}
    assert track == set(FORWARDS), f"without a forward: {sorted(track - set(FORWARDS))}"
