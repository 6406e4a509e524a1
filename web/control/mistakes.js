// Learn from your own games (N6-N8): the background analysis of a finished game, the
// result card's list of mistakes, and "Retry your mistakes". Python decides everything
// (py/reversi/app/mistake_room.py): which game to analyse, what a mistake is, the
// accuracy, which mistake comes next, the verdicts and every word. Every reply carries
// the `mistakes` field; this module asks for the next step while `mistakes.due`, draws
// the list and relays the Retry button. A retried mistake shows in the puzzle card
// (puzzles.js), whose buttons then apply.

import { localDate } from "./puzzles.js";

/**
 * Returns the scheduler of the analysis: `schedule()` asks Python for one step while
 * the last snapshot says one is due, one request at a time, never while the page is
 * hidden, the engine starts, or the computer, a review or a puzzle holds the engine
 * (`busy()`); the state's `mistakes` work is what a tap's overrule cancels (N6: never
 * delaying a tap).
 */
export function createMistakeWork({ state, current, command, hidden, busy }) {
  function schedule() {
    const snap = current();
    if (!snap || !snap.mistakes || !snap.mistakes.due || hidden() || busy() || !state.start("mistakes")) return;
    command("mistakes_step").finally(() => {
      state.finish("mistakes");
      schedule();
    });
  }
  return { schedule };
}

/** Returns the intents: Retry your mistakes opens the next one in the puzzle card. */
export function mistakeIntents({ command, announce }) {
  return {
    async retryMistakes() {
      const reply = await command("mistake_retry", { which: "next", today: localDate() });
      const report = reply && reply.puzzle;
      if (report) announce(`${report.words.title}. ${report.words.task}.`);
      return reply;
    },
  };
}

/** Draws the result card's mistakes (`$` finds an element by id): the list, the accuracy,
 * the analysis's progress and the Retry button; hidden when there is nothing to show. */
export function renderMistakes(report, $) {
  const box = $("result-mistakes");
  const card = report ? report.card : null;
  const progress = report ? report.progress : "";
  box.hidden = !card && !progress && !(report && report.retry_count);
  if (box.hidden) return;
  $("mistakes-title").textContent = card ? card.title : "";
  $("mistakes-title").hidden = !card;
  $("mistakes-accuracy").textContent = card ? [card.accuracy, card.none].filter(Boolean).join(" · ") : "";
  $("mistakes-progress").textContent = progress;
  $("mistakes-progress").hidden = !progress;
  const rows = card ? card.rows : [];
  const key = JSON.stringify(rows);
  const list = $("mistakes-list");
  if (list.dataset.shown !== key) { // rebuilt only when it changed
    list.dataset.shown = key;
    list.replaceChildren(...rows.map((row) => Object.assign(document.createElement("li"), { textContent: row.text })));
  }
  list.hidden = rows.length === 0;
  const retry = $("mistakes-retry");
  retry.hidden = !report.retry_count;
  retry.textContent = report.retry_label;
}
