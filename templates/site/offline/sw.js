// Service worker of the rules website (written by Rulepress, generator/rulepress/site/offline.py), at the site's
// root for every language. It stores nothing by itself: the page registers it only when the player chooses to
// keep the rules offline, and stores the chosen files (rp-offline.js). It serves from the network when there is
// one (refreshing a stored copy) and from the store when not.
const STORE = "rulepress-offline";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(STORE).then((cache) => cache.match(request).then((hit) => hit && cache.put(request, copy)));
        }
        return response;
      })
      .catch(() =>
        caches.open(STORE).then((cache) =>
          cache.match(request, { ignoreSearch: true }).then((hit) => hit || cache.match(new URL(request.url).pathname))
        )
      )
  );
});
