"""Where a word may be broken at the end of a line: at its hyphens and at the hyphenation points of its language.

`breaks(lang)` returns a function that ReportLab's paragraph wrapper calls with a word that does not fit the
rest of a line; it answers the (head, tail) pairs to try, best first: after a hyphen the word already has
(longest head first; a line may end there as between words, UAX #14), then, when `lang` is given, at the
hyphenation points pyphen knows for the language (longest head first). A head that does not end in a hyphen
is printed with one. A word is never broken anywhere else: a word that fits nowhere makes the text overflow,
which the caller reports.

The dictionary is the language's variant: `VARIANTS` (English is American, pyphen's en_US; a game asks for
en-GB with game.yaml `hyphenation`). A break leaves at least `MIN_FRAGMENT` letters before and after it (no
"negat-ive", "Altenbur-g", "S-tralsunder"). German words are compounds: a break may not leave a syllable of
fewer than three letters after the break point before it (the joint of a compound, where pyphen has one), so
"West-europa" and "Kurz-regeln" may break at their joints but not as "Westeu-ropa" or "Kurzre-geln". This is
a rule on pyphen's points, not a compound dictionary: a joint pyphen does not know is not found.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

Pairs = Callable[[str], list[tuple[str, str]]]

VARIANTS = {"en": "en_US", "de": "de_DE"}  # the dictionary of a language given without its variant
MIN_FRAGMENT = {"en": (2, 3), "de": (3, 3)}  # letters at least before and after a break (else 3 and 3)
COMPOUNDS = ("de",)  # languages whose breaks keep clear of the joints of compounds
MIN_SYLLABLE = 3  # letters at least between the break before and a break (in a compound language)


def dictionary_name(lang: str) -> str | None:
    """pyphen's dictionary for a language code ("en", "en-GB", "de"): its variant, else the nearest pyphen has."""
    import pyphen

    code = lang.replace("-", "_")
    return pyphen.language_fallback(VARIANTS.get(code, code))


@lru_cache(maxsize=32)
def _dictionary(lang: str):
    """pyphen's dictionary for `lang` (its variant, see `dictionary_name`), or None when pyphen has none."""
    import pyphen

    name = dictionary_name(lang)
    if not name:
        return None
    left, right = MIN_FRAGMENT.get(lang.split("-")[0].lower(), (3, 3))
    return pyphen.Pyphen(lang=name, left=left, right=right)


def _positions(part: str, lang: str, dictionary) -> list[int]:
    """The break points of a hyphen-free word part: pyphen's, in a compound language without those that follow
    another point by fewer than `MIN_SYLLABLE` letters."""
    found = list(dictionary.positions(part))
    if lang.split("-")[0].lower() not in COMPOUNDS:
        return found
    return [p for i, p in enumerate(found) if i == 0 or p - found[i - 1] >= MIN_SYLLABLE]


def hard_breaks(word: str) -> list[tuple[str, str]]:
    """Splits right after each hyphen inside `word`, the longest head first."""
    pairs = [(word[: i + 1], word[i + 1 :]) for i, ch in enumerate(word) if ch == "-" and 0 < i < len(word) - 1]
    return sorted(pairs, key=lambda p: -len(p[0]))


def soft_breaks(word: str, lang: str | None) -> list[tuple[str, str]]:
    """Splits at the hyphenation points of each hyphen-free part of `word`, the longest head first."""
    dictionary = _dictionary(lang) if lang else None
    if dictionary is None:
        return []
    pairs = []
    offset = 0
    for part in word.split("-"):
        for position in _positions(part, lang, dictionary):  # type: ignore[arg-type]
            pairs.append((word[: offset + position], word[offset + position :]))
        offset += len(part) + 1
    return sorted(pairs, key=lambda p: -len(p[0]))


def breaks(lang: str | None) -> Pairs:
    """The break points of a word for ReportLab's `hyphenationLang` (a callable word -> pairs): its hyphens,
    and with `lang` its hyphenation points."""

    def pairs(word: str) -> list[tuple[str, str]]:
        return hard_breaks(word) + soft_breaks(word, lang)

    return pairs


def hyphenates(lang: str) -> bool:
    """True when pyphen has hyphenation points for `lang`."""
    return _dictionary(lang) is not None
