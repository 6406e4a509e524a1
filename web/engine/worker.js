// Module worker: loads Pyodide from the site, installs the engine wheel with
// micropip, and answers requests with one reversi.app.bridge.Bridge. Python runs
// here, never on the main thread. The messages are documented in engine.js.

import { COMMANDS, STORES } from "../house.js";
import { createLargeStores } from "./large-store.js";

const site = new URL("../../", import.meta.url); // this file is web/engine/worker.js
let interrupt = null; // Uint8Array over a SharedArrayBuffer, when the page is cross-origin isolated
let python = null; // the Pyodide instance, once started
// A cancel may interrupt only the requests the registry marks `cancellable` (house.js): the
// searches and analyses the page gives up when the player acts (B4, H3, C4, N6). Any other
// request runs with interrupts off, so that a cancel that comes as a search ends can never
// cut a move, a setting or a save short.

/** Tells the page how far start-up got (shown by the loading indicator). */
function progress(stage) {
  self.postMessage({ type: "progress", stage, ms: Math.round(performance.now()) });
  if (startup) startup.poke();
}

/** Holds the page's lock for as long as this worker lives: the page learns of its death
 * (closed, killed for memory, crashed) when the browser releases it (O4). */
function holdLock(name) {
  if (!name || !self.navigator.locks) return;
  self.navigator.locks.request(name, () => {
    self.postMessage({ type: "alive" });
    return new Promise(() => {}); // never released while the worker runs
  });
}

/** Returns Pyodide with the engine installed and imported: from the build's start-up
 * snapshot when there is one (micropip installed the engine at build time:
 * build_tools/snapshot.py) and the wheel's files unpacked beside it, else by starting
 * Python and installing the engine wheel with micropip. */
async function startEngine(build, loadPyodide) {
  const indexURL = new URL(build.pyodide, site).href;
  const stdLibURL = await stdlib;
  if (snapshot) {
    try {
      const bytes = await snapshot;
      // Pyodide sizes the memory for a snapshot by INITIAL_MEMORY, which its wasm ignores (it
      // declares 30 MiB): the module is made here and grown to the snapshot's size before
      // the snapshot is copied in, so a snapshot over 30 MiB restores too.
      const factory = (await import(new URL(`${build.pyodide}pyodide.asm.mjs`, site).href)).default;
      const createPyodideModule = async (settings) => {
        const module = await factory(settings);
        if (module.HEAP8.length < bytes.length) module.growMemory(bytes.length);
        return module;
      };
      const pyodide = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: bytes, createPyodideModule });
      performance.mark("worker-restored");
      pyodide.runPython("import random; random.seed()"); // the snapshot froze the seed
      // The snapshot holds Python's memory, not its files: the engine's modules not yet
      // imported and its data (weights, book, puzzles) come back from the wheel, unpacked
      // where micropip put them at build time, once the first replies (the saved game and
      // its history) are out: they need nothing but what the snapshot holds.
      unpackFiles = async () => {
        const where = pyodide.runPython("import os, reversi; os.path.dirname(os.path.dirname(reversi.__file__))");
        pyodide.unpackArchive(await wheelBytes, "wheel", { extractDir: where });
        pyodide.runPython("import importlib; importlib.invalidate_caches()");
        performance.mark("worker-unpacked");
      };
      progress("installed");
      return pyodide;
    } catch (error) {
      console.warn("Starting Python without its snapshot:", error);
    }
  }
  const pyodide = await loadPyodide({ indexURL, stdLibURL, packages: ["micropip"] });
  progress("engine");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install.callKwargs(new URL(build.wheel, site).href, { deps: false }); // it needs nothing else
  micropip.destroy();
  progress("installed");
  return pyodide;
}

let build = null;
let snapshot = null; // the start-up snapshot's bytes, a promise while they arrive
let wheelBytes = null; // the engine wheel's bytes beside the snapshot, a promise likewise
let unpackFiles = null; // after a snapshot restore: puts the wheel's files in place (once)
let filesReady = Promise.resolve(); // the files are in place (or being put there)

/** Starts putting the wheel's files in place, if that is still to do. */
function unpackOnce() {
  if (unpackFiles) {
    filesReady = unpackFiles();
    unpackFiles = null;
  }
}
let stdlib = null; // a URL of Python's standard library, checked against build.json, a promise likewise

