// Unit tests of the attention arithmetic the heatmap draws: `node --test frontend/test/`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  absDiff,
  attention,
  exampleRecipe,
  isMatrix,
  matmul,
  output,
  round,
  scores,
  softmax,
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

describe("exampleRecipe", () => {
  it("reads Q and K from positional and keyword arguments", () => {
    const r = exampleRecipe("attention", { args: [Q, K, V], kwargs: {} });
    assert.deepEqual(r.Q, Q);
    assert.equal(r.causal, false);
    assert.equal(r.weightsAreOutput, false);
    const k = exampleRecipe("attention", { args: [], kwargs: { Q, K, V } });
    assert.deepEqual(k.K, K);
  });

  it("knows which challenges return the weights and which are causal", () => {
    assert.equal(exampleRecipe("attention_weights", { args: [Q, K] }).weightsAreOutput, true);
    assert.equal(exampleRecipe("causal_attention", { args: [Q, K, V] }).causal, true);
    assert.equal(exampleRecipe("attention_with_temperature", { args: [Q, K, V, 0.5] }).temperature, 0.5);
    assert.deepEqual(exampleRecipe("masked_attention", { args: [Q, K, V, [true, false, true]] }).keyMask, [true, false, true]);
  });

  it("projects the inputs of self-attention", () => {
    const I = [[1, 0], [0, 1]];
    const r = exampleRecipe("self_attention", { args: [Q, I, I, I] });
    assert.deepEqual(r.Q, Q);
  });

  it("declines what it cannot draw", () => {
    assert.equal(exampleRecipe("softmax", { args: [[1, 2, 3]] }), null);
    assert.equal(exampleRecipe("attention", { args: [[[1, 0]], [[1, 0, 0]], V] }), null);
    assert.equal(exampleRecipe("attention", { args: [] }), null);
  });
});
