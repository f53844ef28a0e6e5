"""What a translation must keep besides numbers and names: negations, emphasised numbers,
sentences and prose examples. Pure functions over one text in one language.

- `negations(text, lang)`: negation words (German ``nicht``, ``kein…``,
  ``nie``, ``niemand``, ``nichts``, ``weder``, ``ohne``, ``außer``,
  ``unmöglich``, ``scheitert``; English ``not``, ``no``, ``never``,
  ``nobody``, ``nothing``, ``neither``, ``nor``, ``without``, ``…n't``,
  ``cannot``, ``unless``, ``except``, ``impossible``, ``fails``).
  ``weder … noch`` / ``neither … nor`` count once.
- `emphasised_numbers(text, lang)`: numbers inside ``**bold**`` or ``*italic*``.
- `sentences(text, lang)`: sentences, list items, table rows and headings,
  each one unit (abbreviations such as ``z. B.``, ``Mio.``, ``e.g.`` and
  German ordinals ``3. Serie`` do not end a sentence).
- `prose_examples(text, lang)`: worked examples written as prose
  (``Beispiel``, ``z. B.``; ``example``, ``e.g.``, ``for instance``).
- `stand_ins(text, lang)`: words that stand in for a name said before
  (German ``er``, ``sie``, ``es``, ``ihn``, ``ihr…``, ``sein…``, ``dessen``,
  ``deren``, ``dies…``, ``dort``, ``da…``-adverbs; English ``it``, ``they``,
  ``them``, ``its``, ``their``, ``one``, ``ones``, ``this``, ``these``,
  ``those``, ``there``, ``he``, ``she``...). A numeral pronoun (``one``,
  ``eines``) stands in only where no noun follows it: 'one of your own',
  'or one across a dashed line', not 'one extra card' or 'eine Zusatzkarte'.

Quoted text (card names such as "The English example") and inline code are
left out of every count.

Only German and English word forms are known (`KNOWN`). In any other language these
functions find no negation, prose example or stand-in, and no abbreviation keeps a
sentence open; `covers` says whether a pair of languages is compared by them at all
(the translation check leaves negations, prose examples and stand-ins out otherwise
and keeps its language-neutral parts: numbers, names, emphasis, worked examples).
"""

from __future__ import annotations

import re
from fractions import Fraction

from rulepress.check import numbers
from rulepress.markdown import emphasised

KNOWN = frozenset({"de", "en"})  # languages whose word forms the signals know
_NEVER = re.compile(r"(?!)")  # what a language without known word forms has of each


def covers(*langs: str) -> bool:
    """True when the word-form signals know every one of `langs`."""
    return all(lang in KNOWN for lang in langs)


