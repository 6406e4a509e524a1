// Boot and game flow: wires the board view, input, storage, announcements, review
// and the Python engine. Python decides everything; this file only relays.

import { BoardView } from "./board-view.js";
import { createEngine } from "./engine.js";
import { bindInput } from "./input.js";
import { createAnnouncer } from "./announce.js";
import { createStore, savedView } from "./storage.js";
import { celebrate, formatTime, showControls, showHistory, showNotices, showStars, showStats } from "./panels.js";
import { createSound } from "./sound.js";
import { createFullscreen } from "./fullscreen.js";
import { createReview, showAnalysis } from "./review.js";

// The opening (SPEC R2), painted before Python is ready when nothing is saved (O3).
const OPENING = {
  cells: "-".repeat(27) + "OX" + "-".repeat(6) + "XO" + "-".repeat(27),
  counts: { black: 2, white: 2 }, last: null, status: "Black to move",
};
const COMPUTER_DELAY_MS = 250; // lets the player see their own move before the reply
const TICK_MS = 1000;
const WATCH_DELAY_MS = 600; // time to see each move of a watched game

const $ = (id) => document.getElementById(id);
const view = new BoardView($("board-canvas"), $("board"));
const announce = createAnnouncer($("status"));
const store = createStore();
const sound = createSound();
const fullscreen = createFullscreen({
  onChange(active) {
    $("fullscreen").hidden = active;
    $("back").hidden = !active;
    (active ? $("back") : $("fullscreen")).focus();
  },
});
const review = createReview({
  draw(frame) {
    view.show(frame);
    $("count-black").textContent = frame.counts.black;
    $("count-white").textContent = frame.counts.white;
    $("turn").textContent = "Reviewing";
  },
  say: announce,
});
const dismissed = new Set();
let engine = null;
let loading = true;
let thinking = false;
let analysing = false;
let pausedForReview = false;
let watching = null; // {black, white, seed, busy} while two levels play each other
let storageFailed = false;
let snap = null;
let shownAt = performance.now();
let shownLists = "";
let lastTick = performance.now();

/** Paints a snapshot (or a saved view before Python is ready) everywhere on the page. */
function show(next) {
  snap = next;
  showControls(next, { loading, thinking, reviewing: review.active() });
  if (review.active()) review.redraw();
  else view.show(next);
  showNotices(next.notices || [], dismissed);
  // The lists are rebuilt only when they changed, so a clock tick never takes the focus off them.
  const lists = JSON.stringify([next.history, next.stars]);
  if (lists !== shownLists) {
    shownLists = lists;
    showHistory(next.history || [], (index) => emit("reviewHistory", index));
    showStats(next.stats || []);
    if (next.stars) showStars(next.stars);
  }
  if (review.active()) showAnalysis(next.analysis, review.current().human);
  $("analyse").disabled = Boolean(watching); // a watched game is analysed once it is over
  $("sound").setAttribute("aria-pressed", String(Boolean(next.options.sound)));
  $("board").setAttribute("aria-busy", String(loading || thinking));
  $("transcript-out").value = next.moves || "";
  if (next.options.move_clock !== undefined) {
    $("move-clock-setting").value = String(next.options.move_clock);
    $("swap-sides").checked = next.options.swap_sides;
  }
  shownAt = performance.now();
  drawClocks();
}

/** Draws the active-time clock (P6) and the move clock, counting on between ticks. */
function drawClocks() {
  const since = performance.now() - shownAt;
  const running = snap && snap.clock_running && !document.hidden && !loading;
  $("clock").textContent = formatTime(((snap && snap.active_ms) || 0) + (running ? since : 0));
  const moveClock = snap && snap.move_clock;
  $("move-clock").hidden = !moveClock || review.active();
  if (moveClock) {
    const left = Math.max(0, moveClock.left_ms - (moveClock.running && !document.hidden ? since : 0));
    $("move-clock-time").textContent = formatTime(Math.ceil(left / 1000) * 1000);
    $("move-clock").classList.toggle("urgent", left <= 10_000);
  }
}

/** Sends a command to Python, shows the reply, saves it, and lets the computer move.
 * Returns the reply, or null when it failed (`onError` gets the message, else a notice shows it). */
async function command(method, params = {}, onError = null) {
  let reply;
  try {
    reply = await engine.call(method, params);
  } catch (error) {
    if (error.cancelled) return null;
    if (onError) onError(error.message);
    else showNotices([error.message], new Set());
    return null;
  }
  if (reply.save !== undefined) persist(reply.save);
  const before = (snap && snap.moves) || "";
  const placed = reply.moves.length === before.length + 2 && reply.moves.startsWith(before);
  show(reply);
  if (placed && reply.options.sound) sound.play(reply.flipped.length);
  celebrate(reply.stars, reply.new_stars);
  const said = [...reply.events];
  if (said.length && !reply.result && !said.some((line) => line.startsWith("Game over"))) said.push(reply.status);
  if (said.length) announce(said.join(" "));
  scheduleComputer();
  return reply;
}

