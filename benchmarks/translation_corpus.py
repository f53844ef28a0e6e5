"""The translation check on real translations nobody on the project wrote (benchmarks/data/translation-corpus/).

For every pair of texts (``X.de.md`` with ``X.en.md``, ``X.fr.md`` with ``X.en.md``) it reports the aligned
sentence pairs, the findings on the unchanged texts and how many of them are false alarms (as judged by
reading both texts, written down in ``judgements.yaml``: one entry per finding fingerprint), then injects
realistic translator mistakes, one at a time, into the English side and (with German words: bounds, order in
time, each/one, direction, colours, negation, numbers, dropped sentences and list items) the German side of
the German/English pairs, and counts how many the check catches per kind, taking the places in turn from
every pair and side. A mistake is caught when a finding that the unchanged texts do not have quotes the
changed sentence, or (for a dropped sentence or list item) the sentence of the other text aligned with it.

A mistake is injected only where it makes the two texts disagree (``--injection counterpart``, since trans5):
the aligned sentence of the other text must say what the mistake takes out of the changed sentence (the lexicon signals it says and the changed sentence does not, weak words and answering values
counted; for game terms, the term replaced). Dropping a German "nur" whose English has no "only", or making
"each" "one" where the other text itself says "one", makes the changed sentence say what its counterpart
already says: no translator's mistake. A mistake that takes out no signal the lexicon knows is kept (a gap
of the lexicon stays a miss); dropped sentences and list items are always kept. ``--injection any`` counts
every place, the rule before trans5.

Since trans6 (``--injection answered``, the default; ``--injection counterpart`` is the trans5 rule) a swap is
also no mistake where the changed sentence still answers what the counterpart says (`aligned.ANSWERS`: "Any other
players may bid", which the lexicon reads as each, answers "Alle anderen Spieler können"; "like all other" answers
"wie jede andere"), nor where the swapped word of an each/one or quantifier swap is part of a phrase the lexicon
reads as saying nothing ("any longer" -> "all longer": `lexicon.silent`). Since trans7 two game terms exchanged
inside one coordination ("melding, bidding, and trick-taking"; 'der "Zieh 2"- und der "Farbwahl"-Karte': nothing
but commas, slashes, quotes, hyphens, and/or/und/oder/sowie/et/ou, articles and other terms between them) are no
mistake either under this rule: the exchange changes no meaning.

With a ``translations-glossary.yaml`` beside a text, game terms are mixed up too: "swapped terms" writes a
term where the text says another glossary term (one the sentence does not say, or in every other sentence
with two terms the other one it says), "exchanged terms" lets two terms of one sentence change places.

    python benchmarks/translation_corpus.py [--per-kind 12] [--injection answered|counterpart|any] [--show-misses]
        [--kinds KIND,...] [--markdown FILE]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulepress.check import aligned as aligned_check
from rulepress.check import baseline, lexicon, terms
from rulepress.commands.check_translations import compare_files

CORPUS = Path(__file__).parent / "data" / "translation-corpus"
JUDGEMENTS = CORPUS / "judgements.yaml"
SPLIT = CORPUS / "split.yaml"  # source folder -> half: tuning or held-out (rules are tuned on the tuning half only)


@dataclass
class Pair:
    name: str
    source: Path  # the German (or French) text
    english: Path
    glossary: terms.Glossary | None


def halves() -> dict[str, list[str]]:
    """Half name -> the source folders in it (`SPLIT`)."""
    data = yaml.safe_load(SPLIT.read_text(encoding="utf-8"))
    return {str(half): [str(name) for name in names] for half, names in data.items()}


def pairs(half: str | None = None) -> list[Pair]:
    """The corpus's text pairs, or those of one half of `SPLIT`."""
    inside = set(halves()[half]) if half is not None else None
    found = []
    for source in sorted(CORPUS.glob("*/*.md")):
        match = re.match(r"(.*)\.(de|fr|es|it)\.md$", source.name)
        english = source.with_name(f"{match.group(1)}.en.md") if match else None
        if inside is not None and source.parent.name not in inside:
            continue
        if match and english and english.exists():
            glossary_file = source.parent / "translations-glossary.yaml"
            glossary = terms.load(glossary_file) if glossary_file.exists() else None
            found.append(Pair(f"{source.parent.name}/{source.name}", source, english, glossary))
    return found


