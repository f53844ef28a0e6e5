// Sections search: on the search page, list the rule sections, glossary entries and ambiguities that match the
// query (ranked by rp-search-rank.js: stop words dropped, typos forgiven with "did you mean", entries matching
// only some words still listed), each labelled with the page it is on (rules, glossary, unclear points), above
// Sphinx's page results. A search started on a game's page (`game` in the
// query string) lists that game's entries, with a link to search all games; a rule number ("4.2") of that game
// goes straight to the rule. The data (rp-sections.js) is written by Rulepress for each language.
document.addEventListener("DOMContentLoaded", () => {
  const form = new URLSearchParams(window.location.search);
  const query = (form.get("q") || "").trim();
  const game = form.get("game") || "";
  document.querySelectorAll('.rp-search input[name="q"], .sidebar-search').forEach((i) => { i.value = query; });
  const results = document.getElementById("search-results");
  if (!query || !results || typeof Stemmer === "undefined") return;
  const root = document.documentElement.dataset.content_root || "";
  const bar = document.querySelector(".rp-topbar");
  const say = (key, fallback) => (bar && bar.dataset[key]) || fallback;
  // the data comes in parts, one per game (rp-sections/<game>.js): a search on a game's page loads that game's;
  // the ranking script, the list of parts and the parts load side by side
  let waiting = 2;
  let wanted = [];
  const ready = () => { waiting -= 1; if (!waiting) show(...merged(wanted)); };
  load(root + "_static/rp-search-rank.js", ready);
  load(root + "_static/rp-sections.js", () => {
    const games = window.RP_SECTION_PARTS || [];
    wanted = games.includes(game) ? [game] : games;
    waiting += wanted.length;
    wanted.forEach((id) => load(root + "_static/rp-sections/" + encodeURIComponent(id) + ".js", ready));
    ready();
  });

  function merged(ids) {
    const parts = ids.map((id) => (window.RP_PARTS || {})[id]).filter(Boolean);
    const entries = parts.flatMap((part) => part.sections);
    const forms = {};
    for (const part of parts) {
      for (const [key, written] of Object.entries(part.search.forms || {})) {
        forms[key] = [...new Set([...(forms[key] || []), ...written])];
      }
    }
    return [entries, { stop: parts.length ? parts[0].search.stop : [], forms }];
  }

  function load(src, then) {
    const script = document.createElement("script");
    script.src = src;
    script.onload = then;
    script.onerror = then; // a missing part leaves its game out, not the search
    document.head.appendChild(script);
  }

  function link(search, scope) {
    const params = new URLSearchParams({ q: search });
    if (scope) params.set("game", scope);
    return window.location.pathname + "?" + params.toString();
  }

  function show(entries, meta) {
    const stemmer = new Stemmer();
    const stem = (w) => stemmer.stemWord(w);
    const scoped = game ? entries.filter((e) => e.gid === game) : entries;
    const found = window.RPRank.search(query, scoped.length ? scoped : entries, meta, stem);
    if (found.number && game && found.hits.length === 1) {
      const hit = found.hits[0];
      window.location.replace(root + hit.entry.page + ".html#" + hit.anchor);
      return;
    }
    const box = document.createElement("section");
    box.className = "rp-section-results";
    box.setAttribute("aria-live", "polite");
    const heading = document.createElement("h2");
    heading.textContent = say("rpSectionsLabel", "Sections");
    box.appendChild(heading);
    const count = document.createElement("p");
    count.className = "rp-hit-count";
    const n = found.hits.length;
    count.textContent = say(n === 1 ? "rpHitsOne" : "rpHitsMany", "{n} found").replace("{n}", n);
    box.appendChild(count);
    if (found.suggestion && found.suggestion !== query.toLowerCase()) {
      const mean = document.createElement("p");
      mean.className = "rp-did-you-mean";
      const a = document.createElement("a");
      a.href = link(found.suggestion, game);
      a.textContent = found.suggestion;
      mean.append(say("rpDidYouMean", "Did you mean") + " ", a, "?");
      box.appendChild(mean);
    }
    if (game) {
      const scope = document.createElement("p");
      scope.className = "rp-scope";
      const all = document.createElement("a");
      all.href = link(query, "");
      all.textContent = say("rpAllGames", "Search all games");
      const title = scoped.length ? scoped[0].game : "";
      scope.append(title ? title + " · " : "", all);
      box.appendChild(scope);
    }
    const list = document.createElement("ol");
    for (const hit of found.hits.slice(0, 20)) {
      const item = document.createElement("li");
      const a = document.createElement("a");
      a.href = root + hit.entry.page + ".html#" + hit.anchor;
      a.textContent = found.number && hit.anchor.startsWith("r-") ? found.number + " — " + hit.entry.label : hit.entry.label;
      // what kind of entry it is, named as its page is: rules, glossary or unclear points
      const page = hit.entry.page.split("/").pop();
      const kindName = say("rpKind" + page.charAt(0).toUpperCase() + page.slice(1), "");
      if (kindName) {
        const kind = document.createElement("span");
        kind.className = "rp-kind rp-kind-" + page;
        kind.textContent = kindName;
        item.append(kind, " ");
      }
      item.appendChild(a);
      if (!game) {
        const where = document.createElement("span");
        where.className = "rp-where";
        where.textContent = " — " + hit.entry.game;
        item.appendChild(where);
      }
      list.appendChild(item);
    }
    box.appendChild(list);
    results.parentNode.insertBefore(box, results);
  }
});
