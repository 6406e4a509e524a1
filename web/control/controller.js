// Controller: the page's command pipeline. It sends intents to Python, shows each
// reply, stores it (saver.js), runs the computer loop, and drives the
// review, analysis and watch flows. It decides no rule and writes no sentence:
// every fact and word comes in the snapshot (py/reversi/app/snapshot.py).
//
// Every part it uses is passed in, so node --test drives it with fakes:
//   engine   {ready, call(method, params), cancel(), onDeath(fn), restart(), gaveUp()}
//            (recovery.js's replaceable engine over engine.js)
//   store    {readAll(), write(part, text, base), remove(part), problem()}  (storage.js)
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
//   browserLanguage  the browser's language among the page's, sent with load (SPEC L2)

import { setupIntents } from "./editor.js";
import { squareIndex } from "../text/format.js";
import { createSaver } from "./saver.js";
import { splitChunks } from "../browser/storage.js";
import { createSharing } from "./sharing.js";
import { createPuzzles, puzzleIntents } from "./puzzles.js";
import { createLearn, learnIntents } from "./learn.js"; // Learning (SPEC N1-N5)

export const COMPUTER_DELAY_MS = 250; // lets the player see their own move before the reply
export const WATCH_DELAY_MS = 600; // time to see each move of a watched game

