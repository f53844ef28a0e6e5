"""Search words that Sphinx's full-text index would otherwise miss.

Sphinx splits text into words and stems them, so the German compound
"Siegpunkte" is one word: a search for "Punkte" finds nothing. For every rule
section we therefore collect hidden search words: the glossary terms it
refers to with their keywords and aliases, the parts of compounds that are
known words (glossary terms and keywords of the game), and the section id.
Pure functions: text in, words out.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rulepress import i18n
from rulepress.model.schema import Lang, Term

WORD = re.compile(r"\w+", re.UNICODE)
MIN_PART = 4  # shorter parts ("Tag", "Ei") would match far too much


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
    """Known words hidden inside longer words of `text` ("Kooperationskarten" -> "Karte")."""
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
