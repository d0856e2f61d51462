// The mutants of the challenge being edited: one block each (its name, its explanation in each
// language, its code in an editor), cloned from the page's <template>, added and removed.

/**
 * options: {list, template, addButton, languages (besides English), t, mountCode(host, text),
 * onChange()}. Returns {add(mutant), values(), problemLists()}.
 */
export function mountMutants({ list, template, addButton, languages, t, mountCode, onChange }) {
  const explained = ["en", ...languages];
  const blocks = [];

  // Each block says which mutant it is, and so does its Remove button (its visible words first).
  function relabel() {
    blocks.forEach((block, index) => {
      const name = block.name.value.trim();
      block.legend.textContent = name ? t("mutant_named", { n: index + 1, name }) : t("mutant_n", { n: index + 1 });
      block.remove.setAttribute("aria-label", `${block.removeText}: ${block.legend.textContent}`);
    });
  }

  function remove(block) {
    blocks.splice(blocks.indexOf(block), 1);
    block.node.remove();
    relabel();
    addButton.focus();
    onChange();
  }

  /** Add a block for `mutant` ({name, source, en, <language>...}) at the end; return it. */
  function add(mutant = { name: "", source: "" }) {
    const node = template.content.firstElementChild.cloneNode(true);
    const field = (name) => node.querySelector(`[name="${name}"]`);
    const block = {
      node, name: field("mutant_name"),
      explanations: Object.fromEntries(explained.map((lang) => [lang, field(`mutant_${lang}`)])),
      legend: node.querySelector("legend"), remove: node.querySelector('[data-action="remove-mutant"]'),
      problems: node.querySelector(".problems"),
    };
    block.removeText = block.remove.textContent.trim();
    block.name.value = mutant.name;
    for (const lang of explained) block.explanations[lang].value = mutant[lang] ?? "";
    list.append(node);
    block.editor = mountCode(node.querySelector(".code-editor"), mutant.source);
    block.name.addEventListener("input", relabel);
    block.remove.addEventListener("click", () => remove(block));
    blocks.push(block);
    relabel();
    return block;
  }

  addButton.addEventListener("click", () => {
    add().name.focus();
    onChange();
  });

  return {
    add,
    values: () => blocks.map((b) => ({ name: b.name.value.trim(), source: b.editor.getCode(),
      ...Object.fromEntries(explained.map((lang) => [lang, b.explanations[lang].value])) })),
    /** Each block's problem list by the file its mutant is saved as. */
    problemLists: () => blocks.map((b) => [`mutants/${b.name.value.trim()}.py`, b.problems]),
  };
}
