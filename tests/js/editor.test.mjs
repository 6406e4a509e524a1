// Unit tests of editor.js's intents (E1): what Python says of the edited position
// reaches the page, and a late reply to an older check never overrides a newer one.
// Run with `node --test tests/js`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createEditorState, setupIntents } from "../../web/control/editor.js";

/** Returns the intents with a command whose replies the test releases by hand. */
function harness() {
  const pending = [];
  const shown = [];
  const command = (method, params) => new Promise((resolve) => pending.push({ method, params, resolve }));
  const ui = { editorOpened() {}, editorState: (setup) => shown.push(setup), editorSolution() {}, editorClosed() {} };
  const intents = setupIntents({
    editor: createEditorState(), command, show() {}, ui, copy() {}, openReview() {}, analyse() {},
    opening: "-".repeat(64), current: () => ({ cells: "-".repeat(64), turn: "black" }),
  });
  const reply = (index, setup) => pending[index].resolve({ setup });
  return { intents, pending, shown, reply };
}

test("E1: a square tap's check that answers after a pasted board's is dropped", async () => {
  const { intents, pending, shown, reply } = harness();
  intents.openSetup();
  intents.editSquare(0); // its check is still on its way...
  const applied = intents.setupApply("X".repeat(60) + " X"); // ...when a board is pasted
  assert.deepEqual(pending.map((p) => p.method), ["setup_check", "setup_check", "setup_check"]);
  reply(2, { valid: false, problem: "this one has 60 squares" });
  await applied;
  reply(1, { valid: true, board: "X" + "-".repeat(63) + " X", note: "63 empty squares" });
  reply(0, { valid: true, board: "-".repeat(64) + " X", note: "64 empty squares" });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(shown.map((s) => s.problem || s.note), ["this one has 60 squares"]);
});

test("E1: with no newer check, each reply shows", async () => {
  const { intents, shown, reply } = harness();
  intents.openSetup();
  reply(0, { valid: true, board: "-".repeat(64) + " X", note: "64 empty squares" });
  await new Promise((resolve) => setImmediate(resolve));
  intents.setupClear();
  reply(1, { valid: true, board: "-".repeat(64) + " X", note: "the game is over" });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(shown.map((s) => s.note), ["64 empty squares", "the game is over"]);
});
