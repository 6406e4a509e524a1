// Unit tests of picture.js (B9): the picture's squares, and that it writes each placed disc's
// move number on it, the caption under the board, and nothing on the discs of the start.

import assert from "node:assert/strict";
import { test } from "node:test";

import { SIZE, drawPicture, layout } from "../../web/panels/picture.js";

/** Returns a fake 2D context that records the texts written and where. */
function fakeContext() {
  const texts = [];
  const gradient = { addColorStop() {} };
  return new Proxy({ texts }, {
    get(target, name) {
      if (name in target) return target[name];
      if (name === "fillText") return (text, x, y) => texts.push([text, Math.round(x), Math.round(y)]);
      if (name === "createRadialGradient") return () => gradient;
      return () => {};
    },
    set() { return true; },
  });
}

test("the squares run a1 at the top left to h8 at the bottom right", () => {
  const { cell, centre, gutter } = layout();
  assert.deepEqual(centre(0), [gutter + cell / 2, gutter + cell / 2]);
  assert.deepEqual(centre(63), [gutter + 7.5 * cell, gutter + 7.5 * cell]);
});

test("each placed disc carries its number, the start's discs none, the caption sits under the board", () => {
  const ctx = fakeContext();
  const cells = "-".repeat(27) + "OX" + "-".repeat(6) + "XXX" + "-".repeat(26);
  drawPicture(ctx, { cells, numbers: { f5: 1 }, last: "f5", caption: "This game · Black 4 – 1 White · move 1" });
  const { centre } = layout();
  const [x, y] = centre(37).map(Math.round);
  assert.ok(ctx.texts.some(([text, tx, ty]) => text === "1" && tx === x && ty === y + 1));
  const onStart = [27, 28, 35, 36].map((k) => centre(k).map(Math.round));
  assert.ok(!ctx.texts.some(([, tx, ty]) => onStart.some(([sx, sy]) => tx === sx && ty === sy + 1)));
  assert.equal(ctx.texts.filter(([, tx, ty]) => ty > SIZE.board).map(([text]) => text).join(), "This game · Black 4 – 1 White · move 1");
});
