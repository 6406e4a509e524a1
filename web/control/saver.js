// Saver: stores what each of Python's replies says to store (P1, P2, P7, P8, P10).
// It moves text only: Python decides which parts, when, and what a refused part means.
//   store    {write(part, text, base), remove(part), readAll(), problem()}  (storage.js)
//   timers   {now(), measure(name, start, detail)}
//   send(method, params)  a command back to Python (the controller's pipeline)
//   loading()  whether the engine is still starting (nothing is reported then)

/** Returns `persist(reply)` and `storePending()` over the page's store. */
export function createSaver({ store, timers, send, loading }) {
  let pending = {};
  let storageReported = false;

  /** Tells Python, once, that storage failed, so the player is told (P2). */
  function reportStorage() {
    const problem = store.problem();
    if (problem && !storageReported && !loading()) {
      storageReported = true;
      send("storage_failed", { reason: problem });
    }
  }

  return {
    /** Stores the parts a reply says to store (P1, P8); a part another tab stored
     * since goes back to Python instead of being overwritten (P7). */
    persist(reply) {
      const started = timers.now();
      const refused = [];
      let stored = true;
      for (const [part, { text, base }] of Object.entries(reply.save || {})) {
        const result = store.write(part, text, base);
        if ("conflict" in result) refused.push(part);
        stored &&= Boolean(result.ok);
      }
      // What a reply drops is held by the parts it stores: keep it unless all of them were stored (P10).
      if (stored) for (const part of reply.drop || []) store.remove(part);
      const parts = Object.keys(reply.save || {});
      if (parts.length) timers.measure("save", started, { parts }); // read by bench/page.py history
      pending = reply.pending || {};
      reportStorage();
      for (const part of refused) send("external", { part, documents: store.readAll(), refused: true });
    },
    /** Stores the parts that wait for the page to go away (the active time, P8). */
    storePending() {
      for (const [part, { text, base }] of Object.entries(pending)) store.write(part, text, base);
      pending = {};
    },
  };
}
