// The console: call the learner's entry point once on arguments typed as Python literals
// (POST .../runs with `input`: parsed on the server, run in the public box only, never
// recorded as a submission), then show what it returned, what it printed, or its traceback.
// Everything from the server is inserted as text.
import { el } from "./dom.js";
import { requestResult } from "./grading.js";
import { pyRepr } from "./values.js";

/**
 * Wire the console inside `host` ([data-console]). options: {challenge, t, lang, getCode,
 * onError(line) (mark where the code failed), onStart()}.
 */
export function mountConsole(host, options) {
  const { challenge, t, lang } = options;
  const input = host.querySelector('[data-testid="console-input"]');
  const button = host.querySelector('[data-testid="console-run"]');
  const output = host.querySelector('[data-testid="console-output"]');
  if (!input || !button || !output) return;
  let busy = false;

  const show = (...nodes) => output.replaceChildren(...nodes.filter(Boolean));

  async function call() {
    if (busy) return;
    busy = true;
    button.disabled = true;
    options.onStart?.();
    show(el("p", { class: "status", dataset: { testid: "status" } }, t("console_calling")));
    try {
      const result = await requestResult({
        challenge, kind: "runs", t, lang,
        onStatus: (status) => show(el("p", { class: "status" }, t(status))),
        body: { code: options.getCode(), input: input.value, version: challenge.run_version },
      });
      render(result);
    } catch (error) {
      show(el("p", { class: "error", role: "alert" }, error.message));
    } finally {
      busy = false;
      button.disabled = false;
    }
  }

  function render(result) {
    const test = (result.tests || [])[0] || {};
    const returned = test.passed && "got" in test;
    show(
      returned
        ? el("p", { class: "console-value", dataset: { testid: "console-value" } },
          el("strong", {}, `${t("console_returned")}: `), el("code", {}, pyRepr(test.got)))
        : el("p", { class: "console-error", role: "alert", dataset: { testid: "console-error" } },
          test.message || result.message || t(result.verdict || "internal_error")),
      test.traceback ? el("pre", { class: "traceback", tabindex: "0", dataset: { testid: "traceback" } }, test.traceback) : null,
      result.output
        ? el("details", { class: "printed", open: true }, el("summary", {}, t("printed")), el("pre", { tabindex: "0" }, result.output))
        : null,
    );
    if (!returned && test.line) options.onError?.(test.line);
  }

  button.addEventListener("click", call);
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    call();
  });
}
