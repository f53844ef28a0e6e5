"""Names that share a head written once, written out for each part before names are counted.

German joins compounds with a hyphen ('Personen- und 2 Zusatzkarten': a person card and two extra cards);
both languages let two names of two words share their last word ('österreichischen oder preußischen Armee',
'2 person and 2 extra cards', 'wood/stone tiles'). `Ellipses(spellings, lang).fill(text)` writes each
name out in full where a spelling of the game completes it, so the name finder counts both. Pure.
"""

from __future__ import annotations

import re

from rulepress.check.wordforms import DE_INFLECTION, DE_INFLECTION_AFTER_E, EN_INFLECTION, FUNCTION_WORDS

_LINKS = {"de": r",|/|&|und\b|oder\b|bzw\.|sowie\b", "en": r",|/|&|and\b|or\b"}
_TRUNCATED = re.compile(r"(?<![^\W_])([^\W\d_]{{3,}})-(?=\s*(?:{}))".format(_LINKS["de"]))
_OPEN = {
    lang: re.compile(rf"(?<![^\W_])([^\W\d_]{{3,}})(?=(\s*(?:{links})\s*))", re.I) for lang, links in _LINKS.items()
}
_FOLLOWING = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*-?")
MIN_SHARED_HEAD = 4  # letters of the head a truncated German part borrows ('karte' of 'Zusatzkarte')
COMPOUND_REACH = (
    3  # words after a truncated German word that may hold the shared head ('Personen- oder eine Zusatzkarte')
)
FILLERS = {
    "de": frozenset("ein eine einen einem einer eines der die das den dem des je".split()),  # not counted there
    "en": frozenset("a an the one each".split()),
}  # ('Personen- oder eine Zusatzkarte', 'one extra card')


class Ellipses:
    """Writes out, in one language, the names of `spellings` that a text gives with a shared head:

    - German compounds: 'Personen- und 2 Zusatzkarten' -> 'Personenkarten und 2 Zusatzkarten' (with the spelling
      'Personenkarte'), 'Holz- / Steinplättchen';
    - names of two words: '2 person, 2 extra cards' -> '2 person cards, 2 extra cards' (with 'person card'),
      'wood/stone tiles', 'einer österreichischen oder preußischen Armee'. The second part has a word of its
      own right before the head ('unit, of class A' is no 'unit class'), and a first word that is a name by
      itself is that name ('Army and red card': the card 'Army'), unless a slash joins the parts.

    A part no spelling completes stays as it is."""

    def __init__(self, spellings: list[str], lang: str):
        self.lang = lang
        self.lowered = {form.lower() for form in spellings}
        self.compounds: dict[str, list[str]] = {}  # German first parts -> heads of one-word spellings
        self.pairs: dict[str, list[tuple[str, str]]] = {}  # first words (4 letters) -> (first word, head)
        for form in self.lowered:
            parts = form.split()
            if len(parts) == 2:
                self.pairs.setdefault(parts[0][:4], []).append((parts[0], parts[1]))
            elif lang == "de" and len(parts) == 1:
                for cut in range(3, len(form) - MIN_SHARED_HEAD + 1):
                    self.compounds.setdefault(form[:cut], []).append(form[cut:])
        self.inflection = DE_INFLECTION if lang == "de" else EN_INFLECTION
        self.skipped = FILLERS.get(lang, frozenset()) | FUNCTION_WORDS.get(lang, frozenset())

    def fill(self, text: str) -> str:
        if self.compounds and "-" in text:
            text = _TRUNCATED.sub(lambda m: self._compound(m, text), text)
        opening = _OPEN.get(self.lang)  # German and English only: other languages have no ellipses filled
        return opening.sub(lambda m: self._pair(m, text), text) if self.pairs and opening is not None else text

    def _words_after(self, text: str, start: int) -> list[re.Match]:
        return [w for w in _FOLLOWING.finditer(text, start, start + 120) if w.group(0).lower() not in self.skipped]

    def _inflected(self, word: str, base: str) -> bool:
        ending = DE_INFLECTION_AFTER_E if self.lang == "de" and base.endswith("e") else self.inflection
        return re.fullmatch(re.escape(base) + ending, word, re.I) is not None

    def _compound(self, m: re.Match, text: str) -> str:
        heads = self.compounds.get(m.group(1).lower(), ())
        for word in (w.group(0) for w in self._words_after(text, m.end())[:COMPOUND_REACH]):
            for head in heads:
                found = re.search(re.escape(head) + self.inflection + "$", word, re.I)
                if found and found.start() > 0:  # 'Armee-, Personen- oder Kroatien-Karte': 'Armeekarte'
                    tail = word[found.start() :]
                    return m.group(1) + (tail.lower() if word[found.start() - 1] == "-" else tail)
        return m.group(0)

    def _pair(self, m: re.Match, text: str) -> str:
        word = m.group(1)
        if word.lower() in self.lowered and m.group(2).strip() != "/":  # a slash joins parts: 'Wood/stone tiles'
            return word
        following = self._words_after(text, m.end() + len(m.group(2)))
        if len(following) < 2 or text[following[0].end() : following[1].start()].strip():
            return word  # the second part's own word stands right before the head ('draws a card' is no part)
        for first, head in self.pairs.get(word.lower()[:4], ()):
            if self._inflected(word, first) and self._inflected(following[1].group(0), head):
                return f"{word} {following[1].group(0)}"
        return word
