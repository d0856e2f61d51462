// A course's page (/courses/<id>) for its instructors: copy the join link, tick an
// assignment's challenges in order, the gradebook's sorting and filters (gradebook.js), and
// the regrade of a challenge with its progress, after which the gradebook is read again.
import { call, RequestError } from "./api.js";
import { el } from "./dom.js";
import { mountGradebook } from "./gradebook.js";
import { localizeTimes } from "./times.js";

const POLL_MS = 1000;
const GIVE_UP_MS = 3_600_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Add a Copy button after each input[data-copy] (the join link). */
export function mountCopyButtons(t, root = document) {
  for (const input of root.querySelectorAll("input[data-copy]")) {
    const status = el("span", { class: "copy-status", role: "status" });
    const copy = async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        status.textContent = t("copied");
      } catch {
        status.textContent = t("copy_failed");
      }
    };
    input.addEventListener("focus", () => input.select());
    input.after(el("button", { type: "button", class: "button", "data-action": "copy", on: { click: copy } }, t("copy")), status);
  }
}

/**
 * The assignment form's challenges, in the order they are ticked: kept in the hidden
 * input[data-role=order] (the server reads it) and shown in ol[data-role=order-preview].
 */
export function mountChallengeOrder(form, t) {
  const boxes = [...form.querySelectorAll('input[type="checkbox"][name="challenges"]')];
  const hidden = form.querySelector('[data-role="order"]');
  const preview = form.querySelector('[data-role="order-preview"]');
  if (!boxes.length || !hidden) return;
  const titles = new Map(boxes.map((box) => [box.value, box.dataset.title || box.value]));
  const ticked = boxes.filter((box) => box.checked).map((box) => box.value);
  const kept = (hidden.value || "").split(",").filter((slug) => ticked.includes(slug));
  let order = kept.length === ticked.length ? kept : ticked;
  const show = () => {
    hidden.value = order.join(",");
    if (!preview) return;
    preview.replaceChildren(...order.map((slug) => el("li", {}, titles.get(slug))));
    preview.hidden = order.length === 0;
  };
  for (const box of boxes) {
    box.addEventListener("change", () => {
      order = order.filter((slug) => slug !== box.value);
      if (box.checked) order.push(box.value);
      show();
    });
  }
  const help = form.querySelector('[data-role="order-help"]');
  if (help) help.textContent = t("order_help");
  if (preview) preview.setAttribute("aria-label", t("order_label"));
  show();
}

/** Read the course's page again and return its gradebook's body (after a regrade). */
async function freshBody() {
  const response = await fetch(window.location.pathname, { credentials: "same-origin" });
  if (!response.ok) throw new RequestError(response.status);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const body = page.querySelector('[data-testid="gradebook"] tbody');
  return body ? document.adoptNode(body) : null;
}

/**
 * The regrade form: POST /api/v1/challenges/<slug>/regrade {"course"}, then poll the job's URL
 * and say how far it is in [data-testid=regrade-progress]; when done, read the gradebook again.
 * A job under way is remembered for the tab (sessionStorage), so a reload keeps following it;
 * one the page started ("Move and regrade") comes in the form's data-following.
 */
export function mountRegrade(form, t, gradebook) {
  const progress = form.querySelector('[data-testid="regrade-progress"]');
  const button = form.querySelector("button[type=submit]");
  const course = Number(form.dataset.course);
  const memory = `arena-regrade-${course}`;
  const say = (text) => (progress.textContent = text);

  async function follow(url) {
    button.disabled = true;
    const deadline = Date.now() + GIVE_UP_MS;
    try {
      for (;;) {
        const job = await call(url);
        const counts = { done: job.done ?? 0, total: job.total ?? 0, changed: job.changed ?? 0,
          failed: job.failed ?? 0, challenge: job.challenge };
        const failed = counts.failed ? ` ${t("regrade_failed_items", counts)}` : "";
        progress.dataset.status = job.status;
        if (job.status === "done") {
          sessionStorage.removeItem(memory);
          const body = await freshBody();
          if (body && gradebook) {
            gradebook.replaceBody(body);
            localizeTimes(body);
          } else window.location.reload();
          say(t("regrade_done", counts) + failed);
          return;
        }
        say((job.status === "queued" ? t("regrade_queued", counts) : t("regrade_progress", counts)) + failed);
        if (Date.now() > deadline) {
          say(t("regrade_slow"));
          return;
        }
        await sleep(POLL_MS);
      }
    } catch (error) {
      sessionStorage.removeItem(memory);
      progress.dataset.status = "failed";
      say(error instanceof RequestError && error.status === 0 ? t("network_error")
        : t("request_failed", { message: error.message }));
    } finally {
      button.disabled = false;
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const slug = form.elements.namedItem("challenge")?.value;
    if (!slug || button.disabled) return;
    button.disabled = true;
    progress.dataset.status = "sending";
    say(t("regrade_sending", { challenge: slug }));
    try {
      const job = await call(`/api/v1/challenges/${encodeURIComponent(slug)}/regrade`, { method: "POST", json: { course } });
      sessionStorage.setItem(memory, job.url);
      await follow(job.url);
    } catch (error) {
      progress.dataset.status = "failed";
      say(error instanceof RequestError && error.status === 0 ? t("network_error")
        : t("request_failed", { message: error.message }));
      button.disabled = false;
    }
  });
  form.hidden = false;
  const pending = form.dataset.following || sessionStorage.getItem(memory);
  if (pending) {
    sessionStorage.setItem(memory, pending);
    follow(pending);
  }
}

/** Wire whatever of a course's page is here (nothing on other pages). */
export function mountCourse(t) {
  mountCopyButtons(t);
  const assignmentForm = document.querySelector('form[data-role="assignment-form"]');
  if (assignmentForm) mountChallengeOrder(assignmentForm, t);
  const table = document.querySelector('table[data-testid="gradebook"]');
  const gradebook = table ? mountGradebook(table, document.querySelector('[data-role="gradebook-tools"]'), t) : null;
  const regrade = document.querySelector('form[data-role="regrade"]');
  if (regrade) mountRegrade(regrade, t, gradebook);
}
