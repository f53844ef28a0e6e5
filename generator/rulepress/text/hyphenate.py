"""Where a word may be broken at the end of a line: at its hyphens and at the hyphenation points of its language.

`breaks(lang)` returns a function that ReportLab's paragraph wrapper calls with a word that does not fit the
rest of a line; it answers the (head, tail) pairs to try, best first: after a hyphen the word already has
(longest head first; a line may end there as between words, UAX #14), then, when `lang` is given, at the
hyphenation points pyphen knows for the language (longest head first). A head that does not end in a hyphen
is printed with one. A word is never broken anywhere else: a word that fits nowhere makes the text overflow,
which the caller reports.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

Pairs = Callable[[str], list[tuple[str, str]]]


@lru_cache(maxsize=32)
def _dictionary(lang: str):
    """pyphen's dictionary for `lang` (or its nearest variant), or None when pyphen has none."""
    import pyphen

    name = pyphen.language_fallback(lang.replace("-", "_"))
    return pyphen.Pyphen(lang=name) if name else None


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
        for position in dictionary.positions(part):
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
