// Unit tests of controller.js with fakes for the engine, storage, board view and page:
// the command pipeline, the computer loop (C1, C3), the cancel policy (B4, P5), saving
// (P1, P2, P7, P8) and the review flows. Run with `node --test tests/js`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { COMPUTER_DELAY_MS, createController } from "../../web/control/controller.js";
import { createEditorState } from "../../web/control/editor.js";
import { createReview } from "../../web/control/review.js";

/** Returns a snapshot with quiet defaults and `fields` over them. */
function snapshot(fields = {}) {
  return {
    cells: "-".repeat(64), counts: { black: 2, white: 2 }, legal: [], status: "Your move", announce: "",
    events: [], placed: null, token: 1, computer_to_move: false, human_to_move: true, paused: false,
    clock_running: true, can_undo: false, can_redo: false, tap_note: "", options: { sound: false, legal_dots: true },
    new_stars: [], stars: [], notices: [], save: {}, pending: {}, drop: [], moves: "", elsewhere: false,
    ...fields,
  };
}

/** Returns a controller wired to fakes; `respond(method, params)` gives each reply. */
function harness(respond = () => snapshot(), { stored = {} } = {}) {
  const calls = [];
  const timeouts = [];
  const said = [];
  const written = [];
  const removed = [];
  const played = [];
  const storage = { settings: null, game: null, clock: null, history: null, stars: null, legacy: null, ...stored };
  let cancels = 0;
  let restarts = 0;
  const deathListeners = [];
  let problem = null;
  let isHidden = false;
  let now = 0;
  const ui = new Proxy({ hints: [], notices: [], states: [] }, {
    get(target, name) {
      if (name in target) return target[name];
      if (name === "engineState") return (state, detail) => target.states.push([state, detail]);
      if (name === "hint") return (text) => target.hints.push(text);
      if (name === "notice") return (text) => target.notices.push(text);
      return () => {};
    },
  });
  const engine = {
    ready: Promise.resolve(),
    async call(method, params) {
      calls.push([method, params]);
      return respond(method, params, calls.length);
    },
    cancel: () => { cancels += 1; return true; },
    onDeath: (listener) => deathListeners.push(listener),
    restart: () => { restarts += 1; },
    gaveUp: () => restarts >= 3,
  };
  const seen = { ...storage }; // what the page read at its start (main.js) or wrote since, as storage.js remembers
  const store = {
    readAll: () => Object.assign(seen, storage) && { ...storage },
    write(part, text, base) {
      if (storage[part] !== base && storage[part] !== text) return { conflict: storage[part] };
      storage[part] = seen[part] = text;
      written.push(part);
      return { ok: true };
    },
    remove: (part) => { removed.push(part); storage[part] = seen[part] = null; },
    missed: () => Object.keys(storage).filter((part) => (storage[part] ?? null) !== (seen[part] ?? null)),
    split: (documents) => {
      const chunk = (part) => /^history\.\d+$/.test(part);
      const pick = (keep) => Object.fromEntries(Object.entries(documents).filter(([part]) => chunk(part) === keep));
      return [pick(false), pick(true)];
    },
    problem: () => problem,
  };
  const controller = createController({
    engine, store, ui, announce: (text) => said.push(text),
    view: { show() {}, setPreview() {} },
    review: createReview({ draw() {} }),
    editor: createEditorState(),
    opening: "-".repeat(27) + "OX------XO" + "-".repeat(27),
    sound: { play: (flips) => played.push(flips) },
    clipboard: { write: async () => {} },
    timers: { setTimeout: (fn, ms) => timeouts.push({ fn, ms }), now: () => now, measure() {} },
    hidden: () => isHidden,
  });
  return {
    controller, calls, timeouts, said, written, removed, played, storage, ui,
    cancels: () => cancels,
    restarts: () => restarts,
    /** Sets what the engine's `ready` does next (a start-up that fails, or works). */
    setReady: (promise) => { promise.catch(() => {}); engine.ready = promise; },
    /** The engine dies: every listener hears it, as recovery.js reports a death. */
    die: (reason) => deathListeners.forEach((listener) => listener(reason)),
    fail: (reason) => { problem = reason; },
    hide: () => { isHidden = true; },
    /** Moves the page's clock on by `ms`. */
    pass: (ms) => { now += ms; },
    methods: () => calls.map(([method]) => method),
    /** Runs the timeouts due now (the computer's delayed request). */
    async runTimers() {
      const due = timeouts.splice(0);
      for (const { fn } of due) await fn();
      await settle();
    },
  };
}

