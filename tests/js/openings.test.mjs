// Unit tests of openings.js (K2-K5): the card's board is the room's own, the live region
// says the explorer's place or the trainer's verdict, a tap goes to the explorer or the
// trainer as the card shows, and the trainer's reply is asked for once, after the pause.

import assert from "node:assert/strict";
import { test } from "node:test";

import { openingsBoard, openingsIntents, said } from "../../web/control/openings.js";

const BOARD = { cells: "-".repeat(64), counts: { black: 2, white: 2 }, last: "f5", legal: ["d6"], turn: 1 };
const EXPLORE = { mode: "explore", board: BOARD, train: null,
  explore: { title: "Perpendicular Opening", path: "f5d6", note: "", moves: [] } };
const TRAIN = (phase, extra = {}) => ({ mode: "train", board: BOARD, explore: null,
  train: { phase, title: "Tiger", task: "Your move, as Black: play the book's move.", message: "", computer_to_move: false, ...extra } });

/** Returns fake timers whose pending callbacks run on `flush()`. */
function fakeTimers() {
  const pending = [];
  return { now: () => 0, measure: () => {}, setTimeout: (fn, ms) => pending.push([fn, ms]), pending,
    async flush() { while (pending.length) await pending.shift()[0](); } };
}

test("the card's board is the room's, drawn with legal dots; none while the card is closed", () => {
  assert.equal(openingsBoard({ openings: null }), null);
  assert.equal(openingsBoard({}), null);
  const board = openingsBoard({ openings: EXPLORE });
  assert.deepEqual([board.cells, board.legal, board.last, board.options.legal_dots, board.status],
    [BOARD.cells, ["d6"], "f5", true, "Perpendicular Opening"]);
  assert.equal(openingsBoard({ openings: TRAIN("answer") }).status, "Your move, as Black: play the book's move.");
});

test("the live region says the explorer's place, or the trainer's verdict then its task", () => {
  assert.equal(said(EXPLORE), "Perpendicular Opening. f5d6");
  assert.equal(said({ ...EXPLORE, explore: { ...EXPLORE.explore, path: "", note: "Out of the book." } }),
    "Perpendicular Opening. Out of the book.");
  assert.equal(said(TRAIN("wrong", { task: "c5 is worth -3.", message: "Play c3 to go on." })),
    "c5 is worth -3. Play c3 to go on.");
  assert.equal(said(null), "");
});

test("a tap goes to the explorer or the trainer, as the card last shown", async () => {
  const sent = [];
  let next = EXPLORE;
  const intents = openingsIntents({
    command: async (method, params) => { sent.push([method, params.square]); return { openings: next }; },
    announce: () => {}, timers: fakeTimers(), review: null,
  });
  assert.equal(intents.openingsTap("f5"), null); // nothing shown yet: the tap is not the card's
  await intents.openExplorer();
  await intents.openingsTap("f5");
  next = TRAIN("answer");
  await intents.openTrainer();
  await intents.openingsTap("c3");
  assert.deepEqual(sent, [["openings_explore", undefined], ["openings_play", "f5"], ["trainer_open", undefined],
    ["trainer_tap", "c3"]]);
});

test("the trainer's reply is asked for once, after the pause, and its words are said", async () => {
  const sent = [], announced = [], timers = fakeTimers();
  const replies = [TRAIN("reply", { computer_to_move: true, task: "The book answers…" }), TRAIN("answer")];
  const intents = openingsIntents({
    command: async (method) => { sent.push(method); return { openings: replies.shift() }; },
    announce: (text) => announced.push(text), timers, review: null,
  });
  await intents.openingsTap("f5"); // nothing shown: not sent
  assert.deepEqual(sent, []);
  await intents.openTrainer();
  assert.deepEqual(timers.pending.map(([, ms]) => ms), [300]);
  await timers.flush();
  assert.deepEqual(sent, ["trainer_open", "trainer_reply"]);
  assert.deepEqual(announced, ["The book answers…", "Your move, as Black: play the book's move."]);
});
