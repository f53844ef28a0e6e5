"""Glossary terms in a sentence, read as a linguist would: by their lemmas (simplemma) and, in languages
that write compounds as one word (German), as the head of a compound.

A term matches a word whose lemma is the term's lemma, or (a compounding language, a term of 4 letters or
more) a word whose lemma ends in the term's lemma after a stem of at least `MIN_STEM` letters: 'Zielfeld'
says *Feld*, 'Spielende' says *Ende* (its head), never *Spiel*; letters inside another word say nothing
('aktivieren' is not *Vier*, 'Stürmer' not *Türme*). A term of several words matches where its words'
lemmas stand in order. A word matches by its lemma or as written; a compound simplemma's dictionary does
not know gets the lemma of simplemma's greedy mode (`word_lemma`). A word says one term (`Glossary.count`:
the longest match wins); a capitalised spelling matches capitalised words only; digits are words, link
targets no text. A term named only as a compound's first part ('Stichpunkte') is `Glossary.modifiers`.
A glossary is a YAML mapping of term id -> {lang: spelling or list of spellings} (or a list of such
mappings); `Glossary.find(text, lang)` gives the ids of the terms a text says, `count` how often.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rulepress.errors import ContentError
from rulepress.model.yamlsource import load_text

COMPOUNDING = frozenset({"de", "nl", "sv", "da", "no", "nb"})  # languages writing compounds as one word
MIN_STEM = 3  # letters a compound's first part has at least
MIN_HEAD = 4  # letters a term has at least to be found as a compound's head
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?|\d+")  # a word, or a number ('Draw 2' is no 'draw')
_LINK_TARGET = re.compile(r"(?<=\])\([^)\s]*\)|<?https?://[^\s>)]+>?")  # where a link goes is no text


class GlossaryError(ValueError):
    """A glossary file that cannot be read (the message names the file and the entry)."""


@lru_cache(maxsize=65536)
def lemma(word: str, lang: str, keep_case: bool = False) -> str:
    """The lemma of `word` in `lang`, lower case unless `keep_case` (a German noun's lemma is capitalised: the
    word itself where simplemma knows no better). simplemma's low-memory dictionaries (its public
    ``low_memory`` switch) give the same lemmas and are read without decoding the whole dictionary first:
    the German one is ready in about 0.45 s instead of 0.65 s, and takes less memory; lookups are a little
    slower, which the cache here makes up for."""
    import simplemma  # imported when a word is first looked up: most builds look up none (0.1 s saved)

    try:
        found = simplemma.lemmatize(word, lang=lang, low_memory=True)
    except ValueError:  # a language simplemma does not know
        found = word
    return found if keep_case else found.lower()


@lru_cache(maxsize=65536)
def word_lemma(word: str, lang: str) -> str:
    """The lemma of `word` for matching terms: `lemma`, and for a word simplemma's dictionary does not know (an
    inflected compound: 'Zielfeldern', 'Ablagestapels') the lemma its greedy mode gives by decomposing the word
    ('Zielfeld', 'Ablagestapel'); a known word keeps its dictionary lemma."""
    import simplemma

    found = lemma(word, lang)
    if found != word.lower():
        return found
    try:
        if simplemma.is_known(word, lang, low_memory=True):
            return found
        return simplemma.lemmatize(word, lang=lang, greedy=True, low_memory=True).lower()
    except ValueError:  # a language simplemma does not know
        return found


def plain(text: str) -> str:
    """`text` as terms are read in it: without where its links go."""
    return _LINK_TARGET.sub(" ", text)


def words(text: str) -> list[re.Match]:
    """The words of `text` as terms are matched in them (a number is a word of its own)."""
    return list(_WORD.finditer(text))


def lemmas(text: str, lang: str) -> list[str]:
    return [word_lemma(m.group(0), lang) for m in _WORD.finditer(text)]


def _capitalised(text: str) -> list[bool]:
    """Per word of `text` (as `lemmas` reads them): is it written with a capital letter?"""
    return [m.group(0)[:1].isupper() for m in _WORD.finditer(text)]


def _forms(text: str, lang: str) -> list[frozenset[str]]:
    """Per word of `text`: its lemma and the word itself, lower case (simplemma reads a capitalised verb as a
    noun: 'Melden' gives 'melde', 'melden' itself still matches the spelling *melden*)."""
    return [frozenset({lemma_, m.group(0).lower()}) for m, lemma_ in zip(_WORD.finditer(text), lemmas(text, lang))]


def _matches(words: list[frozenset[str]], term: list[frozenset[str]], lang: str) -> list[tuple[int, int, bool]]:
    """(first word, end, exact) of every place `words` say `term` (the forms of each: `_forms`): where the words
    share a form with the term's words (exact), or, in a compounding language, where the last one is a
    compound whose head is the term's last lemma (not exact)."""
    n, found = len(term), []
    for i in range(len(words) - n + 1):
        if any(not (words[i + k] & term[k]) for k in range(n - 1)):
            continue
        word, last = words[i + n - 1], term[-1]
        if word & last:
            found.append((i, i + n, True))
        elif lang in COMPOUNDING and any(
            len(head) >= MIN_HEAD and w.endswith(head) and len(w) - len(head) >= MIN_STEM for head in last for w in word
        ):
            found.append((i, i + n, False))
    return found


