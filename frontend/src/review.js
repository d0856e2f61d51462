// The review under a graded submission (templates/_review.html): the grader's verdict and the
// named bug, always; and, when the server has an AI reviewer, its answer on request, streamed
// in as server-sent events and inserted as text, never as HTML. The verdict shown is always the
// grader's: the reviewer's words come under it and cannot change it.
import { csrfToken, readBody } from "./api.js";
import { el, readJson } from "./dom.js";
import { translator } from "./i18n.js";

/** Read server-sent events from a fetch response: call onEvent(name, data) for each. */
async function readEvents(response, onEvent) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      if (data) onEvent(name, JSON.parse(data));
    }
    if (done) return;
  }
}

/** The sentence for a refused or failed review, from its status and error code. */
function failure(status, code, say) {
  if (status === 429) return say("limited");
  if (code === "review_unavailable") return say("unavailable");
  if (status === 504) return say("timed_out");
  return say("failed");
}

/**
 * Mount the review section, `pageT` translating the interface's words (verdict names). On the
 * challenge page it follows each graded Submit (the `arena:result` event of grading.js); on a
 * submission page it holds its submission from the start (data-submission-id).
 */
export function mountReview(section, pageT) {
  if (!section) return;
  const say = translator(readJson("review-messages") || {});
  const verdictLine = section.querySelector('[data-review="verdict"]');
  const bugLine = section.querySelector('[data-review="bug"]');
  const button = section.querySelector('[data-action="ask-review"]');
  const answer = section.querySelector('[data-review="answer"]');
  const lang = section.dataset.lang || document.documentElement.lang || "en";
  let submissionId = section.dataset.submissionId || null;
  let asking = false;

  function showGraded(result) {
    submissionId = String(result.id);
    verdictLine.replaceChildren(
      el("strong", { class: `verdict-${result.verdict}`, dataset: { verdict: result.verdict } },
        pageT(result.verdict)),
      ` · ${say("tests_passed", { passed: result.passed, total: result.total })}`);
    if (result.diagnosis) bugLine.replaceChildren(el("strong", {}, `${say("named_bug")}:`), ` ${result.diagnosis}`);
    else bugLine.replaceChildren(result.verdict === "accepted" ? "" : say("no_named_bug"));
    answer?.replaceChildren();
    if (button) button.disabled = false;
    section.hidden = false;
  }

  async function ask() {
    if (asking || !submissionId) return;
    asking = true;
    button.disabled = true;
    answer.replaceChildren(el("p", { class: "review-status", role: "status" }, say("asking")));
    const text = el("p", { class: "review-text", dataset: { testid: "review-text" } });
    const fail = (sentence) => answer.replaceChildren(text.textContent ? text : "",
      el("p", { class: "review-error", role: "alert", dataset: { testid: "review-error" } }, sentence));
    try {
      const url = `/api/v1/submissions/${encodeURIComponent(submissionId)}/review?lang=${encodeURIComponent(lang)}`;
      const response = await fetch(url, {
        method: "POST", credentials: "same-origin",
        headers: { Accept: "text/event-stream", "X-CSRFToken": csrfToken() },
      });
      if (!response.ok) {
        const body = await readBody(response);
        fail(failure(response.status, body.error?.code, say));
        return;
      }
      let ended = false;
      await readEvents(response, (name, data) => {
        if (name === "verdict") answer.replaceChildren(text);
        else if (name === "review") text.append(data.text);
        else if (name === "error") {
          ended = true;
          fail(failure(502, data.error?.code, say));
        } else if (name === "done") {
          ended = true;
          answer.dataset.done = "true";
          if (data.cached) answer.append(el("p", { class: "review-kept" }, say("kept")));
        }
      });
      if (!ended) fail(say("failed")); // the connection dropped before the end
    } catch {
      fail(say("failed"));
    } finally {
      asking = false;
      button.disabled = false;
    }
  }

  button?.addEventListener("click", ask);
  document.addEventListener("arena:result", (event) => {
    const { result, kind } = event.detail || {};
    if (kind === "submissions" && result?.status === "done") showGraded(result);
  });
}
