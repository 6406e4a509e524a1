// Unit tests of puzzles.js: the state follows Python's `puzzle` field, the
// board snapshot is the puzzle's, the local date is the daily puzzle's, and a played-out
// puzzle asks for the computer's move once, after the delay.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createPuzzles, localDate, puzzleIntents } from "../../web/control/puzzles.js";

const REPORT = {
  cells: "-".repeat(27) + "OX" + "-".repeat(6) + "XO" + "-".repeat(27), counts: { black: 2, white: 2 },
  last: null, legal: ["d3"], computer_to_move: false, words: { title: "Puzzle 1 · level 1 of 5", task: "Black to play and win", message: "" },
};

test("the state follows the replies' puzzle field; a reply without it changes nothing", () => {
  const puzzles = createPuzzles();
  assert.equal(puzzles.active(), false);
  puzzles.take({ puzzle: REPORT });
  assert.equal(puzzles.active(), true);
  puzzles.take({ status: "other" });
  assert.equal(puzzles.current(), REPORT);
  const board = puzzles.snapshot();
  assert.deepEqual([board.cells, board.legal, board.status], [REPORT.cells, ["d3"], "Black to play and win"]);
  puzzles.take({ puzzle: null });
  assert.equal(puzzles.active(), false);
});

test("the daily puzzle's date is the local calendar date", () => {
  assert.equal(localDate(new Date(2026, 0, 5, 23, 59)), "2026-01-05");
  assert.equal(localDate(new Date(2026, 11, 31, 0, 1)), "2026-12-31");
});

test("a tap is sent with the date, its message announced, and the computer asked once after the delay", async () => {
  const calls = [];
  const said = [];
  const timeouts = [];
  let reply = { puzzle: { ...REPORT, computer_to_move: true, words: { ...REPORT.words, message: "Right." } } };
  const intents = puzzleIntents({
    puzzles: createPuzzles(),
    command: async (method, params) => { calls.push([method, params]); return reply; },
    announce: (text) => said.push(text),
    timers: { setTimeout: (fn, ms) => timeouts.push({ fn, ms }) },
    delay: 250,
  });
  await intents.puzzleTap("d3");
  assert.equal(calls[0][0], "puzzle_tap");
  assert.equal(calls[0][1].square, "d3");
  assert.match(calls[0][1].today, /^\d{4}-\d{2}-\d{2}$/);
  assert.deepEqual(said, ["Right."]);
  assert.equal(timeouts.length, 1);
  assert.equal(timeouts[0].ms, 250);
  reply = { puzzle: { ...REPORT, words: { ...REPORT.words, message: "Your move." } } };
  await timeouts[0].fn();
  assert.equal(calls[1][0], "puzzle_computer");
  assert.equal(timeouts.length, 1, "no second request while none is due");
});

test("N8: after a retried mistake, Next asks for the next mistake, else the next puzzle", async () => {
  const puzzles = createPuzzles();
  const calls = [];
  const intents = puzzleIntents({
    puzzles, command: async (method, { today, ...params }) => { calls.push([method, params]); return null; },
    announce() {}, timers: { setTimeout() {} }, delay: 0,
  });
  puzzles.take({ puzzle: { ...REPORT, mistake: "X".repeat(64) + " X" } });
  await intents.nextPuzzle();
  puzzles.take({ puzzle: REPORT });
  await intents.nextPuzzle();
  // puzzle_open takes no game: a parameter it does not know makes the request fail
  assert.deepEqual(calls, [["mistake_retry", { which: "next", game: null }], ["puzzle_open", { which: "next" }]]);
});