@dataclass
class Glossary:
    """Term id -> language -> spellings (each a tuple of lemmas once read)."""

    terms: dict[str, dict[str, list[str]]]

    def spelling(self, term: str, lang: str) -> str:
        spellings = self.terms.get(term, {}).get(lang) or ["?"]
        return spellings[0]

    def find(self, text: str, lang: str) -> set[str]:
        return set(self.count(text, lang))

    def count(self, text: str, lang: str) -> dict[str, int]:
        """Term id -> how often `text` says it (not in where a link goes). A spelling with a capital letter is a
        name or a German noun and matches only a word written with one ('Skip', not the verb 'skip'). A word
        says one term only: the one matched by the most words,
        then a whole word before a compound's head, then the longest spelling ('discard pile' is no *pile*,
        'Spielfeld' as a term of its own is no *Feld*, 'Ablagestapel' no *Stapel* where the glossary has
        the discard pile)."""
        counted: dict[str, int] = {}
        for term, _, _ in self.places(text, lang):
            counted[term] = counted.get(term, 0) + 1
        return counted

    def places(self, text: str, lang: str) -> list[tuple[str, int, int]]:
        """(term id, first word, end) of every term `text` says, in reading order, the words numbered as
        `words` reads them (`count` tells how a word says one term)."""
        text = plain(text)
        words, capitals = _forms(text, lang), _capitalised(text)
        places = []
        for term, spellings in self.terms.items():
            for spelling in spellings.get(lang, ()):
                wanted = _forms(spelling, lang)
                if wanted:
                    name = spelling[:1].isupper()  # a name ('Skip', 'Aussetzen'): not the verb 'skip', 'aussetzen'
                    places += [
                        ((end - start, exact, len(spelling)), start, end, term)
                        for start, end, exact in _matches(words, wanted, lang)
                        if not name or capitals[start]
                    ]
        taken: set[int] = set()
        found = []
        for _, start, end, term in sorted(places, key=lambda p: (-p[0][0], not p[0][1], -p[0][2], p[1], p[3])):
            if taken.isdisjoint(range(start, end)):
                taken.update(range(start, end))
                found.append((term, start, end))
        return sorted(found, key=lambda p: p[1])

    def modifiers(self, text: str, lang: str) -> set[str]:
        """The terms `text` says only as the first part of a compound, in a language writing compounds as one
        word: 'Stichpunkte' (trick points) names *Stich*, 'Trumpffarbe' *Trumpf*, 'Wiederbelebungsvarianten'
        *Wiederbelebung*. Such a word says what the compound is (points, a suit), not the term itself: it
        answers the term said on the other side ('trick points') but is no use of it."""
        if lang not in COMPOUNDING:
            return set()
        text = _LINK_TARGET.sub(" ", text)
        words = {m.group(0).lower() for m in _WORD.finditer(text)} | set(lemmas(text, lang))
        found = set()
        for term, spellings in self.terms.items():
            for spelling in spellings.get(lang, ()):
                wanted = lemmas(spelling, lang)
                if len(wanted) == 1 and len(wanted[0]) >= MIN_HEAD:
                    first = wanted[0]
                    if any(w.startswith(first) and len(w) - len(first) >= MIN_STEM for w in words):
                        found.add(term)
        return found


def parse(data, where: str) -> Glossary:
    """A `Glossary` from a glossary file's data (`where` names the file in errors)."""
    entries = data.items() if isinstance(data, dict) else enumerate(data or [])
    terms: dict[str, dict[str, list[str]]] = {}
    for key, entry in entries:
        if not isinstance(entry, dict):
            raise GlossaryError(f"{where}: term {key!r}: expected a mapping of language -> spelling")
        spellings: dict[str, list[str]] = {}
        for lang, value in entry.items():
            values = value if isinstance(value, list) else [value]
            if not all(isinstance(v, str) and v.strip() for v in values):
                raise GlossaryError(f"{where}: term {key!r}, {lang}: expected a spelling or a list of spellings")
            spellings[str(lang)] = [v.strip() for v in values]
        terms[str(key)] = spellings
    return Glossary(terms)


def load(path: Path) -> Glossary:
    try:
        data = load_text(path.read_text(encoding="utf-8"), str(path))[0]
    except (OSError, UnicodeDecodeError) as exc:
        raise GlossaryError(f"{path}: cannot read the glossary: {str(exc).splitlines()[0]}") from exc
    except ContentError as exc:  # at its line: a syntax error, a date that is none
        raise GlossaryError(f"cannot read the glossary: {exc}") from None
    return parse(data, str(path))
