// Ranking of the sections search, as a player types: words are stemmed like Sphinx's own index, stop words of
// the language are dropped, a word the index does not know is matched to the index's nearest words by edit
// distance (and offered as "did you mean"), entries matching only some words still rank (BM25 over the
// entries' stems, words in the title count more), a compound the index does not know counts as the known words
// it is made of ("Handkartenlimit"), rule sections rank above glossary and register entries that match about as
// well, and a rule number ("4.2", "§ 4.2") finds its paragraph.
// Pure functions, no page access: the search page (sections-search.js) and the benchmark (node) share them.
(function (root) {
  "use strict";
  const K1 = 1.2;
  const B = 0.5;
  const TITLE = 1.5; // weight of a word of the entry's title over a word of its text
  const SECONDARY = 0.5; // glossary entries and ambiguities rank after a rule section matching about as well
  const MIN_PART = 4; // letters of a compound's part at least
  const PART = 0.9; // weight of a compound's part, as a word of its own
  const NUMBER = /^\s*(?:§|#|r-)?\s*(\d{1,3}(?:[.-]\d{1,3})*)\.?\s*$/u;

  // The words of a query, lower case, split at everything that is no letter or digit ("can't" -> can, t).
  function words(query) {
    return query.toLowerCase().normalize("NFC").split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  }

  // Edit distance of a and b (insert, delete, replace, swap two neighbours), or max + 1 as soon as it exceeds max.
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    let before = null;
    let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      let best = i;
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (before && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          current[j] = Math.min(current[j], before[j - 2] + 1);
        }
        best = Math.min(best, current[j]);
      }
      if (best > max) return max + 1;
      before = previous;
      previous = current;
    }
    return previous[b.length];
  }

  // Allowed typos for a word of this length: none below 4 letters, one up to 7, two from 8.
  function allowed(length) {
    return length < 4 ? 0 : length < 8 ? 1 : 2;
  }

  // Statistics of an index (computed once per index and kept on it): document frequency of every stem,
  // the entries' word sets and the average entry length.
  function prepare(entries) {
    const df = new Map();
    const sets = entries.map((entry) => {
      const all = new Set(entry.words);
      const title = new Set(entry.title);
      for (const s of all) df.set(s, (df.get(s) || 0) + 1);
      return { all, title, length: all.size };
    });
    const average = sets.reduce((sum, s) => sum + s.length, 0) / Math.max(1, sets.length);
    return { df, sets, average, vocabulary: [...df.keys()].sort() };
  }

  // The index stems a query word stands for, each with a weight (1 for the word itself, less for a longer
  // word it begins, less again for a typo), and whether the word was corrected.
  function expand(word, stem, stats, forms) {
    const own = stem(word);
    if (stats.df.has(own)) return { stems: [[own, 1]], corrected: null };
    const found = [];
    if (own.length >= 4) {
      for (const s of stats.vocabulary) if (s.startsWith(own)) found.push([s, 0.8]);
    }
    if (found.length) return { stems: found, corrected: null };
    const max = allowed(word.length);
    if (!max) return { stems: [], corrected: null };
    let best = max + 1;
    const near = new Map(); // stem -> its written form nearest to the word
    for (const s of stats.vocabulary) {
      if (s.length < 3) continue;
      let d = distance(own, s, max);
      let shown = (forms[s] || [s])[0];
      for (const written of forms[s] || [s]) {
        const e = distance(word, written, max); // the typo is in the word as written, its stem may differ more
        if (e < d) [d, shown] = [e, written];
      }
      if (d > max || d > best) continue;
      if (d < best) {
        best = d;
        near.clear();
      }
      near.set(s, shown);
    }
    if (!near.size) return { stems: [], corrected: null };
    const order = [...near.keys()].sort((a, b) => stats.df.get(b) - stats.df.get(a) || (a < b ? -1 : 1));
    return { stems: order.slice(0, 3).map((s) => [s, best === 1 ? 0.7 : 0.5]), corrected: near.get(order[0]) };
  }

  // The parts of a compound the index does not know ("handkartenlimit": hand|karten|limit), read from the
  // left, the longest known part first, each at least MIN_PART letters, a linking "s" between two parts
  // skipped; the last part may carry a typo (the index's nearest words, as for a word). Each part is the stems
  // it stands for, with their weights; null unless the whole word is read so, in two parts or more.
  function parts(word, stem, stats, forms) {
    const found = [];
    let rest = word;
    while (rest.length) {
      let cut = 0;
      for (let i = rest.length; i >= MIN_PART; i--) {
        if (stats.df.has(stem(rest.slice(0, i)))) {
          cut = i;
          break;
        }
      }
      if (!cut && found.length && rest.startsWith("s") && rest.length > MIN_PART) {
        rest = rest.slice(1); // Spiel|s|ziel
        continue;
      }
      if (!cut) {
        const near = found.length && rest.length >= MIN_PART ? expand(rest, stem, stats, forms).stems : [];
        if (!near.length) return null;
        found.push(near);
        break;
      }
      found.push([[stem(rest.slice(0, cut)), PART]]);
      rest = rest.slice(cut);
    }
    return found.length > 1 ? found : null;
  }

  // The entries a rule number names: the section with that number, or the section holding the rule
  // paragraph with it (then the anchor is the paragraph's, r-4-2).
  function byNumber(number, entries) {
    const found = [];
    for (const entry of entries) {
      if (entry.number === number) found.push({ entry, anchor: entry.anchor, number });
      else if ((entry.rules || []).includes(number)) found.push({ entry, anchor: "r-" + number.replaceAll(".", "-"), number });
    }
    return found;
  }

  // Search `entries` (RP_SECTIONS) for `query`; `meta` is RP_SEARCH (stop words, written forms), `stem` the
  // language's stemmer. Returns {hits: [{entry, anchor, score, matched}], suggestion, number, words}:
  // hits best first; suggestion the query with its corrected words (null when none was corrected).
  function search(query, entries, meta, stem, stats) {
    stats = stats || prepare(entries);
    const numberMatch = NUMBER.exec(query);
    if (numberMatch) {
      const number = numberMatch[1].replaceAll("-", ".");
      const found = byNumber(number, entries);
      if (found.length) return { hits: found.map((f) => ({ ...f, score: 1, matched: 1 })), suggestion: null, number, words: [] };
    }
    const stop = new Set((meta && meta.stop) || []);
    const all = words(query);
    const kept = all.filter((w) => !stop.has(w));
    const used = kept.length ? kept : all;
    const forms = (meta && meta.forms) || {};
    // a word the index does not know, that is a compound of words it knows, counts as those words
    const perWord = used.map((w) => {
      const found = expand(w, stem, stats, forms);
      if (found.stems.length && !found.corrected) return [found];
      const split = w.length >= 2 * MIN_PART ? parts(w, stem, stats, forms) : null;
      return split ? split.map((stems) => ({ stems, corrected: null })) : [found];
    });
    const expanded = perWord.flat();
    const total = entries.length;
    const idf = (s) => {
      const n = stats.df.get(s) || 0;
      return Math.log(1 + (total - n + 0.5) / (n + 0.5));
    };
    const hits = [];
    entries.forEach((entry, index) => {
      const set = stats.sets[index];
      const norm = K1 * (1 - B + (B * set.length) / stats.average);
      let score = 0;
      let matched = 0;
      for (const { stems } of expanded) {
        let best = 0;
        for (const [s, weight] of stems) {
          if (!set.all.has(s)) continue;
          const inTitle = set.title.has(s) ? TITLE : 0;
          best = Math.max(best, weight * idf(s) * ((K1 + 1) / (1 + norm) + inTitle));
        }
        if (best > 0) matched += 1;
        score += best;
      }
      if (!matched) return;
      const coverage = matched / expanded.length;
      const kind = entry.page.endsWith("/rules") ? 1 : SECONDARY;
      hits.push({ entry, anchor: entry.anchor, score: kind * score * (0.5 + coverage), matched });
    });
    hits.sort((a, b) => b.score - a.score || (a.entry.label < b.entry.label ? -1 : 1));
    const corrected = expanded.some((e) => e.corrected);
    const suggestion = corrected
      ? used.map((w, i) => (perWord[i].length === 1 && perWord[i][0].corrected) || w).join(" ")
      : null;
    return { hits, suggestion, number: numberMatch ? numberMatch[1] : null, words: used };
  }

  const api = { search, prepare, words, distance, byNumber, parts };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.RPRank = api;
})(typeof window !== "undefined" ? window : globalThis);