def run(pair: Pair, changed_text: str | None = None, side: str = "en"):
    """The aligned pairs of `pair` (with `changed_text` in place of the file of `side`, "en" or the source's)."""
    if changed_text is None:
        return compare_files(pair.source, pair.english, glossary=pair.glossary)
    with tempfile.TemporaryDirectory() as folder:
        changed = Path(folder) / (pair.english if side == "en" else pair.source).name
        changed.write_text(changed_text, encoding="utf-8")
        if side == "en":
            return compare_files(pair.source, changed, glossary=pair.glossary)
        return compare_files(changed, pair.english, glossary=pair.glossary)


# ---------------------------------------------------------------- mistakes


SWAPS = {
    "bounds": [
        ("at most", "at least"),
        ("at least", "at most"),
        ("up to", "at least"),
        ("more than", "fewer than"),
        ("fewer than", "more than"),
        ("less than", "more than"),
        ("maximum", "minimum"),
        ("minimum", "maximum"),
    ],
    "before-after": [("before", "after"), ("after", "before"), ("After", "Before"), ("Before", "After")],
    "each-one": [
        ("each player", "one player"),
        ("Each player", "One player"),
        ("every player", "one player"),
        ("Every player", "One player"),
        ("each card", "one card"),
        ("Each card", "One card"),
        ("each turn", "one turn"),
        ("each round", "one round"),
        ("every turn", "one turn"),
        ("every round", "one round"),
        ("each of", "one of"),
        ("Each of", "One of"),
    ],
    "direction": [
        ("to the left", "to the right"),
        ("to the right", "to the left"),
        ("the left", "the right"),
        ("the right", "the left"),
        ("counterclockwise", "clockwise"),
        ("clockwise", "counterclockwise"),
        ("left of", "right of"),
        ("right of", "left of"),
        ("above", "below"),
        ("below", "above"),
        ("adjacent", "opposite"),
        ("next to", "opposite"),
    ],
    "colours": [
        ("red", "blue"),
        ("blue", "green"),
        ("green", "yellow"),
        ("yellow", "red"),
        ("black", "white"),
        ("white", "black"),
        ("Red", "Blue"),
        ("Blue", "Green"),
        ("Green", "Red"),
        ("purple", "orange"),
    ],
    "negation": [
        ("cannot ", "can "),
        ("can't ", "can "),
        ("do not ", "do "),
        ("does not ", "does "),
        ("must not ", "must "),
        ("may not ", "may "),
        ("is not ", "is "),
        ("are not ", "are "),
        ("never ", "always "),
        ("no longer ", "still "),
        (" not ", " "),
        ("n't ", " "),
    ],
    # a prohibition made a permission or an obligation, or the reverse ("must not" / "need not" is the
    # false friend of German "muss nicht"); the first swap that fits a sentence is made
    "modality": [
        ("must not ", "need not "),
        ("cannot ", "need not "),
        ("can't ", "needn't "),
        ("may not ", "need not "),
        ("must ", "may "),
        ("Must ", "May "),
        ("has to ", "may "),
        ("have to ", "may "),
        ("may ", "must "),
        ("May ", "Must "),
        ("can ", "must "),
        ("Can ", "Must "),
    ],
    "quantifiers": [
        ("all ", "any "),
        ("All ", "Any "),
        ("any ", "all "),
        ("Any ", "All "),
        ("anyone", "everyone"),
        ("anybody", "everybody"),
        ("none", "all"),
        ("nobody", "everybody"),
        ("no one", "everyone"),
    ],
    "fractions": [
        ("twice", "three times"),
        ("half", "a third of"),
        ("halves", "thirds"),
        ("double", "triple"),
        ("doubled", "tripled"),
        ("doubles", "triples"),
        ("triple", "double"),
        ("tripled", "doubled"),
    ],
    "only-exactly": [
        ("only ", ""),
        ("Only ", ""),
        ("exactly ", "at least "),
        ("Exactly ", "At least "),
    ],
}
# sentences where a kind's swap would make no mistake of that kind ("not only" is no "only"; "at all")
SKIP = {
    "only-exactly": re.compile(
        r"\b(?:not|nicht) (?:only|nur)\b|\bif only\b|\bgenau (?:deshalb|darum|wie|so)\b|\bexactly (?:why|as|like)\b",
        re.I,
    ),
    "quantifiers": re.compile(r"\bat all\b|\ball of the\b", re.I),
}


