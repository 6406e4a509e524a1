// Learn from your own games (N6-N8): the background analysis of a finished game, the
// result card's list of mistakes, and "Retry your mistakes". Python decides everything
// (py/reversi/app/mistakes/room.py): which game to analyse, what a mistake is, the
// accuracy, which mistake comes next, the verdicts and every word. Every reply carries
// the `mistakes` field; this module asks for the next step while `mistakes.due`, draws
// the list and relays the Retry button. A retried mistake shows in the puzzle card
// (puzzles.js), whose buttons then apply. The review of an analysed game lists its
// mistakes too (its move list marks them, movelist.js), and offers that game's retry.

import { localDate } from "./puzzles.js";

/** The quiet the analysis waits for: this long after the result card came, or after the
 * player's last input, before its next step (N6, H3, P5: never competing with a tap). */
export const QUIET_MS = 1500;

/**
 * Returns the scheduler of the analysis: `schedule()` asks Python for one step while
 * the last snapshot says one is due, one request at a time, never while the page is
 * hidden, the engine starts, or the computer, a puzzle or the editor holds the engine
 * (`busy()`), and only after QUIET_MS with no input (`input()` restarts the wait, as a
 * snapshot that makes a step due first does); the state's `mistakes` work is what a
 * tap's overrule cancels (N6: never delaying a tap). An open review does not stop it:
 * its marks fill in as the analysis goes (`review_update`).
 */
export function createMistakeWork({ state, current, command, hidden, busy, announce, timers }) {
  let quietFrom = timers.now();
  let waiting = false; // a timer will call schedule() again
  let wasDue = false;
  function schedule() {
    const snap = current();
    const due = Boolean(snap && snap.mistakes && snap.mistakes.due);
    if (due && !wasDue) quietFrom = timers.now(); // the result card just came: the quiet starts
    wasDue = due;
    if (!due || waiting || hidden() || busy()) return;
    const wait = quietFrom + QUIET_MS - timers.now();
    if (wait > 0) {
      waiting = true;
      timers.setTimeout(() => { waiting = false; schedule(); }, wait);
      return;
    }
    if (!state.start("mistakes")) return;
    const asked = timers.now();
    command("mistakes_step").then((reply) => {
      if (timers.measure) timers.measure("mistakes", asked, { done: Boolean(reply) }); // read by bench/page_taps.py
      if (reply && reply.mistakes && reply.mistakes.news) announce(reply.mistakes.news); // "Analysis done: …"
    }).finally(() => {
      state.finish("mistakes");
      schedule();
    });
  }
  /** The player did something: the next step waits for QUIET_MS more. */
  function input() { quietFrom = timers.now(); }
  return { schedule, input };
}

/** The feature as the page reads it (web/features.js): Retry's buttons, its intents, and the
 * lists it draws in the result card and the review. */
export const feature = {
  clicks: {
    "mistakes-retry": "retryMistakes",
    "review-mistakes-retry": (event) => ["retryGameMistakes", event.currentTarget.dataset.game],
  },
  intents: ({ overrule, announce }) => mistakeIntents({ command: overrule, announce }), // a retry wins over the analysis step
  render(snap, { $, review }) {
    renderMistakes(snap.mistakes || null, $); // inside the result card
    renderReviewMistakes(review.active() ? review.current() : null, $); // and in the review
  },
};

/** Returns the intents: Retry your mistakes opens the next one in the puzzle card (of
 * one game, `game` its record key, from its review or its history row). */
export function mistakeIntents({ command, announce }) {
  async function retry(game = null) {
    const reply = await command("mistake_retry", { which: "next", game, today: localDate() });
    const report = reply && reply.puzzle;
    if (report) announce(`${report.words.title}. ${report.words.task}.`);
    return reply;
  }
  return { retryMistakes: () => retry(), retryGameMistakes: (game) => retry(game) };
}

/** Scrolls the side column, where it scrolls on its own (a desktop: the dock, its toolbar
 * pinned at its foot), by the least that shows `last`'s bottom above the toolbar, never
 * past `first`'s top. */
function reveal(first, last) {
  const dock = first.closest(".dock");
  if (!dock || getComputedStyle(dock).overflowY !== "auto") return;
  const view = dock.getBoundingClientRect();
  const over = last.getBoundingClientRect().bottom + 8 - (view.bottom - dock.querySelector(".toolbar").offsetHeight);
  if (over > 0) dock.scrollTop += Math.max(0, Math.min(over, first.getBoundingClientRect().top - view.top - 6));
}

/** Brings the review's mistakes and the analysis graph into view once Analyse opened them
 * from the result card (at most `frames` frames later: the analysis's first reply). */
export function analysisInView($, frames = 120) {
  requestAnimationFrame(() => {
    if ($("analysis").hidden) { // its first reply is still to come
      if (frames > 0) analysisInView($, frames - 1);
      return;
    }
    reveal($("review-mistakes").hidden ? $("analysis") : $("review-mistakes"), $("analysis-graph"));
  });
}

/** Draws the review's list of its game's mistakes (`review`: the open review, or null):
 * the list, the accuracy (or the analysis's progress, while it goes on) and that game's
 * Retry button; hidden when it has none. */
export function renderReviewMistakes(review, $) {
  const report = review ? review.mistakes : null;
  const box = $("review-mistakes");
  box.hidden = !report;
  if (!report) return;
  $("review-mistakes-title").textContent = report.title;
  $("review-mistakes-accuracy").textContent = [report.accuracy, report.none, report.progress].filter(Boolean).join(" · ");
  const list = $("review-mistakes-list");
  const key = JSON.stringify(report.rows);
  if (list.dataset.shown !== key) {
    list.dataset.shown = key;
    list.replaceChildren(...report.rows.map((row) => Object.assign(document.createElement("li"), { textContent: row.text })));
  }
  list.hidden = report.rows.length === 0;
  const retry = $("review-mistakes-retry");
  retry.hidden = !report.retry_count;
  retry.textContent = report.retry_label;
  retry.dataset.game = report.game;
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
  if (card && !$("result").hidden && box.dataset.revealed !== key) { // the list just came, or a review hid it
    box.dataset.revealed = key;
    requestAnimationFrame(() => reveal($("result"), box)); // in view, Retry too
  }
  list.hidden = rows.length === 0;
  const retry = $("mistakes-retry");
  retry.hidden = !report.retry_count;
  retry.textContent = report.retry_label;
}
