"""The sections search's ranking script (templates/site/static/rp-search-rank.js), run by node on a small index:
rule sections before glossary and register entries that match about as well, compounds the index does not know
read as the known words they are made of, and a "did you mean" for a typo next to a compound."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from rulepress import paths

RANK = paths.TEMPLATES / "site" / "static" / "rp-search-rank.js"
ENTRIES = [
    {"anchor": "g-hand-limit", "page": "g/rules", "label": "Hand limit", "title": ["hand", "kart", "limit"],
     "words": ["hand", "kart", "limit", "hochst", "sieb", "hand"]},
    {"anchor": "g-term-limit", "page": "g/glossary", "label": "Limit", "title": ["limit"],
     "words": ["limit", "hand", "kart"]},
    {"anchor": "g-amb-limit", "page": "g/ambiguities", "label": "Limit beim Tauschen", "title": ["limit", "tausch"],
     "words": ["limit", "tausch", "hand"]},
    {"anchor": "g-goal", "page": "g/rules", "label": "Ziel des Spiels", "title": ["ziel", "spiel"],
     "words": ["ziel", "spiel", "gewinn"]},
    {"anchor": "g-red", "page": "g/rules", "label": "Die roten Felder", "title": ["rot", "feld"],
     "words": ["rot", "feld", "bomb", "zieh", "wurf", "stein", "zug", "end", "geld", "bank", "spiel", "lauf"]},
    {"anchor": "g-amb-red-mover", "page": "g/ambiguities", "label": "Wer zieht auf rote Felder", "title": ["rot", "feld", "zieh"],
     "words": ["rot", "feld", "zieh"]},
    {"anchor": "g-amb-red-spent", "page": "g/ambiguities", "label": "Rote Felder verbraucht", "title": ["rot", "feld", "verbraucht"],
     "words": ["rot", "feld", "verbraucht"]},
    {"anchor": "g-term-red", "page": "g/glossary", "label": "Rotes Feld", "title": ["rot", "feld"],
     "words": ["rot", "feld"]},
]  # fmt: skip
RUN = """
const rank = require(process.argv[1]);
const entries = JSON.parse(process.argv[2]);
const stem = (w) => w.replace(/(en|e|s)$/u, "");
const out = {};
for (const q of JSON.parse(process.argv[3])) {
  const found = rank.search(q, entries, { stop: ["der", "die"], forms: {} }, stem);
  out[q] = { hits: found.hits.map((h) => h.anchor), suggestion: found.suggestion };
}
process.stdout.write(JSON.stringify(out));
"""


def _search(*queries: str) -> dict:
    if shutil.which("node") is None:
        pytest.fail("node is needed to run the site's search script (./dev.sh test installs it)")
    done = subprocess.run(
        ["node", "-e", RUN, str(RANK), json.dumps(ENTRIES), json.dumps(list(queries))],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(done.stdout)


def test_a_rule_section_ranks_before_glossary_and_register_entries_that_match_as_well():
    found = _search("die roten Felder", "Hand Limit")
    # the section's longer text scores it lower than the short entries with the same title words
    assert found["die roten Felder"]["hits"][0] == "g-red"
    assert found["Hand Limit"]["hits"][:3] == ["g-hand-limit", "g-term-limit", "g-amb-limit"]


def test_a_compound_the_index_does_not_know_counts_as_its_words():
    found = _search("Handkartenlimit", "Spielsziel", "Handkartenlimti", "Zielxyzq")
    assert found["Handkartenlimit"]["hits"][0] == "g-hand-limit"
    assert found["Spielsziel"]["hits"][0] == "g-goal"  # a linking s between the parts
    assert found["Zielxyzq"]["hits"] == []  # a part the index does not know: no compound
    assert found["Handkartenlimti"]["hits"]  # a typo at the end: the nearest words still found