# kinds whose swap is no mistake where the lexicon reads the swapped word as part of a phrase saying nothing
# ('any longer', 'each other': `lexicon.silent`), with `--injection answered`
SILENT = {"quantifiers", "each-one"}


def _silent(sentence: str, old: str, lang: str) -> bool:
    """Is the word `old` that a swap replaces part of a phrase of `sentence` the lexicon reads as no signal?"""
    word = re.compile(rf"(?<![\w-]){re.escape(old.strip())}(?![\w-])", re.I)
    return any(word.search(phrase) for phrase in lexicon.silent(sentence, lang))


# the same kinds of mistakes in a German text (inflected forms listed: the swap replaces whole words)
_DE_COLOURS = [
    ("rot", "blau"),
    ("blau", "grün"),
    ("grün", "gelb"),
    ("gelb", "rot"),
    ("schwarz", "weiß"),
    ("weiß", "schwarz"),
]
SWAPS_DE = {
    "bounds": [
        ("höchstens", "mindestens"),
        ("mindestens", "höchstens"),
        ("bis zu", "mindestens"),
        ("mehr als", "weniger als"),
        ("weniger als", "mehr als"),
        ("maximal", "minimal"),
    ],
    # the prepositions vor / nach also say place and direction ('nach Hause', 'vor sich'): only the time words
    "before-after": [
        ("bevor", "nachdem"),
        ("nachdem", "bevor"),
        ("vorher", "nachher"),
        ("danach", "davor"),
        ("zuvor", "danach"),
    ],
    "each-one": [
        ("jeder Spieler", "ein Spieler"),
        ("Jeder Spieler", "Ein Spieler"),
        ("jede Karte", "eine Karte"),
        ("jeden Zug", "einen Zug"),
        ("jede Runde", "eine Runde"),
        ("Jeder", "Einer"),
        ("jeder", "einer"),
        ("jede", "eine"),
    ],
    "direction": [
        ("links", "rechts"),
        ("rechts", "links"),
        ("linken", "rechten"),
        ("rechten", "linken"),
        ("im Uhrzeigersinn", "gegen den Uhrzeigersinn"),
        ("oberhalb", "unterhalb"),
        ("unterhalb", "oberhalb"),
        ("benachbarte", "gegenüberliegende"),
        ("benachbarten", "gegenüberliegenden"),
        ("angrenzende", "gegenüberliegende"),
    ],
    "colours": [(old + ending, new + ending) for old, new in _DE_COLOURS for ending in ("", "e", "en", "er", "es")]
    + [(old.capitalize(), new.capitalize()) for old, new in _DE_COLOURS],
    "negation": [("nicht ", ""), ("kein", "ein"), ("keine", "eine"), ("keinen", "einen"), ("nie ", "immer ")],
    "modality": [
        ("darf nicht", "muss nicht"),
        ("darfst nicht", "musst nicht"),
        ("dürfen nicht", "müssen nicht"),
        ("kann nicht", "muss nicht"),
        ("kannst nicht", "musst nicht"),
        ("können nicht", "müssen nicht"),
        ("muss", "darf"),
        ("musst", "darfst"),
        ("müssen", "dürfen"),
        ("Muss", "Darf"),
        ("Müssen", "Dürfen"),
        ("darf", "muss"),
        ("darfst", "musst"),
        ("dürfen", "müssen"),
        ("Darf", "Muss"),
        ("Dürfen", "Müssen"),
        ("kann", "muss"),
        ("kannst", "musst"),
        ("können", "müssen"),
        ("Kann", "Muss"),
        ("Können", "Müssen"),
    ],
    "quantifiers": [
        ("alle", "beliebige"),
        ("Alle", "Beliebige"),
        ("allen", "beliebigen"),
        ("aller", "beliebiger"),
        ("beliebige", "alle"),
        ("beliebigen", "allen"),
        ("beliebig viele", "alle"),
        ("keine", "alle"),
        ("Keine", "Alle"),
        ("keiner", "jeder"),
        ("niemand", "jeder"),
    ],
    "fractions": [
        ("doppelt", "dreifach"),
        ("doppelte", "dreifache"),
        ("doppelten", "dreifachen"),
        ("verdoppelt", "verdreifacht"),
        ("Hälfte", "Drittel"),
        ("zweimal", "dreimal"),
        ("halbe", "drittel"),
    ],
    "only-exactly": [("nur ", ""), ("Nur ", ""), ("genau ", "mindestens "), ("Genau ", "Mindestens ")],
}
CONDITION = {
    "en": re.compile(r"(\W*)(?:If|When|Unless|Only if) [^,]{3,}, (\w)"),
    "de": re.compile(r"(\W*)(?:Wenn|Falls|Sofern|Sobald) [^,]{3,}, (\w)"),
}