/** Writes the saved document; the first failure tells Python to warn the player (P2). */
function persist(text) {
  const problem = store.write(text);
  if (problem && !storageFailed) {
    storageFailed = true;
    command("storage_failed", { reason: problem });
  }
}

/** Asks Python for the computer's move when it is the computer's turn (C1, C3). */
function scheduleComputer() {
  if (!snap || !snap.computer_to_move || thinking || document.hidden) return;
  thinking = true;
  show(snap);
  const token = snap.token;
  setTimeout(async () => {
    const asked = performance.now();
    await command("computer_move", { token });
    performance.measure("computer-move", { start: asked }); // one move's thinking, read by bench/page.py
    thinking = false;
    show(snap);
    scheduleComputer();
  }, COMPUTER_DELAY_MS);
}

/** Runs a command that must win over a pending computer search or analysis (B4, P5). */
function overrule(method, params) {
  if (thinking || analysing) engine.cancel(); // interrupts only while Python works on one of them
  analysing = false;
  return command(method, params);
}

/** Opens a review payload; an unfinished live game pauses meanwhile (its clocks stop). */
async function openReview(payload) {
  if (!payload) return;
  if (review.active()) await overrule("analysis_stop"); // the old game's analysis is not this one's
  if (!snap.paused && snap.clock_running) {
    pausedForReview = true;
    await overrule("pause", { reason: "Reviewing a game." });
  }
  review.open(payload);
  show(snap);
  // Opened from a panel far down the page: bring the board and the review's tools to the player.
  document.querySelector(".scores").scrollIntoView({ block: "start" });
  ($("review-back").disabled ? $("close-review") : $("review-back")).focus({ preventScroll: true });
}

/** Analyses the reviewed game one position per request, until done or cancelled. */
async function analyse() {
  const current = review.current();
  if (!current || analysing) return;
  analysing = true;
  let reply = await command("analysis_start", { moves: current.moves, title: current.title });
  while (analysing && reply && reply.analysis && !reply.analysis.finished) {
    reply = await command("analysis_step");
  }
  analysing = false;
}

/** Lets two levels play each other, one placement per request, shown in review as it grows. */
async function watchGame() {
  const game = { black: $("watch-black").value, white: $("watch-white").value, seed: Math.floor(Math.random() * 2 ** 30) };
  const step = async (moves) => {
    game.busy = true;
    const reply = await command("watch", { moves, black: game.black, white: game.white, seed: game.seed });
    game.busy = false;
    return watching === game && reply ? reply.review : null;
  };
  stopWatching();
  if (review.active()) await overrule("analysis_stop");
  watching = game;
  try {
    let current = await step("");
    if (!current) return;
    await openReview(current);
    while (watching === game && current.frames[current.frames.length - 1].turn !== null) {
      await new Promise((resolve) => setTimeout(resolve, WATCH_DELAY_MS));
      if (watching !== game) return;
      current = await step(current.moves);
      if (!current) return;
      review.extend(current);
    }
  } finally {
    if (watching === game) watching = null; // over, failed or stopped
    show(snap);
  }
}

/** Ends a watched game, interrupting the search for its next move. */
function stopWatching() {
  if (watching && watching.busy) engine.cancel();
  watching = null;
}

/** Copies text to the clipboard, falling back to selecting it in `input` for a manual copy. */
async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    $("transcript-message").textContent = "Transcript copied.";
  } catch {
    input.value = text;
    input.select();
    $("transcript-message").textContent = "Select and copy the transcript shown above.";
  }
}

