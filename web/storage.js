// Storage: the saved document in localStorage, probed once, failing soft (SPEC P1, P2).
// Python validates whatever comes back (P3); this module only moves text.

const KEY = "reversi.save";

/** Returns a store {read(), write(text)}; write returns null on success or a reason. */
export function createStore(storage = safeLocalStorage()) {
  return {
    /** Returns the saved text, or null when there is none or storage cannot be read. */
    read() {
      try {
        return storage ? storage.getItem(KEY) : null;
      } catch {
        return null;
      }
    },
    /** Saves `text`; returns null, or why it could not ("storage is full", …). */
    write(text) {
      if (!storage) return "storage is unavailable";
      try {
        storage.setItem(KEY, text);
        return null;
      } catch (error) {
        return error && error.name === "QuotaExceededError" ? "storage is full" : "storage refused the save";
      }
    },
  };
}

/** Returns window.localStorage, or null when the browser denies it (disabled, sandboxed). */
function safeLocalStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Returns the painted view cached in a saved document, or null (used before Python is ready, O3). */
export function savedView(text) {
  try {
    const view = JSON.parse(text).view;
    return view && typeof view.cells === "string" && view.cells.length === 64 ? view : null;
  } catch {
    return null;
  }
}
