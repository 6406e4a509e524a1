// Puzzles mode: the puzzle shown, its card and its intents. Python decides
// everything (py/reversi/app/puzzle_mode.py): whether a move is the answer, what a wrong move
// leads to, the rating, the daily puzzle, the words. Every reply carries the `puzzle`
// field (null when no puzzle is shown); this module shows it and relays taps and buttons.

import { oneReplyLater } from "./scheduling.js";

/** Returns the puzzle state holder: the last `puzzle` field Python sent. */
export function createPuzzles() {
  let report = null;
  return {
    /** Checks if a puzzle is shown. */
    active: () => report !== null,
    /** Takes a reply's `puzzle` field (absent: no change). */
    take(reply) {
      if (reply && "puzzle" in reply) report = reply.puzzle;
    },
    /** Returns the puzzle shown (or null). */
    current: () => report,
    /** Returns the puzzle's board as a board snapshot for the board view. */
    snapshot() {
      return {
        cells: report.cells, counts: report.counts, last: report.last, flipped: [],
        legal: report.legal, options: { legal_dots: true }, status: report.words.task,
      };
    },
  };
}

/** Returns the page's local date as YYYY-MM-DD (the daily puzzle's date). */
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Returns the puzzle intents, given the controller's `command(method, params)`, `announce`,
 * `timers` and `delay` (the pause before the computer's move when a puzzle is played out).
 */
export function puzzleIntents({ puzzles, command, announce, timers, delay }) {
  const later = oneReplyLater(timers, delay);
  async function ask(method, params = {}) {
    const reply = await command(method, { ...params, today: localDate() });
    const report = reply && reply.puzzle;
    const opened = method === "puzzle_open" || method === "mistake_retry";
    if (report && report.words.message && !opened) announce(report.words.message);
    else if (report && opened) announce(`${report.words.title}. ${report.words.task}.`);
    if (report && report.computer_to_move) later(() => ask("puzzle_computer"));
    return reply;
  }
  return {
    openPuzzles: () => ask("puzzle_open", { which: "next" }),
    dailyPuzzle: () => ask("puzzle_open", { which: "daily" }),
    // after a retried mistake (N8), Next is the next mistake (of the same game, when retried from its review)
    nextPuzzle: () => {
      const shown = puzzles.current();
      return shown && shown.mistake ? ask("mistake_retry", { which: "next", game: shown.mistake_game ?? null })
        : ask("puzzle_open", { which: "next" });
    },
    puzzleTap: (square) => ask("puzzle_tap", { square }),
    retryPuzzle: () => ask("puzzle_retry"),
    showAnswer: () => ask("puzzle_answer"),
    playOut: () => ask("puzzle_play_out"),
    closePuzzles: () => ask("puzzle_close"),
  };
}

/** Shows a puzzle report in the puzzle card (`$` finds an element by id); hides it for null. */
export function renderPuzzle(report, $) {
  const card = $("puzzle");
  const was = !card.hidden;
  card.hidden = report === null;
  document.body.classList.toggle("puzzling", report !== null);
  if (report === null) return;
  const { words, progress, phase } = report;
  $("puzzle-title").textContent = words.title;
  $("puzzle-task").textContent = words.task;
  $("puzzle-message").textContent = words.message;
  $("turn").textContent = words.task;
  $("puzzle-retry").hidden = phase !== "wrong";
  $("puzzle-answer").hidden = phase !== "wrong" && phase !== "solving";
  $("puzzle-play-out").hidden = phase !== "right" && phase !== "shown";
  const next = $("puzzle-next");
  next.classList.toggle("primary", phase !== "solving" && phase !== "wrong");
  next.dataset.label ||= next.textContent; // the page's own word, when the report names none
  next.textContent = words.next || next.dataset.label; // a retried mistake: "Next mistake" (N8)
  $("puzzle-daily").hidden = Boolean(report.mistake); // no daily puzzle among one's own mistakes
  $("puzzle-rating").textContent = progress.words.rating;
  $("puzzle-solved").textContent = progress.words.solved;
  $("puzzle-streak").textContent = progress.words.streak;
  $("puzzle-daily-state").textContent = progress.words.daily;
  $("count-black").textContent = report.counts.black;
  $("count-white").textContent = report.counts.white;
  drawRatings($("puzzle-ratings"), progress.ratings);
  if (!was) {
    card.scrollIntoView({ block: "nearest" });
    $("puzzle-close").focus({ preventScroll: true });
  }
}

/** Draws the rating's history as a line in an SVG (its accessible name says the rating). */
function drawRatings(svg, ratings) {
  const line = svg.querySelector("polyline");
  if (ratings.length < 2) {
    line.setAttribute("points", "");
    return;
  }
  const low = Math.min(...ratings);
  const span = Math.max(...ratings) - low || 1;
  const points = ratings.map((r, i) => `${(i / (ratings.length - 1)) * 100},${28 - ((r - low) / span) * 26}`);
  line.setAttribute("points", points.join(" "));
}
