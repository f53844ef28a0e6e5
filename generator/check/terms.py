"""Glossary terms in a sentence, read as a linguist would: by their lemmas (simplemma) and, in languages
that write compounds as one word (German), as the head of a compound.

A term matches a word whose lemma is the term's lemma, or (a compounding language, a term of 4 letters or
more) a word whose lemma ends in the term's lemma after a stem of at least `MIN_STEM` letters: 'Zielfeld'
says *Feld*, 'Spielende' says *Ende* (its head), never *Spiel*; letters inside another word say nothing
('aktivieren' is not *Vier*, 'Stürmer' not *Türme*). A term of several words matches where its words'
lemmas stand in order. A glossary is a YAML mapping of term id -> {lang: spelling or list of spellings}
(or a list of such mappings); `Glossary.find(text, lang)` gives the ids of the terms a text says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

COMPOUNDING = frozenset({"de", "nl", "sv", "da", "no", "nb"})  # languages writing compounds as one word
MIN_STEM = 3  # letters a compound's first part has at least
MIN_HEAD = 4  # letters a term has at least to be found as a compound's head
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


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


def lemmas(text: str, lang: str) -> list[str]:
    return [lemma(m.group(0), lang) for m in _WORD.finditer(text)]


def _says(words: list[str], term: tuple[str, ...], lang: str) -> bool:
    n = len(term)
    for i in range(len(words) - n + 1):
        if words[i : i + n - 1] != list(term[:-1]):
            continue
        word, last = words[i + n - 1], term[-1]
        if word == last:
            return True
        if lang in COMPOUNDING and len(last) >= MIN_HEAD and word.endswith(last) and len(word) - len(last) >= MIN_STEM:
            return True
    return False


@dataclass
class Glossary:
    """Term id -> language -> spellings (each a tuple of lemmas once read)."""

    terms: dict[str, dict[str, list[str]]]

    def spelling(self, term: str, lang: str) -> str:
        spellings = self.terms.get(term, {}).get(lang) or ["?"]
        return spellings[0]

    def find(self, text: str, lang: str) -> set[str]:
        words = lemmas(text, lang)
        found = set()
        for term, spellings in self.terms.items():
            if any(_says(words, tuple(lemmas(s, lang)), lang) for s in spellings.get(lang, ())):
                found.add(term)
        # a term whose spelling is part of a longer term's spelling found at the same place is that longer term
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
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise GlossaryError(f"{path}: cannot read the glossary: {str(exc).splitlines()[0]}") from exc
    return parse(data, str(path))
