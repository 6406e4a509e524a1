// Controller: the page's command pipeline. It turns intents into requests to Python,
// shows each reply and stores it (saver.js), then lets the scheduler ask for the
// computer's move or the hints (scheduling.js) and pondering's slices (pondering.js).
// Start-up and recovery are startup.js's, watching two levels watching.js's; what is
// under way is one named state (state.js). It decides no rule and writes no sentence:
// every fact and word comes in the snapshot (py/reversi/app/snapshot.py).
//
// Every part it uses is passed in, so node --test drives it with fakes:
//   engine   {ready, call(method, params), cancel(), onDeath(fn), restart(), gaveUp()}
//            (recovery.js's replaceable engine over engine.js)
//   store    {readAll(), write(part, text, base), remove(part), missed(), problem()}  (storage.js)
//   view     {show(snapshot), setPreview(square)}          (board-view.js)
//   review   the review stepper                            (review.js)
//   editor   the position-setup state                      (editor.js)
//   puzzles  the puzzle shown                               (puzzles.js; optional)
//   learn    the lesson shown, the invitation               (learn.js; optional)
//   ui       {render(snap, flags), scores(board), clocks(snap, sinceMs, flags), notice(text),
//             hint(text), celebrate(snap), reviewOpened(), reviewClosed(),
//             historyPage(page), engineState(state, detail), transcript(text), copyResult(ok),
//             editorOpened(), editorState(setup),
//             editorSolution(text), editorClosed()}   (panels.js)
//   announce(text), sound {play(flips)}, clipboard {write(text)}, share(data) | null (navigator.share),
//   pageUrl() (the page's address without its fragment)
//   timers   {setTimeout(fn, ms), now(), measure(name, start, detail)}, hidden() -> boolean
//   browserLanguage  the browser's language among the page's, sent with load (L2)

import { setupIntents } from "./editor.js";
import { squareIndex } from "../text/format.js";
import { reviewIntents } from "./review.js";
import { createSaver } from "./saver.js";
import { createSharing } from "./sharing.js";
import { createPuzzles, puzzleIntents } from "./puzzles.js";
import { createState } from "./state.js";
import { COMPUTER_DELAY_MS, createScheduling } from "./scheduling.js";
import { createPondering } from "./pondering.js";
import { createStartup } from "./startup.js";
import { WATCH_DELAY_MS, createWatching } from "./watching.js";
import { createLearn, learnIntents } from "./learn.js"; // Learning (N1-N5)
import { createMistakeWork } from "./mistakes.js"; // Learn from your own games (N6-N8)
import { FEATURES } from "../features.js";

export { COMPUTER_DELAY_MS, WATCH_DELAY_MS };

