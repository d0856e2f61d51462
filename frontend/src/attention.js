// The arithmetic of attention, as pure functions on plain arrays (a matrix is a list of rows).
// Nothing here touches the DOM, so node's test runner checks it directly. The lesson computes
// its editable example's weights here; a challenge's weights are never computed here: the
// server reads them off the reference (and the learner's code) and the page compares them.

/** Dot product of two equally long vectors. */
export function dot(u, v) {
  let total = 0;
  for (let i = 0; i < u.length; i += 1) total += u[i] * v[i];
  return total;
}

/**
 * Softmax of one row, stable for large scores: the row's maximum is subtracted before
 * exponentiating. Entries equal to -Infinity (masked keys) get weight 0. A row in which every
 * entry is masked has no weights to give and comes back as zeros.
 */
export function softmax(row) {
  const top = Math.max(...row);
  if (top === -Infinity) return row.map(() => 0);
  const exps = row.map((s) => (s === -Infinity ? 0 : Math.exp(s - top)));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/**
 * Scaled scores: S[i][j] = (Q[i] . K[j]) / (sqrt(d) * temperature).
 * A temperature below 1 sharpens the later softmax; above 1 flattens it.
 */
export function scores(Q, K, temperature = 1) {
  const d = Q.length ? Q[0].length : 1;
  const scale = Math.sqrt(Math.max(d, 1)) * temperature;
  return Q.map((q) => K.map((k) => dot(q, k) / scale));
}

/** True when query i may look at key j under the given options. */
export function visible(i, j, { causal = false, keyMask = null, window = null } = {}) {
  if (causal && j > i) return false;
  if (window !== null && window !== undefined && j <= i - window) return false;
  if (keyMask && !keyMask[j]) return false;
  return true;
}

/**
 * Attention weights: the row-wise softmax of the scaled scores, keys hidden by the causal
 * mask, a sliding window or a padding mask getting weight 0.
 * Options: { causal, temperature, keyMask, window }.
 */
export function weights(Q, K, options = {}) {
  const temperature = options.temperature ?? 1;
  const masked = scores(Q, K, temperature).map((row, i) =>
    row.map((s, j) => (visible(i, j, options) ? s : -Infinity)),
  );
  return masked.map(softmax);
}

/** Output: each row of weights mixes the rows of V (the product W V). */
export function output(W, V) {
  return matmul(W, V);
}

/** Full attention: weights and output together. */
export function attention(Q, K, V, options = {}) {
  const W = weights(Q, K, options);
  return { weights: W, output: output(W, V) };
}

/** Matrix product A B. */
export function matmul(A, B) {
  const cols = B.length ? B[0].length : 0;
  return A.map((row) => {
    const out = new Array(cols).fill(0);
    row.forEach((a, k) => {
      for (let c = 0; c < cols; c += 1) out[c] += a * B[k][c];
    });
    return out;
  });
}

/** Round every number of a (nested) array to `digits` decimals, for display and tests. */
export function round(value, digits = 2) {
  if (Array.isArray(value)) return value.map((v) => round(v, digits));
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

/** Elementwise |A - B| of two equally shaped matrices (NaN where a value is not a number). */
export function absDiff(A, B) {
  return A.map((row, i) => row.map((a, j) => Math.abs(Number(a) - Number(B[i][j]))));
}

/** True when `m` is a non-empty matrix of finite numbers with rows of one width. */
export function isMatrix(m) {
  return (
    Array.isArray(m) &&
    m.length > 0 &&
    m.every((row) => Array.isArray(row) && row.length === m[0].length && row.length > 0) &&
    m.every((row) => row.every((x) => typeof x === "number" && Number.isFinite(x)))
  );
}

/**
 * Compare a learner's weights with the reference's: null unless both are matrices of one shape,
 * else {diff, off(i, j), scale}: the elementwise difference, whether a cell is outside the
 * tolerance (atol + rtol * |reference|), and the difference's colour scale (at least 0.1, so
 * that noise stays pale).
 */
export function compareWeights(got, reference, { rtol = 1e-5, atol = 1e-6 } = {}) {
  if (!isMatrix(got) || !isMatrix(reference)) return null;
  if (got.length !== reference.length || got[0].length !== reference[0].length) return null;
  const diff = absDiff(got, reference);
  const off = (i, j) => diff[i][j] > atol + rtol * Math.abs(reference[i][j]);
  return { diff, off, scale: Math.max(0.1, ...diff.flat()) };
}

/** Whether query i looks at key j, read off weights: a masked key has weight exactly 0. */
export function unmasked(W) {
  return (i, j) => W[i][j] !== 0;
}