@dataclass
class Mistake:
    kind: str
    line: int  # 1-based line of the changed file
    new_line: str | None  # None: the line (a list item) goes
    said: str  # what a finding must quote to catch it (the changed sentence, or its counterpart)
    side: str = "en"  # the changed file: the English one or the source ("de")
    carried: bool = True  # does the aligned counterpart say what the mistake changes (`_carried`)?
    answered: bool | None = None  # ... and does the changed sentence no longer answer it (None: as `carried`)?

    def kept(self, injection: str) -> bool:
        """Is this mistake injected under the rule `injection` ("answered", "counterpart" or "any")?"""
        if injection == "any":
            return True
        if injection == "answered" and self.answered is not None:
            return self.answered
        return self.carried


def _word_swap(line: str, old: str, new: str) -> str | None:
    pattern = re.compile(rf"(?<![\w-]){re.escape(old.strip())}(?![\w-])")
    if old.endswith(" "):
        pattern = re.compile(rf"(?<![\w-]){re.escape(old)}")
    return pattern.sub(new.strip() if not old.endswith(" ") else new, line, count=1) if pattern.search(line) else None


def _written(text: str, spellings: list[str]) -> str | None:
    """The first of a term's `spellings` written in `text` as a whole word (a swap replaces only that)."""
    for spelling in spellings:
        if re.search(rf"(?<![\w-]){re.escape(spelling)}(?![\w-])", text):
            return spelling
    return None


def _said(found) -> set[tuple[str, str]]:
    return {(s.category, str(s.value)) for s in found}


