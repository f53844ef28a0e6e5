// Sections search: on the search page, list the rule sections, glossary entries and ambiguities whose
// words contain every word of the query (stemmed like Sphinx's own index), above Sphinx's page results.
// The data (rp-sections.js) is written by Rulepress for each language.
document.addEventListener("DOMContentLoaded", () => {
  const form = new URLSearchParams(window.location.search);
  const query = (form.get("q") || "").trim();
  if (!query) return;
  document.querySelectorAll('.rp-search input[name="q"], .sidebar-search').forEach((i) => { i.value = query; });
  const results = document.getElementById("search-results");
  if (!results || typeof Stemmer === "undefined") return;
  const root = document.documentElement.dataset.content_root || "";
  const script = document.createElement("script");
  script.src = root + "_static/rp-sections.js";
  script.onload = () => show(window.RP_SECTIONS || []);
  document.head.appendChild(script);

  function show(entries) {
    const stemmer = new Stemmer();
    const words = query.toLowerCase().split(/[^\p{L}\p{N}_-]+/u).filter((w) => w.length > 1);
    const stems = words.map((w) => stemmer.stemWord(w));
    if (!stems.length) return;
    const found = [];
    for (const entry of entries) {
      const all = new Set(entry.words);
      if (!stems.every((s) => all.has(s) || entry.words.some((w) => s.length >= 4 && w.startsWith(s)))) continue;
      const inTitle = stems.filter((s) => entry.title.includes(s)).length;
      found.push([inTitle, entry]);
    }
    if (!found.length) return;
    found.sort((a, b) => b[0] - a[0]);
    const box = document.createElement("section");
    box.className = "rp-section-results";
    const heading = document.createElement("h2");
    const bar = document.querySelector(".rp-topbar");
    heading.textContent = (bar && bar.dataset.rpSectionsLabel) || "Sections";
    box.appendChild(heading);
    const list = document.createElement("ul");
    for (const [, entry] of found.slice(0, 20)) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = root + entry.page + ".html#" + entry.anchor;
      link.textContent = entry.label;
      const where = document.createElement("span");
      where.className = "rp-where";
      where.textContent = " — " + entry.game;
      item.append(link, where);
      list.appendChild(item);
    }
    box.appendChild(list);
    results.parentNode.insertBefore(box, results);
  }
});
