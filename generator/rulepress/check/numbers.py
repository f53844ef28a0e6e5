"""Locale-aware extraction of the numbers a German or English rule text states.

`extract(text, lang)` finds digits and number words and returns them as exact
`Fraction` values, so that paired paragraphs can be compared as multisets:

- digits with the language's separators: German ``1.000`` / ``1,5``, English
  ``1,000`` / ``1.5``; digit groups split by spaces (``1 000 000``, OCR'd
  ``1 000000``); ordinals ``3.``/``3rd``; scale words ``5 Mio.`` /
  ``5 million`` / ``2 Tsd.`` multiply;
- number words: null/zero ... zwölf/twelve, the teens, tens and German
  compounds (``zweiundvierzig``) / English ones (``forty-two``), ordinals
  (``dritte``/``third`` -> 3), ``doppelt``/``double``/``twice`` -> 2,
  ``halb``/``Hälfte``/``half`` -> 1/2, ``zweimal``/``three times``;
- *weak* numbers: words that are a number only sometimes (the German article
  ``ein``/``eine``..., ``einmal``, ``beide``; English ``a``/``an``, ``once``,
  ``first``, ``both``). A weak number never causes a difference on its own;
  it only balances a stated number on the other side (``eine Karte`` vs
  ``one card``).

Ignored: numbers inside ids (``ex-trade-7``, ``Z01``, ``W6``), inline code,
MyST labels and comments, role targets (``{term}`Feld <space>` `` keeps only
``Feld``), link targets. Doctest blocks never reach this module: callers pass
paragraphs without code blocks. Pure functions, no I/O.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Number:
    """One number found in a text."""

    value: Fraction
    text: str  # as written
    weak: bool = False  # an article-like word: only balances numbers of the other language


def show(value: Fraction) -> str:
    """A value as a plain number: 1000000, 1.5, 1/3."""
    if value.denominator == 1:
        return str(value.numerator)
    if (10**6 * value).denominator == 1:
        return format(float(value), "g")
    return str(value)


# ---------------------------------------------------------------- word tables

_DE_UNITS = {
    "null": 0,
    "eins": 1,
    "zwei": 2,
    "drei": 3,
    "vier": 4,
    "fünf": 5,
    "sechs": 6,
    "sieben": 7,
    "acht": 8,
    "neun": 9,
    "zehn": 10,
    "elf": 11,
    "zwölf": 12,
    "dreizehn": 13,
    "vierzehn": 14,
    "fünfzehn": 15,
    "sechzehn": 16,
    "siebzehn": 17,
    "achtzehn": 18,
    "neunzehn": 19,
}
_DE_TENS = {
    "zwanzig": 20,
    "dreißig": 30,
    "vierzig": 40,
    "fünfzig": 50,
    "sechzig": 60,
    "siebzig": 70,
    "achtzig": 80,
    "neunzig": 90,
}
_DE_COMPOUND_UNITS = {
    "ein": 1,
    "zwei": 2,
    "drei": 3,
    "vier": 4,
    "fünf": 5,
    "sechs": 6,
    "sieben": 7,
    "acht": 8,
    "neun": 9,
}
_DE_ORDINAL_STEMS = {
    "erst": 1,
    "zweit": 2,
    "dritt": 3,
    "viert": 4,
    "fünft": 5,
    "sechst": 6,
    "siebt": 7,
    "siebent": 7,
    "acht": 8,
    "neunt": 9,
    "zehnt": 10,
    "elft": 11,
    "zwölft": 12,
}
_DE_ENDINGS = ("e", "en", "er", "es", "em")
_DE_SPECIAL: dict[str, int | Fraction] = {
    "zweien": 2,
    "dreien": 3,
    "vieren": 4,
    "doppelt": 2,
    "doppelte": 2,
    "doppelten": 2,
    "doppelter": 2,
    "doppeltes": 2,
    "doppeltem": 2,
    "verdoppelt": 2,
    "verdoppeln": 2,
    "verdoppelte": 2,
    "verdoppelten": 2,
    "verdopplung": 2,
    "verdoppelung": 2,
    "zweifach": 2,
    "zweifache": 2,
    "zweifachen": 2,
    "dreifach": 3,
    "dreifache": 3,
    "dreifachen": 3,
    "halb": HALF,
    "halbe": HALF,
    "halben": HALF,
    "halber": HALF,
    "halbes": HALF,
    "hälfte": HALF,
    "hälften": HALF,
    "halbierung": HALF,
    "halbierungen": HALF,
    "halbiert": HALF,
    "halbieren": HALF,
    "halbierte": HALF,
    "dutzend": 12,
    "hundert": 100,
    "tausend": 1000,
    "zweimal": 2,
    "dreimal": 3,
    "viermal": 4,
    "fünfmal": 5,
    "sechsmal": 6,
    "zehnmal": 10,
}
# compounds that state a number: zweithöchste (second-highest), zweistellig (two-digit), doppelseitig, Halbierungsregel
_DE_COMPOUND_HEADS: dict[str, int | Fraction] = {
    "zweit": 2,
    "dritt": 3,
    "viert": 4,
    "ein": 1,
    "zwei": 2,
    "drei": 3,
    "vier": 4,
    "doppel": 2,
    "halbierung": HALF,
}
_DE_FROM_END = re.compile(r"(vor|zweit|dritt|viert)letzt(?:e|en|er|es|em)?")
_DE_COMPOUND_NUMBER = re.compile(
    r"(zweit|dritt|viert)(?:höchst|niedrigst|größt|best|stärkst|schwächst|kleinst)\w*"
    r"|(ein|zwei|drei|vier)stellig\w*|(doppel)seitig\w*|(halbierung)s?\w*"
)
_DE_WEAK = {
    "ein": 1,
    "eine": 1,
    "einen": 1,
    "einem": 1,
    "einer": 1,
    "eines": 1,
    "einmal": 1,
    "beide": 2,
    "beiden": 2,
    "beider": 2,
    "beides": 2,
}

_EN_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_EN_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_EN_ORDINALS = {
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
}
_EN_SPECIAL: dict[str, int | Fraction] = {
    "double": 2,
    "doubles": 2,
    "doubled": 2,
    "doubling": 2,
    "twice": 2,
    "twofold": 2,
    "triple": 3,
    "tripled": 3,
    "thrice": 3,
    "threefold": 3,
    "half": HALF,
    "halves": HALF,
    "halved": HALF,
    "halving": HALF,
    "halve": HALF,
    "dozen": 12,
    "hundred": 100,
    "thousand": 1000,
}
_EN_WEAK = {"a": 1, "an": 1, "once": 1, "first": 1, "both": 2}

# scale words after a number: value multiplier
_SCALES = {
    "de": {
        "mio": 10**6,
        "mio.": 10**6,
        "mill.": 10**6,
        "million": 10**6,
        "millionen": 10**6,
        "mrd": 10**9,
        "mrd.": 10**9,
        "milliarde": 10**9,
        "milliarden": 10**9,
        "tsd": 1000,
        "tsd.": 1000,
        "tausend": 1000,
        "hundert": 100,
    },
    "en": {
        "million": 10**6,
        "millions": 10**6,
        "mio": 10**6,
        "mn": 10**6,
        "billion": 10**9,
        "bn": 10**9,
        "thousand": 1000,
        "hundred": 100,
    },
}
# scale letters glued to digits: $5M, 10k, 2Mio
_GLUED_SCALES = {"M": 10**6, "m": 10**6, "Mio": 10**6, "k": 1000, "K": 1000, "Mrd": 10**9, "bn": 10**9}
# scale words that are a number even without one before them ("eine Million" is handled as 1 x scale)
_STANDALONE_SCALES = {"de": {"million": 10**6, "milliarde": 10**9}, "en": {"million": 10**6, "billion": 10**9}}


WORDS_KNOWN = frozenset({"de", "en"})  # languages whose number words are read (others: digits only)


@functools.cache
def separators(lang: str) -> tuple[str, str]:
    """(thousands, decimal) separators of `lang` as Babel knows them: (".", ",") in German, (",", ".") in English."""
    from babel import Locale

    try:
        symbols = Locale.parse(lang).number_symbols["latn"]
    except (ValueError, LookupError):
        return ",", "."
    return symbols["group"], symbols["decimal"]


def word_value(word: str, lang: str) -> tuple[Fraction, bool] | None:
    """(value, weak) of one number word, or None. Case-insensitive."""
    w = word.lower()
    if lang == "de":
        return _de_value(w)
    if lang not in WORDS_KNOWN:
        return None  # no number words of this language: its digits are compared, its words are not
    return _listed_value(w, _EN_LISTS)


# the word lists of a language in the order they are looked up, each with whether its words are weak
_DE_LISTS = ((_DE_WEAK, True), (_DE_UNITS, False), (_DE_TENS, False), (_DE_SPECIAL, False))
_EN_LISTS = ((_EN_WEAK, True), (_EN_UNITS, False), (_EN_TENS, False), (_EN_ORDINALS, False), (_EN_SPECIAL, False))


def _listed_value(w: str, lists: tuple[tuple[Mapping[str, int | Fraction], bool], ...]) -> tuple[Fraction, bool] | None:
    """(value, weak) of the lower-case word `w` from the first of `lists` that has it, or None."""
    for words, weak in lists:
        if w in words:
            return Fraction(words[w]), weak
    return None


def _de_value(w: str) -> tuple[Fraction, bool] | None:
    """(value, weak) of the lower-case German number word `w`: listed, compound, ordinal or counted from the
    end, or None."""
    return _listed_value(w, _DE_LISTS) or _de_tens_and_unit(w) or _de_hundreds(w) or _de_ordinal(w) or _de_position(w)


def _de_tens_and_unit(w: str) -> tuple[Fraction, bool] | None:
    """The value of a German unit-and-tens compound ('zweiundzwanzig'), or None."""
    match = re.fullmatch(r"(ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und(\w+)", w)
    if match and match.group(2) in _DE_TENS:
        return Fraction(_DE_COMPOUND_UNITS[match.group(1)] + _DE_TENS[match.group(2)]), False
    return None


def _de_hundreds(w: str) -> tuple[Fraction, bool] | None:
    """The value of a German number of hundreds ('dreihundertvier', 'hundertzwei'), or None."""
    match = re.fullmatch(r"(ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)?hundert(.*)", w)
    if not match or not (match.group(1) or match.group(2)):
        return None
    rest = word_value(match.group(2), "de") if match.group(2) else (Fraction(0), False)
    if rest is None or rest[1]:
        return None
    return Fraction(100 * _DE_COMPOUND_UNITS.get(match.group(1) or "ein", 1)) + rest[0], False


def _de_ordinal(w: str) -> tuple[Fraction, bool] | None:
    """The value of a German ordinal (a stem and an ending: 'dritte', 'zwanzigsten'), or None."""
    for stem, value in _DE_ORDINAL_STEMS.items():
        if w.startswith(stem) and w[len(stem) :] in _DE_ENDINGS:
            return Fraction(value), False
    return None


def _de_position(w: str) -> tuple[Fraction, bool] | None:
    """The value of a German position from the end ('vorletzte', 'drittletzte': a negative number) or of a
    compound whose head is a number, or None."""
    match = _DE_FROM_END.fullmatch(w)
    if match:
        return Fraction(-_DE_COMPOUND_HEADS.get(match.group(1), 2)), False
    match = _DE_COMPOUND_NUMBER.fullmatch(w)
    if match:
        return Fraction(_DE_COMPOUND_HEADS[next(g for g in match.groups() if g)]), False
    return None


# ---------------------------------------------------------------- cleaning

_LABEL_LINE = re.compile(r"^\([a-z0-9][a-z0-9_-]*\)=\s*$", re.M)
_COMMENT_LINE = re.compile(r"^%.*$", re.M)
_ROLE_WITH_TARGET = re.compile(r"\{[a-z:-]+\}`([^`<]*?)\s*<[^`>]*>`")
_ROLE = re.compile(r"\{[a-z:-]+\}`([^`]*)`")
_INLINE_CODE = re.compile(r"``.+?``|`[^`]*`")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
_ID_LIKE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
# lower-case ids with a digit after a hyphen or underscore: ex-trade-7, set_3
_ID_TOKEN = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*[-_][0-9][a-z0-9_-]*")


def clean(text: str) -> str:
    """Text as read by a player: no ids, labels, comments, code or link targets."""
    text = _HTML_COMMENT.sub(" ", text)
    text = _LABEL_LINE.sub("", text)
    text = _COMMENT_LINE.sub("", text)
    text = _ROLE_WITH_TARGET.sub(lambda m: m.group(1), text)
    text = _ROLE.sub(lambda m: "" if _ID_LIKE.match(m.group(1)) and "-" in m.group(1) else m.group(1), text)
    text = _INLINE_CODE.sub(" ", text)
    text = _LINK.sub(lambda m: m.group(1), text)
    return _ID_TOKEN.sub(" ", text)


# ---------------------------------------------------------------- digits

_SPACE = "[ \u00a0\u202f]"
_DIGITS = re.compile(rf"(?<![\w])(?:\d{{1,3}}(?:{_SPACE}(?:\d{{6}}|\d{{3}}))+(?![\d.,]\d)|\d+(?:[.,]\d+)*)")
DIGITS = _DIGITS  # a group of digits as written (1.500.000, 1,5, 2.3.1)
_AFTER = re.compile(r"[^\W\d_]*")


def parse_digits(written: str, lang: str) -> list[Fraction]:
    """The value(s) of one digit group as written in `lang` (a section number gives several)."""
    plain = re.sub(_SPACE, "", written)
    if plain.isdigit():
        return [Fraction(int(plain))]
    thousands, decimal = separators(lang)
    whole, _, fraction = plain.partition(decimal) if plain.count(decimal) == 1 else (plain, "", "")
    if re.fullmatch(rf"\d{{1,3}}(?:{re.escape(thousands)}\d{{3}})+|\d+", whole) and (
        fraction == "" or fraction.isdigit()
    ):
        value = Fraction(int(whole.replace(thousands, "")))
        if fraction:
            value += Fraction(int(fraction), 10 ** len(fraction))
        return [value]
    parts = re.split(r"[.,]", plain)
    if len(parts) == 2:  # the other locale's decimal point (1.5 in German): read as a decimal
        return [Fraction(int(parts[0])) + Fraction(int(parts[1]), 10 ** len(parts[1]))]
    return [Fraction(int(p)) for p in parts]  # a section number such as 2.3.1


def _scale_after(text: str, end: int, lang: str) -> tuple[int, int] | None:
    """(multiplier, end) when a scale word follows position `end`."""
    match = re.compile(r"[ \u00a0\u202f]?([^\W\d_]+\.?)").match(text, end)
    if not match:
        return None
    word = match.group(1).lower()
    scales = _SCALES.get(lang, {})
    if word in scales:
        return scales[word], match.end()
    if word.rstrip(".") in scales:
        return scales[word.rstrip(".")], match.end() - 1
    return None


# ---------------------------------------------------------------- extraction

_INCLUSIVE = re.compile(r"(?<![\w-])([^\W\d_]+)(\s+oder\s+|\s+bzw\.\s+|\s*/\s*)([^\W\d_]+)(?![\w-])")


def _inclusive(text: str, lang: str) -> str:
    """Gendered pairs of one number word count once: 'Erste oder Erster', 'Erste/r' -> 'Erste'."""

    def one(match: re.Match) -> str:
        a, b = match.group(1), match.group(3)
        value_a = word_value(a, lang)
        if value_a is None or a[:3].lower() != b[:3].lower():
            return match.group(0)
        value_b = word_value(b, lang)
        if value_b is None and not re.fullmatch(r"[a-z]{1,2}", b):  # Erste/r
            return match.group(0)
        if value_b is not None and value_b[0] != value_a[0]:
            return match.group(0)
        return a + " " * (len(match.group(0)) - len(a))

    return _INCLUSIVE.sub(one, text)


def extract(text: str, lang: str) -> list[Number]:
    """Every number stated in `text` (a paragraph of Markdown) in reading order."""
    text = _inclusive(clean(text), lang)
    found, taken = _digit_numbers(text, lang)
    found += _word_numbers(text, lang, taken)
    return [n for _, n in sorted(found, key=lambda item: item[0])]


def _digit_numbers(text: str, lang: str) -> tuple[list[tuple[int, Number]], list[tuple[int, int]]]:
    """(start, number) of every number written in digits in the clean `text`, and the spans they take."""
    found: list[tuple[int, Number]] = []
    taken: list[tuple[int, int]] = []
    for match in _DIGITS.finditer(text):
        start = match.start()
        values, end = _digit_values(text, match, lang)
        for value in values:
            found.append((start, Number(value, text[start:end].strip())))
        taken.append((start, end))
    return found, taken


def _digit_values(text: str, match: re.Match, lang: str) -> tuple[list[Fraction], int]:
    """(values, end) of the digit group `match`: its values times a scale glued to it or following it."""
    end = match.end()
    # 3rd, 10er, 5M, 2x: the number counts (the pattern matches everywhere, if only an empty suffix)
    suffix = glued.group(0) if (glued := _AFTER.match(text, end)) else ""
    values = parse_digits(match.group(0), lang)
    multiplier: int | None = None
    if suffix:
        multiplier = _GLUED_SCALES.get(suffix)
        end += len(suffix)
    elif scaled := _scale_after(text, end, lang):
        multiplier, end = scaled
    if multiplier is not None:
        values = values[:-1] + [values[-1] * multiplier]
    return values, end


_Word = tuple[int, int, str]  # (start, end, word) of one word of a text


def _word_numbers(text: str, lang: str, taken: list[tuple[int, int]]) -> list[tuple[int, Number]]:
    """(start, number) of every number written in words in the clean `text`, outside the `taken` spans."""
    words = [(m.start(), m.end(), m.group(0).rstrip(".")) for m in re.finditer(r"[^\W\d_]+", text)]
    found: list[tuple[int, Number]] = []
    i = 0
    while i < len(words):
        start = words[i][0]
        number, step = (None, 1) if any(a <= start < b for a, b in taken) else _word_number(text, lang, words, i)
        if number is not None:
            found.append((start, number))
        i += step
    return found


def _word_number(text: str, lang: str, words: list[_Word], i: int) -> tuple[Number | None, int]:
    """(the number that word `i` of `words` begins or None, how many words it takes)."""
    start, end, word = words[i]
    read = word_value(word, lang)
    if read is None:
        standalone = _STANDALONE_SCALES.get(lang, {}).get(word.lower())
        return (Number(Fraction(standalone), word) if standalone else None), 1
    number, weak = read
    if re.match(r"[- ]to[- ]last", text[end : end + 8]):
        # second-to-last: a position from the end, written as a negative number (German 'vorletzte')
        return Number(-number, text[start : end + 8].strip()), 1
    if lang == "en" and word.lower() == "one" and _pronoun_one(words, i):
        weak = True  # the last one, this one: a pronoun
    number, shown_end, step = _tens_and_unit(text, lang, words, i, number)
    nxt = words[i + step] if i + step < len(words) else None
    number, weak, shown_end, more = _scaled(text, lang, nxt, shown_end, (number, weak))
    return Number(number, text[start:shown_end], weak), step + more


def _tens_and_unit(text: str, lang: str, words: list[_Word], i: int, number: Fraction) -> tuple[Fraction, int, int]:
    """(value, end, words taken) of the English tens word `i` of `words` and a unit after it ('twenty-one')."""
    end = words[i][1]
    nxt = words[i + 1] if i + 1 < len(words) else None
    if (
        lang == "en"
        and nxt
        and number in [Fraction(v) for v in _EN_TENS.values()]
        and text[end : nxt[0]] in ("-", " ")
        and nxt[2].lower() in _EN_UNITS
        and _EN_UNITS[nxt[2].lower()] < 10
    ):
        return number + _EN_UNITS[nxt[2].lower()], nxt[1], 2
    return number, end, 1


def _scaled(
    text: str, lang: str, nxt: _Word | None, end: int, read: tuple[Fraction, bool]
) -> tuple[Fraction, bool, int, int]:
    """(value, weak, end, words taken) of the number `read` (value, weak) that ends at `end`, with the word `nxt`
    after it when that is a scale ('drei Millionen', 'two million') or an English 'times'."""
    number, weak = read
    if not nxt or text[end : nxt[0]].strip() != "":
        return number, weak, end, 0
    scale = _SCALES.get(lang, {}).get(nxt[2].lower()) or _SCALES.get(lang, {}).get(text[nxt[0] : nxt[1] + 1].lower())
    if scale:
        return number * scale, False, nxt[1], 1
    if lang == "en" and nxt[2].lower() == "times" and not weak:
        return number, weak, nxt[1], 1
    return number, weak, end, 0


_DETERMINERS = {"the", "this", "that", "which", "each", "every", "another", "no", "any", "a", "an"}
_PRONOUN_ADJECTIVES = {
    "last",
    "first",
    "next",
    "middle",
    "other",
    "new",
    "same",
    "previous",
    "left",
    "right",
    "highest",
    "lowest",
    "only",
    "top",
    "bottom",
    "front",
    "rear",
    "single",
    "old",
}


def _pronoun_one(words: list[tuple[int, int, str]], i: int) -> bool:
    """Is the English 'one' at index i a pronoun ('the last one', 'this one', 'no one')?"""
    before = [w[2].lower() for w in words[max(0, i - 2) : i]]
    if not before:
        return False
    return before[-1] in _DETERMINERS or (
        len(before) == 2 and before[0] in ("the", "a", "an", "this", "that") and before[-1] in _PRONOUN_ADJECTIVES
    )


def extract_pair(first: str, first_lang: str, second: str, second_lang: str) -> tuple[list[Number], list[Number]]:
    """The numbers of two paired texts, leaving out number words that are names (and every number word when
    the number words of one of the languages are not known, `WORDS_KNOWN`: then digits alone are compared).

    A number word written the same way in the other language's text, where it
    is no number word ('Feld Zero' / 'the Zero field'), is a name, not a number.
    """
    a, b = extract(first, first_lang), extract(second, second_lang)
    words_a = {w.lower() for w in re.findall(r"[^\W\d_]+", clean(first))}
    words_b = {w.lower() for w in re.findall(r"[^\W\d_]+", clean(second))}

    both_words = first_lang in WORDS_KNOWN and second_lang in WORDS_KNOWN

    def keep(number: Number, other_words: set[str], other_lang: str) -> bool:
        word = number.text.lower()
        if not both_words and not any(c.isdigit() for c in word):
            return False  # the other language's number words are not read: only digits are compared
        return not (word.isalpha() and word in other_words and word_value(word, other_lang) is None)

    return ([n for n in a if keep(n, words_b, second_lang)], [n for n in b if keep(n, words_a, first_lang)])


def compare(first: list[Number], second: list[Number]) -> tuple[list[Fraction], list[Fraction]]:
    """Values stated in `first` but not in `second`, and the other way round (multisets).

    A weak number of one side balances a stated one of the other side; weak
    numbers left over are no difference.
    """
    strong_a = Counter(n.value for n in first if not n.weak)
    strong_b = Counter(n.value for n in second if not n.weak)
    weak_a = Counter(n.value for n in first if n.weak)
    weak_b = Counter(n.value for n in second if n.weak)
    only_a: list[Fraction] = []
    only_b: list[Fraction] = []
    for value in sorted(set(strong_a) | set(strong_b)):
        surplus = strong_a[value] - strong_b[value]
        if surplus > 0:
            only_a += [value] * max(0, surplus - weak_b[value])
        elif surplus < 0:
            only_b += [value] * max(0, -surplus - weak_a[value])
    return only_a, only_b
