// Move list: the game's moves in numbered pairs, drawn from the snapshot's
// or the review's `move_list` (Python's: it knows the passes). The current move is
// marked and kept in view; a move opens the review there. One tab stop, the arrow
// keys move between moves (a list for keyboard and screen-reader users); it is no
// live region: the announcements already say each move.

/** Returns the move list over `list` (an <ol>): {show(rows, current), clear()};
 * `open(ply)` hears a move chosen. */
export function createMoveList(list, open) {
  let shown = "";

  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-ply]");
    if (button && !button.disabled) open(Number(button.dataset.ply));
  });
  list.addEventListener("keydown", (event) => {
    const buttons = [...list.querySelectorAll("button:not([disabled])")];
    const at = buttons.indexOf(document.activeElement);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key]
      ?? (event.key === "Home" ? -Infinity : event.key === "End" ? Infinity : 0);
    if (at < 0 || !step) return;
    event.preventDefault();
    focusAt(buttons, Math.max(0, Math.min(buttons.length - 1, at + step)));
  });

  /** Moves the one tab stop to button `index` and focuses it. */
  function focusAt(buttons, index) {
    buttons.forEach((button, i) => { button.tabIndex = i === index ? 0 : -1; });
    buttons[index].focus();
  }

  /** Returns the button of one side's entry (null: an empty place). */
  function entry(side, current) {
    if (!side) return null;
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.ply = side.ply;
    button.textContent = side.text;
    button.setAttribute("aria-label", side.label);
    button.classList.toggle("pass", side.pass);
    button.classList.toggle("ahead", side.ahead);
    button.classList.toggle("book", Boolean(side.book));
    button.classList.toggle("mistake", side.mistake !== undefined); // N6: its label says what it lost
    button.disabled = side.ahead;
    if (side.ply === current && !side.pass) button.setAttribute("aria-current", "true");
    button.tabIndex = -1;
    return button;
  }

  return {
    /** Draws `rows` with the move of placement `current` marked (null: the snapshot's own mark). */
    show(rows, current = null) {
      const key = JSON.stringify([rows, current]);
      if (key === shown) return;
      shown = key;
      const mark = current ?? rows.flatMap((row) => [row.black, row.white]).find((side) => side && side.current)?.ply ?? 0;
      list.replaceChildren(...rows.map((row) => {
        const li = document.createElement("li");
        const number = Object.assign(document.createElement("span"), { className: "number", textContent: `${row.number}.` });
        number.setAttribute("aria-hidden", "true");
        li.append(number, ...[row.black, row.white].map((side) => entry(side, mark) || Object.assign(
          document.createElement("span"), { className: "empty", textContent: "…" })));
        return li;
      }));
      list.hidden = rows.length === 0;
      const buttons = [...list.querySelectorAll("button:not([disabled])")];
      const marked = list.querySelector("[aria-current]") || buttons[buttons.length - 1];
      if (marked) {
        marked.tabIndex = 0;
        // Measured in the next frame, once the rest of the reply (a result card, say) is laid out.
        requestAnimationFrame(() => {
          const box = marked.getBoundingClientRect();
          const view = list.getBoundingClientRect();
          if (box.right > view.right || box.left < view.left) list.scrollLeft += box.left - view.left - view.width / 2;
          if (box.bottom > view.bottom || box.top < view.top) list.scrollTop += box.top - view.top - view.height / 2;
        });
      }
    },
  };
}
