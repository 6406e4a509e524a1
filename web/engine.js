// Engine client: the page's messenger to the Python worker.
// Every request carries an id; its reply (result or error) settles one promise.

/** Starts the worker and returns {ready, call, cancel}; `onProgress(stage)` hears start-up stages. */
export function createEngine(onProgress = () => {}) {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  let nextId = 1;
  // With cross-origin isolation a shared byte lets the page interrupt Python at once.
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
