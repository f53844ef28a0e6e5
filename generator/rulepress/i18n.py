"""Rulepress's own words in every language: one message catalog per language, looked up here.

Every word Rulepress itself puts on paper or on the web (the website's labels, a
tiled board's assembly notes, a quick reference's cutting hint, the marks of a
reconstructed card, the keywords ``Result:``/``Refused:`` of worked examples)
lives in ``templates/locales/<lang>.yaml``, a mapping of sections (``site``,
``print``, ``examples``) of words. ``en.yaml`` is the reference: every other
catalog has each of its keys (a test checks). A game may be written in a
language without a catalog; its interface words are then the English ones, unless
the game brings its own catalog, ``locales/<lang>.yaml`` in its folder (`add_catalog`;
`rulepress check content` names the keys it lacks, which stay English).

Numbers are written by Babel in the language's conventions (`percent`,
`decimal`); the content's own texts never come from here.
"""

from __future__ import annotations

import functools
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal, format_percent

from rulepress import paths, plainyaml

LOCALES = paths.TEMPLATES / "locales"
REFERENCE = "en"  # the catalog every other one follows, and the words of a language without a catalog


GAME_CATALOGS = "locales"  # a game folder's own catalogs: locales/<lang>.yaml, for languages Rulepress ships none of
_added: dict[str, Path] = {}  # language -> a game's own catalog file (`add_catalog`)


@functools.cache
def shipped_languages() -> tuple[str, ...]:
    """The languages Rulepress ships a catalog of, sorted."""
    return tuple(sorted(p.stem for p in LOCALES.glob("*.yaml")))


def catalog_languages() -> tuple[str, ...]:
    """The languages with a catalog of their own (shipped, or a game's own: `add_catalog`), sorted."""
    return tuple(sorted({*shipped_languages(), *_added}))


def add_catalog(lang: str, path: Path) -> None:
    """Use a game's own catalog `path` for `lang`, a language Rulepress ships no catalog of (a shipped one is
    kept: its words are reviewed); the words it lacks are the English ones. The first game to bring one wins."""
    if lang not in shipped_languages():
        _added.setdefault(lang, Path(path))


@functools.cache
def _load(path: Path) -> dict:
    data = plainyaml.load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path} must hold a mapping of sections")
    return data


def _merged(words: dict, reference: dict) -> dict:
    """`words` with every key of `reference` it lacks taken from there (a game's own catalog may be partial)."""
    merged = dict(reference)
    for key, value in words.items():
        merged[key] = (
            _merged(value, reference[key])
            if isinstance(value, dict) and isinstance(reference.get(key), dict)
            else value
        )
    return merged


def _read(lang: str) -> dict:
    if lang in _added:
        return _merged(_load(_added[lang]), _load(LOCALES / f"{REFERENCE}.yaml"))
    return _load(LOCALES / f"{lang}.yaml")


def catalog(lang: str) -> dict:
    """Every word of `lang` by section (the English catalog for a language without one of its own)."""
    return _read(lang if lang in catalog_languages() else REFERENCE)


def words(lang: str, section: str) -> dict:
    """One section of `lang`'s catalog (``site``, ``examples``) or a dotted sub-section (``print.face``)."""
    found: Any = catalog(lang)
    for step in section.split("."):
        found = found[step]
    return found


def word(lang: str, key: str) -> str:
    """One word by its dotted key: ``word("de", "print.face.unknown")`` is "unbekannt"."""
    section, _, name = key.rpartition(".")
    return str(words(lang, section)[name])


def long_date(value, lang: str) -> str:
    """A date as the language writes it in running text (Babel's long format: 22. November 2026)."""
    from babel.dates import format_date

    try:
        return format_date(value, format="long", locale=lang)
    except (ValueError, LookupError):
        return value.isoformat()


def every_form(key: str) -> tuple[str, ...]:
    """The word `key` in every catalog, English first, each once (``examples.result``: Result, Ergebnis, ...):
    what an author may write in a text that any language's readers read."""
    forms = [word(REFERENCE, key)]
    for lang in catalog_languages():
        if word(lang, key) not in forms:
            forms.append(word(lang, key))
    return tuple(forms)


def language_name(lang: str, in_lang: str | None = None) -> str:
    """The name of the language `lang` in `in_lang` (in itself by default), as Babel knows it."""
    try:
        shown = Locale.parse(in_lang or lang).languages.get(lang)
    except (ValueError, LookupError, UnknownLocaleError):
        shown = None
    return shown or lang


def own_name(lang: str) -> str:
    """The name of `lang` in itself as a language switch shows it: its catalog's ``site.language_name``
    ("Deutsch", "Français"), else Babel's, capitalised."""
    if lang in catalog_languages():
        return str(words(lang, "site")["language_name"])
    name = language_name(lang)
    return name[:1].upper() + name[1:]


def known_language(lang: str) -> bool:
    """True when Babel knows `lang` (its numbers, plurals and name)."""
    try:
        Locale.parse(lang)
    except (ValueError, LookupError, UnknownLocaleError):  # Babel's unknown locale is no ValueError
        return False
    return True


def _exact(value) -> Fraction:
    if isinstance(value, bool):
        raise TypeError("percent expects a number, not a bool")
    if isinstance(value, (Fraction, int, Decimal)):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value))  # the decimal the author sees, not the binary approximation
    raise TypeError(f"percent expects a number, got {type(value).__name__}")


def percent(value, lang: str, digits: int = 1) -> str:
    """A share (0..1) as a percentage in `lang`'s conventions, rounded half up to `digits` decimals:
    0.4215 is "42,2 %" in German (with a no-break space), "42.2%" in English, "42,2 %" in French."""
    if digits < 0:
        raise ValueError("percent digits must be 0 or more")
    share = _exact(value) * 100
    rounded = (Decimal(share.numerator) / Decimal(share.denominator)).quantize(
        Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP
    )
    if rounded == 0:
        rounded = abs(rounded)  # no "-0.0%"
    locale = lang if known_language(lang) else REFERENCE
    pattern = Locale.parse(locale).percent_formats[None].pattern  # e.g. "#,##0\u00a0%"
    last = pattern.rindex("0")  # the number's last digit: the decimals go after it
    shaped = pattern[: last + 1] + ("." + "0" * digits if digits else "") + pattern[last + 1 :]
    return format_percent(rounded / 100, format=shaped, locale=locale)


def decimal(value, lang: str) -> str:
    """A number in `lang`'s conventions (Babel's decimal format): 7.5 is "7,5" in German."""
    return format_decimal(value, locale=lang if known_language(lang) else REFERENCE)