/** Lets every pending promise run. */
async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

test("P1: start loads what is stored, announces, and stores what the reply says", async () => {
  const h = harness(() => snapshot({
    announce: "Your move", save: { game: { text: "G2", base: "G1" } }, drop: ["legacy"],
  }), { stored: { game: "G1", legacy: "OLD" } });
  await h.controller.start(h.storage && { game: "G1", legacy: "OLD" });
  assert.deepEqual(h.calls[0], ["load", { documents: { game: "G1", legacy: "OLD" }, language: "en" }]);
  assert.equal(h.storage.game, "G2");
  assert.deepEqual(h.removed, ["legacy"]);
  assert.deepEqual(h.said, ["Your move"]);
});

test("the game loads first, then the history chunks, before any other request", async () => {
  const stored = { game: "G1", "history.0": "H0", "history.1": "H1" };
  const h = harness((method) => snapshot({
    save: method === "load_history" ? { "history.1": { text: "H1b", base: "H1" } } : {},
  }), { stored });
  const start = h.controller.start({ ...h.storage });
  const reply = await start;
  assert.ok(reply, "interactive after the first reply");
  h.controller.emit("place", "d3");
  await settle();
  const documents = { settings: null, game: "G1", clock: null, history: null, stars: null, legacy: null };
  assert.deepEqual(h.calls[0], ["load", { documents, language: "en", history_follows: true }]);
  assert.deepEqual(h.calls[1], ["load_history", { documents: { "history.0": "H0", "history.1": "H1" } }]);
  assert.deepEqual(h.methods().slice(2), ["place"], "the player's move comes after the history");
  assert.equal(h.storage["history.1"], "H1b", "the history's reply is stored like any other");
});

test("P10: what a reply drops stays when one of the parts that replace it was not stored", async () => {
  const h = harness((method) => (method !== "load" ? snapshot() : snapshot({
    save: { "history.0": { text: "H0", base: null }, game: { text: "G2", base: "G1" } }, drop: ["history"],
  })), { stored: { game: "elsewhere", history: "OLD", "history.0": null } });
  await h.controller.start({});
  assert.equal(h.storage["history.0"], "H0");
  assert.deepEqual(h.removed, [], "the game part was refused, so the old history stays");
  assert.equal(h.storage.history, "OLD");
});

test("B2: a tap goes to Python with the game's token; a tap note is shown without a request", async () => {
  const h = harness((method) => snapshot({ token: 7, tap_note: method === "load" ? "" : "Wait for the computer's move." }));
  h.controller.emit("place", "d3");
  assert.deepEqual(h.ui.hints, [null], "still loading: the loading note, no request");
  await h.controller.start({});
  h.controller.emit("place", "d3");
  await settle();
  assert.deepEqual(h.calls[1], ["place", { square: "d3", token: 7 }]);
  h.controller.emit("place", "e3");
  await settle();
  assert.equal(h.calls.length, 2, "the tap note answered instead of Python");
  assert.equal(h.ui.hints.at(-1), "Wait for the computer's move.");
});