const intents = {
  place(square) {
    if (loading) $("hint").textContent = "The engine is still loading…";
    else if (review.active()) $("hint").textContent = "You are reviewing: choose “Back to the game” to play.";
    else if (thinking) $("hint").textContent = "Wait for the computer's move.";
    else {
      $("hint").textContent = "";
      command("place", { square, token: snap.token });
    }
  },
  toggleLegal: () => command("set_setting", { name: "legal_dots", value: !snap.options.legal_dots }),
  newGame: () => overrule("new"),
  restart: () => overrule("restart"),
  undo: () => snap.can_undo && !review.active() && overrule("undo"),
  redo: () => snap.can_redo && !thinking && !review.active() && command("redo"),
  pause: () => !review.active() && (snap.paused ? command("resume") : overrule("pause")),
  setting: ({ name, value }) => overrule("set_setting", { name, value }),
  toggleSound: () => command("set_setting", { name: "sound", value: !snap.options.sound }),
  preview: (square) => review.active() || view.setPreview(square),
  fullscreen: () => fullscreen.enter(),
  escape: () => fullscreen.leave(),
  review: async () => {
    stopWatching();
    openReview((await command("review", { source: "current" }) || {}).review);
  },
  reviewHistory: async (index) => {
    stopWatching();
    openReview((await command("review", { source: "history", index }) || {}).review);
  },
  navigate(key) {
    if (!review.active()) return false;
    review.step({ ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[key]);
    return true;
  },
  closeReview() {
    stopWatching();
    if (analysing) overrule("analysis_stop");
    else command("analysis_stop");
    review.close();
    if (pausedForReview) command("resume");
    pausedForReview = false;
    view.show(snap);
    announce(`Back to the game. ${snap.status}`);
  },
  analyse,
  watch: watchGame,
  cancelAnalysis: () => overrule("analysis_stop"),
  copyTranscript: () => copyText(snap.moves, $("transcript-out")),
  copyReview: () => copyText(review.current().moves, $("transcript-out")),
  async importTranscript() {
    stopWatching();
    $("transcript-message").textContent = "";
    const reply = await command("import_transcript", { text: $("transcript-in").value },
      (message) => { $("transcript-message").textContent = message; });
    if (reply) openReview(reply.review);
  },
  askClear: () => setClearConfirm(true),
  keepHistory: () => setClearConfirm(false),
  clearHistory: () => {
    setClearConfirm(false);
    command("clear_history");
  },
};

function setClearConfirm(asking) {
  $("clear-history").hidden = asking;
  $("clear-confirm").hidden = $("clear-cancel").hidden = !asking;
  (asking ? $("clear-cancel") : $("clear-history")).focus();
}

const ALWAYS = new Set(["place", "preview", "fullscreen", "escape", "navigate"]);

/** Runs an intent; returns what it returns (navigate: whether it took the key). */
function emit(intent, detail) {
  if (intents[intent] && (!loading || ALWAYS.has(intent))) return intents[intent](detail);
  return false;
}

function bindControls() {
  const clicks = {
    "new-game": "newGame", restart: "restart", undo: "undo", redo: "redo", pause: "pause",
    "legal-dots": "toggleLegal", sound: "toggleSound", fullscreen: "fullscreen", back: "escape",
    review: "review", "close-review": "closeReview", analyse: "analyse", "analysis-cancel": "cancelAnalysis",
    "copy-transcript": "copyTranscript", "copy-review": "copyReview", "import-transcript": "importTranscript",
    "clear-history": "askClear", "clear-cancel": "keepHistory", "clear-confirm": "clearHistory",
    "watch-start": "watch",
  };
  for (const [id, intent] of Object.entries(clicks)) $(id).addEventListener("click", () => emit(intent));
  const steps = { "review-start": "Home", "review-back": "ArrowLeft", "review-forward": "ArrowRight", "review-end": "End" };
  for (const [id, key] of Object.entries(steps)) $(id).addEventListener("click", () => emit("navigate", key));
  for (const name of ["mode", "side", "level"]) {
    $(name).addEventListener("change", (event) => emit("setting", { name, value: event.target.value }));
  }
  $("move-clock-setting").addEventListener("change", (event) => emit("setting", { name: "move_clock", value: Number(event.target.value) }));
  $("swap-sides").addEventListener("change", (event) => emit("setting", { name: "swap_sides", value: event.target.checked }));
  $("update-reload").addEventListener("click", () => location.reload());
  $("alert-dismiss").addEventListener("click", () => {
    (snap.notices || []).forEach((text) => dismissed.add(text));
    showNotices(snap.notices || [], dismissed);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden && !loading) overrule("pause", { reason: "The page was hidden." });
    drawClocks();
  });
  setInterval(() => {
    const now = performance.now();
    if (!loading && snap.clock_running && !document.hidden) command("tick", { ms: Math.round(now - lastTick) });
    lastTick = now;
    drawClocks();
  }, TICK_MS);
}

async function start() {
  const saved = store.read();
  const paint = { ...OPENING, ...(savedView(saved) || {}) };
  show({ ...paint, legal: [], options: { legal_dots: true, mode: "computer", side: "black", level: "normal" }, notices: [], history: [] });
  performance.mark("board-painted");
  bindInput($("board"), view.cells, emit);
  bindControls();
  const stages = { python: "Loading Python…", engine: "Installing the engine…", installed: "Starting…" };
  engine = createEngine((stage) => {
    performance.mark(`engine-${stage}`);
    $("loading").lastChild.textContent = stages[stage] || "Loading…";
  });
  try {
    await engine.ready;
    const reply = await engine.call("load", { document: saved });
    loading = false;
    $("loading").hidden = true;
    if (reply.save !== undefined) persist(reply.save);
    show(reply);
    performance.mark("interactive");
    announce([...reply.events, reply.status].join(" "));
    scheduleComputer();
  } catch (error) {
    $("loading").hidden = true;
    showNotices([`The game engine could not start: ${error.message}. Reload the page to try again.`], new Set());
  }
}

/** Registers the service worker (O1) and says when the page is ready to play offline. */
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register("sw.js").catch(() => {});
  navigator.serviceWorker.ready.then(() => { $("offline-note").hidden = false; });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // On a host that sends no isolation headers, the worker's headers isolate the page from the next load on.
    const needsIsolation = !hadController && !self.crossOriginIsolated && !sessionStorage.getItem("reversi.isolating");
    if (needsIsolation) sessionStorage.setItem("reversi.isolating", "1");
    // A new build took over: reload once so that no page runs a mix of versions.
    if ((hadController || needsIsolation) && loading) location.reload();
    else if (hadController) $("update").hidden = false;
  });
}

registerServiceWorker();
start();
