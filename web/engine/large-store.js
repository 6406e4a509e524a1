// The large stores (R10): data the player brings (the game library), kept in the browser's
// database for large data (IndexedDB) rather than in the save (P1). The worker reads a store
// whole before the first command that names it (house.js: COMMANDS[m].store), so the page
// starts without it, and after each request writes what Python hands back (bridge's
// store_writes: [store, key, bytes | null]). A write is told to the other tabs, whose
// workers read the store again before their next command that needs it.

const DATABASE = "reversi-large";

/** Returns a promise of an IndexedDB request's result. */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Returns the large stores over `indexedDB` with the object stores `names`:
 * `needs(name)` (it is still to read), `read(name)` (every record's bytes; tried once, so
 * that a browser without the database keeps what this tab added in memory) and
 * `write(writes)`. Another tab's write makes a store needed again. */
export function createLargeStores(names, { indexedDB = self.indexedDB, channel = null } = {}) {
  const loaded = new Set();
  let database = null;
  function open() {
    if (!database) {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        for (const name of names) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
      };
      database = done(request).then((db) => {
        db.onversionchange = () => { // another tab deletes or upgrades the database: let it
          db.close();
          database = null;
          loaded.clear();
        };
        return db;
      });
      database.catch(() => { database = null; });
    }
    return database;
  }
  if (channel) channel.onmessage = ({ data }) => loaded.delete(data.store);
  return {
    needs: (name) => Boolean(name) && !loaded.has(name),
    /** Returns every record of store `name`, as Uint8Arrays (marks it read, even when the
     * browser refuses: the error is thrown once). */
    async read(name) {
      loaded.add(name);
      const db = await open();
      const values = await done(db.transaction(name, "readonly").objectStore(name).getAll());
      return values.map((value) => new Uint8Array(value));
    },
    /** Writes [store, key, Uint8Array | null (delete)] in one transaction a store. */
    async write(writes) {
      if (!writes.length) return;
      const db = await open();
      for (const name of new Set(writes.map(([store]) => store))) {
        const transaction = db.transaction(name, "readwrite");
        const store = transaction.objectStore(name);
        for (const [, key, bytes] of writes.filter(([s]) => s === name)) {
          if (bytes) store.put(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), key);
          else store.delete(key);
        }
        await new Promise((resolve, reject) => {
          transaction.oncomplete = resolve;
          transaction.onerror = transaction.onabort = () => reject(transaction.error || new Error("not stored"));
        });
        if (channel) channel.postMessage({ store: name });
      }
    },
  };
}
