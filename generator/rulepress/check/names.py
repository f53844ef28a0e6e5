"""Names a text uses: glossary terms, printed component names and card titles, per language.

`names_of(content)` lists every name of a game with its spellings in both
languages; `NameFinder(names, lang).used(text)` finds which a text uses
(strict: whole words, German inflection, longest spelling first, headings
and ``{term}`` references included); `mentions(name, text, lang)` is the
lenient test whether a text translates a name at all (stems, aliases,
keywords, German compounds). Pure functions over strings and the model.

Word forms are known for German and English only (inflections, compounds, stems,
function words). In any other language a name counts where one of its spellings,
aliases or keywords stands as whole words, uninflected: enough for names and glossary
terms, which a translation keeps, but a French plural or elision ("l'armée") is missed.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import partial

from rulepress.check import numbers
from rulepress.check.ellipses import Ellipses
from rulepress.check.wordforms import (
    AGENT_ENDINGS,
    DE_INFLECTION,
    DE_INFLECTION_AFTER_E,
    DE_SUFFIXES,
    EN_ENDINGS,
    EN_INFLECTION,
    EN_SUFFIXES,
    FUNCTION_WORDS,
    VERB_ENDINGS,
)
from rulepress.model import GameContent
from rulepress.model.rules_text import TERM_REF, term_refs

PRINTED_KINDS = ("deck", "tiles", "tokens", "money")
MIN_PART = 5  # German spellings this long count inside a compound when counting ('Armee' in 'Armeesymbol'; not 'Land')
MIN_HEAD = 4  # German spellings this long count as the head of a compound ('Land' of 'Nachbarland'; not 'Rot')
NEAR = 3  # words that may stand between the words of a spelling written apart ('next red / next blue pile')
MIN_SYNONYM = 5  # glossary keywords this long count as translating a term ('Angriff'; not 'red' or 'lane')


@dataclass(frozen=True)
class Name:
    """Something with a name in each language of the game: a glossary term, a component or a card."""

    kind: str  # term or name
    id: str
    forms: dict  # lang -> tuple of spellings that count as using the name
    synonyms: dict = field(default_factory=dict)  # lang -> specific keywords that count as translating it
    # lang -> its own keywords of any length: a word one of them finds answers such a word of the other language
    # ('Grün 1' / 'Green 1', 'Punkte' / 'spots'), not the term
    answers: dict = field(default_factory=dict)
    heads: dict = field(default_factory=dict)  # lang -> last words of its spellings that stand in for a proper name

    @property
    def verb(self) -> bool:
        """A glossary term for an ordinary verb, declared by an English spelling 'to ...' ('to recruit')."""
        return self.kind == "term" and any(f.lower().startswith("to ") for f in self.forms.get("en", ()))


def names_of(content: GameContent) -> list[Name]:
    """Glossary terms (with aliases and specific keywords), component names and card titles of a game.

    Names that are number words ("Zwei", "Two") are left to the number check."""
    game = content.game
    langs = game.languages
    names = [
        Name("term", t.id, {lang: tuple([t.name(lang)] + list(t.aliases.get(lang, []))) for lang in langs})
        for t in game.glossary
    ]
    seen = {tuple(n.forms[lang][0].lower() for lang in langs) for n in names}
    for comp in game.components:
        if comp.kind not in PRINTED_KINDS:
            continue  # board, dice, pieces: everyday words that translations paraphrase freely
        candidates = [(comp.id, comp.name)] + [(f"{comp.id}.{c.id}", c.title) for c in comp.cards if c.title]
        for ident, text in candidates:
            key = tuple(text.get(lang).strip().lower() for lang in langs)
            if key in seen or not all(key):
                continue
            if any(numbers.extract(text.get(lang), lang) for lang in langs):
                continue
            seen.add(key)
            names.append(Name("name", ident, {lang: (text.get(lang).strip(),) for lang in langs}))
    keywords = {t.id: t.keywords for t in game.glossary}
    return [
        replace(
            n,
            synonyms=_specific(n, keywords.get(n.id, {}), names, keywords),
            heads=_heads(n, names),
            answers=_specific(n, keywords.get(n.id, {}), names, keywords, shortest=1),
        )
        for n in names
    ]


def _heads(name: Name, names: list[Name]) -> dict[str, frozenset]:
    """The last words (4+ letters) of a proper name's spellings of several words that stand in for it ('Hecker' for
    'Friedrich Hecker'), unless they spell another name ('Armee' of 'Österreichische Armee' is the card 'Armee')."""
    if name.kind != "name":
        return {}
    heads = {}
    for lang in name.forms:
        spelled = {f.lower() for other in names if other.id != name.id for f in other.forms[lang]}
        lasts = {_words(f)[-1] for f in name.forms[lang] if len(_words(f)) > 1}
        heads[lang] = frozenset(
            w
            for w in lasts
            if len(w) >= 4 and not any(f == w or (f.startswith(w) and len(f) - len(w) <= 2) for f in spelled)
        )
    return heads


def _specific(
    name: Name, own: dict, names: list[Name], keywords: dict, shortest: int = MIN_SYNONYM
) -> dict[str, tuple[str, ...]]:
    """The keywords of a term that translate it: 5+ letters (`shortest`), neither a keyword of another term nor a
    spelling of another name ('Marker', shared by every kind of marker, says none of them; or a card's title)."""
    specific = {}
    for lang in name.forms:
        taken = Counter(k.lower() for words in keywords.values() for k in set(words.get(lang, [])))
        spelled = {f.lower() for other in names if other.id != name.id for f in other.forms[lang]}
        specific[lang] = tuple(
            k for k in own.get(lang, []) if len(k) >= shortest and taken[k.lower()] == 1 and k.lower() not in spelled
        )
    return specific


def _pattern(form: str, lang: str) -> re.Pattern:
    """A strict pattern for a spelling: whole words, each word inflected (German 'preußischen Armee');
    a capitalised one-word German noun is case-sensitive ('Würfel', not the verb 'würfeln')."""
    words = form.split()
    edge_l, edge_r = r"(?<![^\W_])", r"(?![^\W_])"
    if lang == "en" and len(_words(form)) == 1:  # no part of a compound written with hyphens ('Black-red-gold')
        edge_l, edge_r = r"(?<![^\W\d_]-)" + edge_l, edge_r + r"(?!-[^\W\d_])"
    if lang == "de":
        body = r"\s+".join(re.escape(w) + (DE_INFLECTION_AFTER_E if w.endswith("e") else DE_INFLECTION) for w in words)
        if len(words) == 1 and form[:1].isupper():
            head = re.escape(form[:1])
            return re.compile(edge_l + f"(?-i:{head})(?i:{body[len(head) :]})" + edge_r)
    elif lang == "en":
        body = r"(?:\s+|-)".join(re.escape(w) for w in words) + EN_INFLECTION  # also 'army-card expansion'
    else:  # no inflection known: the spelling itself, whole words
        body = r"(?:\s+|-)".join(re.escape(w) for w in words)
    return re.compile(edge_l + body + edge_r, re.I)


def _stem(word: str, lang: str) -> str:
    word = word.lower()
    for suffix in {"de": DE_SUFFIXES, "en": EN_SUFFIXES}.get(lang, ()):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


_WORD = re.compile(r"[^\W\d_]+")
_HYPHENATED = re.compile(r"[^\W\d_]-[^\W\d_]")  # a hyphen between two letters: one compound of words


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _common_tail(a: str, b: str) -> int:
    """Length of the common ending of two words (the head of German compounds: Spielplan, Originalplan)."""
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n


def shares_spelling(a: Name | None, b: Name) -> bool:
    """Do two names have a spelling in common (a card titled 'Army' and the term 'army card' with the alias 'army')?"""
    return a is not None and any(
        {f.lower() for f in a.forms[lang]} & {f.lower() for f in b.forms[lang]} for lang in a.forms if lang in b.forms
    )


def shortened(name: Name, spelled: str, lang: str) -> bool:
    """Is `spelled` a short form of the name ('Ziel' for 'Zielfeld'): one word, shorter than the name's own spelling,
    where the other language declares no short form of its own ('Klassen' has 'classes' for 'unit class')? A verb's
    'to' is no part of its spelling ('recruited' is no short form of 'to recruit')."""
    main = re.sub(r"^to\s+", "", name.forms[lang][0], flags=re.I) if name.verb else name.forms[lang][0]
    other: tuple[str, ...] = next((name.forms[o] for o in name.forms if o != lang), ())
    own_short = any(len(_words(f)) == 1 and len(f) < len(other[0]) for f in other)
    return (
        len(_words(spelled)) == 1
        and len(spelled) < len(main)
        and not own_short
        and _words(spelled)[0][:4] in "".join(_words(main))
    )


def mentions(name: Name, text: str, lang: str, partial: bool = False) -> bool:
    """Lenient: does `text` translate `name` at all? Any spelling or specific keyword, inflected or stemmed, also inside
    a German compound ('Bombenzug' has 'Bombe') or as its head ('Plan' for 'Spielplan'). With `partial` (the other
    language used a short form such as 'Ziel' for 'Zielfeld') one word of 4+ letters of a spelling is enough ('goal')."""
    return occurrences(name, text, lang, partial) > 0


LEVELS = ("lenient", "counting", "firm", "stems", "keywords", "answers")


def occurrences(name: Name, text: str, lang: str, partial: bool = False, level: str = "lenient") -> int:
    """How often `text` translates `name`: the words that do (a spelling of several words counts as often as its
    rarest word; a word found by several spellings or keywords once), at least its ``{term}`` references. The `level` says which words count:

    - ``lenient`` (the sense of `mentions`): any spelling or specific keyword, inflected or stemmed, inside a
      German compound or as its head ('Plan' for 'Spielplan', 'Treffen' for 'Atom-Mächte-Treffen');
    - ``counting`` (how often the other language says it): as lenient, but a proper name is not said by an
      English verb form ('planted' for a card titled 'Plant'), and the head of a compound ('Stapel' for
      'Nachziehstapel', 'Hochland' for 'Tiefland') counts only with `partial`;
    - ``firm`` (how often this language says it): a spelling, inflected, or inside a German compound
      ('Handelsstapel' says 'Handel'); no keywords, no heads, no stems;
    - ``stems``: in English, a one-word spelling's stem ('Explore' for 'Exploration'), no keywords (German
      stems sit inside too many compounds of other words);
    - ``keywords``: the words that only a keyword finds ('round' for 'trick'), not inside a spelling;
    - ``answers``: as keywords, with the term's own keywords of any length ('Grün' answers 'green')."""
    assert level in LEVELS, level
    if level == "stems" and lang != "en":
        return 0
    refs = sum(1 for _, term in term_refs(text) if term == name.id) if level != "keywords" else 0
    words, rules = _words_and_rules(name, text, lang, partial=partial, level=level)
    hits, spelled = _spelled(name, words, rules)
    keyworded = _keyworded(name, words, rules, spelled)
    if level in ("keywords", "answers"):
        return len(keyworded)
    return max(refs, len(hits | keyworded))


def _words_and_rules(name: Name, text: str, lang: str, *, partial: bool, level: str) -> tuple[list[str], _Rules]:
    """The words of `text` (lower-case; in English 'armies' as 'army'), its ``{term}`` references read as their
    words, and the `_Rules` that tell which of them say `name` at `level`."""
    plain = numbers.clean(TERM_REF.sub(lambda m: f" {m.group(1)} ", text))
    written = list(_WORD.finditer(plain))
    words = [m.group(0).lower() for m in written]
    if lang == "en":
        words = [w[:-3] + "y" if w.endswith("ies") and len(w) > 4 else w for w in words]  # 'armies': 'army'
    joined = frozenset(
        i
        for i, m in enumerate(written)
        if _HYPHENATED.match(plain, max(0, m.start() - 2)) or _HYPHENATED.match(plain, m.end() - 1)
    )
    rules = _Rules(
        lang,
        level,
        partial,
        name.kind,
        name.heads.get(lang, frozenset()),
        name.verb,
        tuple(m.group(0) for m in written),
        joined,
    )
    return words, rules


def _spelled(name: Name, words: list[str], rules: _Rules) -> tuple[set[int], set[int]]:
    """(the words that say `name` by a spelling, one per use; every word of a spelling found). With
    `rules.partial` a word beginning with the stem of a spelling's word of 4+ letters says it too."""
    lang = rules.lang
    hits: set[int] = set()  # the words that say the name, one per use
    if rules.partial:
        stems = {_stem(w, lang) for form in name.forms[lang] for w in _words(form) if len(w) >= 4}
        hits |= {i for i, w in enumerate(words) if any(w.startswith(s) for s in stems)}
    found = [
        (len(parts), *rules.match(parts, words))
        for parts in map(_words, name.forms[lang])
        if parts and not (rules.level == "stems" and len(parts) > 1)
    ]
    if any(own and not loose for _, own, _, loose in found):
        found = [f for f in found if not f[3]]  # spelled out somewhere: words standing apart are no other use
    spelled: set[int] = set()  # every word of a spelling found
    phrases: set[int] = set()  # the words of spellings of several words
    for size, own, touched, _ in found:
        hits |= own
        spelled |= touched
        if size > 1:
            phrases |= touched - own
    hits -= phrases  # 'leader' inside 'game leader' is the same use
    return hits, spelled


def _keyworded(name: Name, words: list[str], rules: _Rules, spelled: set[int]) -> set[int]:
    """The words only a keyword of `name` finds (its answers at level ``answers``), none of a spelling's words;
    none at levels ``firm`` and ``stems``."""
    keyworded: set[int] = set()  # words only a keyword finds
    if rules.level not in ("firm", "stems"):
        for form in (name.answers if rules.level == "answers" else name.synonyms).get(rules.lang, ()):
            if _words(form):
                keyworded |= rules.match(_words(form), words)[0]
        keyworded -= spelled
    return keyworded


@dataclass(frozen=True)
class _Rules:
    """Which words of a text say one spelling of a name, at one level of `occurrences`."""

    lang: str
    level: str
    partial: bool
    kind: str
    heads: frozenset  # last words that stand in for a proper name of several words
    verb: bool = False  # the name is a glossary verb ('to recruit')
    written: tuple = ()  # the text's words as written (their case)
    joined: frozenset = frozenset()  # indexes of words joined to another by a hyphen ('Black-red-gold')

    def match(self, parts: list[str], words: list[str]) -> tuple[set[int], set[int], bool]:
        """(the words that say it, one per use; every word matched; whether only loosely, its words apart)."""
        found = self._match(parts, words)
        if len(parts) != 1 or not self.written:
            return found
        keep = {i for i in found[1] if self._fits(i, parts[0])}
        return found[0] & keep, found[1] & keep, found[2]

    def _fits(self, i: int, part: str) -> bool:
        """Can word `i` say a one-word spelling, by its form? Not an English word inside a compound written with
        hyphens ('red' of 'Black-red-gold'), nor a German adjective there ('rot' of 'Schwarz-rot-goldenes'; a noun
        is: 'Kroatien-Karte'), and a German verb ('anwerben') not by a noun compound ('Anwerbungsseite')."""
        written = self.written[i]
        if i in self.joined and (self.lang == "en" or written[:1].islower()):
            return False
        if self.lang == "de" and self.verb and written[:1].isupper():
            word = written.lower()
            return word.startswith(part) and len(word) - len(part) <= 2  # 'Anwerben' begins a sentence
        return True

    def _match(self, parts: list[str], words: list[str]) -> tuple[set[int], set[int], bool]:
        """As `match`, by the words alone: the words that may say each word of the spelling `parts` (German
        `_within_german`, English `_within_english`; in English at level ``firm`` the words themselves,
        inflected), then its uses (`_uses`)."""
        lang = self.lang
        # function words are left out ('trade in', 'Feld für das nächste Plättchen'), short content words not
        # ('red' of 'Red symbol'); a single letter must stand as it is ('Z card' is no 'card')
        loose = [p for p in parts if p not in FUNCTION_WORDS.get(lang, frozenset())] or parts
        stems = [_stem(p, lang) if len(p) > 3 else p for p in loose]
        own: set[int] = set()
        if lang == "de":
            own, within = self._within_german(parts, stems, words)
        elif self.level == "firm":  # English compounds are written apart: the words themselves, inflected
            within = [{i for i, w in enumerate(words) if w in (p, p + "s", p + "es")} for p in parts]
        else:
            within = self._within_english(loose, stems, words)
        return _uses(own, within, len(words))

    def _within_german(self, parts: list[str], stems: list[str], words: list[str]) -> tuple[set[int], list[set[int]]]:
        """(the words that say the whole spelling as the head of a compound; for each word of the spelling
        `parts`, the German words that may say it, inside compounds too)."""
        level = self.level
        heads = level == "lenient" or (level == "counting" and self.partial)  # 'Stapel' stands in for
        # 'Nachziehstapel' only where the other language shortens the name too ('pile')
        own: set[int] = set()
        if level == "firm":  # the whole word inside a compound, not its stem, and 5+ letters ('Landgrenze')
            # or a term of 4+ letters as the head of a compound ('Nachbarland' is a 'Land'; 'Natural' no 'Ural')
            within = [
                {
                    i
                    for i, w in enumerate(words)
                    if p == w
                    or (len(p) >= MIN_PART and p in w)
                    or (self.kind == "term" and len(p) >= MIN_HEAD and w.endswith(p))
                }
                for p in parts
            ]
        else:
            within = [
                {i for i, w in enumerate(words) if s in w and (len(s) > 1 or s == w)} for s in stems
            ]  # also inside compounds
        if heads and len(parts) == 1:  # the head of a compound: 'Plan' or 'Originalplan' for 'Spielplan'
            own |= {i for i, w in enumerate(words) if _compound_head(stems[0], _stem(w, self.lang))}
        elif level != "firm" and len(parts) > 1 and parts[-1] in self.heads:  # a proper name's head
            own |= within[-1]  # 'Treffen' for 'Atom-Mächte-Treffen', 'Hecker' for 'Friedrich Hecker'
        return own, within

    def _within_english(self, loose: list[str], stems: list[str], words: list[str]) -> list[set[int]]:
        """For each word of a spelling (function words left out: `loose`, with their `stems`), the English words
        that may say it: the word itself, or its stem with an ending."""
        verbs = self.level == "lenient" or self.kind == "term"  # a glossary term may be a verb ('trade in')
        # a word before the head of a spelling of several words is no verb form ('recruited' is not the
        # 'recruit' of 'recruit tile'), and no word names who does it ('explorer' is no 'Exploration')
        # An English stem says a word only with an ending ('accused', 'cooperates'), not as the first part of
        # a compound written as one word ('banknotes' is no 'bank')
        return [
            {
                i
                for i, w in enumerate(words)
                if w == p
                or (
                    len(p) > 1
                    and w.startswith(s)
                    and ((verbs and k == len(stems) - 1) or w[len(s) :] not in VERB_ENDINGS)
                    and w[len(s) :] in EN_ENDINGS
                    and w[len(s) :] not in AGENT_ENDINGS
                )
            }
            for k, (p, s) in enumerate(zip(loose, stems))
        ]


def _uses(own: set[int], within: list[set[int]], count: int) -> tuple[set[int], set[int], bool]:
    """(the words that say a spelling, one per use; every word matched; whether only loosely) from `own` (words
    that say it whole) and the words `within` that may say each of its words, in a text of `count` words: a
    spelling of one word at each such word, of several one use per run of its words in order ('game leader'
    once, not also 'leader'), else per run of its words apart but near."""
    if len(within) == 1:
        return own | within[0], own | within[0], False
    runs = [
        set(range(i, i + len(within)))
        for i in range(count - len(within) + 1)
        if all(i + k in found for k, found in enumerate(within))
    ]
    if not runs:  # its words apart but near, in order ('Tile from the next red / next blue pile'); a
        # replaced word breaks the unit even where the others stand elsewhere ('5 cards on the cooperation field')
        near = _near_runs(within)
        return own | {max(run) for run in near}, own.union(*near), bool(near)
    return own | {max(run) for run in runs}, own.union(*runs), False


def _near_runs(within: list[set[int]], gap: int = NEAR) -> list[set[int]]:
    """Runs of the words of a spelling in their order, each at most `gap` words after the one before."""
    runs = []
    for start in sorted(within[0]):
        run = [start]
        for found in within[1:]:
            following = [i for i in found if run[-1] < i <= run[-1] + gap + 1]
            if not following:
                break
            run.append(min(following))
        if len(run) == len(within):
            runs.append(set(run))
    return runs


def _compound_head(form: str, word: str) -> bool:
    """Do two German words share a compound head of 4+ letters that is a good part of `form`?"""
    tail = _common_tail(form, word)
    return tail >= 4 and tail * 5 >= len(form) * 2


class NameFinder:
    """Finds which names a paragraph uses, longest spelling first (so 'action field' is not also 'field')."""

    def __init__(self, names: list[Name], lang: str):
        forms = [(form, name) for name in names for form in name.forms[lang] if form.strip()]
        forms.sort(key=lambda item: -len(item[0]))
        self.lang = lang
        # each pattern with a probe: the first letters of the spelling, which every match contains
        self.patterns = [(_pattern(form, lang), name, form.lower()[:3]) for form, name in forms]
        self.by_id = {n.id: n for n in names if n.kind == "term"}
        self.ellipses = Ellipses([form.strip() for form, _ in forms], lang)
        self.filled: dict[str, str] = {}
        self.compound_parts = [
            (form.lower(), name)
            for form, name in forms
            if lang == "de" and " " not in form.strip() and len(form) >= (MIN_HEAD if name.kind == "term" else MIN_PART)
        ]
        # English proper names of one word by their stem ('explor' of 'Exploration'), for paraphrases ('Explore')
        self.name_stems = [
            (_stem(form, lang), name)
            for form, name in forms
            if lang == "en" and name.kind == "name" and len(_words(form)) == 1 and len(_stem(form, lang)) >= MIN_PART
        ]

    def fill(self, text: str) -> str:
        """`text` with the names that share a head written out (`rulepress.check.ellipses`), remembered."""
        if text not in self.filled:
            self.filled[text] = self.ellipses.fill(text)
        return self.filled[text]

    def without_others(self, text: str, keep: str, every: bool = False, also: frozenset = frozenset()) -> str:
        """`text` with every name of several words except `keep` blanked out (for `mentions`:
        'territory cards' does not mention 'territory'), but not inside a spelling of `keep` itself
        ('Army cards' inside the name 'Army cards (Z28–Z34)'). With `every`, names of one word too
        ('Hochland' is a name of its own, not a use of 'Land'); names of one word whose id is in `also` as well."""
        text = TERM_REF.sub(lambda m: f" {m.group(1)} " if m.group(2) == keep else " " * len(m.group(0)), text)
        text = self.fill(numbers.clean(text))
        lowered = text.lower()
        kept = [
            m.span()
            for pattern, name, probe in self.patterns
            if name.id == keep and probe in lowered
            for m in pattern.finditer(text)
        ]

        own = {f.lower() for pattern, name, probe in self.patterns if name.id == keep for f in name.forms[self.lang]}

        def blank(m, other: Name) -> str:
            spelled = m.group(0).lower()
            declared = spelled in {f.lower() for f in other.forms[self.lang]} - own  # 'recruits', the verb's
            inside = not declared and any(start <= m.start() and m.end() <= end for start, end in kept)
            several = every or other.id in also or " " in m.group(0).strip()
            return " " * len(m.group(0)) if several and not inside else m.group(0)

        for pattern, name, probe in self.patterns:
            if (
                name.id != keep and probe in lowered
            ):  # only names of several words: a German compound mentions all its parts
                text = pattern.sub(partial(blank, other=name), text)
        return text

    def inside(self, text: str) -> dict[str, Name]:
        """Id -> name of the names whose German one-word spelling stands inside a word of `text` (the compound
        'Handelsfeld' says 'Handel'); a cheap pre-selection for counting."""
        lowered = self.fill(text).lower()
        return {name.id: name for form, name in self.compound_parts if form in lowered}

    def paraphrased(self, text: str) -> dict[str, Name]:
        """Id -> name of the English names of one word whose stem begins a word of `text` ('Explore' for
        'Exploration'); a cheap pre-selection for counting."""
        words = _words(text)
        return {name.id: name for stem, name in self.name_stems if any(w.startswith(stem) for w in words)}

    def used(self, text: str) -> dict[str, tuple[Name, str]]:
        """Name id -> (name, the spelling found) of every name used in `text`."""
        return {ident: (name, spelled) for ident, (name, spelled, _) in self.counted(text).items()}

    def counted(self, text: str) -> dict[str, tuple[Name, str, int]]:
        """Name id -> (name, the first spelling found, how often) of every name used in `text`."""
        found: dict[str, list] = {}
        for shown, term in term_refs(text):
            if term in self.by_id:
                found.setdefault(term, [self.by_id[term], shown, 0])[2] += 1
        text = TERM_REF.sub(lambda m: " " * len(m.group(0)), text)
        text = self.fill(numbers.clean(text))
        lowered = text.lower()
        for pattern, name, probe in self.patterns:
            if probe not in lowered:
                continue

            def mask(match, name=name):
                found.setdefault(name.id, [name, match.group(0), 0])[2] += 1
                return " " * len(match.group(0))

            text = pattern.sub(mask, text)
        return {ident: tuple(value) for ident, value in found.items()}
