// Unit tests of the attention arithmetic the lesson's heatmap draws and of the comparison a
// challenge's heatmap makes between weights it is given: `node --test frontend/test/`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  absDiff,
  attention,
  compareWeights,
  isMatrix,
  matmul,
  output,
  round,
  scores,
  softmax,
  unmasked,
  visible,
  weights,
} from "../src/attention.js";

// The lesson's example: three tokens, vectors of width 2.
const Q = [[1, 0], [0, 1], [1, 1]];
const K = Q;
const V = [[10, 0], [0, 10], [5, 5]];

function close(actual, expected, tolerance = 1e-9) {
  assert.equal(actual.length, expected.length);
  actual.forEach((a, i) => {
    if (Array.isArray(a)) close(a, expected[i], tolerance);
    else assert.ok(Math.abs(a - expected[i]) <= tolerance, `${a} is not ${expected[i]}`);
  });
}

describe("softmax", () => {
  it("gives non-negative weights that sum to 1", () => {
    const w = softmax([1, 2, 3]);
    close([w.reduce((a, b) => a + b, 0)], [1]);
    assert.ok(w.every((x) => x > 0));
    assert.ok(w[2] > w[1] && w[1] > w[0]);
  });

  it("stays finite for huge scores", () => {
    close(softmax([1000, 1000]), [0.5, 0.5]);
    close(softmax([10000, 0]), [1, 0]);
  });

  it("gives masked entries weight 0", () => {
    close(softmax([0, -Infinity, 0]), [0.5, 0, 0.5]);
  });

  it("gives zeros when everything is masked", () => {
    assert.deepEqual(softmax([-Infinity, -Infinity]), [0, 0]);
  });
});

describe("scores", () => {
  it("scales dot products by 1/sqrt(d)", () => {
    const s = scores(Q, K);
    const h = 1 / Math.SQRT2;
    close(s, [[h, 0, h], [0, h, h], [h, h, 2 * h]]);
  });

  it("divides by the temperature too", () => {
    close(scores([[2]], [[3]], 2), [[3]]);
  });
});

describe("weights", () => {
  it("match the lesson's attention weights, each row summing to 1", () => {
    const W = weights(Q, K);
    close(round(W, 4), [
      [0.4011, 0.1978, 0.4011],
      [0.1978, 0.4011, 0.4011],
      [0.2483, 0.2483, 0.5035],
    ]);
    W.forEach((row) => close([row.reduce((a, b) => a + b, 0)], [1]));
  });

  it("hide the future under the causal mask", () => {
    const W = weights(Q, K, { causal: true });
    assert.deepEqual(W[0], [1, 0, 0]);
    assert.equal(W[1][2], 0);
    assert.deepEqual(round(W[1], 2), [0.33, 0.67, 0]);
  });

  it("sharpen below temperature 1 and flatten above it", () => {
    const sharp = weights(Q, K, { temperature: 0.25 })[0];
    const flat = weights(Q, K, { temperature: 4 })[0];
    const plain = weights(Q, K)[0];
    assert.ok(sharp[1] < plain[1] && plain[1] < flat[1]);
    assert.ok(Math.max(...flat) - Math.min(...flat) < 0.1);
  });

  it("ignore padding keys and keys outside a sliding window", () => {
    assert.equal(weights(Q, K, { keyMask: [true, false, true] })[2][1], 0);
    const W = weights(Q, K, { causal: true, window: 2 });
    assert.equal(W[2][0], 0);
    assert.ok(W[2][1] > 0 && W[2][2] > 0);
  });
});

describe("attention output", () => {
  it("gives the lesson's output", () => {
    assert.deepEqual(round(attention(Q, K, V).output, 2), [
      [6.02, 3.98],
      [3.98, 6.02],
      [5.0, 5.0],
    ]);
  });

  it("gives the lesson's causal output", () => {
    assert.deepEqual(round(attention(Q, K, V, { causal: true }).output, 1), [
      [10.0, 0.0],
      [3.3, 6.7],
      [5.0, 5.0],
    ]);
  });

  it("copies the value row of the only visible key", () => {
    assert.deepEqual(output([[1, 0, 0]], V), [[10, 0]]);
  });

  it("averages the values when every query is zero", () => {
    const zero = [[0, 0], [0, 0], [0, 0]];
    close(attention(zero, K, V).output, [[5, 5], [5, 5], [5, 5]]);
  });
});

describe("helpers", () => {
  it("multiply matrices", () => {
    assert.deepEqual(matmul([[1, 2]], [[3], [4]]), [[11]]);
  });

  it("tell visible keys", () => {
    assert.equal(visible(0, 1, { causal: true }), false);
    assert.equal(visible(1, 0, { causal: true }), true);
    assert.equal(visible(0, 1), true);
  });

  it("measure differences", () => {
    close(absDiff([[1, 2]], [[1.5, 1]]), [[0.5, 1]]);
  });

  it("recognise matrices", () => {
    assert.ok(isMatrix(Q));
    assert.ok(!isMatrix([]));
    assert.ok(!isMatrix([[1], [2, 3]]));
    assert.ok(!isMatrix([["a"]]));
  });
});

describe("compareWeights", () => {
  const reference = [[1, 0, 0], [0.5, 0.5, 0]];

  it("flags the cells outside the tolerance and scales the difference", () => {
    const got = [[1, 0, 0], [0.2, 0.8, 0]];
    const { diff, off, scale } = compareWeights(got, reference, { rtol: 1e-5, atol: 1e-6 });
    close(diff, [[0, 0, 0], [0.3, 0.3, 0]]);
    assert.deepEqual([off(0, 0), off(1, 0), off(1, 1), off(1, 2)], [false, true, true, false]);
    close([scale], [0.3]);
  });

  it("keeps a pale scale when the weights agree within the tolerance", () => {
    const { off, scale } = compareWeights([[1, 0, 0], [0.5 + 1e-7, 0.5, 0]], reference);
    assert.equal(off(1, 0), false);
    assert.equal(scale, 0.1);
  });

  it("declines weights that are missing or of another shape", () => {
    assert.equal(compareWeights(null, reference), null);
    assert.equal(compareWeights([[1, 0, 0]], reference), null);
    assert.equal(compareWeights([[1, 0], [0.5, 0.5]], reference), null);
    assert.equal(compareWeights([[1, 0, Number.NaN], [0.5, 0.5, 0]], reference), null);
  });
});

describe("unmasked", () => {
  it("reads masked keys off the reference's exact zeros", () => {
    const seen = unmasked(weights(Q, K, { causal: true }));
    assert.deepEqual([seen(0, 0), seen(0, 1), seen(2, 1)], [true, false, true]);
  });
});
