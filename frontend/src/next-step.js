// The challenge page's next step (templates/_next_step.html): when a Submit comes back graded
// (grading.js announces it as an `arena:result` event), an accept reveals the next challenge
// and the track's progress, which the server rendered hidden, counting this challenge solved;
// and any graded Submit asks the API whether the editorial is readable now, showing it, with
// the common bugs, without a reload. The server decides (one unlock rule); this only follows.
import { call, RequestError } from "./api.js";
import { el } from "./dom.js";

/** Whether a result counts as a graded submission (the platform's own failure does not). */
function graded(result, kind) {
  return kind === "submissions" && result?.status === "done" && result.verdict
    && result.verdict !== "internal_error";
}

function lockedText(t, left) {
  return left === 1 ? t("editorial_locked_one") : t("editorial_locked_many", { count: left });
}

/** Put the editorial's text and the common bugs into `section`, under its heading. */
async function showEditorial(section, editorial, t) {
  const heading = section.querySelector("h2");
  const parts = [];
  if (editorial.markdown) {
    const { renderMarkdown } = await import("./markdown.js");
    const text = el("div", { class: "editorial-text" });
    text.append(renderMarkdown(editorial.markdown));
    parts.push(text);
  }
  if (editorial.common_bugs.length) {
    parts.push(el("h3", {}, t("common_bugs")), el("ul", { class: "common-bugs" },
      editorial.common_bugs.map((bug) => el("li", {}, el("code", {}, bug.mutant), `: ${bug.explanation}`))));
  }
  section.replaceChildren(heading, ...parts);
  section.dataset.state = "unlocked";
  const { renderMathIn } = await import("./math.js");
  await renderMathIn(section);
}

/** Wire the next step of a challenge page, if it has one; `lang` is the page's language. */
export function mountNextStep(t, lang) {
  const root = document.querySelector("[data-next-step]");
  if (!root) return;
  const next = root.querySelector('[data-testid="next-challenge"]');
  const section = root.querySelector('[data-testid="editorial"]');
  let left = Number(root.dataset.attemptsLeft || 0);
  let unlocked = root.dataset.unlocked === "true";

  async function unlock() {
    const url = `${root.dataset.editorialUrl}?lang=${encodeURIComponent(lang)}`;
    try {
      const editorial = await call(url);
      unlocked = true;
      await showEditorial(section, editorial, t);
    } catch (error) {
      const locked = section.querySelector("[data-editorial-locked]");
      if (!locked) return;
      if (error instanceof RequestError && error.error.code === "editorial_locked") {
        locked.textContent = lockedText(t, left);
      } else {
        locked.textContent = t("editorial_failed", { message: error.message });
      }
    }
  }

  document.addEventListener("arena:result", (event) => {
    const { result, kind } = event.detail || {};
    if (!graded(result, kind)) return;
    if (result.verdict === "accepted" && next) next.hidden = false;
    if (unlocked || !section?.querySelector("[data-editorial-locked]")) return;
    left = Math.max(left - 1, 0);
    if (result.verdict === "accepted") left = 0;
    unlock();
  });
}