export function createController({
  engine, store, view, review, editor, ui, announce, sound, clipboard, timers, hidden, opening, browserLanguage = "en",
  share = null, pageUrl = () => "", puzzles = createPuzzles(),
  learn = createLearn(), // Learning (SPEC N1-N5)
}) {
  let snap = null;
  let loading = true;
  let thinking = false;
  let analysing = false;
  let hinting = false;
  let hintsAsked = null; // {token, at}: when the hints of the position at token were first asked for
  let watching = null; // {black, white, seed, busy} while two levels play each other
  let recovering = false; // a new engine is starting after the last one died
  let choosing = null; // {name, value}: a setting the player just picked, shown over any snapshot until its reply
  let shownAt = timers.now();
  const { persist, storePending } = createSaver({ store, timers, send: (method, params) => command(method, params),
    loading: () => loading });
  const { copy, shareLink } = createSharing({ clipboard, share, announce, ui, pageUrl });

  const flags = () => ({
    loading, thinking, hinting, reviewing: review.active(), editing: editor.active(), watching: Boolean(watching),
    puzzling: puzzles.active() || learn.active(), choosing, // a lesson, like a puzzle, shows its own board (N2)
  });

  /** Paints a snapshot (default: the last one) everywhere on the page. */
  function show(next = snap) {
    snap = next;
    puzzles.take(next);
    learn.take(next); // Learning (N2)
    ui.render(next, flags());
    if (review.active()) review.redraw();
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

  /** Sends a command to Python, shows the reply and stores what it says to store;
   * returns the reply, or null when it failed (`onError` hears why, else a notice shows it). */
  async function command(method, params = {}, onError = null, settled = () => {}) {
    let reply;
    try {
      reply = await engine.call(method, params);
    } catch (error) {
      settled();
      if (!error.cancelled && !error.dead) (onError || ui.notice)(error.message);
      return null;
    }
    settled();
    show(reply);
    persist(reply);
    if (reply.placed && reply.options.sound) sound.play(reply.placed.flips);
    if (reply.new_stars.length) ui.celebrate(reply);
    if (reply.announce) announce(reply.announce);
    scheduleComputer();
    scheduleHints();
    return reply;
  }

  /** Asks Python for the computer's move when it is the computer's turn (C1, C3). */
  function scheduleComputer() {
    if (!snap || !snap.computer_to_move || thinking || hidden() || loading) return;
    thinking = true;
    show(snap);
    const token = snap.token;
    timers.setTimeout(async () => {
      const asked = timers.now();
      let failed = false; // an engine error is said once, not asked again at once
      await command("computer_move", { token }, (message) => { failed = true; ui.notice(message); });
      timers.measure("computer-move", asked); // one move's thinking, read by bench/page.py
      thinking = false;
      show(snap);
      if (!failed) scheduleComputer();
    }, COMPUTER_DELAY_MS);
  }

  /** Asks Python for the next step of the hints while hint mode wants them (H1, H3). */
  function scheduleHints() {
    if (!snap || !snap.hints_due || hinting || thinking || loading || hidden() || review.active() || editor.active()) return;
    hinting = true;
    ui.render(snap, flags());
    const token = snap.token;
    if (!snap.hints) hintsAsked = { token, at: timers.now() };
    command("hint_step", { token }).then((reply) => {
      if (reply && reply.hints && reply.hints.final && hintsAsked && hintsAsked.token === token) {
        const empties = 64 - reply.counts.black - reply.counts.white;
        timers.measure("hints", hintsAsked.at, { empties }); // read by bench/page.py hints
      }
    }).finally(() => {
      hinting = false;
      show();
      scheduleHints();
    });
  }

  /** Runs a command that must win over a pending search: the computer's, an analysis,
   * a watched game or the hints (B4, H3, P5). */
  function overrule(method, params, settled = undefined) {
    if (thinking || analysing || hinting || (watching && watching.busy)) engine.cancel();
    analysing = false;
    return command(method, params, null, settled);
  }

  /** Changes a setting; until Python replies, every snapshot shown (a tick's, a cancelled
   * search's) shows the player's choice rather than undoing it. A refused choice is
   * undone by showing the last snapshot again. */
  async function choose(name, value) {
    const mine = { name, value };
    choosing = mine;
    const reply = await overrule("set_setting", { name, value }, () => { if (choosing === mine) choosing = null; });
    if (!reply && snap) show();
  }

  /** Opens the review a reply brought, bringing its tools into view. */
  function openReview(reply) {
    if (!reply || !reply.review) return;
    review.open(reply.review);
    show(snap);
    ui.reviewOpened();
  }

  /** Ends a watched game, interrupting the search for its next move. */
  function stopWatching() {
    if (watching && watching.busy) engine.cancel();
    watching = null;
  }

  /** Analyses the reviewed game one position per request, until done or cancelled;
   * `started`: Python has begun it already (a set-up position). */
  async function analyse(started = false) {
    const current = review.current();
    if (!current || analysing || watching) return;
    analysing = true;
    let reply = started ? snap : await command("analysis_start", {
      moves: current.transcript, title: current.title, human: current.human,
    });
    while (analysing && reply && reply.analysis && !reply.analysis.finished) reply = await command("analysis_step");
    analysing = false;
  }

  /** Lets two levels play each other, one placement per request, shown in review as it grows. */
  async function watch({ black, white, seed }) {
    const game = { black, white, seed, busy: false };
    const step = async (moves) => {
      game.busy = true;
      const reply = await command("watch", { moves, black, white, seed });
      game.busy = false;
      return watching === game && reply ? reply.review : null;
    };
    stopWatching();
    if (analysing) await overrule("analysis_stop");
    watching = game;
    try {
      let current = await step("");
      if (!current) return;
      openReview({ review: current });
      while (watching === game && current.frames[current.frames.length - 1].turn !== null) {
        await new Promise((resolve) => timers.setTimeout(resolve, WATCH_DELAY_MS));
        if (watching !== game) return;
        current = await step(current.transcript);
        if (!current) return;
        review.extend(current);
      }
    } finally {
      if (watching === game) watching = null; // over, failed or stopped
      show(snap);
    }
  }

  const intents = {
    place(square) {
      if (loading) ui.hint(null);
      else if (editor.active()) intents.editSquare(squareIndex(square));
      else if (puzzles.active()) intents.puzzleTap(square);
      else if (learn.active()) intents.learnTap(square); // Learning (N2)
      else if (snap.tap_note) ui.hint(snap.tap_note);
      else {
        ui.hint("");
        if (hinting) engine.cancel(); // the hints never delay a tap (H3)
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
    redo: () => snap.can_redo && !thinking && !review.active() && command("redo"),
    pause: () => !review.active() && (snap.paused ? command("resume") : overrule("pause")),
    takeover: () => overrule("takeover", { documents: store.readAll() }),
    preview: (square) => review.active() || view.setPreview(square),
    async review() {
      stopWatching();
      openReview(await command("review", { source: "current" }));
    },
    async historyPage(page) {
      const reply = await command("history_page", { page });
      if (reply && reply.history_page) ui.historyPage(reply.history_page);
    },
    async reviewHistory(index) {
      stopWatching();
      openReview(await command("review", { source: "history", index }));
    },
    async reviewAt(ply) {
      if (!review.active()) {
        stopWatching();
        openReview(await command("review", { source: "current" }));
      }
      review.goto(ply);
    },
    navigate(key) {
      if (!review.active()) return false;
      review.step({ ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[key]);
      return true;
    },
    closeReview() {
      stopWatching();
      review.close();
      ui.reviewClosed();
      show(snap); // the game in play at once; Python's reply follows
      overrule("close_review");
    },
    analyse,
    watch,
    cancelAnalysis: () => overrule("analysis_stop"),
    copyTranscript: () => copy(snap.transcript),
    copyReview: () => copy(review.current().transcript),
    shareGame: () => shareLink(snap.link),
    shareReview: () => shareLink(review.current().link),
    async openLink(fragment) {
      stopWatching();
      if (analysing) await overrule("analysis_stop");
      openReview(await command("open_link", { fragment }));
    },
    async importTranscript(text) {
      stopWatching();
      ui.transcript("");
      const reply = await command("import_transcript", { text }, ui.transcript);
      openReview(reply);
      return Boolean(reply);
    },
    async reviewAndAnalyse() {
      stopWatching();
      openReview(await command("review", { source: "current" }));
      await analyse();
    },
    clearHistory: () => command("clear_history"),
    ...puzzleIntents({ puzzles, command, announce, timers, delay: COMPUTER_DELAY_MS }),
    ...learnIntents({ learn, command, announce, timers, delay: COMPUTER_DELAY_MS }), // Learning (N1-N5)
    ...setupIntents({
      editor, command, show, ui, copy, openReview, analyse, opening,
      current: () => ({ cells: snap.cells, turn: snap.turn }),
    }),
  };

  /** Loads the stored game into the engine once it is ready (`resume`: go on unpaused,
   * as before a restart); returns the reply, or null when the engine could not start. */
  async function begin(documents, { resume = false } = {}) {
    ui.engineState(recovering ? "restarting" : "loading");
    let reply;
    const [parts, chunks] = splitChunks(documents);
    const follows = Object.keys(chunks).length > 0;
    try {
      await engine.ready;
      reply = await engine.call("load", { documents: parts, language: browserLanguage, ...(follows && { history_follows: true }) });
    } catch (error) {
      if (!error.dead || !engine.gaveUp()) ui.engineState("failed", { error: error.message, files: error.files || [] });
      return null;
    }
    loading = false;
    show(reply);
    persist(reply);
    // Sent before anything else can be: every later request finds the history read.
    if (follows) {
      const sent = timers.now();
      command("load_history", { documents: chunks }).then(() => timers.measure("history-read", sent)); // read by bench/page.py history
    }
    if (resume && reply.paused && !reply.result) reply = (await command("resume")) || reply;
    else if (reply.announce) announce(reply.announce);
    ui.engineState(recovering ? "back" : "ready");
    recovering = false;
    scheduleComputer();
    return reply;
  }

  /** The engine died (SPEC O4): the page says so, starts a new one and loads the saved
   * game into it, which goes on where it was; after too many deaths it offers Retry. */
  function recover(reason) {
    const resume = Boolean(snap && !snap.paused);
    loading = true;
    thinking = analysing = hinting = false;
    watching = null;
    if (review.active()) {
      review.close();
      ui.reviewClosed();
    }
    if (snap) show(snap);
    if (engine.gaveUp()) {
      ui.engineState("failed", { error: reason, files: [] });
      return;
    }
    recovering = true;
    engine.restart();
    begin(store.readAll(), { resume });
  }
  engine.onDeath(recover);

  /** Intents that work before the engine is ready (they need no reply). */
  const ALWAYS = new Set(["place", "preview", "navigate"]);

  return {
    /** Runs an intent; returns what it returns (navigate: whether it took the key). */
    emit(intent, detail) {
      if (intents[intent] && (!loading || ALWAYS.has(intent))) return intents[intent](detail);
      return false;
    },
    /** Shows the board before Python is ready (the opening or the saved view, SPEC O3). */
    paint(board) {
      view.show(board);
      ui.scores(board);
    },
    /** Loads the stored game into Python once the engine is ready; when it cannot start,
     * the page says why and offers Retry (SPEC O4). Returns the reply, or null. */
    start: begin,
    /** Starts the engine again after a failed start-up (the Retry button). */
    retry() {
      engine.restart();
      return begin(store.readAll());
    },
    /** Another tab stored `part` (SPEC P7). */
    external(part) {
      if (!loading) command("external", { part, documents: store.readAll() });
    },
    /** The page was hidden: store the waiting parts, pause and cancel computer work (P4). */
    hide() {
      storePending();
      if (!loading) overrule("pause", { reason: "hidden" });
      drawClocks();
    },
    /** The page is going away: store the waiting parts now (P8). */
    leave: storePending,
    /** One clock tick: visible active time goes to Python (P6). */
    tick(ms) {
      if (!loading && snap && snap.clock_running && !hidden()) command("tick", { ms });
      drawClocks();
    },
    /** Shows the page again after being hidden. */
    visible() {
      drawClocks();
      scheduleComputer();
    },
    /** Returns the snapshot on show (for the page's own drawing, e.g. after a review). */
    snapshot: () => snap,
  };
}