test("P5: a tap right after Back to the game waits for Python's reply, then is played; none is lost", async () => {
  const frames = [0, 1].map((ply) => ({ ply, cells: "-".repeat(64), counts: { black: 2, white: 2 }, text: `f${ply}`, turn: "black" }));
  const reviewing = "You are looking at a review: go back to the game to play.";
  let release = null;
  const h = harness((method) => {
    if (method === "close_review") return new Promise((resolve) => { release = () => resolve(snapshot({ token: 3 })); });
    if (method === "review") {
      return snapshot({ token: 3, tap_note: reviewing,
        review: { title: "This game", source: "current", moves: "f5", human: "black", frames } });
    }
    return snapshot({ token: 3 });
  });
  await h.controller.start({});
  await h.controller.emit("review");
  await settle();
  h.controller.emit("closeReview"); // the board shows the game at once; Python's reply follows
  h.controller.emit("place", "d3");
  await settle();
  assert.equal(h.methods().at(-1), "close_review", "the tap waits for the reply");
  release();
  await settle();
  assert.deepEqual(h.calls.at(-1), ["place", { square: "d3", token: 3 }]);
  assert.ok(!h.ui.hints.includes(reviewing), "no note of the review just closed");
});

test("C1, C3: the computer is asked once, after a short delay, with the current token", async () => {
  let turn = 0;
  const h = harness((method) => {
    if (method === "computer_move") return snapshot({ token: 4, computer_to_move: ++turn < 2 });
    return snapshot({ token: 3, computer_to_move: true });
  });
  await h.controller.start({});
  assert.equal(h.timeouts.length, 1);
  assert.equal(h.timeouts[0].ms, COMPUTER_DELAY_MS);
  h.controller.tick(1000); // another reply while thinking: no second request is scheduled
  await settle();
  assert.equal(h.timeouts.length, 1);
  await h.runTimers();
  assert.deepEqual(h.calls.find(([m]) => m === "computer_move"), ["computer_move", { token: 3 }]);
  await h.runTimers(); // the computer plays again (the human had to pass): C3
  assert.equal(h.methods().filter((m) => m === "computer_move").length, 2);
  assert.equal(h.timeouts.length, 0, "not the computer's turn any more");
});

test("C1: an engine error on the computer's move is said once and not asked again at once", async () => {
  const h = harness((method) => {
    if (method === "computer_move") throw new Error("The engine failed.");
    return snapshot({ computer_to_move: true });
  });
  await h.controller.start({});
  await h.runTimers();
  assert.equal(h.methods().filter((m) => m === "computer_move").length, 1);
  assert.deepEqual(h.ui.notices, ["The engine failed."]);
  assert.equal(h.timeouts.length, 0, "no second request follows a failed one");
});

test("B4, P5: Undo while the computer thinks interrupts the search first", async () => {
  const h = harness((method) => snapshot({ computer_to_move: method === "load", can_undo: true }));
  await h.controller.start({});
  h.controller.emit("undo");
  await settle();
  assert.equal(h.cancels(), 1);
  assert.ok(h.methods().includes("undo"));
  h.controller.emit("redo"); // redo waits while a search is pending
  assert.ok(!h.methods().includes("redo"));
});

test("N6, H3: the analysis starts after a quiet moment, and a request sent meanwhile interrupts its step", async () => {
  let finishStep = null;
  const frames = [0, 1].map((ply) => ({ ply, cells: "-".repeat(64), counts: { black: 2, white: 2 }, text: `f${ply}`, turn: "black" }));
  const h = harness((method) => {
    if (method === "mistakes_step") return new Promise((resolve) => { finishStep = () => resolve(snapshot({ mistakes: { due: false } })); });
    return snapshot({ mistakes: { due: true },
      ...(method === "review" ? { review: { title: "This game", source: "current", moves: "f5", human: null, frames } } : {}) });
  });
  await h.controller.start({});
  await h.runTimers(); // the result card just came: no step yet
  assert.ok(!h.methods().includes("mistakes_step"));
  h.pass(1500);
  await h.runTimers();
  assert.deepEqual(h.methods().filter((m) => m === "mistakes_step"), ["mistakes_step"]);
  h.controller.emit("review"); // a step is under way: it gives way at once
  await settle();
  assert.equal(h.cancels(), 1);
  assert.equal(h.methods().at(-1), "review");
  finishStep();
  await settle();
});

