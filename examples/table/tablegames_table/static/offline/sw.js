// The offline page's service worker: keeps the page, its modules, the
// board drawings, the tablegames package (its modules, the BotWorker and
// the Worker script the computer seats think in) and its WebAssembly module
// in the browser's cache, so "Play on this device" opens and plays with the
// network off or the server stopped.
//
// Online, every file comes from the server (so a new version is picked up
// at once) and the cached copy is refreshed; when the server cannot be
// reached, the cached copy answers. Only the files below are kept; the
// online table's pages lie outside this worker's scope (/static/offline/)
// and never go through it.
// A new name when files leave the list: activate deletes the old cache.
const CACHE = "tablegames-offline-v3";
const PACKAGE = "/static/offline/pkg/";
// The page's own files beside it (everything under /static/offline/ is
// kept) and the online table's files it uses.
const FILES = [
  "/static/offline/play.html", "/static/offline/offline.css",
  "/static/offline/play.js", "/static/offline/engine.js", "/static/offline/match.js",
  "/static/offline/seat_view.js", "/static/offline/setup.js",
  "/static/css/table.css",
  "/static/js/interact.js", "/static/js/zoom.js", "/static/js/touch_words.js", "/static/js/events_text.js", "/static/js/knowledge.js", "/static/js/svg.js",
  "/static/js/boards/index.js", "/static/js/boards/witches_dance.js", "/static/js/boards/bewitched.js",
  "/static/js/boards/creepy_cauldron.js", "/static/js/boards/spinning_wishes.js",
];

const kept = (url) => url.origin === self.location.origin &&
  (url.pathname.startsWith("/static/offline/") || FILES.includes(url.pathname));

// no-store: never an HTTP cache's copy, always the server's.
const fresh = (path) => new Request(path, { cache: "no-store" });

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The package's files, as the server lists them (pkg-files.json).
    const listed = await (await fetch(fresh("/static/offline/pkg-files.json"))).json();
    await cache.addAll([...FILES, ...listed.files.map((f) => PACKAGE + f)].map(fresh));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

async function answer(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);   // the server says no-store: never an HTTP cache's copy
    if (response.ok) await cache.put(url.pathname, response.clone());
    return response;
  } catch (error) {
    const copy = await cache.match(url.pathname);
    if (copy) return copy;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !kept(url)) return;
  event.respondWith(answer(event.request, url));
});
