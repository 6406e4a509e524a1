// Unit tests of engine.js and recovery.js with a fake Worker, lock manager and timers:
// a dead engine is noticed (its lock, a fatal error, a request left unanswered), every
// pending request fails as dead, and a start-up that fails names the broken files (O4).

import assert from "node:assert/strict";
import { test } from "node:test";

import { WATCHDOG_MS, createEngine } from "../../web/engine/engine.js";
import { RESTARTS, refreshFiles, replaceableEngine } from "../../web/engine/recovery.js";

/** Returns a scope with a fake Worker class whose last instance is `scope.worker`. */
function fakeScope() {
  const locks = [];
  const scope = {
    crossOriginIsolated: false,
    navigator: { locks: { request: (name, fn) => locks.push({ name, fn }) } },
    locks,
    Worker: class {
      constructor() {
        this.listeners = { message: [], error: [] };
        this.sent = [];
        this.terminated = false;
        scope.worker = this;
      }
      addEventListener(type, fn) { this.listeners[type].push(fn); }
      postMessage(data) { this.sent.push(data); }
      terminate() { this.terminated = true; }
      /** The worker says `data` to the page. */
      say(data) { this.listeners.message.forEach((fn) => fn({ data })); }
    },
  };
  return scope;
}

/** Returns timers whose timeouts run only when `run()` is called. */
function fakeTimers() {
  const due = new Map();
  let next = 1;
  return {
    setTimeout: (fn, ms) => { due.set(next, { fn, ms }); return next++; },
    clearTimeout: (id) => due.delete(id),
    run: () => { for (const [id, { fn }] of [...due]) { due.delete(id); fn(); } },
    count: () => due.size,
  };
}

test("O4: the worker's lock, granted to the page, means the worker died: pending requests fail as dead", async () => {
  const scope = fakeScope();
  const timers = fakeTimers();
  const engine = createEngine(() => {}, { scope, timers });
  const heard = [];
  engine.onDeath((reason) => heard.push(reason));
  const init = scope.worker.sent[0];
  assert.equal(init.type, "init");
  assert.match(init.lock, /^reversi-engine-/);
  scope.worker.say({ type: "alive" });
  scope.worker.say({ type: "ready" });
  await engine.ready;
  assert.deepEqual(scope.locks.map((l) => l.name), [init.lock], "the page waits for the worker's lock");
  const pending = engine.call("computer_move", { token: 3 });
  scope.locks[0].fn(); // the browser grants the lock: the worker is gone
  await assert.rejects(pending, (error) => error.dead === true);
  assert.deepEqual(heard, ["stopped"]);
  assert.ok(scope.worker.terminated);
  await assert.rejects(engine.call("snapshot"), (error) => error.dead === true);
  assert.equal(timers.count(), 0, "no watchdog is left running");
});

test("O4: a fatal Python error and a request left unanswered both end the engine", async () => {
  for (const kill of [(scope) => scope.worker.say({ type: "dead", error: "out of memory" }),
    (_, timers) => { timers.run(); timers.run(); }]) {
    const scope = fakeScope();
    const timers = fakeTimers();
    const engine = createEngine(() => {}, { scope, timers });
    const heard = [];
    engine.onDeath((reason) => heard.push(reason));
    scope.worker.say({ type: "ready" });
    await engine.ready;
    const pending = engine.call("hint_step", {});
    kill(scope, timers);
    await assert.rejects(pending, (error) => error.dead === true);
    assert.equal(heard.length, 1);
    assert.ok(["out of memory", "not answering"].includes(heard[0]));
  }
});

test("O4: a watchdog period that ends at once (a frozen tab waking) leaves a reply on its way time to land", async () => {
  const scope = fakeScope();
  const timers = fakeTimers();
  const engine = createEngine(() => {}, { scope, timers });
  const heard = [];
  engine.onDeath((reason) => heard.push(reason));
  scope.worker.say({ type: "ready" });
  await engine.ready;
  const reply = engine.call("computer_move", { token: 3 });
  timers.run(); // the page's timers fire late, all together
  assert.deepEqual(heard, [], "one period is not enough to call the engine hung");
  scope.worker.say({ id: 1, result: { ok: true } });
  assert.deepEqual(await reply, { ok: true });
  assert.equal(timers.count(), 0, "the second period is cleared with the reply");
  assert.ok(!scope.worker.terminated);
});

test("O4: a reply in time clears its watchdog; a start-up failure rejects ready with the broken files", async () => {
  const scope = fakeScope();
  const timers = fakeTimers();
  const engine = createEngine(() => {}, { scope, timers });
  scope.worker.say({ type: "ready" });
  await engine.ready;
  const reply = engine.call("snapshot");
  assert.equal(timers.count(), 1);
  scope.worker.say({ id: 1, result: { ok: true } });
  assert.deepEqual(await reply, { ok: true });
  assert.equal(timers.count(), 0);
  assert.ok(WATCHDOG_MS >= 10_000, "longer than the longest request (a set-up solve, 8 s)");
  const broken = fakeScope();
  const other = createEngine(() => {}, { scope: broken, timers });
  broken.worker.say({ type: "failed", error: "bad zip", files: ["pyodide/python_stdlib.zip"] });
  await assert.rejects(other.ready, (error) => error.files[0] === "pyodide/python_stdlib.zip");
});

test("O4: the replaceable engine starts a new one on restart and gives up after repeated deaths", () => {
  const made = [];
  let clock = 0;
  const holder = replaceableEngine(() => {
    const engine = { ready: Promise.resolve(made.length), listeners: [], onDeath: (fn) => engine.listeners.push(fn),
      call: (method) => `${made.length}:${method}`, cancel: () => true };
    made.push(engine);
    return engine;
  }, () => clock);
  const deaths = [];
  holder.onDeath((reason) => deaths.push(reason));
  assert.equal(holder.call("snapshot"), "1:snapshot");
  for (let i = 0; i < RESTARTS; i++) {
    assert.equal(holder.gaveUp(), false);
    made.at(-1).listeners.forEach((fn) => fn("stopped"));
    holder.restart();
  }
  assert.equal(deaths.length, RESTARTS);
  assert.equal(holder.gaveUp(), true);
  assert.equal(holder.call("load"), `${RESTARTS + 1}:load`);
  clock = 61_000;
  assert.equal(holder.gaveUp(), false, "deaths long ago no longer count");
});

test("O4: Retry fetches broken files past every cache and puts the fresh copies in the site's caches", async () => {
  const put = [];
  const scope = {
    location: { href: "file:///site/game/" },
    caches: {
      keys: async () => ["reversi-abc", "other-site"],
      open: async (name) => ({ put: async (url, response) => put.push([name, url, await response.text()]) }),
    },
    fetch: async (url, options) => {
      assert.equal(options.cache, "reload");
      return new Response(`fresh ${url.pathname}`);
    },
  };
  await refreshFiles(["pyodide/python_stdlib.zip"], scope);
  assert.deepEqual(put, [["reversi-abc", "file:///site/game/pyodide/python_stdlib.zip",
    "fresh /site/game/pyodide/python_stdlib.zip"]]);
});