test("C1: a setting the player picked stays shown while an older snapshot comes in, until its reply", async () => {
  let answer;
  const h = harness((method) => {
    if (method === "set_setting") return new Promise((resolve) => { answer = resolve; });
    return snapshot({ options: { mode: "computer" } });
  });
  const shown = [];
  h.ui.render = (snap, flags) => shown.push(flags.choosing ? flags.choosing.value : snap.options.mode);
  await h.controller.start({});
  h.controller.emit("setting", { name: "mode", value: "local" });
  h.controller.tick(1000); // a tick's reply, made before the choice, arrives first
  await settle();
  assert.equal(shown.at(-1), "local", "the choice is not undone by the tick's snapshot");
  answer(snapshot({ options: { mode: "local" } }));
  await settle();
  assert.equal(shown.at(-1), "local");
  h.controller.tick(1000);
  await settle();
  assert.equal(shown.at(-1), "computer", "once replied, snapshots are shown as they are");
});

test("C1: a refused setting is undone on the page", async () => {
  const h = harness((method) => {
    if (method === "set_setting") throw new Error("Not now.");
    return snapshot({ options: { mode: "computer" } });
  });
  const shown = [];
  h.ui.render = (snap, flags) => shown.push(flags.choosing ? flags.choosing.value : snap.options.mode);
  await h.controller.start({});
  const before = shown.length;
  h.controller.emit("setting", { name: "mode", value: "local" });
  await settle();
  assert.ok(shown.length > before, "the page is drawn again, so the radio the player clicked is undone");
  assert.equal(shown.at(-1), "computer");
  assert.deepEqual(h.ui.notices, ["Not now."]);
});

test("a placement plays its sound when sound is on", async () => {
  const h = harness((method) => snapshot({
    placed: method === "place" ? { square: "d3", flips: 3 } : null, options: { sound: method !== "load" },
  }));
  await h.controller.start({});
  h.controller.emit("place", "d3");
  await settle();
  assert.deepEqual(h.played, [3]);
});

test("P7: a part another tab stored since goes back to Python, refused, with everything stored", async () => {
  const h = harness((method) => snapshot({
    save: method === "load" ? { stars: { text: "mine", base: null } } : {},
  }), { stored: { stars: "theirs" } });
  await h.controller.start({ stars: null });
  await settle();
  assert.equal(h.storage.stars, "theirs", "the other tab's stars were not overwritten");
  const external = h.calls.find(([m]) => m === "external");
  assert.deepEqual(external[1], { part: "stars", documents: { ...h.storage }, refused: true });
});

test("P7: another tab's write is handed to Python, but not while loading", async () => {
  const h = harness();
  h.controller.external("game");
  assert.equal(h.calls.length, 0);
  await h.controller.start({});
  h.storage.game = "NEWER";
  h.controller.external("game");
  await settle();
  assert.deepEqual(h.calls.at(-1), ["external", { part: "game", documents: { ...h.storage } }]);
});

test("P2: a storage failure is reported to Python once", async () => {
  const h = harness(() => snapshot({ save: { game: { text: "G", base: null } } }));
  await h.controller.start({});
  h.fail("storage is full");
  h.controller.tick(1000);
  await settle();
  h.controller.tick(1000);
  await settle();
  assert.deepEqual(h.calls.filter(([m]) => m === "storage_failed"), [["storage_failed", { reason: "storage is full" }]]);
});

test("P8: the pending active time is stored only when the page goes away", async () => {
  const h = harness(() => snapshot({ pending: { clock: { text: "C1", base: null } } }));
  await h.controller.start({});
  assert.equal(h.storage.clock, null);
  h.controller.leave();
  assert.equal(h.storage.clock, "C1");
});

