// The line where the learner's code failed, marked in the editor (a CodeMirror line
// decoration, data-testid=editor-error-line) until the code is next edited or run.
import { StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView } from "@codemirror/view";

const setErrorLine = StateEffect.define();

const errorLine = StateField.define({
  create: () => Decoration.none,
  update(marks, transaction) {
    for (const effect of transaction.effects) if (effect.is(setErrorLine)) return effect.value;
    return transaction.docChanged ? Decoration.none : marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const mark = Decoration.line({
  class: "cm-error-line",
  attributes: { "data-testid": "editor-error-line" },
});

function install(view) {
  if (view.state.field(errorLine, false) === undefined) {
    view.dispatch({ effects: StateEffect.appendConfig.of(errorLine) });
  }
}

/** Mark line `line` (1-based) of `view` as where the code failed; a line out of range marks nothing. */
export function markErrorLine(view, line) {
  install(view);
  const number = Number(line);
  const valid = Number.isInteger(number) && number >= 1 && number <= view.state.doc.lines;
  const marks = valid ? Decoration.set([mark.range(view.state.doc.line(number).from)]) : Decoration.none;
  view.dispatch({ effects: setErrorLine.of(marks) });
  if (valid) view.dispatch({ effects: EditorView.scrollIntoView(view.state.doc.line(number).from, { y: "nearest" }) });
}

/** Remove the mark, if any. */
export function clearErrorLine(view) {
  if (view.state.field(errorLine, false) !== undefined) view.dispatch({ effects: setErrorLine.of(Decoration.none) });
}