def _carried(
    kind: str, sentence: str, changed: str, lang: str, counterpart: str, other_lang: str, answered: bool = False
) -> bool:
    """Does the aligned `counterpart` (the other language) say what the mistake takes out of `sentence`? A
    mistake is one only where it makes the two texts disagree: dropping a German "nur" whose English has no
    "only", or turning "each" into "one" where the other text itself says "one", makes the changed sentence say
    what its counterpart already says. The signals `sentence` says and `changed` does not (lexicon categories
    and values, weak words counted) must be said by the counterpart too, or a value that answers them
    (`aligned.ANSWERS`: 'any' for 'each'; `aligned.SAID_AS`: 'then' for 'danach'); a mistake that takes no
    signal out (a lexicon gap) is kept."""
    if kind in ("dropped sentence", "dropped list item"):
        return True
    removed = _said(lexicon.signals(sentence, lang)) - _said(lexicon.signals(changed, lang))
    if not removed:
        return True
    theirs = _said(lexicon.signals(counterpart, other_lang))
    before, after = lexicon.signals(sentence, lang), lexicon.signals(changed, lang)
    for category, value in removed:
        answers = {value} | aligned_check.ANSWERS.get((category, value), set())
        answers |= {v for (c, v), meant in aligned_check.SAID_AS.items() if c == category and meant == value}
        said = {v for v in answers if (category, v) in theirs}
        if said and not (
            answered and all(_answering(after, category, v) >= _answering(before, category, v) for v in said)
        ):
            return True
    return False


# values the check lets answer each other that do not say the same where a mistake put one for the other: a bare
# 'any' is no 'each' ('beliebige Karten' / 'every card'); the lexicon reads 'any' as each where it means each
# ('Any player may', 'stronger than any')
NOT_THE_SAME = {("quantifier", "each"): {"any"}, ("quantifier", "any"): {"each"}}


def _answering(found, category: str, value: str) -> int:
    """How many of the signals `found` answer the value `value` of `category` said on the other side (itself, a
    value of `aligned.ANSWERS`: 'each' answers 'alle', or what `aligned.SAID_AS` counts it as: 'danach' answers
    'then'; not `NOT_THE_SAME`)."""
    answers = {value} | aligned_check.ANSWERS.get((category, value), set())
    answers |= {aligned_check.SAID_AS[(category, value)]} if (category, value) in aligned_check.SAID_AS else set()
    answers -= NOT_THE_SAME.get((category, value), set())
    return sum(s.category == category and str(s.value) in answers for s in found)


def mistakes(pair: Pair, aligned, side: str = "en") -> list[Mistake]:
    """Every place in one text of `pair` (`side`: "en", or "de" for the German source) where a mistake of
    each kind can be made, in reading order."""
    path = pair.english if side == "en" else pair.source
    lines = path.read_text(encoding="utf-8").splitlines()
    swaps = SWAPS if side == "en" else SWAPS_DE
    found: list[Mistake] = []
    for bead in aligned:
        if not bead.a or not bead.b:
            continue
        mine, theirs = (bead.b, bead.a) if side == "en" else (bead.a, bead.b)
        counterpart = " ".join(u.text for u in theirs)
        lang, other_lang = ("en", "de") if side == "en" else ("de", "en")
        for unit in mine:
            index = unit.line - 1
            line = lines[index]
            if unit.kind == "heading" or unit.text not in line.replace("\u2024", "."):
                continue
            sentence = unit.text
            for kind, kind_swaps in swaps.items():
                if kind in SKIP and SKIP[kind].search(sentence):
                    continue
                for old, new in kind_swaps:
                    changed = _word_swap(sentence, old, new)
                    if changed and changed != sentence:
                        carried = _carried(kind, sentence, changed, lang, counterpart, other_lang)
                        answered = _carried(kind, sentence, changed, lang, counterpart, other_lang, answered=True)
                        if kind in SILENT and _silent(sentence, old, lang):
                            answered = False  # 'any longer' -> 'all longer': the lexicon knows it says no 'any'
                        new_line = line.replace(sentence, changed, 1)
                        found.append(Mistake(kind, unit.line, new_line, changed, side, carried, answered))
                        break
            number = re.search(r"(?<![\w.,])(\d+)(?![\w.,]\d)", sentence)
            if number:
                changed = sentence[: number.start()] + str(int(number.group(1)) + 1) + sentence[number.end() :]
                carried = _carried("numbers", sentence, changed, lang, counterpart, other_lang)
                found.append(Mistake("numbers", unit.line, line.replace(sentence, changed, 1), changed, side, carried))
            condition = CONDITION["en"].match(sentence) if side == "en" else None
            if condition:
                changed = condition.group(1) + condition.group(2).upper() + sentence[condition.end() :]
                carried = _carried("dropped condition", sentence, changed, lang, counterpart, other_lang)
                found.append(
                    Mistake("dropped condition", unit.line, line.replace(sentence, changed, 1), changed, side, carried)
                )
            if unit.kind == "item" and len(sentence.split()) >= 3 and line.strip()[2:].strip() == sentence.strip():
                found.append(Mistake("dropped list item", unit.line, None, counterpart, side))
            elif unit.kind == "sentence" and len(sentence.split()) >= 5 and len(line) > len(sentence) + 10:
                rest = line.replace(sentence, "", 1)
                if rest.strip():
                    found.append(
                        Mistake("dropped sentence", unit.line, re.sub(r"\s{2,}", " ", rest), counterpart, side)
                    )
        if pair.glossary:
            found += _term_mistakes(pair.glossary, mine, lines, lang, counterpart, other_lang, side)
    return found


