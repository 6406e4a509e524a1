// Engine client: the page's messenger to the Python worker (web/worker.js).
//
// The worker protocol, every message and field, both ways:
//
// Page -> worker
//   {type: "init", interrupt: SharedArrayBuffer | null}
//       Sent once, first. `interrupt` is one shared byte (only when the page is
//       cross-origin isolated): writing 2 (SIGINT) into it makes Python raise
//       KeyboardInterrupt inside the running call, which then fails as cancelled.
//   {id: n, method: string, params: object}
//       A request: `method` and `params` are those of reversi.app.bridge (its module
//       docstring lists them). `id` is unique per request; the reply names it.
//       Requests are served one at a time, in order.
//
// Worker -> page
//   {type: "progress", stage: "python" | "engine" | "installed", ms: n}
//       Start-up progress: Python starting, the engine wheel installing, installed
//       (`ms`: milliseconds since the worker started).
//   {type: "ready"}      Start-up finished: requests are served from now on.
//   {type: "failed", error: string}
//       Start-up failed; `error` is a one-line message. No request will be served.
//   {id: n, result: object}
//       The reply to request `id`: the snapshot (reversi.app.snapshot) with `save`,
//       `pending` and `drop` (reversi.app.bridge).
//   {id: n, error: string, cancelled: boolean}
//       Request `id` failed: `error` is a one-line message for the player;
//       `cancelled` is true when it was interrupted (see `interrupt`).

/** Starts the worker and returns {ready, call, cancel}; `onProgress(stage)` hears start-up stages. */
export function createEngine(onProgress = () => {}) {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  let nextId = 1;
  const shared = self.crossOriginIsolated ? new SharedArrayBuffer(1) : null;
  const interrupt = shared ? new Uint8Array(shared) : null;

  const ready = new Promise((resolve, reject) => {
    worker.addEventListener("message", ({ data }) => {
      if (data.type === "progress") onProgress(data.stage);
      else if (data.type === "ready") resolve();
      else if (data.type === "failed") reject(new Error(data.error));
      else if (pending.has(data.id)) {
        const { resolve: ok, reject: fail } = pending.get(data.id);
        pending.delete(data.id);
        if ("error" in data) fail(Object.assign(new Error(data.error), { cancelled: data.cancelled }));
        else ok(data.result);
      }
    });
    worker.addEventListener("error", (event) => reject(new Error(event.message || "The engine worker failed to start.")));
  });
  worker.postMessage({ type: "init", interrupt: shared });

  return {
    ready,
    /** Sends a request; resolves with the Python result or rejects with its error. */
    call(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, method, params });
      });
    },
    /** Interrupts the running Python call (SIGINT); false when not isolated. */
    cancel() {
      if (!interrupt) return false;
      interrupt[0] = 2;
      return true;
    },
  };
}
