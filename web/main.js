// Boot and game flow: wires the board view, input, storage, announcements and
// the Python engine. Python decides everything; this file only relays.

import { BoardView } from "./board-view.js";
import { createEngine } from "./engine.js";
import { bindInput } from "./input.js";
import { createAnnouncer } from "./announce.js";
import { createStore, savedView } from "./storage.js";
import { celebrate, formatTime, showControls, showHistory, showNotices, showStars } from "./panels.js";
import { createSound } from "./sound.js";
import { createFullscreen } from "./fullscreen.js";

// The opening (SPEC R2), painted before Python is ready when nothing is saved (O3).
const OPENING = {
  cells: "-".repeat(27) + "OX" + "-".repeat(6) + "XO" + "-".repeat(27),
  counts: { black: 2, white: 2 }, last: null, status: "Black to move",
};
const COMPUTER_DELAY_MS = 250; // lets the player see their own move before the reply
const TICK_MS = 1000;

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
const dismissed = new Set();
let engine = null;
let loading = true;
let thinking = false;
let storageFailed = false;
let snap = null;
let clockBase = { ms: 0, at: performance.now() };
let lastTick = performance.now();

/** Paints a snapshot (or a saved view before Python is ready) everywhere on the page. */
function show(next) {
  snap = next;
  view.show(next);
  showControls(next, { loading, thinking });
  showNotices(next.notices || [], dismissed);
  showHistory(next.history || []);
  if (next.stars) showStars(next.stars);
  $("sound").setAttribute("aria-pressed", String(Boolean(next.options.sound)));
  $("board").setAttribute("aria-busy", String(loading || thinking));
  clockBase = { ms: next.active_ms || 0, at: performance.now() };
  drawClock();
}

function drawClock() {
  const running = snap && snap.clock_running && !document.hidden && !loading;
  $("clock").textContent = formatTime(clockBase.ms + (running ? performance.now() - clockBase.at : 0));
}

/** Sends a command to Python, shows the reply, saves it, and lets the computer move. */
async function command(method, params = {}) {
  let reply;
  try {
    reply = await engine.call(method, params);
  } catch (error) {
    if (!error.cancelled) showNotices([error.message], new Set());
    return;
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
    await command("computer_move", { token });
    thinking = false;
    show(snap);
    scheduleComputer();
  }, COMPUTER_DELAY_MS);
}

/** Runs a command that must win over a pending computer search (B4, P5). */
function overrule(method, params) {
  if (thinking) engine.cancel();
  return command(method, params);
}

const intents = {
  place(square) {
    if (loading) $("hint").textContent = "The engine is still loading…";
    else if (thinking) $("hint").textContent = "Wait for the computer's move.";
    else {
      $("hint").textContent = "";
      command("place", { square, token: snap.token });
    }
  },
  toggleLegal: () => command("set_setting", { name: "legal_dots", value: !snap.options.legal_dots }),
  newGame: () => overrule("new"),
  restart: () => overrule("restart"),
  undo: () => snap.can_undo && overrule("undo"),
  redo: () => snap.can_redo && !thinking && command("redo"),
  pause: () => (snap.paused ? command("resume") : overrule("pause")),
  setting: ({ name, value }) => overrule("set_setting", { name, value }),
  toggleSound: () => command("set_setting", { name: "sound", value: !snap.options.sound }),
  preview: (square) => view.setPreview(square),
  fullscreen: () => fullscreen.enter(),
  escape: () => fullscreen.leave(),
};

const ALWAYS = new Set(["place", "preview", "fullscreen", "escape"]);

function emit(intent, detail) {
  if (intents[intent] && (!loading || ALWAYS.has(intent))) intents[intent](detail);
}

function bindControls() {
  const clicks = {
    "new-game": "newGame", restart: "restart", undo: "undo", redo: "redo", pause: "pause",
    "legal-dots": "toggleLegal", sound: "toggleSound", fullscreen: "fullscreen", back: "escape",
  };
  for (const [id, intent] of Object.entries(clicks)) $(id).addEventListener("click", () => emit(intent));
  for (const name of ["mode", "side", "level"]) {
    $(name).addEventListener("change", (event) => emit("setting", { name, value: event.target.value }));
  }
  $("alert-dismiss").addEventListener("click", () => {
    (snap.notices || []).forEach((text) => dismissed.add(text));
    showNotices(snap.notices || [], dismissed);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden && !loading) overrule("pause", { reason: "The page was hidden." });
    drawClock();
  });
  setInterval(() => {
    const now = performance.now();
    if (!loading && snap.clock_running && !document.hidden) command("tick", { ms: Math.round(now - lastTick) });
    lastTick = now;
    drawClock();
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
  // A new build took over: reload once so that no page runs a mix of versions.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // On a host that sends no isolation headers, the worker's headers isolate the page from the next load on.
    const needsIsolation = !hadController && !self.crossOriginIsolated && !sessionStorage.getItem("reversi.isolating");
    if (needsIsolation) sessionStorage.setItem("reversi.isolating", "1");
    if ((hadController || needsIsolation) && loading) location.reload();
    else if (hadController) showNotices(["A new version of the game is ready: reload the page to use it."], new Set());
  });
}

registerServiceWorker();
start();
