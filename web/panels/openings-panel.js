// The openings' card (K2-K5): the explorer's book moves as a table of buttons, its path as a
// transcript of buttons (each goes back to its ply), the hints' values off the book; the
// trainer's choice of what to train with the player's lines per opening, and the line under
// way. Every word is Python's (the `openings` field, py/reversi/app/openings/room.py).

/** Returns an element made from a tag, its text and its attributes. */
function make(tag, text = "", attributes = {}) {
  const el = document.createElement(tag);
  el.textContent = text;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
}

/** Fills a select with `options` ({id, label}), `chosen` selected, keeping it as it is
 * when the options are the same (a re-render never resets what the player is choosing). */
export function fillSelect(select, options, chosen) {
  const key = JSON.stringify(options);
  if (select.dataset.options !== key) {
    select.replaceChildren(...options.map((o) => make("option", o.label, { value: o.id })));
    select.dataset.options = key;
  }
  select.value = String(chosen);
}

/** Draws the explorer: its book moves (each a button named by its whole row), its path
 * (each ply a button back to it), its note, and the hints' values when asked for. */
function renderExplorer(explore, $) {
  const body = $("explore-moves").querySelector("tbody");
  const focused = document.activeElement && body.contains(document.activeElement);
  body.replaceChildren(...explore.moves.map((move) => {
    const row = make("tr");
    const button = make("button", move.square, { type: "button", "data-square": move.square, "aria-label": move.label });
    const cell = make("td");
    cell.append(button);
    row.append(cell, make("td", move.value > 0 ? `+${move.value}` : String(move.value)), make("td", move.named),
      make("td", move.text));
    row.classList.toggle("best", move.best);
    return row;
  }));
  $("explore-moves").hidden = explore.moves.length === 0;
  const path = $("explore-path");
  const plies = explore.path.match(/../g) || [];
  path.replaceChildren(
    make("button", explore.start, { type: "button", "data-ply": 0, class: "ply" }),
    ...plies.map((square, k) => make("button", square, { type: "button", "data-ply": k + 1, class: "ply" })),
  );
  $("explore-note").textContent = explore.note;
  $("explore-start").disabled = $("explore-back").disabled = explore.ply === 0;
  $("explore-forward").disabled = $("explore-end").disabled = explore.ahead === 0;
  $("explore-values").hidden = !explore.can_value;
  $("explore-train-line").hidden = !explore.train_line;
  const values = $("explore-values-list");
  values.replaceChildren(...(explore.values || []).map((v) => make("li", v.text)));
  values.hidden = !explore.values;
  if (focused) (body.querySelector("button") || $("explore-back")).focus({ preventScroll: true });
}

/** Draws the trainer's choice: what to train, its lines to learn, the lines due, and the
 * player's lines per opening. */
function renderChoice(train, $) {
  const { choice } = train;
  fillSelect($("train-kind"), train.kinds, choice.kind === "due" ? "main" : choice.kind);
  fillSelect($("train-opening"), train.openings, choice.name || train.openings[0].id);
  fillSelect($("train-depth"), train.depths, choice.depth);
  fillSelect($("train-side"), train.sides, choice.side);
  const moves = $("train-moves");
  if (document.activeElement !== moves) moves.value = choice.moves;
  const kind = $("train-kind").value;
  $("train-opening-field").hidden = kind !== "opening";
  $("train-moves-field").hidden = kind !== "moves";
  $("train-due").textContent = train.due_label;
  $("train-due").disabled = train.due === 0;
  const { stats } = train;
  $("train-stats-title").textContent = stats.title;
  $("train-stats-none").textContent = stats.none;
  const table = $("train-stats");
  table.hidden = stats.rows.length === 0;
  table.querySelector("thead tr").replaceChildren(...stats.head.map((h) => make("th", h, { scope: "col" })));
  table.querySelector("tbody").replaceChildren(...stats.rows.map((row) => {
    const tr = make("tr");
    tr.append(make("th", row.label, { scope: "row" }), ...row.values.map((v) => make("td", v)));
    return tr;
  }));
}

/** Shows the openings' report in its card; hides the card for null. */
export function renderOpenings(room, $) {
  const card = $("openings");
  const was = !card.hidden;
  card.hidden = room === null;
  document.body.classList.toggle("exploring", room !== null);
  if (room === null) return;
  const { explore, train } = room;
  $("explore-pane").hidden = !explore;
  $("train-pane").hidden = !train;
  $("openings-title").textContent = explore ? explore.title : train.title;
  $("count-black").textContent = room.board.counts.black;
  $("count-white").textContent = room.board.counts.white;
  if (explore) {
    $("turn").textContent = explore.title;
    renderExplorer(explore, $);
  } else {
    const choosing = train.phase === "choose";
    $("train-choice").hidden = !choosing;
    $("train-line").hidden = choosing;
    // the line over the board: short (the card holds the rest): the title, or what to do now
    $("turn").textContent = choosing ? train.title : train.phase === "wrong" ? train.message : train.task;
    if (choosing) renderChoice(train, $);
    else {
      $("train-task").textContent = train.task;
      $("train-message").textContent = train.message;
      $("train-progress").textContent = train.progress;
      $("train-transcript").textContent = train.transcript;
      $("train-next").hidden = train.phase !== "done";
      $("train-next").classList.toggle("primary", train.phase === "done");
    }
  }
  if (!was) {
    card.scrollIntoView({ block: "nearest" });
    $("openings-close").focus({ preventScroll: true });
  }
}