/** Returns a blob URL of the site file at `path` once its bytes match build.json's hash
 * (a promise that rejects naming the file when they do not: a broken file would
 * otherwise stall Pyodide's start with no word, O4). */
async function fetchChecked(path) {
  const bytes = await (await fetch(new URL(path, site))).arrayBuffer();
  const want = (build.files || {})[path];
  if (want) {
    const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
      .map((b) => b.toString(16).padStart(2, "0")).join("");
    if (hash !== want) throw new Error(`${path} arrived broken`);
  }
  return URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
}

/** Returns the unzipped start-up snapshot (a promise that rejects if it cannot be had). */
async function fetchSnapshot(url) {
  const response = await fetch(new URL(url, site));
  const unzipped = new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
  const bytes = new Uint8Array(await unzipped.arrayBuffer());
  performance.mark("worker-snapshot");
  return bytes;
}

async function boot() {
  build = await (await fetch(new URL("build.json", site))).json();
  performance.mark("worker-build");
  progress("python");
  // The snapshot downloads and unzips while Pyodide's own script loads.
  snapshot = build.snapshot && self.DecompressionStream ? fetchSnapshot(build.snapshot) : null;
  snapshot?.catch(() => {}); // a failure is met where it is awaited
  stdlib = fetchChecked(`${build.pyodide}python_stdlib.zip`);
  stdlib.catch(() => {});
  if (snapshot) {
    wheelBytes = fetch(new URL(build.wheel, site)).then((response) => {
      if (!response.ok) throw new Error(`the engine wheel did not arrive (${response.status})`);
      return response.arrayBuffer();
    });
    wheelBytes.catch(() => {});
  }
  const { loadPyodide } = await import(new URL(`${build.pyodide}pyodide.mjs`, site).href);
  performance.mark("worker-imported");
  const pyodide = await startEngine(build, loadPyodide);
  python = pyodide;
  const bridge = pyodide.pyimport("reversi.app.bridge").Bridge();
  performance.mark("worker-bridge");
  return bridge;
}

/** Keeps a copy of every site file fetched during start-up, so that a start-up that
 * fails can say which arrived broken: `broken(build)` hashes the copies against
 * build.json's list, `done()` lets them go. */
function recordFetches() {
  const fetched = new Map();
  const realFetch = self.fetch;
  self.fetch = async (input, init) => {
    const response = await realFetch.call(self, input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), site);
    const path = url.href.startsWith(site.href) ? url.href.slice(site.href.length).split("?")[0] : "";
    if (path && response.ok) fetched.set(path, response.clone());
    return response;
  };
  return {
    async broken(build) {
      const files = build ? build.files || {} : {};
      const checked = await Promise.all([...fetched].filter(([path]) => path in files).map(async ([path, copy]) => {
        const bytes = await copy.arrayBuffer();
        const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
          .map((b) => b.toString(16).padStart(2, "0")).join("");
        return hash === files[path] ? null : path;
      }));
      return checked.filter(Boolean).sort();
    },
    done() {
      self.fetch = realFetch;
      for (const copy of fetched.values()) copy.body?.cancel().catch(() => {});
      fetched.clear();
    },
  };
}

let bridgePromise = null;
/** The requests that need only what the snapshot holds: the saved game, then its history. */
const SNAPSHOT_ONLY = new Set(["load", "load_history"]);

/** Start-up this long with no file arriving and no stage reached means it is stuck. */
const STALL_MS = 45_000;

/** Watches start-up: `failed` rejects when Pyodide logs that its wasm could not be
 * compiled (it then never settles) or STALL_MS pass with no file arriving and no stage
 * reached (`poke`); `done()` stops watching. */
function watchStartup() {
  let timer = 0;
  let fail = () => {};
  const failed = new Promise((_, reject) => { fail = reject; });
  const poke = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(new Error("the game engine stopped loading")), STALL_MS);
  };
  const observer = new PerformanceObserver(poke);
  observer.observe({ type: "resource" });
  const logs = { log: console.log, warn: console.warn, error: console.error };
  for (const [name, log] of Object.entries(logs)) {
    console[name] = (...args) => {
      if (/wasm instantiation failed|fatal error/i.test(String(args[0]))) fail(new Error(String(args[0])));
      log(...args);
    };
  }
  poke();
  return {
    failed, poke, done() {
      clearTimeout(timer);
      observer.disconnect();
      Object.assign(console, logs);
    },
  };
}

