"""Sections search measured on realistic queries: the share of queries whose expected section is in the top 3.

The queries are what players type at the table, in two sets per language: the tuning set
(benchmarks/data/search_queries.<lang>.yaml, which the ranking was tuned on) and the held-out set
(search_queries_heldout.<lang>.yaml, written before it was measured and never tuned on): single words,
words with typos, several words, questions typed in full, rule numbers. Each names the game it is typed on
and the section(s) that answer it (anchors of the built site). The ranking is the site's own script
(templates/site/static/rp-search-rank.js) with the site's Sphinx stemmer (language_data.js), run by node over
the site's data (rp-sections.js and its part per game), twice: searching the game the query is typed on (the site's default from a
game's page) and searching all games.

    rulepress build --only site --out /tmp/site-out
    python benchmarks/site_search.py /tmp/site-out/site [--show-misses]

Results: benchmarks/site_search.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).parent
RANK = HERE.parent / "templates" / "site" / "static" / "rp-search-rank.js"
RUNNER = r"""
const fs = require("fs"), vm = require("vm");
const [site, lang, rank] = process.argv.slice(1);
const context = { window: {} };
vm.createContext(context);
vm.runInContext(fs.readFileSync(site + "/" + lang + "/_static/language_data.js", "utf8"), context);
const data = site + "/" + lang + "/_static/";
vm.runInContext(fs.readFileSync(data + "rp-sections.js", "utf8"), context);
const games = context.window.RP_SECTION_PARTS;  // one part per game, merged as sections-search.js merges them
for (const id of games) vm.runInContext(fs.readFileSync(data + "rp-sections/" + id + ".js", "utf8"), context);
const parts = games.map((id) => context.window.RP_PARTS[id]);
const forms = {};
for (const part of parts) {
  for (const [key, written] of Object.entries(part.search.forms || {})) {
    forms[key] = [...new Set([...(forms[key] || []), ...written])];
  }
}
const RPRank = require(rank);
const stemmer = new context.window.Stemmer();
const stem = (w) => stemmer.stemWord(w);
const entries = parts.flatMap((part) => part.sections), meta = { stop: parts[0].search.stop, forms };
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
const out = queries.map((q) => {
  const scoped = entries.filter((e) => e.gid === q.game);
  const top = (found) => found.hits.slice(0, 3).map((h) => h.anchor);
  const inGame = RPRank.search(q.query, scoped, meta, stem);
  const all = RPRank.search(q.query, entries, meta, stem);
  return { game: top(inGame), all: top(all), suggestion: inGame.suggestion };
});
process.stdout.write(JSON.stringify(out));
"""


SETS = {  # the tuning set (what the ranking was tuned on) and the held-out set (never tuned on)
    "tuning": "search_queries.{lang}.yaml",
    "held-out": "search_queries_heldout.{lang}.yaml",
}


def measure(site: Path, lang: str, name: str = SETS["tuning"]) -> tuple[list[dict], list[dict]]:
    """The queries of `lang` in the file `name` and, for each, the top 3 anchors in its game and in all games."""
    queries = yaml.safe_load((HERE / "data" / name.format(lang=lang)).read_text(encoding="utf-8"))
    run = subprocess.run(
        ["node", "-e", RUNNER, str(site), lang, str(RANK)],
        input=json.dumps(queries),
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode:
        raise SystemExit(run.stderr)
    return queries, json.loads(run.stdout)


def hit(query: dict, top: list[str]) -> bool:
    expected = query["expect"] if isinstance(query["expect"], list) else [query["expect"]]
    return any(anchor.split("#")[-1] in top for anchor in expected)


def main(argv: list[str]) -> int:
    site = Path(argv[0])
    show = "--show-misses" in argv
    for lang in ("de", "en", "fr"):
        for label, name in SETS.items():
            if not (HERE / "data" / name.format(lang=lang)).is_file() or not (site / lang).is_dir():
                continue
            queries, results = measure(site, lang, name)
            in_game = sum(hit(q, r["game"]) for q, r in zip(queries, results))
            in_all = sum(hit(q, r["all"]) for q, r in zip(queries, results))
            n = len(queries)
            print(
                f"{lang} {label}: {n} queries; top 3 in the game: {in_game}/{n} = {in_game / n:.1%}; "
                f"all games: {in_all}/{n} = {in_all / n:.1%}"
            )
            if show:
                for q, r in zip(queries, results):
                    if not hit(q, r["game"]) or not hit(q, r["all"]):
                        print(
                            f"  MISS {q['game']}: {q['query']!r} -> game {r['game']} all {r['all']} (want {q['expect']})"
                        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
