// Unit tests of library.js and large-store.js (R10-R13): the import is followed a batch at
// a time until Python says it is done, the table asks for the position shown (the
// explorer's, the review's frame, or the game's) and never twice for the same one, and the
// large store reads once, writes in one transaction a store and tells the other tabs.

import assert from "node:assert/strict";
import { test } from "node:test";

import { libraryIntents, peopleSource } from "../../web/control/library.js";
import { createLargeStores } from "../../web/engine/large-store.js";

const REVIEW = (shown = 0) => ({
  active: () => true, shown: () => shown,
  current: () => ({ transcript: "f5d6c3", frames: [{ ply: 0 }, { ply: 1 }, { ply: 2 }, { ply: 3 }] }),
});
const NO_REVIEW = { active: () => false };

test("the table looks at the explorer's board, else the review's frame, else the game in play", () => {
  assert.deepEqual(peopleSource({ openings: { explore: {} } }, REVIEW(2)), { source: "explorer" });
  assert.deepEqual(peopleSource({ openings: null }, REVIEW(2)), { source: "review", game: "f5d6c3", ply: 2 });
  assert.deepEqual(peopleSource({}, NO_REVIEW), { source: "play" });
});

test("an import is followed a batch a request until Python says it is done; its news is said", async () => {
  const sent = [], said = [];
  let left = 3;
  const fields = { "library-paste": { value: "  " } };
  const pasting = libraryIntents({
    command: async (method, params) => {
      sent.push(method);
      if (method === "library_add") assert.deepEqual(params.files.map((f) => [f.name, atob(f.data)]), [["pasted.txt", "f5d6c3"]]);
      left -= method === "library_step" ? 1 : 0;
      return { library: { importing: left > 0 ? {} : null, news: left > 0 ? "" : "Added 3 games." } };
    },
    announce: (text) => said.push(text), review: NO_REVIEW, current: () => ({}), openReview: () => {},
    timers: { now: () => 0, measure: () => {} }, $: (id) => fields[id],
  });
  await pasting.libraryPaste(); // an empty paste asks nothing
  assert.deepEqual(sent, []);
  fields["library-paste"].value = "f5d6c3";
  await pasting.libraryPaste();
  assert.deepEqual(sent, ["library_add", "library_step", "library_step", "library_step"]);
  assert.deepEqual(said, ["Added 3 games."]);
  assert.equal(fields["library-paste"].value, "", "the pasted text is cleared once added");
});

test("the table is asked for each new frame, once; closed, it asks nothing", async () => {
  const sent = [];
  let shown = 0;
  const review = { ...REVIEW(), shown: () => shown };
  const intents = libraryIntents({
    command: async (method, params) => { sent.push([method, params.ply]); return { people: {} }; },
    announce: () => {}, review, current: () => ({}), openReview: () => {}, timers: null,
  });
  assert.equal(intents.peopleFrame(), null); // not open: nothing asked
  await intents.openPeople();
  await intents.peopleFrame(); // the same frame drawn again
  shown = 2;
  await intents.peopleFrame();
  await intents.closePeople();
  shown = 3;
  assert.equal(intents.peopleFrame(), null);
  assert.deepEqual(sent, [["people_table", 0], ["people_table", 2], ["people_close", undefined]]);
});

/** Returns a fake IndexedDB holding `stores` ({name: Map}), enough for large-store.js. */
function fakeIndexedDB(stores) {
  const request = (result) => {
    const r = { result };
    queueMicrotask(() => r.onsuccess && r.onsuccess());
    return r;
  };
  const db = {
    objectStoreNames: { contains: (name) => name in stores },
    createObjectStore: (name) => { stores[name] = new Map(); },
    transaction(name) {
      const t = {
        objectStore: () => ({
          getAll: () => request([...stores[name].values()]),
          put: (value, key) => stores[name].set(key, value),
          delete: (key) => stores[name].delete(key),
        }),
      };
      queueMicrotask(() => queueMicrotask(() => t.oncomplete && t.oncomplete()));
      return t;
    },
  };
  let opened = 0;
  return {
    opened: () => opened,
    open() {
      opened += 1;
      const r = { result: db };
      queueMicrotask(() => { if (r.onupgradeneeded) r.onupgradeneeded(); r.onsuccess(); });
      return r;
    },
  };
}

test("a large store is read once, written in one transaction, and another tab's write makes it read again", async () => {
  const stores = {};
  const indexedDB = fakeIndexedDB(stores);
  const told = [];
  const channel = { postMessage: (message) => told.push(message), onmessage: null };
  const large = createLargeStores(["library"], { indexedDB, channel });
  assert.equal(large.needs("library"), true);
  assert.deepEqual(await large.read("library"), []);
  assert.equal(large.needs("library"), false);
  await large.write([["library", "a", new Uint8Array([1, 2, 3])], ["library", "b", new Uint8Array([4])]]);
  await large.write([["library", "b", null]]);
  assert.deepEqual([...stores.library.keys()], ["a"]);
  assert.deepEqual([...new Uint8Array(stores.library.get("a"))], [1, 2, 3]);
  assert.deepEqual(told, [{ store: "library" }, { store: "library" }]);
  assert.equal(indexedDB.opened(), 1);
  channel.onmessage({ data: { store: "library" } }); // another tab wrote
  assert.equal(large.needs("library"), true);
  assert.deepEqual((await large.read("library")).map((bytes) => [...bytes]), [[1, 2, 3]]);
});

test("a browser that refuses the database is asked once: the tab keeps what it holds", async () => {
  let opened = 0;
  const indexedDB = {
    open() {
      opened += 1;
      const request = {};
      queueMicrotask(() => { request.error = new Error("refused"); request.onerror(); });
      return request;
    },
  };
  const large = createLargeStores(["library"], { indexedDB });
  await assert.rejects(large.read("library"), /refused/);
  assert.equal(large.needs("library"), false, "not read again: that would empty what the tab added");
  assert.equal(opened, 1);
});
