// Unit tests of learn.js (N2-N5): the state follows Python's `learn` field, the board
// snapshot is the lesson's, opening a lesson announces its goal, a tap announces the
// verdict, Easy is asked once after the delay, and Next asks for the following lesson.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createLearn, learnIntents } from "../../web/control/learn.js";

const LESSON = {
  number: 1, id: "first_flip", phase: "trying", cells: "-".repeat(27) + "OX" + "-".repeat(6) + "XO" + "-".repeat(27),
  counts: { black: 2, white: 2 }, last: null, flipped: [], legal: ["d3", "c4", "f5", "e6"], computer_to_move: false,
  words: { title: "Lesson 1 of 12: The first flip", name: "The first flip", goal: "Place a black disc.", message: "" },
};
const REPORT = { invite: false, done: 0, total: 12, all_done: false, progress: "Lessons done: 0 of 12", list: [], lesson: LESSON };

test("N2: the state follows the replies' learn field; a reply without it changes nothing", () => {
  const learn = createLearn();
  assert.equal(learn.active(), false);
  learn.take({ learn: { ...REPORT, lesson: null } });
  assert.equal(learn.active(), false);
  learn.take({ learn: REPORT });
  assert.equal(learn.active(), true);
  learn.take({ status: "other" });
  assert.equal(learn.current(), REPORT);
  const board = learn.snapshot();
  assert.deepEqual([board.cells, board.legal, board.status], [LESSON.cells, LESSON.legal, "The first flip"]);
});

test("N5: opening announces the title and goal, a tap its verdict; Easy is asked once after the delay", async () => {
  const calls = [];
  const said = [];
  const timeouts = [];
  const learn = createLearn();
  let reply = { learn: REPORT };
  const intents = learnIntents({
    learn,
    command: async (method, params) => { calls.push([method, params]); learn.take(reply); return reply; },
    announce: (text) => said.push(text),
    timers: { setTimeout: (fn, ms) => timeouts.push({ fn, ms }) },
    delay: 250,
  });
  await intents.openLessons();
  assert.deepEqual(calls[0], ["learn_open", { which: "next" }]);
  assert.deepEqual(said, ["Lesson 1 of 12: The first flip. Place a black disc."]);
  reply = { learn: { ...REPORT, lesson: { ...LESSON, computer_to_move: true, words: { ...LESSON.words, message: "Good: d3 keeps the win." } } } };
  await intents.learnTap("d3");
  assert.deepEqual(calls[1], ["learn_tap", { square: "d3" }]);
  assert.equal(said[1], "Good: d3 keeps the win.");
  assert.equal(timeouts.length, 1);
  assert.equal(timeouts[0].ms, 250);
  reply = { learn: { ...REPORT, lesson: { ...LESSON, words: { ...LESSON.words, message: "Easy plays c4." } } } };
  await timeouts[0].fn();
  assert.equal(calls[2][0], "learn_computer");
  assert.equal(said[2], "Easy plays c4.");
  assert.equal(timeouts.length, 1, "no second request while none is due");
  await intents.nextLesson();
  assert.deepEqual(calls[3], ["learn_open", { which: 2 }]);
});
