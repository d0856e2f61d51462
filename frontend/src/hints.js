// Hints, one at a time: each press of the button reveals the next hidden <li> of the list.

/**
 * Wire `button` to reveal the hidden items of `list` in order; returns {next()}. When none are
 * left the button is disabled and, given `doneLabel`, relabelled.
 */
export function mountHints(list, button, doneLabel = "") {
  const hidden = () => [...list.querySelectorAll(":scope > li[hidden]")];
  list.setAttribute("aria-live", "polite");

  const refresh = () => {
    const left = hidden().length;
    button.disabled = left === 0;
    button.dataset.remaining = String(left);
    if (left === 0 && doneLabel) button.textContent = doneLabel;
  };

  const next = () => {
    const [first] = hidden();
    if (!first) return;
    const pressed = document.activeElement === button;
    first.hidden = false;
    first.classList.add("revealed");
    refresh();
    if (pressed && button.disabled) {
      // A disabled button drops the focus, which would send a keyboard user back to the top
      // of the page: the last hint takes it instead.
      first.tabIndex = -1;
      first.focus();
    }
  };

  button.addEventListener("click", next);
  refresh();
  return { next };
}
