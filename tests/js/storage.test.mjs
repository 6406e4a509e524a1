// Unit tests of storage.js: each part under its own key, never over another tab's
// newer text (P7), every failure soft and reported (P2).

import assert from "node:assert/strict";
import { test } from "node:test";

import { browserStorage, createStore as storeOver, partNames, savedView, sessionFlag } from "../../web/browser/storage.js";

/** The house's list of parts as build_tools/house_js.py writes it (web/house.js is made at build time). */
const HOUSE = {
  parts: {
    settings: "reversi.settings", game: "reversi.game", clock: "reversi.clock", stars: "reversi.stars",
    history: "reversi.history", legacy: "reversi.save", puzzles: "reversi.puzzles", learn: "reversi.learn",
    mistakes: "reversi.mistakes",
  },
  chunkName: "history\\.(?:0|[1-9][0-9]{0,5})",
};
const KEYS = HOUSE.parts;
const createStore = (storage, scope) => storeOver(storage, HOUSE, scope);

/** Returns a Storage-like object over a Map; `fail` names the methods that throw. */
function memoryStorage({ fail = [], quota = false } = {}) {
  const keys = () => [...data.keys()];
  const data = new Map();
  const thrower = (name) => {
    if (fail.includes(name)) {
      const error = new Error(`${name} refused`);
      if (quota) error.name = "QuotaExceededError";
      throw error;
    }
  };
  return {
    data,
    getItem(key) { thrower("getItem"); return data.has(key) ? data.get(key) : null; },
    setItem(key, value) { thrower("setItem"); data.set(key, String(value)); },
    removeItem(key) { thrower("removeItem"); data.delete(key); },
    get length() { return data.size; },
    key(index) { thrower("key"); return keys()[index] ?? null; },
  };
}

/** Returns an event target standing in for window. */
function fakeWindow() {
  const listeners = new Set();
  return {
    addEventListener: (type, fn) => type === "storage" && listeners.add(fn),
    removeEventListener: (type, fn) => listeners.delete(fn),
    fire: (key) => listeners.forEach((fn) => fn({ key })),
    count: () => listeners.size,
  };
}

test("P1: every part is stored under its own key and read back", () => {
  const storage = memoryStorage();
  const store = createStore(storage, fakeWindow());
  assert.deepEqual(store.write("game", "G1", null), { ok: true });
  assert.deepEqual(store.write("stars", "S1", null), { ok: true });
  assert.equal(storage.data.get(KEYS.game), "G1");
  assert.deepEqual(store.readAll(), { settings: null, game: "G1", clock: null, history: null, stars: "S1", puzzles: null, learn: null, mistakes: null, legacy: null });
  assert.equal(store.problem(), null);
});

test("P7: a write over text another tab stored since is refused and returns that text", () => {
  const storage = memoryStorage();
  const store = createStore(storage, fakeWindow());
  store.write("stars", "mine-1", null);
  storage.data.set(KEYS.stars, "theirs"); // another tab wrote after this tab's last write
  assert.deepEqual(store.write("stars", "mine-2", "mine-1"), { conflict: "theirs" });
  assert.equal(storage.data.get(KEYS.stars), "theirs", "nothing was overwritten");
  assert.deepEqual(store.write("stars", "merged", "theirs"), { ok: true });
  assert.equal(storage.data.get(KEYS.stars), "merged");
});

test("P2: storage that throws on read, on write or is full fails soft with a reason", () => {
  for (const [fail, quota, reason] of [
    [["getItem"], false, "refused"],
    [["setItem"], false, "refused"],
    [["setItem"], true, "full"],
  ]) {
    const store = createStore(memoryStorage({ fail, quota }), fakeWindow());
    assert.doesNotThrow(() => store.readAll());
    assert.ok("error" in store.write("game", "G", null));
    assert.equal(store.problem(), reason);
  }
  const missing = createStore(null, fakeWindow());
  assert.deepEqual(missing.readAll().game, null);
  assert.deepEqual(missing.write("game", "G", null), { error: "unavailable" });
  assert.doesNotThrow(() => missing.remove("legacy"));
});

