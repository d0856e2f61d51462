// The Python editor of a challenge page: CodeMirror 6 in place of the page's <textarea>, which
// stays in the form (hidden) and is kept in sync, so that a form post still carries the code.
// A draft is kept per challenge in localStorage; Reset brings back the starter code.
import { indentWithTab, defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { pythonLanguage } from "@codemirror/lang-python";
import {
  LanguageSupport, bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting,
} from "@codemirror/language";
import { EditorState, Prec } from "@codemirror/state";
import {
  EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars,
  keymap, lineNumbers,
} from "@codemirror/view";

const DRAFT_PREFIX = "arena:draft:";

/** localStorage, or null where it is unavailable (private mode, disabled storage). */
function storage() {
  try {
    const s = window.localStorage;
    s.getItem("arena:probe");
    return s;
  } catch {
    return null;
  }
}

/**
 * Replace `textarea` (inside `host`) with an editor.
 * Options: {slug, label, helpId, nonce, onRun, onNotice(key), onChange(code), drafts}.
 * `drafts: false` keeps no draft in localStorage (a page with several editors, or whose text
 * is saved elsewhere). Returns {view, getCode(), setCode(text), reset()}.
 *
 * The editor deliberately leaves out auto-closing brackets and completion pop-ups: what is
 * typed is what lands, which keeps keyboard entry (and browser tests) predictable. Enter still
 * indents the new line like the one before, as Python editors do.
 */
export function mountEditor(host, textarea, options) {
  const starter = textarea.defaultValue;
  const key = DRAFT_PREFIX + (options.slug || location.pathname);
  const store = options.drafts === false ? null : storage();
  const draft = store ? store.getItem(key) : null;
  const initial = draft !== null && draft !== starter ? draft : textarea.value;
  let saveTimer = null;

  const saveDraft = (code) => {
    if (!store) return;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      try {
        if (code === starter) store.removeItem(key);
        else store.setItem(key, code);
      } catch {
        // A full or refused storage only costs the draft.
      }
    }, 250);
  };

  const runKeys = Prec.highest(keymap.of([
    { key: "Mod-Enter", preventDefault: true, run: () => (options.onRun?.(), true) },
  ]));

  const view = new EditorView({
    parent: host,
    state: EditorState.create({
      doc: initial,
      extensions: [
        runKeys,
        // CodeMirror adds its styles in a <style> element; the page's CSP allows it by nonce.
        EditorView.cspNonce.of(options.nonce || ""),
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        indentUnit.of("    "),
        EditorState.tabSize.of(4),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        bracketMatching(),
        highlightActiveLine(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        // Python's grammar, highlighting and indentation, without python()'s completion sources:
        // there is no completion pop-up to use them, and they would only make the chunk bigger.
        new LanguageSupport(pythonLanguage),
        // A multi-line text insertion (an input method, or a test driver's insertText) goes
        // through CodeMirror rather than the browser's own editing, which would try to add
        // style attributes that the page's CSP refuses.
        EditorView.domEventHandlers({
          beforeinput(event, view) {
            if (event.inputType !== "insertText" || !event.data || !event.data.includes("\n")) return false;
            event.preventDefault();
            view.dispatch(view.state.replaceSelection(event.data), { scrollIntoView: true, userEvent: "input.type" });
            return true;
          },
        }),
        EditorView.contentAttributes.of({ "aria-label": options.label, "aria-describedby": options.helpId }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          const code = update.state.doc.toString();
          textarea.value = code;
          saveDraft(code);
          options.onChange?.(code);
        }),
      ],
    }),
  });

  textarea.value = initial;
  textarea.hidden = true;
  textarea.setAttribute("aria-hidden", "true");
  textarea.tabIndex = -1;
  if (initial !== textarea.defaultValue) options.onNotice?.("draft_restored");

  const setCode = (text) => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  };

  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode,
    reset() {
      setCode(starter);
      if (store) store.removeItem(key);
      view.focus();
      options.onNotice?.("reset_done");
    },
  };
}
