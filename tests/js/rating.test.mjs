// The player's rating on the page (C8): the history graph's geometry, and the Every level
// list's choice relayed as the setting.
import test from "node:test";
import assert from "node:assert/strict";
import { CHART, DOTS_UP_TO, MIN_SPAN, chart, feature } from "../../web/panels/rating.js";

const inner = { left: CHART.left, right: CHART.width - CHART.right, top: CHART.top, bottom: CHART.height - CHART.bottom };

/** Returns the path's points ("M1 2 L3 4" -> [[1, 2], [3, 4]]). */
function pathPoints(d) {
  return d.split(/ ?[ML]/).filter(Boolean).map((pair) => pair.split(" ").map(Number));
}

test("the graph runs from the first rating on the left to the newest on the right, higher up when higher", () => {
  const g = chart([1450, 1520, 1490]);
  const points = pathPoints(g.line);
  assert.equal(points.length, 3);
  assert.deepEqual(points.map(([x]) => x), [inner.left, (inner.left + inner.right) / 2, inner.right]);
  assert.equal(points[1][1], inner.top); // the highest at the top
  assert.equal(points[0][1], inner.bottom); // the lowest at the bottom
  assert.ok(points[2][1] > points[1][1] && points[2][1] < points[0][1]);
  assert.deepEqual(g.last, { x: points[2][0], y: points[2][1] });
  assert.deepEqual(g.ticks.map((t) => t.value), [1520, 1450]);
  assert.deepEqual(g.ticks.map((t) => t.y), [inner.top, inner.bottom]);
  assert.equal(g.dots.length, 3);
});

test("a flat or nearly flat history stays in the middle: the height stands for MIN_SPAN at least", () => {
  const flat = chart([1500, 1500]);
  const middle = (inner.top + inner.bottom) / 2;
  assert.deepEqual(pathPoints(flat.line).map(([, y]) => y), [middle, middle]);
  assert.deepEqual(flat.ticks, [{ value: 1500, y: middle }]); // one tick, not two at one height
  const small = pathPoints(chart([1500, 1510]).line).map(([, y]) => y);
  const scale = (inner.bottom - inner.top) / MIN_SPAN;
  assert.ok(Math.abs(small[0] - small[1] - 10 * scale) < 0.2, small);
});

test("every point stays inside the drawing box, and a long history keeps only the last dot", () => {
  const points = Array.from({ length: 401 }, (_, k) => 1500 + Math.round(300 * Math.sin(k / 7)) - k);
  const g = chart(points);
  for (const [x, y] of pathPoints(g.line)) {
    assert.ok(x >= inner.left && x <= inner.right && y >= inner.top && y <= inner.bottom, `${x} ${y}`);
  }
  assert.deepEqual(g.dots, [g.last]);
  assert.equal(chart(points.slice(0, DOTS_UP_TO)).dots.length, DOTS_UP_TO);
});

test("choosing a rung in Every level is the level setting, as a level radio's choice is", () => {
  const [intent, detail] = feature.changes["every-level"]({ currentTarget: { value: "beginner" } });
  assert.equal(intent, "setting");
  assert.deepEqual(detail, { name: "level", value: "beginner" });
});
