// Service worker of one language of the rules website (written by Rulepress, generator/site/offline.py):
// on install it stores the language's pages, the search index and data, the theme's files and the images the
// pages show, so the rules open at the table without a network; later it serves from the network when there
// is one (and refreshes the stored copy), else from the store. A new build changes VERSION: the old store goes.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const STORE = "rulepress-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STORE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("rulepress-") && k !== STORE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && new URL(request.url).origin === self.location.origin) {
          const copy = response.clone();
          caches.open(STORE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit || caches.match(new URL(request.url).pathname)))
  );
});
