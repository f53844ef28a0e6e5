// Install the rules for use at the table without a network: register the language's service worker (sw.js at
// the language's root, so it looks after every page of the language). Not on file:// pages (no workers there).
if ("serviceWorker" in navigator && window.location.protocol.startsWith("http")) {
  window.addEventListener("load", () => {
    const root = document.documentElement.dataset.content_root || "";
    navigator.serviceWorker.register(root + "sw.js").catch(() => {});
  });
}
