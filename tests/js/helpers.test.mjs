// Unit tests of the page's pure helpers: time and date formatting, focus movement (B3),
// animation planning (B6) and review stepping (A3). Run with `node --test tests/js`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { APPEAR_MS, FLIP_MS, planAnimation, progressAt } from "../../web/board/anim.js";
import { moveFocus } from "../../web/board/focus.js";
import { formatDate, formatTime, squareName } from "../../web/text/format.js";
import { createReview, frameSnapshot } from "../../web/control/review.js";

const OPENING = "-".repeat(27) + "OX------XO" + "-".repeat(27);

/** Returns `cells` with the squares of `changes` ({index: char}) replaced. */
function withCells(cells, changes) {
  const out = cells.split("");
  for (const [i, c] of Object.entries(changes)) out[Number(i)] = c;
  return out.join("");
}

test("formatTime shows m:ss, then h:mm:ss, rounding down", () => {
  assert.equal(formatTime(0), "0:00");
  assert.equal(formatTime(59_999), "0:59");
  assert.equal(formatTime(61_000), "1:01");
  assert.equal(formatTime(3_600_000 + 5 * 60_000 + 7_000), "1:05:07");
  assert.equal(formatTime(-5), "0:00");
});

test("formatDate writes a history date as toLocaleString does, from an ISO string or ms", () => {
  const iso = "2026-03-04T05:06:07Z";
  assert.equal(formatDate(iso), new Date(iso).toLocaleString());
  assert.equal(formatDate(Date.parse(iso)), new Date(iso).toLocaleString());
});

test("squareName names a1 first and h8 last, row by row (R1)", () => {
  assert.deepEqual([0, 7, 19, 56, 63].map(squareName), ["a1", "h1", "d3", "a8", "h8"]);
});

test("B3: arrows move the focus and stop at the edges; Home and End go to the row's ends", () => {
  assert.equal(moveFocus(19, "ArrowLeft"), 18);
  assert.equal(moveFocus(19, "ArrowRight"), 20);
  assert.equal(moveFocus(19, "ArrowUp"), 11);
  assert.equal(moveFocus(19, "ArrowDown"), 27);
  assert.equal(moveFocus(0, "ArrowLeft"), 0);
  assert.equal(moveFocus(0, "ArrowUp"), 0);
  assert.equal(moveFocus(63, "ArrowRight"), 63);
  assert.equal(moveFocus(63, "ArrowDown"), 63);
  assert.equal(moveFocus(8, "ArrowLeft"), 8, "the focus does not wrap to the row above");
  assert.equal(moveFocus(21, "Home"), 16);
  assert.equal(moveFocus(21, "End"), 23);
  assert.equal(moveFocus(21, "Enter"), null);
});

test("B6: one placement animates the placed disc and its flips, outward by ring", () => {
  // Black plays d3 (19), flipping d4 (27): a placement one ring away.
  const after = withCells(OPENING, { 19: "X", 27: "X" });
  const plan = planAnimation(OPENING, after, 1000);
  assert.equal(plan.placed, 19);
  assert.deepEqual(plan.flips.map((f) => f.i), [27]);
  const far = withCells(OPENING, { 2: "X", 10: "X", 18: "O" });
  const rings = planAnimation(withCells(OPENING, { 10: "O", 18: "O" }), withCells(far, { 18: "X" }), 0);
  assert.deepEqual(rings.flips.map((f) => f.i), [10, 18]);
  assert.ok(rings.flips[1].delay > rings.flips[0].delay, "the farther flip starts later");
});

test("B6: anything but a single placement is not animated", () => {
  assert.equal(planAnimation(OPENING, OPENING), null, "nothing changed");
  assert.equal(planAnimation(withCells(OPENING, { 19: "X", 27: "X" }), OPENING), null, "an undo");
  assert.equal(planAnimation(OPENING, withCells(OPENING, { 19: "X", 20: "X" })), null, "two discs appeared");
  assert.equal(planAnimation(null, OPENING), null, "no board before");
});

test("B6: the progress runs from the start to the end of the animation, then stops", () => {
  const plan = planAnimation(OPENING, withCells(OPENING, { 19: "X", 27: "X" }), 1000);
  const early = progressAt(plan, 1000);
  assert.ok(early.get(19) > 0 && early.get(19) < 1 && early.get(27) === 0);
  const middle = progressAt(plan, 1000 + APPEAR_MS * 0.6 + FLIP_MS / 2);
  assert.ok(Math.abs(middle.get(27) - 0.5) < 0.01);
  assert.equal(progressAt(plan, 1000 + APPEAR_MS + FLIP_MS + 1).size, 0);
  assert.equal(progressAt(null, 0).size, 0);
});

/** Returns a review payload of `n` placements (frame texts "frame 0"...). */
function payload(n, title = "This game") {
  const frames = Array.from({ length: n + 1 }, (_, ply) => ({
    ply, cells: OPENING, counts: { black: 2, white: 2 }, last: null, flipped: [], text: `frame ${ply}`, turn: "black",
  }));
  return { title, source: "current", moves: "", human: "black", frames };
}

test("A3: a review opens at the last frame and steps within the game", () => {
  const drawn = [];
  const review = createReview({ draw: (info) => drawn.push(info) });
  assert.equal(review.active(), false);
  review.open(payload(3));
  assert.equal(review.active(), true);
  assert.deepEqual(drawn.at(-1), { frame: review.current().frames[3], index: 3, total: 3, title: "This game", heading: undefined, announce: true });
  review.step(1);
  assert.equal(drawn.length, 1, "no step past the end");
  review.step(-1);
  review.step(-Infinity);
  assert.deepEqual(drawn.map((d) => d.index), [3, 2, 0]);
  review.redraw();
  assert.equal(drawn.at(-1).announce, false);
  review.close();
  assert.equal(review.active(), false);
});

test("a growing (watched) game is followed only by a player at its last frame", () => {
  const drawn = [];
  const review = createReview({ draw: (info) => drawn.push(info) });
  review.open(payload(2));
  review.extend(payload(3));
  assert.equal(drawn.at(-1).index, 3, "at the end: follows on");
  review.step(-2);
  review.extend(payload(4));
  assert.deepEqual([drawn.at(-1).index, drawn.at(-1).total, drawn.at(-1).announce], [1, 4, false]);
});

test("N6: the open review marked anew keeps its frame and is drawn unannounced at the next redraw", () => {
  const drawn = [];
  const review = createReview({ draw: (info) => drawn.push(info) });
  review.open(payload(3));
  review.step(-2);
  const marked = { ...payload(3), mistakes: { rows: [] } };
  review.refresh(marked);
  assert.equal(drawn.length, 2, "nothing drawn until the redraw");
  review.redraw();
  assert.equal(review.current(), marked);
  assert.deepEqual([drawn.at(-1).index, drawn.at(-1).announce], [1, false]);
});

test("a review frame becomes a board snapshot without legal dots", () => {
  const snap = frameSnapshot(payload(1).frames[1]);
  assert.deepEqual(snap.legal, []);
  assert.equal(snap.options.legal_dots, false);
  assert.equal(snap.status, "frame 1");
});
