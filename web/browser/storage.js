// Storage: the saved parts in localStorage, one key each, every access failing soft
// (P1, P2, P7, P8). Python decides what to store and when, and validates what
// comes back (P3); this module only moves text, refuses to overwrite what another
// tab stored since (a write names the text it replaces), and reports other tabs' writes.

/**
 * Returns the names of the stored parts ({keyOf(part), partOf(key), isChunk(part), split(documents)})
 * from the house's list (house.js, made from Python's registry: `parts` maps each part of fixed
 * name to its key; `chunkName` is the pattern of the history chunks' names, stored under
 * `reversi.history.0` …, P9). `history` is version 2's whole history and `legacy` the single
 * document of older versions (both read once, then removed).
 */
export function partNames({ parts, chunkName }) {
  const chunk = new RegExp(`^${chunkName}$`);
  const chunkKey = new RegExp(`^reversi\\.(${chunkName})$`);
  return {
    /** Returns the localStorage key of a part, or null for a name that is no part. */
    keyOf: (part) => (Object.hasOwn(parts, part) ? parts[part] : chunk.test(part) ? `reversi.${part}` : null),
    /** Returns the part stored under a localStorage key, or null. */
    partOf(key) {
      const fixed = Object.entries(parts).find(([, k]) => k === key);
      if (fixed) return fixed[0];
      const found = chunkKey.exec(key || "");
      return found ? found[1] : null;
    },
    isChunk: (part) => chunk.test(part),
    /** Splits stored parts (readAll's) into [every other part, the history chunks]: the
     * game loads first and the chunks right after, so a long history never delays it. */
    split(documents) {
      const rest = {};
      const chunks = {};
      for (const [part, text] of Object.entries(documents)) (chunk.test(part) ? chunks : rest)[part] = text;
      return [rest, chunks];
    },
  };
}

/** Returns window[name] (localStorage or sessionStorage), or null when the browser denies it. */
export function browserStorage(name, scope = globalThis) {
  try {
    const storage = scope[name];
    return storage && typeof storage.getItem === "function" ? storage : null;
  } catch {
    return null;
  }
}

/** Returns why a storage call failed, as the code Python words in the P2 notice. */
function reasonOf(error) {
  return error && error.name === "QuotaExceededError" ? "full" : "refused";
}

/** Whether another tab's write of `part` is reported: the older documents are read once, at load. */
const reported = (part) => part !== "legacy" && part !== "history";

/**
 * Returns the store over `storage` (null: unavailable) and the house's list of parts
 * (`house`: {parts, chunkName}, see partNames):
 * {readAll(), write(part, text, base), remove(part), missed(), split(documents), problem(), onExternal(callback)}.
 * It remembers the text it last read or wrote under each part, so that `missed()` finds
 * what other tabs stored while no storage event was heard (a start, a restart, P11).
 */
export function createStore(storage, house, scope = globalThis) {
  const { keyOf, partOf, isChunk, split } = partNames(house);
  let problem = storage ? null : "unavailable";
  /** Part -> the text this tab last read or wrote there (null: absent). */
  const seen = new Map();
  const fail = (error) => {
    problem ||= error ? reasonOf(error) : "unavailable";
    return problem;
  };
  const read = (part) => {
    if (!storage) return null;
    try {
      return storage.getItem(keyOf(part));
    } catch (error) {
      fail(error);
      return null;
    }
  };
  /** Returns the history chunks stored now, by part name. */
  const chunks = () => {
    const names = [];
    try {
      for (let i = 0; storage && i < storage.length; i++) {
        const part = partOf(storage.key(i));
        if (part && isChunk(part)) names.push(part);
      }
    } catch (error) {
      fail(error);
    }
    return names;
  };
  return {
    /** Returns every part's stored text: the parts of fixed name (null when absent or
     * unreadable) and each history chunk there is. */
    readAll() {
      const documents = Object.fromEntries([...Object.keys(house.parts), ...chunks()].map((part) => [part, read(part)]));
      for (const part of seen.keys()) if (!(part in documents)) seen.set(part, null);
      for (const [part, text] of Object.entries(documents)) seen.set(part, text);
      return documents;
    },
    /** Returns the parts another tab stored, changed or removed since this tab last read or
     * wrote them (the older documents excepted), in storage order; reads nothing into `seen`. */
    missed() {
      const now = new Map([...Object.keys(house.parts), ...chunks()].map((part) => [part, read(part)]));
      for (const part of seen.keys()) if (!now.has(part)) now.set(part, null);
      return [...now].filter(([part, text]) => reported(part) && text !== (seen.get(part) ?? null))
        .map(([part]) => part);
    },
    /**
     * Stores `text` under `part` if what is stored is still `base` (the text this tab
     * last read or wrote there). Returns {ok: true}, {conflict: storedText} when
     * another tab wrote since, or {error: reason}.
     */
    write(part, text, base) {
      const key = keyOf(part);
      if (!storage || !key) return { error: fail(null) };
      try {
        const stored = storage.getItem(key);
        if (stored !== base && stored !== text) return { conflict: stored };
        if (stored !== text) storage.setItem(key, text);
        seen.set(part, text);
        return { ok: true };
      } catch (error) {
        return { error: fail(error) };
      }
    },
    /** Removes a part (an older document once migrated, a history chunk after Clear);
     * failures are ignored. */
    remove(part) {
      try {
        if (storage && keyOf(part)) {
          storage.removeItem(keyOf(part));
          seen.set(part, null);
        }
      } catch {
        // Nothing is lost: the parts hold everything the old document did.
      }
    },
    split,
    /** Returns the first storage failure's reason ("full", "refused", "unavailable"), or null. */
    problem: () => problem,
    /** Calls `callback(part)` when another tab stores a part; returns the unbind function. */
    onExternal(callback) {
      const listener = (event) => {
        const part = partOf(event.key);
        if (part && reported(part)) callback(part);
      };
      scope.addEventListener("storage", listener);
      return () => scope.removeEventListener("storage", listener);
    },
  };
}

/** Returns a flag kept in sessionStorage for this tab, every access failing soft:
 * {get(), set()}. */
export function sessionFlag(key, storage = browserStorage("sessionStorage")) {
  return {
    get() {
      try {
        return Boolean(storage && storage.getItem(key));
      } catch {
        return false;
      }
    },
    set() {
      try {
        if (storage) storage.setItem(key, "1");
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Returns the painted view cached in a saved game part, or null (used before Python is ready, O3). */
export function savedView(text) {
  try {
    const view = JSON.parse(text).view;
    return view && typeof view.cells === "string" && view.cells.length === 64 ? view : null;
  } catch {
    return null;
  }
}
