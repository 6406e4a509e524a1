// Unit tests of state.js: the controller's one named state, its phases and its work,
// and every transition between them (B4, H3, O4, P5). Run with `node --test tests/js`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { PHASES, WORK, createState } from "../../web/control/state.js";

function ready() {
  const state = createState();
  state.ready();
  return state;
}

test("a new state is loading, with no work and no choice", () => {
  const state = createState();
  assert.equal(state.phase, "loading");
  assert.ok(state.loading && !state.recovering);
  assert.deepEqual(state.flags(), { loading: true, thinking: false, hinting: false, watching: false, choosing: null });
  assert.deepEqual(PHASES, ["loading", "recovering", "ready"]);
});

test("no work starts before the engine is ready", () => {
  const state = createState();
  for (const work of WORK) assert.equal(state.start(work), false, work);
  state.ready();
  assert.equal(state.phase, "ready");
  assert.ok(!state.loading);
  for (const work of WORK) {
    assert.equal(state.start(work), true, work);
    state.finish(work);
  }
});

test("each piece of work runs once at a time, and ends by itself", () => {
  const state = ready();
  assert.ok(state.start("computer"));
  assert.equal(state.start("computer"), false);
  assert.deepEqual(state.flags().thinking, true);
  state.finish("computer");
  assert.ok(!state.running("computer") && state.start("computer"));
});

test("H3: the hints wait for the computer's move; the computer does not wait for the hints", () => {
  const state = ready();
  state.start("computer");
  assert.equal(state.start("hints"), false);
  state.finish("computer");
  assert.ok(state.start("hints"));
  assert.ok(state.start("computer"), "a reply that makes it the computer's turn is not held up");
  assert.ok(state.any("computer", "hints") && state.flags().hinting);
});

test("an analysis waits for a watched game; a watch starts over an analysis", () => {
  const state = ready();
  const game = { busy: false };
  assert.ok(state.start("watch", game));
  assert.equal(state.start("analysis"), false);
  assert.equal(state.detail("watch"), game);
  state.finish("watch");
  assert.ok(state.start("analysis") && state.start("watch", game));
});

test("finishing a watch with its game leaves a newer watch running", () => {
  const state = ready();
  const old = { busy: false };
  const newer = { busy: true };
  state.start("watch", old);
  state.finish("watch");
  state.start("watch", newer);
  state.finish("watch", old);
  assert.equal(state.detail("watch"), newer);
  state.finish("watch", newer);
  assert.equal(state.detail("watch"), null);
  assert.ok(!state.flags().watching);
});

test("O4: the engine's death ends all work; a new engine starts, then requests flow again", () => {
  const state = ready();
  for (const work of WORK) state.start(work);
  state.died();
  assert.equal(state.phase, "recovering");
  assert.ok(state.loading && state.recovering);
  assert.ok(!state.any(...WORK));
  assert.equal(state.start("computer"), false);
  state.ready();
  assert.ok(!state.recovering && state.start("computer"));
});

test("O4: when the page gave up on the engine, requests wait for Retry as at the start", () => {
  const state = ready();
  state.died(false);
  assert.equal(state.phase, "loading");
  const again = createState();
  again.ready();
  again.died(true);
  again.died(false);
  assert.equal(again.phase, "recovering", "a restart under way stays one");
});

test("a chosen setting is shown until its own reply, not an earlier one's", () => {
  const state = ready();
  const first = { name: "level", value: "easy" };
  const second = { name: "level", value: "hard" };
  state.choose(first);
  state.choose(second);
  state.chosen(first);
  assert.equal(state.choice, second);
  assert.equal(state.flags().choosing, second);
  state.chosen(second);
  assert.equal(state.choice, null);
});

test("unknown work is an error, not a silent flag", () => {
  assert.throws(() => ready().start("dancing"), /unknown work/);
});
