"""Search words that Sphinx's full-text index would otherwise miss.

Sphinx splits text into words and stems them, so the German compound
"Siegpunkte" is one word: a search for "Punkte" finds nothing. For every rule
section we therefore collect hidden search words: the glossary terms it
refers to with their keywords and aliases, the parts of compounds that are
known words (glossary terms and keywords of the game), and the section id.
It also writes the data of the sections search the browser runs (`index_script`): the entries, the
language's stop words (a word list per language in templates/site/stopwords/, one word a line) and the
written form of every stem, so a corrected typo can be shown as a word ("did you mean").
Pure functions: text in, words out (the stop-word lists are read once per language).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import lru_cache

from rulepress import i18n, paths
from rulepress.model.schema import Lang, Term

WORD = re.compile(r"\w+", re.UNICODE)
MIN_PART = 4  # shorter parts ("Tag", "Ei") would match far too much
STOPWORDS = paths.TEMPLATES / "site" / "stopwords"


@lru_cache(maxsize=131072)
def stem(word: str, lang: str) -> str:
    """The Snowball stem Sphinx's search uses for `word` in `lang`."""
    return _stemmer(lang)(word.lower())


@lru_cache(maxsize=4)
def _stemmer(lang: str):
    import snowballstemmer

    name = i18n.language_name(lang, "en").lower()  # "german", "french": the names of snowball's algorithms
    stemmer = snowballstemmer.stemmer(name if name in snowballstemmer.algorithms() else "english")
    return stemmer.stemWord


def term_words(term: Term, lang: str) -> list[str]:
    """The term in `lang`, its aliases and its search keywords."""
    return [term.name(lang), *_in_language(term.aliases, lang), *_in_language(term.keywords, lang)]


def _in_language(texts: dict[Lang, list[str]], lang: str) -> list[str]:
    """``texts.get(lang, [])`` for a language named by any string (the keys are typed as the two languages)."""
    return next((words for key, words in texts.items() if key == lang), [])


def vocabulary(glossary: list[Term], lang: str) -> dict[str, str]:
    """Known single words of a game in `lang` (stem -> word as written), for splitting compounds."""
    vocab: dict[str, str] = {}
    for term in glossary:
        for phrase in term_words(term, lang):
            for word in WORD.findall(phrase):
                if len(word) >= MIN_PART and not word.isdigit():
                    vocab.setdefault(stem(word, lang), word)
    return dict(sorted(vocab.items()))


def compound_parts(text: str, vocab: dict[str, str], lang: str) -> list[str]:
    """Known words hidden inside longer words of `text` ("Handelskarten" -> "Karte")."""
    found: set[str] = set()
    for word in set(WORD.findall(text)):
        lower = word.lower()
        for part_stem, part in vocab.items():
            if len(part_stem) >= MIN_PART - 1 and part_stem in lower and stem(word, lang) != part_stem:
                found.add(part)
    return sorted(found)


def section_words(text: str, term_ids: list[str], glossary: list[Term], lang: str, vocab: dict[str, str]) -> list[str]:
    """Hidden search words of one rule section (sorted, without duplicates)."""
    by_id = {t.id: t for t in glossary}
    words: set[str] = set(compound_parts(text, vocab, lang))
    for term_id in term_ids:
        if term_id in by_id:
            words.update(term_words(by_id[term_id], lang))
    return sorted(words, key=lambda w: (w.lower(), w))


@lru_cache(maxsize=8)
def stop_words(lang: str) -> tuple[str, ...]:
    """The stop words of `lang` (lower case, sorted; from templates/site/stopwords/<lang>.txt; none for a
    language without a list). A line's text after ``#`` is a comment."""
    path = STOPWORDS / f"{lang}.txt"
    if not path.is_file():
        return ()
    lines = (line.split("#", 1)[0].strip().lower() for line in path.read_text(encoding="utf-8").splitlines())
    return tuple(sorted({line for line in lines if line}))


def written_forms(words: list[str], lang: str) -> dict[str, dict[str, int]]:
    """How often each written form (lower case) of each stem occurs in `words`: {stem: {form: count}}."""
    counts: dict[str, Counter] = {}
    for word in words:
        counts.setdefault(stem(word, lang), Counter())[word.lower()] += 1
    return {key: dict(sorted(forms.items())) for key, forms in sorted(counts.items())}


def index_script(entries: list[dict], lang: str) -> str:
    """The script with the sections-search data of one language: ``window.RP_SECTIONS`` (the entries without
    their written forms) and ``window.RP_SEARCH``: the stop words and ``forms``, {stem: its written forms over
    all entries, the most frequent first} for every stem written otherwise (a typo is measured against the
    words as written, and "did you mean" shows one)."""
    totals: dict[str, Counter] = {}
    shown = []
    for entry in entries:
        for key, forms in entry.get("forms", {}).items():
            totals.setdefault(key, Counter()).update(forms)
        shown.append({k: v for k, v in entry.items() if k != "forms"})
    forms = {key: sorted(c, key=lambda w: (-c[w], len(w), w)) for key, c in sorted(totals.items())}
    meta = {"stop": list(stop_words(lang)), "forms": {k: v for k, v in forms.items() if v != [k]}}

    def dump(value) -> str:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")

    return f"window.RP_SECTIONS = {dump(shown)};\nwindow.RP_SEARCH = {dump(meta)};\n"


def index_parts(entries: list[dict], lang: str) -> dict[str, str]:
    """The sections-search data of one language in parts, so a search loads only what it looks in: one script
    per game (``rp-sections/<game>.js``, `index_script` of its entries, kept in ``window.RP_PARTS[game]``) and
    ``rp-sections.js``, the list of the games (``window.RP_SECTION_PARTS``). Paths relative to ``_rp/``."""
    games = sorted({e["gid"] for e in entries})
    parts = {"rp-sections.js": f"window.RP_SECTION_PARTS = {json.dumps(games, ensure_ascii=False)};\n"}
    for game in games:
        script = index_script([e for e in entries if e["gid"] == game], lang)
        parts[f"rp-sections/{game}.js"] = (
            "(function () {\n"
            + script
            + f"window.RP_PARTS = window.RP_PARTS || {{}};\nwindow.RP_PARTS[{json.dumps(game)}] = "
            + "{ sections: window.RP_SECTIONS, search: window.RP_SEARCH };\n})();\n"
        )
    return parts
