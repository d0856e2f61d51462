// A tiny element builder. Children that are strings become text nodes, so nothing that came
// from the server or a submission is ever parsed as HTML.

/**
 * el("td", {class: "cell", dataset: {weight: "0.4"}, "aria-label": "..."}, "text", child)
 * Attributes whose value is null, undefined or false are left out; true sets an empty one.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "class") node.className = value;
    else if (name === "on") {
      for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    } else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

/** Append children: nodes as they are, anything else as text; arrays are flattened. */
export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Read the JSON of a <script type="application/json"> (or any element's text); null if bad. */
export function readJson(id) {
  const node = document.getElementById(id);
  if (!node) return null;
  try {
    return JSON.parse(node.textContent);
  } catch {
    return null;
  }
}

/** Format a number for people: up to `digits` decimals, no trailing zeros, no "-0". */
export function formatNumber(x, digits = 4) {
  if (typeof x !== "number") return String(x);
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const fixed = Number(x.toFixed(digits));
  return String(Object.is(fixed, -0) ? 0 : fixed);
}

/** A vector as "[a, b, c]". */
export function formatVector(v, digits = 2) {
  return `[${v.map((x) => formatNumber(x, digits)).join(", ")}]`;
}

/**
 * Let each box take the focus while its content is wider than it is (and so scrolls), and
 * only then: a keyboard can scroll a box only once it has the focus.
 */
export function focusableWhileScrolling(boxes) {
  const observer = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      if (target.scrollWidth > target.clientWidth) target.tabIndex = 0;
      else target.removeAttribute("tabindex");
    }
  });
  for (const box of boxes) observer.observe(box);
}
