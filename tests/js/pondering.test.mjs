// Unit tests of pondering.js (C4): the pure decision whether to ask for a slice, and the
// slices' loop with a fake engine (one at a time, none while a command waits, a stop on
// "no more", after a minute with no input, and when Python says it is not due).
// Run with `node --test tests/js`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { PONDER_IDLE_MS, createPondering, ponderStep } from "../../web/control/pondering.js";
import { createState } from "../../web/control/state.js";

const DUE = { ponder_due: true, hints_due: false, token: 7 };
const QUIET = { snap: DUE, hidden: false, busy: false, hints: false, queued: false, running: false, idleMs: 0, doneToken: null };

test("C4: a slice is asked for only when due, visible, the board free, nothing waiting and not idle", () => {
  assert.equal(ponderStep(QUIET), "slice");
  assert.equal(ponderStep({ ...QUIET, snap: null }), "not due");
  assert.equal(ponderStep({ ...QUIET, snap: { ...DUE, ponder_due: false } }), "not due");
  assert.equal(ponderStep({ ...QUIET, hidden: true }), "hidden");
  assert.equal(ponderStep({ ...QUIET, busy: true }), "busy");
  assert.equal(ponderStep({ ...QUIET, idleMs: PONDER_IDLE_MS }), "idle");
  assert.equal(ponderStep({ ...QUIET, idleMs: PONDER_IDLE_MS - 1 }), "slice");
  assert.equal(ponderStep({ ...QUIET, doneToken: 7 }), "done");
  assert.equal(ponderStep({ ...QUIET, doneToken: 6 }), "slice");
});

test("C4, H3: a slice waits for a command under way, the slice before it and any hint work", () => {
  assert.equal(ponderStep({ ...QUIET, queued: true }), "wait");
  assert.equal(ponderStep({ ...QUIET, running: true }), "wait");
  assert.equal(ponderStep({ ...QUIET, hints: true }), "wait");
  assert.equal(ponderStep({ ...QUIET, snap: { ...DUE, hints_due: true } }), "wait");
});

test("C4: a slice while the computer is to move or hints run cannot start (state.js)", () => {
  const state = createState();
  state.ready();
  state.start("computer");
  assert.equal(state.start("ponder"), false);
  state.finish("computer");
  state.start("hints");
  assert.equal(state.start("ponder"), false);
  state.finish("hints");
  assert.ok(state.start("ponder") && state.start("hints"), "hints never wait for a slice");
});

/** Returns pondering over a fake engine that answers each slice when `answer()` is called. */
function harness({ snap = DUE, more = () => true } = {}) {
  const state = createState();
  state.ready();
  const calls = [];
  const waiting = [];
  const measured = [];
  let now = 0;
  const page = { snap, hidden: false, busy: false, queued: false };
  const engine = {
    call(method, params) {
      calls.push([method, params]);
      return new Promise((resolve) => waiting.push(() => resolve({ ponder: more(calls.length) })));
    },
  };
  const pondering = createPondering({
    state, engine, current: () => page.snap, hidden: () => page.hidden, busy: () => page.busy,
    queued: () => page.queued,
    timers: { now: () => now, measure: (name, start, detail) => measured.push([name, detail]) },
  });
  /** Answers the slice under way and lets its reply run. */
  async function answer() {
    waiting.shift()();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { state, calls, waiting, measured, page, pondering, answer, later: (ms) => { now += ms; } };
}

test("C4: one slice at a time, the next when the reply came, with the game's token", async () => {
  const h = harness();
  h.pondering.schedulePonder();
  h.pondering.schedulePonder();
  assert.deepEqual(h.calls, [["ponder", { token: 7 }]]);
  await h.answer();
  assert.equal(h.calls.length, 2);
  await h.answer();
  assert.deepEqual(h.measured, [["ponder", { more: true }]], "a run is measured once, not each slice");
});

test("C4: a command under way holds the next slice; its reply asks again", async () => {
  const h = harness();
  h.pondering.schedulePonder();
  h.page.queued = true;
  await h.answer();
  assert.equal(h.calls.length, 1);
  h.page.queued = false;
  h.pondering.schedulePonder(); // the controller's command, once answered
  assert.equal(h.calls.length, 2);
});

test("C4: 'no more' from Python ends the slices for that token; a new token starts again", async () => {
  const h = harness({ more: (n) => n < 2 });
  h.pondering.schedulePonder();
  await h.answer();
  await h.answer();
  assert.equal(h.calls.length, 2);
  assert.deepEqual(h.measured.at(-1), ["ponder-stop", { reason: "done", slices: 2 }]);
  h.pondering.schedulePonder();
  assert.equal(h.calls.length, 2);
  h.page.snap = { ...DUE, token: 8 };
  h.pondering.schedulePonder();
  assert.deepEqual(h.calls.at(-1), ["ponder", { token: 8 }]);
});

test("C4, P4: pause (not due) or hiding stops the slices, with the reason measured", async () => {
  const h = harness();
  h.pondering.schedulePonder();
  h.page.snap = { ...DUE, ponder_due: false, paused: true };
  await h.answer();
  assert.equal(h.calls.length, 1);
  assert.deepEqual(h.measured.at(-1), ["ponder-stop", { reason: "not due", slices: 1 }]);
  h.page.snap = DUE;
  h.page.hidden = true;
  h.pondering.schedulePonder();
  assert.equal(h.calls.length, 1);
  h.page.hidden = false;
  h.pondering.schedulePonder();
  assert.equal(h.calls.length, 2);
});

test("C4: after a minute with no input pondering rests until the next input", async () => {
  const h = harness();
  h.pondering.schedulePonder();
  h.later(PONDER_IDLE_MS);
  await h.answer();
  assert.equal(h.calls.length, 1);
  assert.equal(h.measured.at(-1)[1].reason, "idle");
  h.pondering.input();
  h.pondering.schedulePonder();
  assert.equal(h.calls.length, 2);
});
