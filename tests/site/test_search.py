"""The sections-search data: stop words from the per-language word lists, written forms, the index script."""

from __future__ import annotations

import json
import re

from rulepress.site import search


def test_stop_words_come_from_a_list_per_language():
    for lang, word in (("de", "und"), ("en", "the"), ("fr", "les")):
        assert word in search.stop_words(lang)
        assert all(w == w.lower() and "#" not in w and w.strip() == w for w in search.stop_words(lang))
    assert "würfel" not in search.stop_words("de") and "dice" not in search.stop_words("en")
    assert search.stop_words("xx") == ()


def test_written_forms_count_each_form_of_a_stem():
    forms = search.written_forms(["Würfel", "würfel", "Würfeln", "Karte"], "de")
    assert forms[search.stem("Würfel", "de")] == {"würfel": 2, "würfeln": 1}  # one stem, two written forms
    assert forms[search.stem("Karte", "de")] == {"karte": 1}


def test_index_script_keeps_forms_out_of_the_entries_and_lists_the_most_frequent_first():
    entries = [
        {"anchor": "a", "forms": {"move": {"moving": 1, "moves": 3}}, "words": ["move"]},
        {"anchor": "b", "forms": {"move": {"moving": 4}}, "words": ["move"]},
    ]
    script = search.index_script(entries, "en")
    sections = json.loads(re.search(r"RP_SECTIONS = (.*);\n", script).group(1))
    meta = json.loads(re.search(r"RP_SEARCH = (.*);\n", script).group(1))
    assert [set(e) for e in sections] == [{"anchor", "words"}, {"anchor", "words"}]
    assert meta["forms"]["move"] == ["moving", "moves"]
    assert "the" in meta["stop"]
    assert search.index_script(entries, "en") == script  # same input, same bytes
