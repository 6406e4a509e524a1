// Learn from your own games (N6-N8): the analysis is asked for one step at a time while
// Python says one is due, never while the page is hidden or busy elsewhere; Retry opens
// the next mistake and announces it.
import test from "node:test";
import assert from "node:assert/strict";
import { createMistakeWork, mistakeIntents } from "../../web/control/mistakes.js";
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
  const work = createMistakeWork({ state, current: () => snap, command, hidden: () => hidden, busy: () => busy });
  return { state, work, calls };
}

test("N6: steps follow one another until none is due", async () => {
  const { work, calls, state } = setup({ due: 3 });
  work.schedule();
  work.schedule(); // one request at a time
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(calls, ["mistakes_step", "mistakes_step", "mistakes_step"]);
  assert.ok(!state.running("mistakes"));
});

test("N6: no step while the page is hidden, busy, or the computer thinks", async () => {
  for (const options of [{ hidden: true }, { busy: true }]) {
    const { work, calls } = setup(options);
    work.schedule();
    assert.deepEqual(calls, []);
  }
  const { work, calls, state } = setup();
  state.start("computer");
  work.schedule();
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
