// The statements' live preview: each textarea's Markdown drawn beside it as the author types,
// its math typeset by KaTeX as on the learner's page.
import { renderMarkdown } from "./markdown.js";

const DELAY_MS = 150;

/** Draw `source` into `target`, then typeset its math (KaTeX is loaded on first use). */
async function draw(target, source) {
  const { renderMathIn } = await import("./math.js");
  target.replaceChildren(renderMarkdown(source));
  await renderMathIn(target);
}

/** Follow every `[data-preview]` element's textarea (named by it) in `form`; returns refresh(). */
export function mountPreviews(form) {
  const pairs = [...form.querySelectorAll("[data-preview]")]
    .map((target) => [form.elements[target.dataset.preview], target]);
  for (const [textarea, target] of pairs) {
    let timer = null;
    textarea.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => draw(target, textarea.value), DELAY_MS);
    });
  }
  return () => pairs.forEach(([textarea, target]) => draw(target, textarea.value));
}
