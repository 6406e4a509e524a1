// Boot: wires the board view, input, announcements and the Python engine together.

import { BoardView } from "./board-view.js";
import { createEngine } from "./engine.js";
import { bindInput } from "./input.js";
import { createAnnouncer } from "./announce.js";

// The opening (SPEC R2), painted before Python is ready (O3); Python sends the real state.
const OPENING = {
  cells: "-".repeat(27) + "OX" + "-".repeat(6) + "XO" + "-".repeat(27),
  turn: "black", legal: [], last: null, flipped: [], counts: { black: 2, white: 2 },
  result: null, status: "Black to move", events: [], options: { legal_dots: true },
};

const $ = (id) => document.getElementById(id);
const view = new BoardView($("board-canvas"), $("board"));
const announce = createAnnouncer($("status"));
let engine = null;
let busy = true;
let snapshot = OPENING;

/** Draws a snapshot everywhere on the page. */
function show(snap) {
  snapshot = snap;
  view.show(snap);
  $("count-black").textContent = snap.counts.black;
  $("count-white").textContent = snap.counts.white;
  $("turn").textContent = snap.result ? "Game over" : snap.status;
  $("legal-dots").setAttribute("aria-pressed", String(snap.options.legal_dots));
}

/** Marks the board as waiting (aria-busy) or accepting input. */
function setBusy(value) {
  busy = value;
  $("board").setAttribute("aria-busy", String(value));
}

/** Shows an error from the engine where the player can read it. */
function showError(error) {
  $("alert").textContent = error.message || String(error);
  $("alert").hidden = false;
}

/** Sends a command to Python and shows the snapshot it returns. */
async function command(method, params) {
  try {
    const snap = await engine.call(method, params);
    show(snap);
    const said = [...snap.events];
    if (!snap.result) said.push(snap.status);
    announce(said.join(" "));
  } catch (error) {
    showError(error);
  }
}

const intents = {
  place(square) {
    if (busy) {
      $("hint").textContent = "The engine is still loading…";
      return;
    }
    $("hint").textContent = "";
    command("place", { square });
  },
  toggleLegal() {
    if (!busy) command("set_option", { name: "legal_dots", value: !snapshot.options.legal_dots });
  },
  newGame() {
    if (!busy) command("new");
  },
};

function emit(intent, detail) {
  if (intents[intent]) intents[intent](detail);
}

async function start() {
  show(OPENING);
  performance.mark("board-painted");
  bindInput($("board"), view.cells, emit);
  $("new-game").addEventListener("click", () => emit("newGame"));
  $("legal-dots").addEventListener("click", () => emit("toggleLegal"));
  const stages = { python: "Loading Python…", engine: "Installing the engine…", installed: "Starting…" };
  engine = createEngine((stage) => {
    performance.mark(`engine-${stage}`);
    $("loading").lastChild.textContent = stages[stage] || "Loading…";
  });
  try {
    await engine.ready;
    show(await engine.call("snapshot"));
    setBusy(false);
    performance.mark("interactive");
    $("loading").hidden = true;
    announce(snapshot.status);
  } catch (error) {
    $("loading").hidden = true;
    showError(new Error(`The game engine could not start: ${error.message}. Reload the page to try again.`));
  }
}

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
start();
