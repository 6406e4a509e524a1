// Recovery: a dead engine is replaced, and a site file that arrived broken is fetched
// again past every cache (O4). The saved game lives on the main thread, so a new
// engine loads it and the game goes on where it was.

/** How many deaths in RESTART_WINDOW_MS stop the automatic restarts (a crash at every start). */
export const RESTARTS = 3;
export const RESTART_WINDOW_MS = 60_000;

/**
 * Returns an engine that can be replaced: {ready, call, cancel, onDeath(listener), restart(),
 * gaveUp()}. `start()` makes a fresh engine (engine.js's createEngine); `now()` gives ms.
 * Requests go to the engine of the moment; when it dies the listeners hear why, and
 * `restart()` starts the next one (refused, by `gaveUp()`, after RESTARTS deaths in the window).
 */
export function replaceableEngine(start, now = () => performance.now()) {
  const listeners = [];
  const deaths = [];
  let current = null;

  function begin() {
    current = start();
    current.onDeath((reason) => {
      deaths.push(now());
      for (const listener of listeners) listener(reason);
    });
    holder.ready = current.ready;
  }

  const holder = {
    ready: null,
    call: (method, params) => current.call(method, params),
    cancel: () => current.cancel(),
    /** Calls `listener(reason)` whenever the engine of the moment dies. */
    onDeath: (listener) => listeners.push(listener),
    /** Starts a new engine (after a death, or a start-up that failed). */
    restart: begin,
    /** Checks if the engine died too often of late to try again by itself. */
    gaveUp: () => deaths.filter((at) => now() - at < RESTART_WINDOW_MS).length >= RESTARTS,
  };
  begin();
  return holder;
}

/** Fetches the site files at `paths` again from the network and puts the fresh copies in
 * the service worker's caches, so a broken cached copy is never served again. */
export async function refreshFiles(paths, scope = globalThis) {
  const names = scope.caches ? (await scope.caches.keys()).filter((name) => name.startsWith("reversi-")) : [];
  await Promise.all(paths.map(async (path) => {
    const url = new URL(path, scope.location.href);
    const response = await scope.fetch(url, { cache: "reload" });
    if (!response.ok) return;
    for (const name of names) {
      const cache = await scope.caches.open(name);
      await cache.put(url.href.split("?")[0], response.clone());
    }
  }));
}