_QUOTED = re.compile(r"“[^”]*”|„[^“”]*[“”]|\"[^\"\n]*\"|«[^»]*»|»[^«]*«")
_NEGATION = {
    "de": re.compile(
        r"(?<![\w-])(nicht|nichts|kein|keine|keinen|keinem|keiner|keines|keins|keinerlei|nie|niemals|niemand|"
        r"niemanden|niemandem|nirgends|nirgendwo|weder|ohne|unmöglich\w*|scheiter\w*|gescheitert\w*|"
        r"misslingt|misslungen\w*|"
        r"außerhalb|außer|zu wenig|es sei denn|verweiger\w*|abgelehnt|ablehn\w*|zurückgewiesen|"
        r"zurückweis\w*|wirkungslos\w*|erfolglos\w*|nutzlos\w*|wertlos\w*|unentschieden\w*)(?![\w-])",
        re.I,
    ),
    "en": re.compile(
        r"(?<![\w-])(not|no(?![.\u2024])|never|nobody|none|nothing|neither|nor|nowhere|without|cannot|unless|no-one|"
        r"no one|\w+n't|impossible|unable|fail(?:s|ed|ures?)?|outside|other than|except|too few|too little|"
        r"lacks?|refus(?:e|es|ed|ing)|declines?|regardless|apart from|undecided)(?![\w-])",
        re.I,
    ),
}
_NEITHER_NOR = re.compile(r"\b(neither|weder)\b([^.;!?]*?)\b(nor|noch)\b", re.I)  # counts once
_ABBREVIATIONS = {
    "de": r"z\.\s?B|d\.\s?h|u\.\s?a|u\.\s?U|o\.\s?ä|ca|Nr|bzw|usw|vgl|evtl|ggf|inkl|bzgl|Abs|max|min|Mio|Mrd|Tsd|Std|St|S",
    "en": r"e\.g|i\.e|etc|vs|approx|No|max|min|Mr|Mrs|Dr|St|p|pp|ca",
}
# a name's initial: 'Mark S. Ball Unofficial', 'Mark S. Ball —' (a capitalised word follows, and no lower-case word
# after it: 'Feld B. Dann ist' ends a sentence)
_INITIAL = re.compile(r"(\b[A-Z][a-z]{2,} [A-Z])\.(?= [A-Z][a-z]+\b(?! [a-zäöüß]))")
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"”“)]*\s+(?=[\"„“(*_]*[A-ZÄÖÜ0-9])")
# a German number with a full stop is an ordinal after an article or preposition ("die 3. Serie"), else a sentence end
_DE_ORDINAL = re.compile(
    r"\b((?:der|die|das|den|dem|des|ein|eine|einer|einem|eines|zur|zum|im|am|ab|vom|beim|jede|"
    r"jeder|jedes|jedem|seine|seiner|seinem|ihre|ihrer|ihrem|nach|vor|seit) \d{1,2}|^\s*\d{1,2}|, \d{1,2}|"
    r"(?:(?<=\d\. und )|(?<=\d\. oder )|(?<=\d\. bis ))\d{1,2})\.(?=\s)",
    re.I,
)
_STAND_IN = {
    "de": re.compile(
        r"(?<![\w-])(er|sie|es|ihn|ihm|ihnen|ihr|ihre|ihren|ihrem|ihrer|ihres|sein|seine|seinen|seinem|"
        r"seiner|seines|dessen|deren|derjenige|diejenige|dasjenige|denjenigen|demjenigen|diejenigen|"
        r"dieser|diese|dieses|diesem|diesen|dort|dorthin|dorther|davon|daran|darauf|damit|dafür|dabei|"
        r"darin|daraus|darunter|dazu|welche|welcher|welches|welchen|welchem)(?![\w-])",
        re.I,
    ),
    "en": re.compile(
        r"(?<![\w-])(it|its|itself|they|them|their|theirs|themselves|he|him|his|she|her|hers|"
        r"this|these|those|there|thereof|which|whom|whose)(?![\w-])",
        re.I,
    ),
}
# a numeral pronoun ('one', 'eines') is one only before one of these words or a punctuation mark; before any other
# word it counts a noun ('one extra card', 'eine weitere Karte')
_NUMERAL_PRONOUN = {
    "de": re.compile(r"(?<![\w-])(eine[rsmn]?|eins)(?![\w-])", re.I),
    "en": re.compile(r"(?<![\w-])(one|ones)(?![\w-])", re.I),
}
_AFTER_PRONOUN = {
    "de": frozenset(
        """aber als am an auf aus bei beim bis da dann der die das den dem des durch für gegen hat hinter im
        in ist jenseits kann mehr mit muss nach neben noch nur oder ohne sind so über um und unter vom von vor wie wird
        zu zum zur zwischen""".split()
    ),
    "en": frozenset(
        """across after against and are as at before behind beside between beyond but by can could do does
        each else for from has have in instead into is may more must next nor of off on only or over per should than
        that then to too under until was were which while who whom whose will with within would""".split()
    ),
}
_NEXT_WORD = re.compile(r"\s*([^\W\d_]+)?")
_EXPLETIVE = {
    "de": re.compile(r"(?<![\w-])(?:es (?:gibt|gab|geht um)|davon ab(?![\w-]))", re.I),
    "en": re.compile(r"(?<![\w-])there (?:is|are|was|were)(?![\w-])", re.I),
}
_DETERMINERS = {
    "de": set(),
    "en": {"its", "their", "his", "whose"},
}  # English possessives come before a noun ('its tile')
_BEFORE_NOUN = re.compile(r"\s+[A-ZÄÖÜ]")  # a German determiner, not a stand-in: 'welche Klassen', 'seine Armeen'
_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_UNIT_START = re.compile(r"\n(?=\s*(?:[-*+]\s|\d+[.)]\s|\||#))")
_PROSE_EXAMPLE = {
    "de": re.compile(r"(?<![\w-])(beispiel\w*|z\.\s?b\.)", re.I),
    "en": re.compile(r"(?<![\w-])(examples?|e\.g\.)(?![\w-])", re.I),
}


