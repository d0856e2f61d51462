// The Python editor of a challenge page: CodeMirror 6 in place of the page's <textarea>, which
// stays in the form (hidden) and is kept in sync, so that a form post still carries the code.
// It starts from `options.initial` (a draft: drafts.js keeps them), Reset brings back the
// starter code, and long lines wrap, so that nothing runs past the right edge.
import { indentWithTab, defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { pythonLanguage } from "@codemirror/lang-python";
import {
  HighlightStyle, LanguageSupport, bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
import { EditorState, Prec } from "@codemirror/state";
import {
  EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars,
  keymap, lineNumbers,
} from "@codemirror/view";

// CodeMirror's default colours, but f-strings, escapes and regular expressions in a darker
// orange: its #e40 reads at 3.6:1 on white, below the 4.5:1 that text needs (axe's contrast
// rule); #b03a00 reads at 6:1.
const READABLE_HIGHLIGHT = HighlightStyle.define(defaultHighlightStyle.specs.map(
  (spec) => (spec.color === "#e40" ? { ...spec, color: "#b03a00" } : spec)));

/**
 * Replace `textarea` (inside `host`) with an editor.
 * Options: {label, helpId, nonce, initial, onRun, onNotice(key), onChange(code)}; `initial`
 * is the code to start with (default: the textarea's). Returns {view, getCode(),
 * setCode(text), reset()}.
 *
 * The editor deliberately leaves out auto-closing brackets and completion pop-ups: what is
 * typed is what lands, which keeps keyboard entry (and browser tests) predictable. Enter still
 * indents the new line like the one before, as Python editors do.
 */
export function mountEditor(host, textarea, options) {
  const starter = textarea.defaultValue;
  const initial = options.initial ?? textarea.value;

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
        EditorView.lineWrapping,
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        indentUnit.of("    "),
        EditorState.tabSize.of(4),
        syntaxHighlighting(READABLE_HIGHLIGHT),
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
          options.onChange?.(code);
        }),
      ],
    }),
  });

  textarea.value = initial;
  textarea.hidden = true;
  textarea.setAttribute("aria-hidden", "true");
  textarea.tabIndex = -1;

  const setCode = (text) => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  };

  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode,
    reset() {
      setCode(starter);
      view.focus();
      options.onNotice?.("reset_done");
    },
  };
}
