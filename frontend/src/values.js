// Showing test values: Python-looking text for inputs and outputs, and where an output differs
// from the expected one. Pure functions apart from valueView, which builds text nodes only.
import { el, formatNumber } from "./dom.js";

/** A number from the API, where NaN and infinities may be spelled out as strings. */
export function asNumber(x) {
  if (typeof x === "number") return x;
  if (typeof x === "string") {
    const s = x.trim().toLowerCase();
    if (s === "nan") return NaN;
    if (s === "inf" || s === "infinity" || s === "+inf") return Infinity;
    if (s === "-inf" || s === "-infinity") return -Infinity;
  }
  return null;
}

function closeEnough(expected, got, rtol, atol) {
  if (Number.isNaN(expected) || Number.isNaN(got)) return Number.isNaN(expected) && Number.isNaN(got);
  if (!Number.isFinite(expected) || !Number.isFinite(got)) return expected === got;
  return Math.abs(got - expected) <= atol + rtol * Math.abs(expected);
}

/**
 * Where `got` differs from `expected`: a list of {path, expected, got}, path being the list of
 * indices ([] for the whole value, e.g. when the shapes differ). Display only: the verdict is
 * the server's.
 */
export function differences(expected, got, { rtol = 1e-5, atol = 1e-6 } = {}, path = []) {
  if (Array.isArray(expected) || Array.isArray(got)) {
    if (!Array.isArray(expected) || !Array.isArray(got) || expected.length !== got.length) {
      return [{ path, expected, got, shape: true }];
    }
    return expected.flatMap((e, i) => differences(e, got[i], { rtol, atol }, [...path, i]));
  }
  const e = asNumber(expected);
  const g = asNumber(got);
  if (e !== null && g !== null && typeof expected !== "boolean" && typeof got !== "boolean") {
    return closeEnough(e, g, rtol, atol) ? [] : [{ path, expected, got }];
  }
  return JSON.stringify(expected) === JSON.stringify(got) ? [] : [{ path, expected, got }];
}

/** Python-looking text of a JSON value. */
export function pyRepr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return formatNumber(value, 6);
  if (typeof value === "string") return asNumber(value) !== null ? `float('${value}')` : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pyRepr(v)}`).join(", ")}}`;
}

/** A call as Python text: name(arg, ..., key=value). `input` is {args, kwargs} or any value. */
export function callRepr(name, input) {
  if (!input || typeof input !== "object" || Array.isArray(input) || !("args" in input || "kwargs" in input)) {
    return pyRepr(input);
  }
  const parts = (input.args || []).map(pyRepr);
  for (const [key, value] of Object.entries(input.kwargs || {})) parts.push(`${key}=${pyRepr(value)}`);
  return `${name || "f"}(${parts.join(", ")})`;
}

/** "[0][2]" for a path. */
export function pathText(path) {
  return path.map((i) => `[${i}]`).join("");
}

/**
 * A <pre> showing `value`; a matrix gets one row per line. Entries whose path is in `marked`
 * (a Set of pathText strings) are wrapped in <mark>.
 */
export function valueView(value, marked = new Set()) {
  const pre = el("pre", { class: "value" });
  const isMatrix = Array.isArray(value) && value.length > 0 && value.every(Array.isArray);
  const piece = (v, path) => {
    const text = pyRepr(v);
    return marked.has(pathText(path)) ? el("mark", {}, text) : text;
  };
  if (marked.has("")) {
    pre.append(el("mark", {}, pyRepr(value)));
  } else if (isMatrix) {
    pre.append("[");
    value.forEach((row, i) => {
      if (i > 0) pre.append(",\n ");
      pre.append("[");
      row.forEach((v, j) => {
        if (j > 0) pre.append(", ");
        pre.append(piece(v, [i, j]));
      });
      pre.append("]");
    });
    pre.append("]");
  } else if (Array.isArray(value)) {
    pre.append("[");
    value.forEach((v, i) => {
      if (i > 0) pre.append(", ");
      pre.append(piece(v, [i]));
    });
    pre.append("]");
  } else {
    pre.append(piece(value, []));
  }
  return pre;
}
