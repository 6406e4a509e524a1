// Service worker template: build.py writes it to the site root as sw.js, with
// PRECACHE = every site file's URL relative to the site root plus "?v=<content
// hash>", and VERSION = a hash of that list. It precaches the whole site and
// serves it from the cache, so the page loads and plays offline (O1), and it
// adds the cross-origin isolation headers that SharedArrayBuffer needs even when
// the static host sends none.

const PRECACHE = /*PRECACHE*/[];
const VERSION = "/*VERSION*/";
const CACHE = `reversi-${VERSION}`;
const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

/** Returns the absolute URL of a site path, without its query (the cache key). */
function cacheKey(path) {
  const url = new URL(path, self.location);
  url.search = "";
  return url.href;
}

/** Downloads every site file into this version's cache. */
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    PRECACHE.map(async (path) => {
      const response = await fetch(new URL(path, self.location), { cache: "no-cache" });
      if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
      await cache.put(cacheKey(path), response);
    }),
  );
}

/** Deletes the caches of other versions of this site. */
async function deleteOldCaches() {
  const names = await caches.keys();
  const old = names.filter((name) => name.startsWith("reversi-") && name !== CACHE);
  await Promise.all(old.map((name) => caches.delete(name)));
}

/** Returns a copy of a response with the cross-origin isolation headers added. */
function isolated(response) {
  if (response.status === 0) return response; // opaque redirect: its headers are not ours to set
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Answers a same-origin GET from the cache (navigations get index.html), else from the network. */
async function respond(request) {
  const cache = await caches.open(CACHE);
  const key = request.mode === "navigate" ? cacheKey("index.html") : request;
  const cached = await cache.match(key, { ignoreSearch: true });
  return isolated(cached || (await fetch(request)));
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(deleteOldCaches().then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});
