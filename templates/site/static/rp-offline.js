// Keep the rules for use at the table without a network, when the player chooses it: the button of `.rp-offline`
// (page.html) shows what can be kept and its size (the site's offline.json: the pages of every language, and the
// printable files), and only the choice stores them and registers the service worker (sw.js at the site's root).
// Nothing is stored before. A stored site is refreshed when a newer build is online. Not on file:// pages.
(function () {
  "use strict";
  const STORE = "rulepress-offline";
  const KEY = "rulepress-offline";
  const usable = "serviceWorker" in navigator && "caches" in window && window.location.protocol.startsWith("http");

  function site() {
    return new URL((document.documentElement.dataset.content_root || "") + "../", window.location.href);
  }

  function kept() {
    try {
      return JSON.parse(window.localStorage.getItem(KEY) || "null");
    } catch (error) {
      return null;
    }
  }

  async function list() {
    const response = await fetch(new URL("offline.json", site()), { cache: "no-cache" });
    if (!response.ok) throw new Error("offline.json: " + response.status);
    return response.json();
  }

  function size(box, bytes) {
    const lang = document.documentElement.lang || "en";
    const mb = bytes / 1e6;
    const number = new Intl.NumberFormat(lang, { maximumSignificantDigits: 2 });
    return mb < 1
      ? box.dataset.rpKb.replace("{n}", number.format(Math.max(1, Math.round(bytes / 1000))))
      : box.dataset.rpMb.replace("{n}", number.format(mb));
  }

  async function store(data, parts, progress) {
    await navigator.serviceWorker.register(new URL("sw.js", site()), { scope: site().pathname });
    const cache = await caches.open(STORE);
    const urls = parts.flatMap((part) => data[part].files).map((url) => new URL(url, site()).href);
    const wanted = new Set(urls);
    for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
    for (let i = 0; i < urls.length; i += 8) {
      await cache.addAll(urls.slice(i, i + 8));
      progress(Math.min(i + 8, urls.length), urls.length);
    }
    window.localStorage.setItem(KEY, JSON.stringify({ version: data.version, parts }));
  }

  async function remove() {
    await caches.delete(STORE);
    const registration = await navigator.serviceWorker.getRegistration(site().href);
    if (registration) await registration.unregister();
    window.localStorage.removeItem(KEY);
  }

  function say(box, text) {
    box.querySelector(".rp-offline-status").textContent = text;
  }

  function choose(box, data) {
    const form = box.querySelector(".rp-offline-choice");
    const stored = kept();
    form.replaceChildren();
    for (const part of ["pages", "prints"]) {
      const label = document.createElement("label");
      const check = document.createElement("input");
      check.type = "checkbox";
      check.name = part;
      check.checked = stored ? stored.parts.includes(part) : part === "pages";
      label.append(check, " " + box.dataset["rp" + part[0].toUpperCase() + part.slice(1)].replace("{size}", size(box, data[part].bytes)));
      form.appendChild(label);
    }
    const go = document.createElement("button");
    go.type = "submit";
    go.textContent = box.dataset.rpStore;
    form.appendChild(go);
    if (stored) {
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "rp-offline-remove";
      drop.textContent = box.dataset.rpRemove;
      drop.addEventListener("click", () => remove().then(() => { form.replaceChildren(); say(box, ""); }));
      form.appendChild(drop);
    }
    form.onsubmit = (event) => {
      event.preventDefault();
      const parts = [...form.querySelectorAll("input:checked")].map((c) => c.name);
      if (!parts.length) return;
      const total = parts.reduce((n, part) => n + data[part].bytes, 0);
      go.disabled = true;
      store(data, parts, (done, all) => say(box, box.dataset.rpStoring.replace("{done}", done).replace("{total}", all)))
        .then(() => say(box, box.dataset.rpStored.replace("{size}", size(box, total))))
        .catch((error) => say(box, box.dataset.rpNotStored.replace("{error}", error.message)))
        .finally(() => { go.disabled = false; });
    };
  }

  function refresh() {
    const stored = kept();
    if (!stored || !navigator.onLine) return;
    list().then((data) => (data.version !== stored.version ? store(data, stored.parts, () => {}) : null)).catch(() => {});
  }

  document.addEventListener("DOMContentLoaded", () => {
    const box = document.querySelector(".rp-offline");
    if (!box || !usable) return;
    box.hidden = false;
    const stored = kept();
    if (stored) say(box, box.dataset.rpStoredShort);
    box.querySelector(".rp-offline-open").addEventListener("click", () => {
      list().then((data) => choose(box, data)).catch((error) => say(box, box.dataset.rpNotStored.replace("{error}", error.message)));
    });
    refresh();
  });
})();
