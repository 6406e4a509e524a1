// The game library's card (R10-R12) and the table of what people played (R13): the imports
// (each with its Delete), the import's progress bar and Stop, a page of the search's results
// (each game with Open and Delete, named in full for screen readers), and the table's rows.
// Every word is Python's (the `library` and `people` fields, py/reversi/app/library/).

/** Returns an element made from a tag, its text and its attributes. */
function make(tag, text = "", attributes = {}) {
  const el = document.createElement(tag);
  el.textContent = text;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
}

/** Replaces a list's items only when what they show changed (a re-render keeps the focus). */
function fill(list, key, items) {
  if (list.dataset.shown === key) return;
  const focused = list.contains(document.activeElement) ? document.activeElement.dataset.act : null;
  list.dataset.shown = key;
  list.replaceChildren(...items());
  if (focused) (list.querySelector(`button[data-act="${focused}"]`) || list.closest("section").querySelector("h2")).focus?.({ preventScroll: true });
}

/** Returns a list item: its words, then its buttons ({act, text, label, key, number}). */
function item(text, buttons, extra = []) {
  const li = make("li");
  const actions = make("div", "", { class: "row-actions" });
  actions.append(...buttons.map((b) => make("button", b.text, {
    type: "button", "data-act": b.act, "data-key": b.key, "data-number": b.number ?? "", "aria-label": b.label,
  })));
  li.append(make("span", text), actions, ...extra);
  return li;
}

/** Draws the library's card; hides it for null. */
export function renderLibrary(library, $) {
  const card = $("library");
  const was = !card.hidden;
  card.hidden = library === null;
  if (library === null) return;
  $("library-empty").textContent = library.empty;
  $("library-empty").hidden = !library.empty;
  const importing = library.importing;
  $("library-progress").hidden = !importing;
  if (importing) {
    $("library-bar").max = importing.total;
    $("library-bar").value = importing.done;
    $("library-progress-text").textContent = importing.text;
  }
  fill($("library-imports"), JSON.stringify(library.imports), () => library.imports.map((shelf) => item(shelf.text, [
    { act: "delete-import", text: shelf.delete_word, label: shelf.delete_label, key: shelf.key },
  ], shelf.problems.length ? [make("p", shelf.problems.join(" · "), { class: "problems" })] : [])));
  const { results } = library;
  $("library-found").textContent = results.found;
  fill($("library-rows"), JSON.stringify(results.rows), () => results.rows.map((row) => item(row.text, [
    { act: "open", text: row.open_word, label: row.open_label, key: row.key, number: row.number },
    { act: "delete", text: row.delete_word, label: row.delete_label, key: row.key, number: row.number },
  ])));
  $("library-range").textContent = results.range;
  $("library-previous").disabled = results.page === 0;
  $("library-next").disabled = results.page >= results.pages - 1;
  $("library-previous").dataset.page = Math.max(0, results.page - 1);
  $("library-next").dataset.page = results.page + 1;
  if (!was) {
    card.scrollIntoView({ block: "nearest" });
    $("library-close").focus({ preventScroll: true });
  }
}

/** Draws the table of what people played; hides it for null. */
export function renderPeople(people, $) {
  const card = $("people");
  const was = !card.hidden;
  card.hidden = people === null;
  if (people === null) return;
  $("people-note").textContent = [people.total, people.note].filter(Boolean).join(" ");
  const table = $("people-table");
  table.hidden = people.rows.length === 0;
  const body = table.querySelector("tbody");
  const key = JSON.stringify(people.rows);
  if (body.dataset.shown !== key) {
    body.dataset.shown = key;
    body.replaceChildren(...people.rows.map((row) => {
      const tr = make("tr", "", { "aria-label": row.label });
      tr.append(make("td", row.move), ...["games", "won", "drawn", "lost", "mean", "book"].map((k) => make("td", row[k])));
      return tr;
    }));
  }
  if (!was) card.scrollIntoView({ block: "nearest" });
}
