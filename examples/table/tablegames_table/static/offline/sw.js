// The offline page's service worker: keeps the page, its modules, the
// board drawings, the tablegames package and its WebAssembly module in the
// browser's cache, so "Play on this device" opens and plays with the
// network off or the server stopped.
//
// Online, every file comes from the server (so a new version is picked up
// at once) and the cached copy is refreshed; when the server cannot be
// reached, the cached copy answers. Only the files below are kept: the
// online table (its WebSocket, /api/, /t/ pages) never goes through here.
const CACHE = "tablegames-offline-v1";
const PACKAGE = "/static/offline/pkg/";
const FILES = [
  "/static/offline/play.html", "/static/offline/offline.css",
  "/static/offline/play.js", "/static/offline/engine.js", "/static/offline/match.js",
  "/static/offline/seat_view.js", "/static/offline/setup.js",
  "/static/css/table.css",
  "/static/js/interact.js", "/static/js/events_text.js", "/static/js/knowledge.js", "/static/js/svg.js",
  "/static/js/boards/index.js", "/static/js/boards/witches_dance.js", "/static/js/boards/bewitched.js",
  "/static/js/boards/creepy_cauldron.js", "/static/js/boards/spinning_wishes.js",
  ...PACKAGE_FILES().map((f) => PACKAGE + f),
];

// The package's files the page and its bot Worker load (bindings/js).
function PACKAGE_FILES() {
  return ["index.js", "core.js", "worker.js", "dist/tablegames_wasm.mjs", "dist/tablegames_wasm.wasm"];
}

const kept = (url) => url.origin === self.location.origin && FILES.includes(url.pathname);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // no-store: never an HTTP cache's copy, always the server's.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "no-store" })));
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