test("P9: the history chunks are stored under their own keys and all read back", () => {
  const storage = memoryStorage();
  const store = createStore(storage, fakeWindow());
  for (const part of ["history.0", "history.1", "history.12"]) assert.deepEqual(store.write(part, part, null), { ok: true });
  assert.equal(storage.data.get("reversi.history.12"), "history.12");
  storage.data.set("reversi.history.x", "junk"); // no chunk: never read, never written
  storage.data.set("someone.else.history.1", "theirs");
  const all = store.readAll();
  assert.deepEqual(Object.keys(all).filter((part) => part.startsWith("history.")).sort(), ["history.0", "history.1", "history.12"]);
  assert.equal(all["history.1"], "history.1");
  assert.ok("error" in store.write("history.x", "junk", null));
  store.remove("history.12");
  assert.equal(storage.data.has("reversi.history.12"), false);
});

test("P2: a storage whose key listing throws still reads the parts of fixed name", () => {
  const storage = memoryStorage({ fail: ["key"] });
  storage.data.set(KEYS.game, "G");
  storage.data.set("reversi.history.0", "H");
  const store = createStore(storage, fakeWindow());
  assert.equal(store.readAll().game, "G");
  assert.equal(store.problem(), "refused");
});

test("browserStorage returns null when touching the storage throws", () => {
  const scope = {};
  Object.defineProperty(scope, "localStorage", { get() { throw new Error("SecurityError"); } });
  assert.equal(browserStorage("localStorage", scope), null);
  assert.equal(browserStorage("sessionStorage", {}), null);
});

test("P7: another tab's write of a part is reported by part name, the older documents excepted", () => {
  const win = fakeWindow();
  const store = createStore(memoryStorage(), win);
  const heard = [];
  const unbind = store.onExternal((part) => heard.push(part));
  win.fire("reversi.history.3");
  win.fire(KEYS.game);
  win.fire(KEYS.legacy);
  win.fire(KEYS.history); // version 2's history is only read at start-up
  win.fire("someone.else");
  assert.deepEqual(heard, ["history.3", "game"]);
  unbind();
  assert.equal(win.count(), 0);
});

test("P11: the parts another tab stored, changed or removed since this tab last read or wrote them are missed", () => {
  const storage = memoryStorage();
  const store = createStore(storage, fakeWindow());
  storage.setItem(KEYS.game, "G1");
  storage.setItem("reversi.history.0", "H0");
  store.readAll();
  assert.deepEqual(store.missed(), []);
  store.write("game", "G2", "G1");
  assert.deepEqual(store.missed(), [], "its own write is no news");
  storage.setItem(KEYS.game, "G3"); // another tab
  storage.setItem(KEYS.stars, "S1");
  storage.setItem("reversi.history.1", "H1");
  storage.removeItem("reversi.history.0");
  storage.setItem(KEYS.legacy, "OLD"); // the older documents are read once, at load
  storage.setItem(KEYS.history, "OLD");
  assert.deepEqual(store.missed().sort(), ["game", "history.0", "history.1", "stars"]);
  assert.deepEqual(store.missed().sort(), ["game", "history.0", "history.1", "stars"], "missed reads nothing in");
  store.readAll();
  assert.deepEqual(store.missed(), []);
  store.remove("stars");
  assert.deepEqual(store.missed(), [], "its own removal is no news");
});

test("P2: a session flag fails soft when sessionStorage throws", () => {
  const flag = sessionFlag("x", memoryStorage({ fail: ["getItem", "setItem"] }));
  assert.equal(flag.get(), false);
  assert.equal(flag.set(), false);
  const good = sessionFlag("x", memoryStorage());
  assert.equal(good.get(), false);
  assert.equal(good.set(), true);
  assert.equal(good.get(), true);
});

test("P9: the history chunks split from the other parts, by the house's pattern", () => {
  const { split, keyOf, partOf } = partNames(HOUSE);
  assert.deepEqual(split({ game: "G", "history.0": "H0", "history.12": "H12", "history.01": "X" }),
    [{ game: "G", "history.01": "X" }, { "history.0": "H0", "history.12": "H12" }]);
  assert.equal(keyOf("history.3"), "reversi.history.3");
  assert.equal(keyOf("nothing"), null);
  assert.equal(partOf("reversi.history.3"), "history.3");
  assert.equal(partOf("reversi.save"), "legacy");
});

test("O3: the saved view is read from a game part, and junk gives null", () => {
  const cells = "-".repeat(64);
  assert.deepEqual(savedView(JSON.stringify({ view: { cells, counts: { black: 0, white: 0 } } })).cells, cells);
  for (const junk of [null, "", "{", "[]", JSON.stringify({ view: { cells: "short" } })]) assert.equal(savedView(junk), null);
});
