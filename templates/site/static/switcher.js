// Keep the place when switching language: both sites use the same page names and anchors (rule sections,
// rule paragraphs #r-4-2, glossary entries, ambiguities, examples). The link takes the anchor nearest above the
// top of the window (what the player is reading, not the one the page was opened at), and the search query.
(function () {
  "use strict";
  // set when the reader scrolls by hand (wheel, touch, scroll keys, Tab, the scroll bar), cleared when a link moves
  // to an anchor
  let readerScrolled = false;
  const scrolled = () => { readerScrolled = true; };
  window.addEventListener("wheel", scrolled, { passive: true });
  window.addEventListener("touchmove", scrolled, { passive: true });
  window.addEventListener("keydown", (event) => {
    if (/^(Page(Up|Down)|Arrow(Up|Down)|Home|End|Tab| )$/.test(event.key)) scrolled();
  });
  window.addEventListener("mousedown", (event) => {
    if (event.target === document.documentElement) scrolled(); // the page's scroll bar
  });
  window.addEventListener("hashchange", () => { readerScrolled = false; });
  // The id of the last anchored element of the page text whose top is above the top of the window (+ a margin
  // for the sticky header), or "" at the top of the page.
  function readingAnchor() {
    const main = document.querySelector('[role="main"]') || document.body;
    const header = document.querySelector(".mobile-header");
    const margin = (header && header.getBoundingClientRect().height) || 0;
    // a page opened at an anchor (or sent to one by a link), not scrolled by the reader since: that anchor is
    // what is being read, even where the page ends too soon to bring it to the top of the window
    const hashed = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    // (the theme scrolls smoothly: right after opening, the window may still be on its way there)
    if (hashed && !readerScrolled) return hashed.id;
    let found = "";
    for (const element of main.querySelectorAll("section[id], [id^='r-'], dt[id], div[id].rp-example, [id].admonition")) {
      if (element.getBoundingClientRect().top - margin - 8 <= 0) found = element.id;
    }
    return window.scrollY > 0 ? found : "";
  }

  function target(link) {
    const anchor = readingAnchor() || window.location.hash.slice(1);
    link.dataset.rpBase = link.dataset.rpBase || link.getAttribute("href"); // the page in the other language
    return link.dataset.rpBase + window.location.search + (anchor ? "#" + anchor : "");
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-rp-switch]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    window.location.href = target(link);
  });
  // a link opened another way (middle click, long press) carries the place too
  document.addEventListener("pointerdown", (event) => {
    const link = event.target.closest("a[data-rp-switch]");
    if (link) link.href = target(link);
  });
})();