let startup = null;
/** The large stores (R10), read lazily: the page starts without them. */
const stores = createLargeStores(STORES, {
  channel: self.BroadcastChannel ? new BroadcastChannel("reversi-large-stores") : null,
});

/** Reads the large store a command needs, once (again after another tab wrote it);
 * returns the browser's error when it refuses (what the tab holds then stays), else null. */
async function readStore(bridge, name) {
  if (!stores.needs(name)) return null;
  try {
    bridge.load_store(name, await stores.read(name));
    return null;
  } catch (error) {
    return error;
  }
}

/** Tells Python that the browser refused its large store `name`; returns that reply. */
function storeFailed(bridge, name, error) {
  const failed = `${name}_store_failed`;
  return COMMANDS[failed] ? JSON.parse(bridge.call(failed, JSON.stringify({ reason: messageOf(error) }))) : null;
}

/** Writes what Python hands to the large stores; returns the reply of the store's
 * `<store>_store_failed` command when the browser refuses (what was not written stays in
 * memory), else null. */
async function writeStores(bridge) {
  const proxy = bridge.store_writes();
  const writes = proxy.toJs();
  proxy.destroy();
  try {
    await stores.write(writes.map(([name, key, bytes]) => [name, key, bytes || null]));
    return null;
  } catch (error) {
    return storeFailed(bridge, writes[0][0], error);
  }
}

/** Turns any thrown value into a one-line message for the page. */
function messageOf(error) {
  const text = String(error && error.message ? error.message : error);
  const lines = text.trim().split("\n").filter(Boolean);
  const last = lines[lines.length - 1] || "Unknown error";
  return last.startsWith("KeyboardInterrupt") ? last : last.replace(/^(?:\w+\.)*\w*(?:Error|Exception): /, "");
}

/** Checks if Pyodide can no longer run anything (a fatal error: out of memory, a crash). */
function isFatal(error) {
  return Boolean(error && (error.pyodide_fatal_error || /fatally failed|can no longer be used/.test(error.message)));
}

self.onmessage = async ({ data }) => {
  if (data.type === "init") {
    if (data.interrupt) interrupt = new Uint8Array(data.interrupt);
    holdLock(data.lock);
    startup = watchStartup();
    const fetches = recordFetches();
    bridgePromise = Promise.race([boot(), startup.failed]);
    bridgePromise.then(
      () => {
        startup.done();
        fetches.done();
        self.postMessage({ type: "ready" });
      },
      async (error) => {
        startup.done();
        const files = await fetches.broken(build).catch(() => []);
        fetches.done();
        self.postMessage({ type: "failed", error: messageOf(error), files });
      },
    );
    return;
  }
  const { id, method, params } = data;
  try {
    const bridge = await bridgePromise;
    if (!SNAPSHOT_ONLY.has(method)) unpackOnce();
    await filesReady;
    if (interrupt) interrupt[0] = 0;
    if (interrupt) python.setInterruptBuffer(COMMANDS[method] && COMMANDS[method].cancellable ? interrupt : undefined);
    const store = COMMANDS[method] && COMMANDS[method].store;
    const unread = store ? await readStore(bridge, store) : null;
    const reply = bridge.call(method, JSON.stringify(params || {}));
    // the browser's refusal, read or write, is said in the reply (its `<store>_store_failed`)
    const refused = store ? (await writeStores(bridge)) || (unread && storeFailed(bridge, store, unread)) : null;
    // Python's memory after a command of a large store, read by bench/page.py library (R10)
    if (store) performance.mark("python-memory", { detail: { bytes: python._module.HEAP8.length, method } });
    self.postMessage({ id, result: refused || JSON.parse(reply) });
    if (!(method === "load" && params && params.history_follows)) unpackOnce(); // else after load_history
  } catch (error) {
    if (isFatal(error)) {
      self.postMessage({ type: "dead", error: messageOf(error) });
      self.close();
      return;
    }
    const text = messageOf(error);
    self.postMessage({ id, error: text, cancelled: text.startsWith("KeyboardInterrupt") });
  }
};