def plain(text: str) -> str:
    """`text` as read, without quoted names and inline code."""
    return _QUOTED.sub(" ", numbers.clean(text))


def negations(text: str, lang: str) -> list[str]:
    """The negation words of `text` in reading order (outside quotations)."""
    text = _NEITHER_NOR.sub(lambda m: f"{m.group(1)}{m.group(2)}", plain(text))
    return [m.group(0).lower() for m in _NEGATION.get(lang, _NEVER).finditer(text)]


def quotations(text: str) -> list[str]:
    """The quoted texts of `text` (without their quotation marks), in reading order."""
    return [m.group(0)[1:-1] for m in _QUOTED.finditer(numbers.clean(text))]


def quoted_negations(text: str, other: str, lang: str, other_lang: str) -> tuple[list[str], list[str]]:
    """The negation words inside the quotations of two texts that quote as often (a quoted rule, translated on
    both sides); nothing when they do not (a quoted name or term on one side only)."""
    quoted, other_quoted = quotations(text), quotations(other)
    if not quoted or len(quoted) != len(other_quoted):
        return [], []
    return (
        [w for q in quoted for w in negations(q, lang)],
        [w for q in other_quoted for w in negations(q, other_lang)],
    )


def emphasised_numbers(text: str, lang: str) -> list[Fraction]:
    """Values of the numbers written inside emphasis (``**2**``, ``*zwei*``), the spans as the one Markdown
    parser reads them (`rulepress.markdown.emphasised`)."""
    found = []
    for inner in emphasised(text):
        found += [n.value for n in numbers.extract(numbers.clean(inner), lang) if not n.weak]
    return sorted(found)


def sentences(text: str, lang: str) -> list[str]:
    """The sentences, list items, table rows and headings of `text` (a paragraph or several)."""
    units = []
    text = _QUOTED.sub(lambda m: re.sub(r"[.!?]", "\u2024", m.group(0)), numbers.clean(text))
    for paragraph in re.split(r"\n\s*\n", text):
        for unit in _UNIT_START.split(paragraph):
            # a bullet goes; an item's number stays, its full stop ends no sentence ('1. ', also '18. März')
            unit = _LIST_MARK.sub(
                lambda m: m.group(0).replace(".", "\u2024") if m.group(0).strip()[0].isdigit() else "", unit
            )
            unit = re.sub(
                rf"(?<![\w.])({_ABBREVIATIONS.get(lang, '(?!)')})\.",
                lambda m: m.group(1).replace(".", "\u2024") + "\u2024",
                unit,
            )
            unit = _INITIAL.sub("\\1\u2024", unit)  # 'Mark S. Ball': a name's initial, not a sentence end
            if lang == "de":
                unit = _DE_ORDINAL.sub("\\1\u2024", unit)  # 3. Serie: an ordinal, not a sentence end
            units += [s.strip() for s in _SENTENCE_END.split(unit) if re.search(r"[^\W_]", s)]
    return units


def prose_examples(text: str, lang: str) -> int:
    """How many prose examples `text` announces."""
    return len(_PROSE_EXAMPLE.get(lang, _NEVER).findall(plain(text)))


def stand_ins(text: str, lang: str) -> int:
    """How many words of `text` may stand in for a name said before (pronouns, 'one', 'dort'); expletives
    ('es gibt', 'there are', 'hängt davon ab') and determiners ('welche Klassen', 'its tile') stand in for nothing."""
    text = plain(text)
    found = [
        m
        for m in _STAND_IN.get(lang, _NEVER).finditer(text)
        if not (lang == "de" and _BEFORE_NOUN.match(text, m.end()))
        and m.group(0).lower() not in _DETERMINERS.get(lang, frozenset())
    ]
    numerals = [m for m in _NUMERAL_PRONOUN.get(lang, _NEVER).finditer(text) if _stands_alone(text, m.end(), lang)]
    return len(found) + len(numerals) - len(_EXPLETIVE.get(lang, _NEVER).findall(text))


def _stands_alone(text: str, end: int, lang: str) -> bool:
    """Does the numeral pronoun ending at `end` stand alone (punctuation or a function word follows, not a noun)?"""
    match = _NEXT_WORD.match(text, end)  # matches everywhere, if only empty
    following = match.group(1) if match else None
    return following is None or following.lower() in _AFTER_PRONOUN.get(lang, frozenset())