export function createController({
  engine, store, view, review, editor, ui, announce, sound, clipboard, timers, hidden, opening, browserLanguage = "en",
  share = null, pageUrl = () => "", puzzles = createPuzzles(),
  learn = createLearn(), // Learning (N1-N5)
  features = FEATURES, // each feature's intents (web/features.js)
}) {
  let snap = null;
  const state = createState();
  let shownAt = timers.now();
  const { persist, storePending } = createSaver({ store, timers, send: (method, params) => command(method, params),
    loading: () => state.loading });
  const { copy, shareLink } = createSharing({ clipboard, share, announce, ui, pageUrl });

  /** Returns the board a feature shows instead of the game's (its own position), or null. */
  const featureBoard = (current = snap) => features.map((f) => (f.board ? f.board(current) : null)).find(Boolean) || null;
  const featureTap = () => features.find((f) => f.board && f.board(snap));

  const flags = () => ({
    // a lesson, like a puzzle or a feature's own position, shows its own board (N2)
    ...state.flags(), reviewing: review.active() && !featureBoard(), editing: editor.active(),
    puzzling: puzzles.active() || learn.active() || Boolean(featureBoard()),
  });

  /** Paints a snapshot (default: the last one) everywhere on the page. */
  function show(next = snap) {
    snap = next;
    if (next.review_update && review.active()) review.refresh(next.review_update); // N6: its marks so far
    puzzles.take(next);
    learn.take(next); // Learning (N2)
    ui.render(next, flags());
    const own = featureBoard(next);
    if (own) view.show(own);
    else if (review.active()) review.redraw();
    else if (editor.active()) view.show(editor.snapshot());
    else if (puzzles.active()) view.show(puzzles.snapshot());
    else if (learn.active()) view.show(learn.snapshot()); // Learning (N2)
    else view.show(next);
    shownAt = timers.now();
    drawClocks();
  }

  /** Redraws the clocks, counting on from the last snapshot between ticks. */
  function drawClocks() {
    if (snap) ui.clocks(snap, timers.now() - shownAt, { ...flags(), hidden: hidden() });
  }

  const { scheduleComputer, scheduleHints } = createScheduling({
    state, current: () => snap, command, show, render: () => ui.render(snap, flags()), hidden, timers, ui,
    busyElsewhere: () => review.active() || editor.active(),
  });
  const { schedule: scheduleMistakes, input: mistakesInput } = createMistakeWork({ // N6: in the player's quiet
    state, current: () => snap, command, hidden, announce, timers,
    busy: () => editor.active() || puzzles.active() || learn.active(), // a review follows it (review_update)
  });

  let underWay = 0; // commands sent and not yet answered: pondering waits for them (C4)
  const { schedulePonder, input } = createPondering({
    state, engine, current: () => snap, hidden, timers, queued: () => underWay > 0,
    busy: () => review.active() || editor.active() || puzzles.active() || learn.active(),
  });
  /** Interrupts a slice of pondering under way: a tap or Redo never waits for it (C4). */
  const stopPondering = () => state.running("ponder") && engine.cancel();

  /** The reply to closing a review while it is under way: until it comes, the snapshot
   * is the review's, and a tap waits for it rather than get the review's note (P5). */
  let resuming = null;

  /** Sends a command to Python (see `send`); keeps close_review's reply in `resuming`. */
  function command(method, params = {}, onError = null, settled = () => {}) {
    const reply = send(method, params, onError, settled);
    if (method === "close_review") {
      resuming = reply;
      reply.finally(() => { if (resuming === reply) resuming = null; });
    }
    return reply;
  }

  /** Sends a command to Python, shows the reply and stores what it says to store;
   * returns the reply, or null when it failed (`onError` hears why, else a notice shows it). */
  async function send(method, params = {}, onError = null, settled = () => {}) {
    let reply;
    if (method !== "mistakes_step" && state.running("mistakes")) engine.cancel(); // N6: it never delays a request
    underWay += 1;
    try {
      reply = await engine.call(method, params);
    } catch (error) {
      underWay -= 1;
      settled();
      if (!error.cancelled && !error.dead) (onError || ui.notice)(error.message);
      return null;
    }
    underWay -= 1;
    settled();
    show(reply);
    persist(reply);
    if (reply.placed && reply.options.sound) sound.play(reply.placed.flips);
    if (reply.new_stars.length) ui.celebrate(reply);
    if (reply.announce) announce(reply.announce);
    scheduleComputer();
    scheduleHints();
    schedulePonder();
    scheduleMistakes();
    return reply;
  }

  /** Runs a command that must win over a pending search: the computer's, an analysis,
   * a watched game or the hints (B4, H3, P5). */
  function overrule(method, params, settled = undefined) {
    const watched = state.detail("watch");
    if (state.any("computer", "analysis", "hints", "ponder", "mistakes") || (watched && watched.busy)) engine.cancel();
    state.finish("analysis");
    return command(method, params, null, settled);
  }

  /** Changes a setting; until Python replies, every snapshot shown (a tick's, a cancelled
   * search's) shows the player's choice rather than undoing it. A refused choice is
   * undone by showing the last snapshot again. */
  async function choose(name, value) {
    const mine = { name, value };
    state.choose(mine);
    const reply = await overrule("set_setting", { name, value }, () => state.chosen(mine));
    if (!reply && snap) show();
  }

  /** Opens the review a reply brought, bringing its tools into view. */
  function openReview(reply) {
    if (!reply || !reply.review) return;
    review.open(reply.review);
    show(snap);
    ui.reviewOpened();
  }

  const { watch, stopWatching } = createWatching({ state, engine, command, overrule, openReview, review, timers, show });

  /** Analyses the reviewed game one position per request, until done or cancelled;
   * `started`: Python has begun it already (a set-up position). */
  async function analyse(started = false) {
    const current = review.current();
    if (!current || !state.start("analysis")) return;
    let reply = started ? snap : await command("analysis_start", {
      moves: current.transcript, title: current.title, human: current.human,
    });
    while (state.running("analysis") && reply && reply.analysis && !reply.analysis.finished) {
      reply = await command("analysis_step");
    }
    state.finish("analysis");
  }

  const intents = {
    place(square) {
      if (state.loading) ui.hint(null);
      else if (featureTap()) intents[featureTap().tap](square);
      else if (editor.active()) intents.editSquare(squareIndex(square));
      else if (puzzles.active()) intents.puzzleTap(square);
      else if (learn.active()) intents.learnTap(square); // Learning (N2)
      else if (snap.tap_note && resuming) resuming.then(() => intents.place(square)); // the note may be lifted (P5)
      else if (snap.tap_note) ui.hint(snap.tap_note);
      else {
        ui.hint("");
        if (state.running("hints")) engine.cancel(); // the hints never delay a tap (H3)
        else stopPondering();
        command("place", { square, token: snap.token });
      }
    },
    toggleHints: () => overrule("set_setting", { name: "hints", value: !snap.options.hints }),
    toggleLegal: () => command("set_setting", { name: "legal_dots", value: !snap.options.legal_dots }),
    toggleSound: () => command("set_setting", { name: "sound", value: !snap.options.sound }),
    setting: ({ name, value }) => choose(name, value),
    newGame: () => overrule("new"),
    restart: () => overrule("restart"),
    undo: () => snap.can_undo && !review.active() && overrule("undo"),
    redo: () => snap.can_redo && !state.running("computer") && !review.active() && (stopPondering(), command("redo")),
    pause: () => !review.active() && (snap.paused ? command("resume") : overrule("pause")),
    takeover: () => overrule("takeover", { documents: store.readAll() }),
    preview: (square) => review.active() || view.setPreview(square),
    async historyPage(page) {
      const reply = await command("history_page", { page });
      if (reply && reply.history_page) ui.historyPage(reply.history_page);
    },
    watch,
    copyTranscript: () => copy(snap.transcript),
    shareGame: () => shareLink(snap.link),
    ...reviewIntents({ review, command, overrule, openReview, stopWatching, analyse, show: () => show(snap), ui, copy,
      shareLink, analysing: () => state.running("analysis") }),
    clearHistory: () => command("clear_history"),
    ...puzzleIntents({ puzzles, command, announce, timers, delay: COMPUTER_DELAY_MS }),
    ...learnIntents({ learn, command, announce, timers, delay: COMPUTER_DELAY_MS }), // Learning (N1-N5)
    ...Object.assign({}, ...features.map((feature) => (feature.intents ? feature.intents({ command, overrule, announce, timers, review, openReview, current: () => snap }) : {}))),
    ...setupIntents({
      editor, command, show, ui, copy, openReview, analyse, opening,
      current: () => ({ cells: snap.cells, turn: snap.turn }),
    }),
  };
  const reviewNavigate = intents.navigate;
  /** The navigation keys go to a feature that shows its own board (its `navigate` intent), else to the review. */
  intents.navigate = (key) => (featureTap() ? Boolean(featureTap().navigate) && intents[featureTap().navigate](key)
    : reviewNavigate(key));

  /** Hands Python each part another tab stored while this tab heard no storage event
   * (P7, P11): it was starting, restarting its engine, or frozen in the background.
   * Returns the last reply, or null when nothing was missed. */
  async function catchUp() {
    const parts = state.loading ? [] : store.missed();
    if (!parts.length) return null;
    const documents = store.readAll();
    let reply = null;
    for (const part of parts) reply = (await command("external", { part, documents })) || reply;
    return reply;
  }

  const { begin, recover } = createStartup({
    state, engine, store, ui, timers, announce, browserLanguage, show, persist, command, catchUp,
    scheduleComputer: () => { scheduleComputer(); schedulePonder(); scheduleMistakes(); }, // may ponder (C4), analyse (N6)
    resetPage() {
      if (review.active()) {
        review.close();
        ui.reviewClosed();
      }
      if (snap) show(snap);
    },
  });
  engine.onDeath((reason) => recover(reason, snap));

  /** Intents that work before the engine is ready (they need no reply). */
  const ALWAYS = new Set(["place", "preview", "navigate"]);

  return {
    /** Runs an intent; returns what it returns (navigate: whether it took the key). */
    emit(intent, detail) {
      if (!intents[intent] || (state.loading && !ALWAYS.has(intent))) return false;
      input(); // pondering rests after a minute with no input (C4)
      mistakesInput(); // the analysis waits for a quiet moment (N6)
      return intents[intent](detail);
    },
    /** Shows the board before Python is ready (the opening or the saved view, O3). */
    paint(board) {
      view.show(board);
      ui.scores(board);
    },
    /** Loads the stored game into Python once the engine is ready; when it cannot start,
     * the page says why and offers Retry (O4). Returns the reply, or null. */
    start: begin,
    /** Starts the engine again after a failed start-up (the Retry button). */
    retry() {
      engine.restart();
      return begin(store.readAll());
    },
    /** Another tab stored `part` (P7). */
    external(part) {
      if (!state.loading) command("external", { part, documents: store.readAll() });
    },
    /** The page was hidden: store the waiting parts, pause and cancel computer work (P4). */
    hide() {
      storePending();
      if (!state.loading) overrule("pause", { reason: "hidden" });
      drawClocks();
    },
    /** The page is going away: store the waiting parts now (P8). */
    leave: storePending,
    /** One clock tick: visible active time goes to Python (P6). */
    tick(ms) {
      if (!state.loading && snap && snap.clock_running && !hidden()) command("tick", { ms });
      drawClocks();
    },
    /** Shows the page again after being hidden (a frozen page heard no storage event, P11). */
    visible() {
      catchUp();
      drawClocks();
      scheduleComputer();
      schedulePonder();
      scheduleMistakes();
    },
    /** Returns the snapshot on show (for the page's own drawing, e.g. after a review). */
    snapshot: () => snap,
  };
}