test("P4: hiding the page stores the pending time, then pauses with its reason", async () => {
  const h = harness(() => snapshot({ pending: { clock: { text: "C1", base: null } } }));
  await h.controller.start({});
  h.hide();
  h.controller.hide();
  await settle();
  assert.equal(h.storage.clock, "C1");
  assert.deepEqual(h.calls.at(-1), ["pause", { reason: "hidden" }]);
  h.controller.tick(1000);
  await settle();
  assert.ok(!h.methods().includes("tick"), "a hidden page sends no ticks (P6)");
});

test("review: opening asks Python for the frames, stepping needs no request, closing tells Python", async () => {
  const frames = [0, 1, 2].map((ply) => ({ ply, cells: "-".repeat(64), counts: { black: 2, white: 2 }, text: `f${ply}`, turn: "black" }));
  const h = harness((method) => snapshot(method === "review"
    ? { review: { title: "This game", source: "current", moves: "f5d6", human: "black", frames } } : {}));
  await h.controller.start({});
  await h.controller.emit("review");
  await settle();
  assert.equal(h.controller.emit("navigate", "ArrowLeft"), true);
  const before = h.calls.length;
  h.controller.emit("navigate", "Home");
  assert.equal(h.calls.length, before, "stepping is local");
  h.controller.emit("closeReview");
  await settle();
  assert.equal(h.methods().at(-1), "close_review");
  assert.equal(h.controller.emit("navigate", "ArrowLeft"), false, "the keys move the focus again");
});

test("analysis runs one position per request until Python says it is finished", async () => {
  const frames = [{ ply: 0, cells: "-".repeat(64), counts: { black: 2, white: 2 }, text: "", turn: null }];
  let steps = 0;
  const h = harness((method) => {
    if (method === "review") return snapshot({ review: { title: "Game", moves: "f5", transcript: "f5", human: null, frames } });
    if (method === "analysis_start" || method === "analysis_step") {
      steps += 1;
      return snapshot({ analysis: { finished: steps >= 3 } });
    }
    return snapshot();
  });
  await h.controller.start({});
  await h.controller.emit("review");
  await h.controller.emit("analyseInView");
  assert.deepEqual(h.methods().filter((m) => m.startsWith("analysis")), ["analysis_start", "analysis_step", "analysis_step"]);
  assert.deepEqual(h.calls.find(([m]) => m === "analysis_start")[1], { moves: "f5", title: "Game", human: null });
});

test("an engine error is shown as a notice; a cancelled request is silent", async () => {
  const h = harness();
  await h.controller.start({});
  const failing = harness((method) => {
    if (method === "undo") throw Object.assign(new Error("boom"), { cancelled: false });
    if (method === "redo") throw Object.assign(new Error("KeyboardInterrupt"), { cancelled: true });
    return snapshot({ can_undo: true, can_redo: true });
  });
  await failing.controller.start({});
  await failing.controller.emit("undo");
  await failing.controller.emit("redo");
  await settle();
  assert.deepEqual(failing.ui.notices, ["boom"]);
});

test("O4: a dead engine is replaced, the saved game loads into the new one and goes on unpaused", async () => {
  let loads = 0;
  const h = harness((method) => {
    if (method === "load") loads += 1;
    return snapshot({ paused: method === "load" && loads > 1 });
  }, { stored: { game: "G1" } });
  await h.controller.start({ game: "G1" });
  assert.deepEqual(h.ui.states.map(([state]) => state), ["loading", "ready"]);
  h.die("stopped");
  await settle();
  assert.equal(h.restarts(), 1);
  assert.deepEqual(h.methods(), ["load", "load", "resume"]);
  assert.equal(h.calls[1][1].documents.game, "G1", "the new engine loads what is stored");
  assert.deepEqual(h.ui.states.map(([state]) => state), ["loading", "ready", "restarting", "back"]);
});