def _exchange(text: str, a: str, b: str) -> str:
    """`text` with the first whole-word `a` and the first whole-word `b` in each other's place."""
    found = [re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text) for w in (a, b)]
    if not found[0] or not found[1] or found[0].start() == found[1].start():
        return text
    first, second = sorted(found, key=lambda m: m.start())
    if first.end() > second.start():
        return text
    return (
        text[: first.start()]
        + second.group(0)
        + text[first.end() : second.start()]
        + first.group(0)
        + text[second.end() :]
    )


# what may stand between two members of one coordination ('melding, bidding, and trick-taking'; 'der "Zieh 2"- und
# der "Farbwahl"-Karte'; 'the "draw 2" and "wild" cards'): commas, slashes, quotes, hyphens, conjunctions, articles
_COORDINATION = re.compile(
    r"(?:[\s,/\"'„“”«»\-]|\b(?:and|or|und|oder|sowie|et|ou|the|a|an|der|die|das|den|dem|des|ein|eine|einen|einem|"
    r"einer|eines|le|la|les|l'|un|une|des)\b)*",
    re.I,
)


def _coordinated(text: str, a: str, b: str, spellings: list[str]) -> bool:
    """Are the first whole-word `a` and `b` of `text` members of one coordination, nothing but `_COORDINATION` and
    other members (`spellings`, the other terms the sentence says) between them? Exchanging them changes no
    meaning ('melding, bidding, and trick-taking')."""
    found = [re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text) for w in (a, b)]
    if not found[0] or not found[1]:
        return False
    first, second = sorted(found, key=lambda m: m.start())
    between = text[first.end() : second.start()]
    for spelling in sorted(spellings, key=len, reverse=True):
        between = re.sub(rf"(?<![\w-]){re.escape(spelling)}(?![\w-])", " ", between)
    return bool(_COORDINATION.fullmatch(between))


