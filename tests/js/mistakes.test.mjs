// Learn from your own games (N6-N8): the analysis is asked for one step at a time while
// Python says one is due, only after a quiet moment with no input, never while the page
// is hidden or busy elsewhere; Retry opens the next mistake and announces it.
import test from "node:test";
import assert from "node:assert/strict";
import { QUIET_MS, createMistakeWork, mistakeIntents } from "../../web/control/mistakes.js";
import { createState } from "../../web/control/state.js";

function setup({ due = 2, hidden = false, busy = false } = {}) {
  const state = createState();
  state.ready();
  let left = due;
  const calls = [];
  let snap = { mistakes: { due: left > 0 } };
  const command = async (method) => {
    calls.push(method);
    left -= 1;
    snap = { mistakes: { due: left > 0 } };
    return snap;
  };
  const clock = { now: 0, timeouts: [] };
  const timers = { now: () => clock.now, setTimeout: (fn, ms) => clock.timeouts.push({ fn, at: clock.now + ms }) };
  const work = createMistakeWork({ state, current: () => snap, command, hidden: () => hidden, busy: () => busy, timers,
    announce() {} });
  /** Moves the clock on by `ms` and runs the timers that fell due. */
  clock.pass = (ms) => {
    clock.now += ms;
    const due = clock.timeouts.filter((t) => t.at <= clock.now);
    clock.timeouts = clock.timeouts.filter((t) => t.at > clock.now);
    for (const t of due) t.fn();
  };
  return { state, work, calls, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

test("N6: steps follow one another until none is due, after a quiet moment", async () => {
  const { work, calls, state, clock } = setup({ due: 3 });
  work.schedule();
  work.schedule(); // one timer, one request at a time
  assert.deepEqual(calls, []); // the result card just came: nothing yet
  clock.pass(QUIET_MS - 1);
  assert.deepEqual(calls, []);
  clock.pass(1);
  await settle();
  assert.deepEqual(calls, ["mistakes_step", "mistakes_step", "mistakes_step"]);
  assert.ok(!state.running("mistakes"));
});

test("N6, H3: any input restarts the quiet wait before the next step", async () => {
  const { work, calls, clock } = setup({ due: 2 });
  work.schedule();
  clock.pass(QUIET_MS - 100);
  work.input(); // a tap, a key: the wait starts again
  clock.pass(100);
  assert.deepEqual(calls, []);
  clock.pass(QUIET_MS - 100);
  await settle();
  assert.deepEqual(calls, ["mistakes_step", "mistakes_step"]);
});

test("N6: no step while the page is hidden, busy, or the computer thinks", async () => {
  for (const options of [{ hidden: true }, { busy: true }]) {
    const { work, calls, clock } = setup(options);
    work.schedule();
    clock.pass(QUIET_MS);
    assert.deepEqual(calls, []);
  }
  const { work, calls, state, clock } = setup();
  state.start("computer");
  work.schedule();
  clock.pass(QUIET_MS);
  assert.deepEqual(calls, []);
});

test("N8: Retry your mistakes opens the next one and announces it", async () => {
  const said = [];
  const sent = [];
  const intents = mistakeIntents({
    command: async (method, params) => {
      sent.push([method, params.which]);
      return { puzzle: { words: { title: "Your mistake at move 4", task: "Black: find the best move" } } };
    },
    announce: (text) => said.push(text),
  });
  await intents.retryMistakes();
  assert.deepEqual(sent, [["mistake_retry", "next"]]);
  assert.deepEqual(said, ["Your mistake at move 4. Black: find the best move."]);
});
