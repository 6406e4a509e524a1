// Engine client: the page's messenger to the Python worker (web/engine/worker.js).
//
// The worker protocol, every message and field, both ways:
//
// Page -> worker
//   {type: "init", interrupt: SharedArrayBuffer | null, lock: string}
//       Sent once, first. `interrupt` is one shared byte (only when the page is
//       cross-origin isolated): writing 2 (SIGINT) into it makes Python raise
//       KeyboardInterrupt inside the running call, which then fails as cancelled;
//       only the searches can be (worker.js, CANCELLABLE), other requests run to the end.
//       `lock` names a Web Lock the worker holds for as long as it lives.
//   {id: n, method: string, params: object}
//       A request: `method` and `params` are those of reversi.app.bridge (its module
//       docstring lists them). `id` is unique per request; the reply names it.
//       Requests are served one at a time, in order.
//
// Worker -> page
//   {type: "alive"}      The worker holds the lock: once the page gets the lock too,
//                        the worker is gone (closed, killed for memory, crashed).
//   {type: "progress", stage: "python" | "engine" | "installed", ms: n}
//       Start-up progress: Python starting, the engine wheel installing, installed
//       (`ms`: milliseconds since the worker started).
//   {type: "ready"}      Start-up finished: requests are served from now on.
//   {type: "failed", error: string, files: [path]}
//       Start-up failed; `error` is a one-line message and `files` the site files
//       whose bytes were not the build's (a broken cache or download). No request
//       will be served.
//   {type: "dead", error: string}
//       Python failed fatally (out of memory, a crash) and the worker closes.
//   {id: n, result: object}
//       The reply to request `id`: the snapshot (reversi.app.snapshot) with `save`,
//       `pending` and `drop` (reversi.app.bridge); a slice of pondering (`ponder`, C4)
//       answers only `{ponder: more}`.
//   {id: n, error: string, cancelled: boolean}
//       Request `id` failed: `error` is a one-line message for the player;
//       `cancelled` is true when it was interrupted (see `interrupt`).
//
// A dead engine (O4) is noticed at once through the lock, or by a request
// left unanswered for two periods of WATCHDOG_MS on the page's timers (the longest
// request, a set-up solve, takes at most 8 s): every pending request then fails with
// `dead`, and `onDeath` hears why.

/** A request this long unanswered means the engine hangs. */
export const WATCHDOG_MS = 30_000;

/**
 * Starts the worker and returns {ready, call, cancel, onDeath}; `onProgress(stage)`
 * hears start-up stages. `ready` rejects with an error carrying `files` when start-up fails.
 */
export function createEngine(onProgress = () => {}, { scope = self, timers = globalThis } = {}) {
  const worker = new scope.Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  const deathListeners = [];
  let nextId = 1;
  let dead = null;
  const lock = `reversi-engine-${Math.random().toString(36).slice(2)}`;
  const shared = scope.crossOriginIsolated ? new SharedArrayBuffer(1) : null;
  const interrupt = shared ? new Uint8Array(shared) : null;
  let started = false;
  let fail = () => {};

  /** Ends this engine: pending requests fail as dead, the listeners hear `reason`. */
  function die(reason) {
    if (dead) return;
    dead = reason;
    console.warn(`The engine stopped: ${reason}`); // read in a failing browser test's printout
    worker.terminate();
    for (const { reject, timer } of pending.values()) {
      timers.clearTimeout(timer);
      reject(Object.assign(new Error(reason), { dead: true }));
    }
    pending.clear();
    if (!started) fail(Object.assign(new Error(reason), { files: [] }));
    else for (const listener of deathListeners) listener(reason);
  }

  const ready = new Promise((resolve, reject) => {
    fail = reject;
    worker.addEventListener("message", ({ data }) => {
      if (data.type === "alive" && scope.navigator && scope.navigator.locks) {
        scope.navigator.locks.request(lock, () => die("stopped"));
      } else if (data.type === "progress") onProgress(data.stage);
      else if (data.type === "ready") {
        started = true;
        resolve();
      } else if (data.type === "failed") {
        dead = data.error;
        worker.terminate();
        reject(Object.assign(new Error(data.error), { files: data.files || [] }));
      } else if (data.type === "dead") die(data.error);
      else if (pending.has(data.id)) {
        const { resolve: ok, reject: no, timer } = pending.get(data.id);
        timers.clearTimeout(timer);
        pending.delete(data.id);
        if ("error" in data) no(Object.assign(new Error(data.error), { cancelled: data.cancelled }));
        else ok(data.result);
      }
    });
    worker.addEventListener("error", (event) => die(event.message || "The engine worker failed."));
  });
  worker.postMessage({ type: "init", interrupt: shared, lock });

  return {
    ready,
    /** Sends a request; resolves with the Python result or rejects with its error
     * (`dead` set when the engine died before answering). */
    call(method, params = {}) {
      if (dead) return Promise.reject(Object.assign(new Error(dead), { dead: true }));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        // Two periods: the first can end at once when a frozen tab wakes (its timers fire
        // late, all together) or a test's clock jumps, while the reply is on its way.
        const watch = (last) => timers.setTimeout(() => {
          if (!pending.has(id)) return;
          if (last) die("not answering");
          else pending.get(id).timer = watch(true);
        }, WATCHDOG_MS);
        pending.set(id, { resolve, reject, timer: watch(false) });
        worker.postMessage({ id, method, params });
      });
    },
    /** Interrupts the running Python call (SIGINT); false when not isolated. */
    cancel() {
      if (!interrupt) return false;
      interrupt[0] = 2;
      return true;
    },
    /** Calls `listener(reason)` when the engine dies after start-up. */
    onDeath(listener) {
      deathListeners.push(listener);
    },
  };
}