def _term_mistakes(glossary, mine, lines, lang, counterpart, other_lang, side) -> list[Mistake]:
    """Game terms mixed up in the units `mine`: "swapped terms", a term written where the text says another
    glossary term (one the sentence does not say, or, every other unit with two terms, the other term the
    sentence says: 'the card under your pawn' -> 'the pawn under your pawn'); "exchanged terms", two terms of
    one sentence that change places ('the pawn under your card'). Counterpart carrying: it says the term
    taken out."""
    found: list[Mistake] = []
    theirs = glossary.find(counterpart, other_lang) | glossary.modifiers(counterpart, other_lang)
    for number, unit in enumerate(mine):
        said = sorted(glossary.find(unit.text, lang))
        written = [(t, _written(unit.text, glossary.terms[t][lang])) for t in said]
        written = [(t, w) for t, w in written if w]
        line = lines[unit.line - 1]
        if not written or unit.text not in line:
            continue
        term, spelling = written[0]
        others = sorted(t for t in glossary.terms if t not in said and lang in glossary.terms[t])
        if len(written) >= 2 and (number % 2 == 1 or not others):
            other = written[1][1]  # the other term the sentence says
        elif others:
            other = glossary.spelling(others[len(spelling) % len(others)], lang)
        else:
            continue
        changed = _word_swap(unit.text, spelling, other)
        if changed and changed != unit.text:
            new_line = line.replace(unit.text, changed, 1)
            found.append(Mistake("swapped terms", unit.line, new_line, changed, side, term in theirs))
        if len(written) >= 2:
            (first, a), (second, b) = written[0], written[1]
            exchanged = _exchange(unit.text, a, b)
            if exchanged != unit.text:
                carried = first in theirs and second in theirs
                # members of one coordination exchanged say the same: no mistake under `--injection answered`
                answered = carried and not _coordinated(unit.text, a, b, [w for _, w in written[2:]])
                new_line = line.replace(unit.text, exchanged, 1)
                found.append(Mistake("exchanged terms", unit.line, new_line, exchanged, side, carried, answered))
    return found


def caught(pair: Pair, mistake: Mistake, before: set[str]) -> bool:
    path = pair.english if mistake.side == "en" else pair.source
    lines = path.read_text(encoding="utf-8").splitlines()
    if mistake.new_line is None:
        del lines[mistake.line - 1]
    else:
        lines[mistake.line - 1] = mistake.new_line
    changed = run(pair, "\n".join(lines) + "\n", mistake.side)
    new = [f for p in changed for f in p.findings if baseline.fingerprint(f) not in before]
    folded = " ".join(mistake.said.split())
    return any(folded in " ".join(f.text.split()) or folded in " ".join(f.other_text.split()) for f in new)


# ---------------------------------------------------------------- report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=12, help="mistakes injected per kind (spread over the pairs)")
    parser.add_argument("--markdown", type=Path, help="also write the results as Markdown to this file")
    parser.add_argument("--show-misses", action="store_true", help="print every mistake the check missed")
    parser.add_argument("--kinds", help="only these kinds of mistakes, comma-separated ('exchanged terms,each-one')")
    parser.add_argument(
        "--injection",
        choices=("answered", "counterpart", "any"),
        default="answered",
        help="answered (default): change only what the aligned sentence of the other text says too, where the "
        "changed sentence then no longer answers it and the swapped word is no part of a phrase the lexicon reads "
        "as no signal (the rule since trans6); counterpart: the first condition only (trans5); any: every place",
    )
    args = parser.parse_args(argv)
    judged = yaml.safe_load(JUDGEMENTS.read_text(encoding="utf-8")) if JUDGEMENTS.exists() else {}
    judged = judged or {}
    out: list[str] = []
    for half in halves():
        out += [f"### {half} half ({', '.join(halves()[half])})", ""]
        out += _half(half, judged, args)
        out.append("")
    text = "\n".join(out)
    print(text)
    if args.markdown:
        args.markdown.write_text(text + "\n", encoding="utf-8")
    return 0


def _half(half: str, judged: dict, args) -> list[str]:
    """The table of findings and false alarms (per text pair and per language pair) and the table of mistakes
    caught per kind, of one half."""
    out, sites = _findings(half, judged, args)
    out += ["| mistake kind | injected | caught | rate |", "|---|---:|---:|---:|"]
    wanted = {k.strip() for k in args.kinds.split(",")} if args.kinds else None
    for kind in sorted(k for k in sites if wanted is None or k in wanted):
        chosen = _spread(sites[kind], args.per_kind)
        results = [caught(p, m, before) for p, m, before in chosen]
        hits = sum(results)
        if args.show_misses:
            for (p, m, _), hit in zip(chosen, results):
                if not hit:
                    print(f"missed {kind}: {p.name} line {m.line}: {m.said[:150]!r}", file=sys.stderr)
        out.append(f"| {kind} | {len(chosen)} | {hits} | {100 * hits / max(len(chosen), 1):.0f} % |")
    return out


