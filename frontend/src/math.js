// KaTeX auto-render: $...$ inline and $$...$$ on its own line, in the challenge statement and
// the lesson. Code blocks, <pre> and form fields are skipped (auto-render's ignored tags).
import renderMathInElement from "katex/contrib/auto-render";

import { focusableWhileScrolling } from "./dom.js";

const DELIMITERS = [
  { left: "$$", right: "$$", display: true },
  { left: "\\[", right: "\\]", display: true },
  { left: "$", right: "$", display: false },
  { left: "\\(", right: "\\)", display: false },
];

/**
 * Run `render` with style attributes applied through the CSSOM. KaTeX gives some SVG pieces
 * (stretchy arrows, wide accents) a style attribute with setAttribute, which the page's CSP
 * (no 'unsafe-inline' styles) blocks; element.style.cssText is allowed and draws the same.
 */
function withCssomStyles(render) {
  const original = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function setAttribute(name, value) {
    if (String(name).toLowerCase() === "style") {
      this.style.cssText = String(value);
      return undefined;
    }
    return original.call(this, name, value);
  };
  try {
    render();
  } finally {
    Element.prototype.setAttribute = original;
  }
}

let stylesheet = null;

/**
 * Link KaTeX's stylesheet (its URL is in <meta name="math-css">, by its hashed name) once, and
 * resolve when it has loaded: typeset math without it would show each formula twice, as
 * MathML and as HTML. A stylesheet that fails to load does not stop the typesetting.
 */
export function loadMathStyles() {
  if (stylesheet) return stylesheet;
  const href = document.querySelector('meta[name="math-css"]')?.getAttribute("content");
  stylesheet = new Promise((resolve) => {
    if (!href) {
      resolve();
      return;
    }
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
  return stylesheet;
}

const OPTIONS = {
  delimiters: DELIMITERS,
  throwOnError: false,
  ignoredClasses: ["no-math"],
  // Bad TeX is left as it was written rather than breaking the page.
  errorCallback: () => {},
};

/** Render the math inside `element` (a live preview, re-rendered as its source changes). */
export async function renderMathIn(element) {
  await loadMathStyles();
  withCssomStyles(() => renderMathInElement(element, OPTIONS));
}

/** Render the math inside every element matching `selector`, once KaTeX's styles are in. */
export async function renderMath(selector = ".statement, .lesson, [data-math]") {
  await loadMathStyles();
  withCssomStyles(() => {
    for (const element of document.querySelectorAll(selector)) renderMathInElement(element, OPTIONS);
  });
  // A formula wider than a phone scrolls in its own box.
  focusableWhileScrolling(document.querySelectorAll(".katex-display"));
}