test("P11: what another tab stored while the page started is handed to Python before the first move", async () => {
  const h = harness(() => snapshot(), { stored: { game: "G1", stars: null } });
  let ready;
  h.setReady(new Promise((resolve) => { ready = resolve; }));
  const start = h.controller.start({ ...h.storage });
  h.storage.game = "G2"; // another tab plays while the engine loads: its storage events go unheard
  h.storage.stars = "S1";
  h.controller.external("game");
  ready();
  await start;
  h.controller.emit("place", "d3");
  await settle();
  const later = { ...h.storage };
  assert.deepEqual(h.calls.slice(1), [
    ["external", { part: "game", documents: later }], ["external", { part: "stars", documents: later }],
    ["place", { square: "d3", token: 1 }]]);
});

test("P11: what another tab stored while the engine restarted is handed to the new engine after its load", async () => {
  const h = harness(() => snapshot(), { stored: { game: "G1" } });
  await h.controller.start({ ...h.storage });
  let ready;
  h.setReady(new Promise((resolve) => { ready = resolve; }));
  h.die("stopped");
  h.storage.game = "G2";
  ready();
  await settle();
  assert.deepEqual(h.methods(), ["load", "load", "external"]);
  assert.equal(h.calls[1][1].documents.game, "G1", "read when the engine died");
  assert.deepEqual(h.calls[2][1], { part: "game", documents: { ...h.storage } });
});

test("P11: a page shown again hands Python what it missed while frozen, and nothing when it missed nothing", async () => {
  const h = harness(() => snapshot(), { stored: { game: "G1" } });
  await h.controller.start({ ...h.storage });
  h.controller.visible();
  await settle();
  assert.deepEqual(h.methods(), ["load"]);
  h.storage.game = "G2";
  h.controller.visible();
  await settle();
  assert.deepEqual(h.calls.at(-1), ["external", { part: "game", documents: { ...h.storage } }]);
});

test("O4: a game paused before the engine died stays paused in the new one", async () => {
  const h = harness(() => snapshot({ paused: true }));
  await h.controller.start({});
  h.die("stopped");
  await settle();
  assert.deepEqual(h.methods(), ["load", "load"]);
});

test("O4: a start-up that fails says why, names the broken files, and Retry starts again", async () => {
  const h = harness();
  h.setReady(Promise.reject(Object.assign(new Error("bad zip"), { files: ["pyodide/python_stdlib.zip"] })));
  assert.equal(await h.controller.start({}), null);
  assert.deepEqual(h.ui.states.at(-1), ["failed", { error: "bad zip", files: ["pyodide/python_stdlib.zip"] }]);
  assert.equal(h.controller.emit("newGame"), false, "nothing runs while the engine is down");
  h.setReady(Promise.resolve());
  assert.ok(await h.controller.retry());
  assert.equal(h.restarts(), 1);
  assert.equal(h.ui.states.at(-1)[0], "ready");
});

test("C4: one slice of pondering at a time while it is due; a tap interrupts it and is played", async () => {
  const slices = [];
  const h = harness((method) => (method === "ponder"
    ? new Promise((resolve, reject) => slices.push(reject))
    : snapshot({ token: 5, ponder_due: method !== "place" })));
  await h.controller.start({});
  assert.deepEqual(h.calls.at(-1), ["ponder", { token: 5 }]);
  h.controller.tick(1000); // a reply while the slice is under way asks for no second one
  await settle();
  assert.deepEqual(h.methods(), ["load", "ponder", "tick"]);
  h.controller.emit("place", "d3");
  assert.equal(h.cancels(), 1, "the slice under way is interrupted");
  slices[0](Object.assign(new Error("KeyboardInterrupt"), { cancelled: true }));
  await settle();
  assert.deepEqual(h.methods(), ["load", "ponder", "tick", "place"], "no slice once it is not due");
  assert.deepEqual(h.ui.notices, [], "an interrupted slice says nothing");
});
