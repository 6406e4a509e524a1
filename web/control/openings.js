// Openings (K2-K6), as a feature of the page (web/features.js): the explorer of the book and
// the trainer of its lines, one card over the board, which shows the card's own position.
// Python decides everything (py/reversi/app/openings/room.py): the book's moves and values,
// the verdicts, the schedule and every word; every reply carries the `openings` field (null
// while the card is closed). This module relays the card's buttons and the board's taps,
// asks for the trainer's reply after a pause, and draws the card (web/panels/openings-panel.js).

import { oneReplyLater } from "./scheduling.js";
import { localDate } from "./puzzles.js";
import { renderOpenings } from "../panels/openings-panel.js";

/** The pause before the trainer plays the other side's move: the player sees their own first. */
export const REPLY_DELAY_MS = 300;

/** Returns the board the card shows, as the board view draws a snapshot, or null while the
 * card is closed. */
export function openingsBoard(snap) {
  const room = snap && snap.openings;
  if (!room) return null;
  const words = room.explore || room.train;
  return {
    cells: room.board.cells, counts: room.board.counts, last: room.board.last, flipped: [], legal: room.board.legal,
    hints: room.board.hints, options: { legal_dots: true }, status: words.task || words.title,
  };
}

/** Returns what the live region says of a reply: the explorer's position, or the trainer's
 * task (or verdict) and what follows it. */
export function said(room) {
  if (!room) return "";
  if (room.explore) {
    const { title, path, note } = room.explore;
    return [title, path, note].filter(Boolean).join(". ");
  }
  const train = room.train;
  return [train.task, train.message].filter(Boolean).join(" ");
}

/** Returns the choice of what to train as the card's fields hold it. */
export function choiceOf($) {
  return {
    kind: $("train-kind").value, name: $("train-opening").value, moves: $("train-moves").value.trim(),
    depth: Number($("train-depth").value), side: $("train-side").value,
  };
}

/** Returns the intents, given the controller's `command`, `announce` and `timers`. */
export function openingsIntents({ command, announce, timers, review, delay = REPLY_DELAY_MS,
  $ = (id) => document.getElementById(id) }) {
  const later = oneReplyLater(timers, delay);
  let shown = null; // the card's last report: a tap goes to the explorer or the trainer
  async function ask(method, params = {}, speak = true) {
    const asked = timers.now();
    const reply = await command(method, { ...params, today: localDate() });
    if (timers.measure) timers.measure("openings", asked, { method }); // read by bench/page.py openings
    const room = reply && reply.openings;
    if (reply && "openings" in reply) shown = room;
    if (room && speak) announce(said(room));
    if (room && room.train && room.train.computer_to_move) later(() => ask("trainer_reply"));
    return reply;
  }
  return {
    openExplorer: () => ask("openings_explore"),
    openTrainer: () => ask("trainer_open"),
    exploreReview: () => review.active() && ask("openings_explore", {
      game: review.current().transcript, ply: review.current().frames[review.shown()].ply,
    }),
    exploreMove: (square) => ask("openings_play", { square }),
    exploreBack: () => ask("openings_back"),
    exploreTo: (ply) => ask("openings_back", { to: ply }),
    exploreForward: () => ask("openings_forward"),
    exploreEnd: () => ask("openings_forward", { end: true }),
    // the review's keys step through the explorer's path while it shows (B3)
    openingsKey: (key) => {
      const steps = { ArrowLeft: "openings_back", Home: "openings_back", ArrowRight: "openings_forward", End: "openings_forward" };
      if (!shown || !shown.explore || !steps[key]) return false;
      ask(steps[key], key === "Home" ? { to: 0 } : key === "End" ? { end: true } : {});
      return true;
    },
    exploreValues: () => ask("openings_values"),
    openingsTap: (square) => shown && ask(shown.explore ? "openings_play" : "trainer_tap", { square }),
    trainChoose: () => ask("trainer_choose", choiceOf($), false),
    trainStart: () => ask("trainer_start", choiceOf($)),
    trainDue: () => ask("trainer_start", { ...choiceOf($), kind: "due" }),
    trainLine: () => shown && shown.explore && shown.explore.train_line && ask("trainer_start", shown.explore.train_line),
    trainNext: () => ask("trainer_next"),
    closeOpenings: () => ask("openings_close", {}, false),
  };
}

/** The feature as the page reads it (web/features.js). */
export const feature = {
  menu: { "openings-explore": "openExplorer" },
  clicks: {
    "openings-close": "closeOpenings", "explore-back": "exploreBack", "explore-values": "exploreValues",
    "explore-start": () => ["exploreTo", 0], "explore-forward": "exploreForward", "explore-end": "exploreEnd",
    "explore-train": "openTrainer", "explore-train-line": "trainLine", "train-start": "trainStart", "train-due": "trainDue", "train-next": "trainNext",
    "train-choose": "openTrainer", "review-explore": "exploreReview",
    "explore-moves": (event) => {
      const button = event.target.closest("button[data-square]");
      return button ? ["exploreMove", button.dataset.square] : [];
    },
    "explore-path": (event) => {
      const button = event.target.closest("button[data-ply]");
      return button ? ["exploreTo", Number(button.dataset.ply)] : [];
    },
  },
  changes: { "train-kind": "trainChoose", "train-opening": "trainChoose", "train-depth": "trainChoose", "train-side": "trainChoose" },
  intents: ({ command, announce, timers, review }) => openingsIntents({ command, announce, timers, review }),
  board: openingsBoard,
  tap: "openingsTap",
  navigate: "openingsKey",
  render(snap, { $ }) {
    renderOpenings(snap.openings || null, $);
  },
};
