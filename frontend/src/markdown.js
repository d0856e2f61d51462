// A statement's Markdown as DOM nodes, for the authoring page's live preview. The same parser
// as the learner page's (markdown-it-py is a port of markdown-it, its dollarmath plugin a port
// of markdown-it-dollarmath), with the same options (arena/web/markdown.py), so the preview has
// the page's structure. Nodes are built from the token stream, never from an HTML string; the
// math is kept as its source between its delimiters, for KaTeX's auto-render (math.js).
import MarkdownIt from "markdown-it";
import dollarmath from "markdown-it-dollarmath";

import { el } from "./dom.js";

const parser = new MarkdownIt("commonmark", { html: false })
  .enable("table")
  .use(dollarmath, { allow_space: false, allow_digits: false, allow_labels: false, double_inline: true });

// The attributes markdown-it gives its tags (links it has already checked: no javascript:).
const ATTRIBUTES = new Set(["href", "title", "src", "alt", "start"]);

/** Open a tag: a level-1 heading becomes h2, as on the page, whose title is its only h1. */
function open(token) {
  const node = document.createElement(token.tag === "h1" ? "h2" : token.tag);
  for (const [name, value] of token.attrs || []) {
    if (ATTRIBUTES.has(name)) node.setAttribute(name, value);
    // A table column's alignment, through the CSSOM: the CSP refuses style attributes.
    else if (name === "style") node.style.cssText = value;
  }
  return node;
}

function leaf(token, parent) {
  switch (token.type) {
    case "inline":
      build(token.children || [], parent);
      break;
    case "code_inline":
      parent.append(el("code", {}, token.content));
      break;
    case "fence":
    case "code_block":
      parent.append(el("pre", { tabindex: "0" }, el("code", {}, token.content)));
      break;
    case "softbreak":
      parent.append("\n");
      break;
    case "hardbreak":
    case "hr":
      parent.append(document.createElement(token.tag));
      break;
    case "image": {
      const image = open(token);
      image.alt = parser.renderer.renderInlineAsText(token.children || [], parser.options, {});
      parent.append(image);
      break;
    }
    case "math_inline":
      parent.append(el("span", { class: "math inline" }, `$${token.content}$`));
      break;
    case "math_inline_double":
      parent.append(el("span", { class: "math display" }, `$$${token.content.trim()}$$`));
      break;
    case "math_block":
      parent.append(el("div", { class: "math block" }, `$$${token.content.trim()}$$`));
      break;
    default: // text, and whatever else: as text
      parent.append(token.content);
  }
}

function build(tokens, parent) {
  const stack = [parent];
  for (const token of tokens) {
    if (token.nesting === 0) leaf(token, stack[stack.length - 1]);
    else if (token.hidden) continue; // the paragraphs of a tight list have no tag
    else if (token.nesting === 1) stack.push(stack[stack.length - 1].appendChild(open(token)));
    else stack.pop();
  }
}

/** Return a statement's Markdown as a fragment, leaving out its opening level-1 title. */
export function renderMarkdown(source) {
  let tokens = parser.parse(source || "", {});
  if (tokens[0]?.type === "heading_open" && tokens[0].tag === "h1") tokens = tokens.slice(3);
  const fragment = document.createDocumentFragment();
  build(tokens, fragment);
  return fragment;
}