COUNTS = ("pairs", "findings", "false", "real", "unjudged")


def _findings(half: str, judged: dict, args) -> tuple[list[str], dict[str, list[tuple[Pair, Mistake, set[str]]]]]:
    """The findings table of one half (a row per text pair, then per language pair) and the places where each
    kind of mistake can be injected (`Mistake.kept` under `args.injection`)."""
    out: list[str] = [
        "| pair | aligned pairs | findings | false alarms | real differences | unjudged |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))  # language pair (or 'all') -> counts
    sites: dict[str, list[tuple[Pair, Mistake, set[str]]]] = defaultdict(list)
    for pair in pairs(half):
        aligned = run(pair)
        findings = [f for p in aligned for f in p.findings]
        prints = {baseline.fingerprint(f) for f in findings}
        verdicts = [judged.get(baseline.fingerprint(f), {}).get("verdict") for f in findings]
        false, real = verdicts.count("false alarm"), verdicts.count("real")
        counts = (len(aligned), len(findings), false, real, len(findings) - false - real)
        out.append(f"| {pair.name} | " + " | ".join(str(n) for n in counts) + " |")
        for group in ("all", _language_pair(pair)):
            for key, value in zip(COUNTS, counts):
                totals[group][key] += value
        for f in findings:
            if baseline.fingerprint(f) not in judged:
                print(f"unjudged {baseline.fingerprint(f)}: {f}", file=sys.stderr)
        if pair.source.name.endswith(".de.md"):  # mistakes go into either text of the German/English pairs
            for side in ("en", "de"):
                for mistake in mistakes(pair, aligned, side):
                    if mistake.kept(args.injection):
                        sites[mistake.kind].append((pair, mistake, prints))
    out.append("| **all** | " + " | ".join(str(totals["all"][key]) for key in COUNTS) + " |")
    rate = 100 * totals["all"]["false"] / max(totals["all"]["pairs"], 1)
    out += ["", f"False alarms per 100 aligned pairs: **{rate:.1f}** (target ≤ 3).", ""]
    return out + _by_language(totals) + [""], sites


def _language_pair(pair: Pair) -> str:
    """The language pair of `pair`: 'de/en' for a German text and its English one."""
    return f"{pair.source.name.rsplit('.', 2)[-2]}/en"


def _by_language(totals: dict[str, dict[str, int]]) -> list[str]:
    """The findings of one half per language pair, with false alarms per 100 aligned pairs."""
    out = [
        "| language pair | aligned pairs | findings | false alarms | per 100 pairs | real differences | unjudged |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for group in sorted(g for g in totals if g != "all"):
        t = totals[group]
        rate = 100 * t["false"] / max(t["pairs"], 1)
        out.append(
            f"| {group} | {t['pairs']} | {t['findings']} | {t['false']} | {rate:.1f} | {t['real']} | {t['unjudged']} |"
        )
    return out


def _spread(found: list, wanted: int) -> list:
    """Up to `wanted` of `found`, taken in turn from each pair and side (never all from one text)."""
    by_pair: dict[str, list] = defaultdict(list)
    for item in found:
        by_pair[f"{item[0].name} {item[1].side}"].append(item)
    chosen: list = []
    while len(chosen) < wanted and any(by_pair.values()):
        for name in sorted(by_pair):
            if by_pair[name] and len(chosen) < wanted:
                chosen.append(by_pair[name].pop(0))
    return chosen


if __name__ == "__main__":
    sys.exit(main())
