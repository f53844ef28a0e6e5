"""Compare a text and its translation sentence by sentence, after aligning them (`rulepress.check.align`).

Per aligned pair (a bead of 1-1, 2-1, 1-2 or 2-2 units) the signals of `rulepress.check.lexicon` are
compared:

- ``number``: a number (digits, number word, ordinal, fraction, multiplicative) said on one side only; a
  weak number ('ein', 'both') answers the other side but is never missing itself;
- a signal of one category on each side that disagree (``höchstens`` / ``at least``, ``vor`` / ``after``,
  ``links`` / ``right``, ``muss`` / ``may``) is a finding of that category naming both words;
- a signal said on one side only, for the signals whose loss changes a rule (`MISSING`): negation, the
  bounds at most / at least / more than / fewer than, each, before / after, every direction, if / unless /
  only if, colours;
- each said as one: one side says each once more (firmly, weak words counted) and the other says one once
  more ('jeder Karte' / 'one card', also where 'pro' / 'per' still say each: `SWAPPED_FOR`);
- a negation: 'without' answers a 'not' of the other side only where that side says no modal verb ('darf
  nicht passen' / 'can pass without bidding'), and weak words alone answer no more negations than they count;
  a weak negation that negates alone ('an empty hand', 'instead of') against no negation at all on the other
  side is a negation finding of severity `WEAK`;
- ``term``: two glossary terms (`rulepress.check.terms`) that disagree: each side says one more often than
  the other side (a term left out alone is no finding); or two terms said on both sides whose roles cross
  (`rulepress.check.roles`: 'vom Ziel zum Start' / 'from the start to the goal');
- ``dropped-sentence`` / ``dropped-item`` / ``dropped-heading``: a unit of one side that the other does
  not say at all (a 1-0 or 0-1 bead of three words or more; a list item or heading of any length), or a side
  much longer than its counterpart (`_uneven`: a sentence or a clause left out of the other side).

Every finding names the line of its sentence in both files and quotes both sentences; its message is about
one language and quotes that language's sentence first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from rulepress import i18n
from rulepress.analysis import Finding
from rulepress.check import lexicon, roles
from rulepress.check.align import Bead, Unit, align
from rulepress.check.terms import Glossary

# the signals reported when one side says them and the other does not (the rest only when swapped)
MISSING = {
    "negation": {"not", "without"},
    "bound": {"max", "min", "more", "fewer", "only"},  # "exactly 2" / "2" say the same
    "quantifier": {"each"},
    "time": {"before", "after"},
    "direction": {"left", "right", "clockwise", "counterclockwise", "adjacent", "above", "below"},
    "condition": {"if", "unless", "only_if"},
    "colour": None,  # every colour
}
SEVERITY = {
    "number": "error",
    "negation": "error",
    "bound": "error",
    "quantifier": "error",
    "time": "error",
    "direction": "error",
    "condition": "error",
    "colour": "error",
    "modality": "warning",
    "term": "warning",
    "dropped-sentence": "warning",
    "dropped-item": "warning",
    "dropped-heading": "warning",
}
WEAK = "warning"  # a weak word said against nothing at all ('an empty hand' / 'eine Karten mehr')
SHORTENED, SHORTENED_BY = 2.0, 45  # one sentence this many times as long as its one counterpart, and by this much
UNEVEN = 1.6  # a joined pair whose longer side is this many times the other (after the texts' own ratio) lost text
# values of a category that answer each other ('jede' / 'any'; 'nur ... wenn' / 'only if')
ANSWERS = {
    ("negation", "without"): {"not"},  # 'ohne zu bieten' / 'not bidding' (a 'not' is answered in `_without`)
    ("quantifier", "each"): {"any", "all"},
    ("quantifier", "any"): {"each"},
    ("quantifier", "all"): {"each"},  # 'alle' / 'each'; never 'any': 'alle deine Karten' is no 'any your cards'
    ("condition", "if"): {"only_if"},  # 'if' by 'only if'; 'only if' by 'if' only with an 'only' (`_only_if`)
    ("condition", "unless"): {"except"},
    ("condition", "except"): {"unless"},
}
# values that say the opposite of each other: a swap is seen even where only weak words say them
OPPOSITES = {
    ("time", "before"): "after",
    ("direction", "left"): "right",
    ("direction", "clockwise"): "counterclockwise",
    ("direction", "above"): "below",
    ("bound", "max"): "min",
    ("bound", "more"): "fewer",
    ("quantifier", "all"): "any",  # 'alle Karten' / 'any cards': weak 'all' counts
}
OPPOSITES |= {(category, b): a for (category, a), b in OPPOSITES.items()}
SAID_AS = {("time", "then"): "after"}  # ... counted as that value in a swap: 'und davor 1 nach oben' / 'then up 1'
# a value that says the opposite of another category's value: 'each card' against 'one card' ('einer Karte')
SWAPPED_FOR = {("quantifier", "each"): ("number", 1)}
ALIKE = {("quantifier", "each"): {"all"}}  # values counted as that value where it is said as one
# a negated signal that says another: 'nicht mehr als' / 'no more than' = at most; 'sofern ... nicht' = unless
NEGATED = {("bound", "more"): "max", ("bound", "fewer"): "min", ("condition", "if"): "unless"}
SAME_LENGTH = (0.7, 1.3)  # one of two joined sentences this long against the single one says all it says
SPLIT_SHARE = 0.3  # ... and the other is this long at least (a shorter one is a clause split off, not a sentence)
LONGER = 1.15  # ... and the two together this much longer than the single one (a split sentence is as long)
MIN_WORDS = 3  # a sentence of fewer words said on one side only is no finding (a caption, an interjection)


@dataclass
class Side:
    """One language of an aligned text: where it is and its units."""

    lang: str
    path: str
    units: list[Unit]


@dataclass
class AlignedPair:
    """The units of the two sides that say the same (one side may be empty), and the findings on them."""

    a: list[Unit]
    b: list[Unit]
    findings: list[Finding] = field(default_factory=list)

    @staticmethod
    def text(units: Sequence[Unit]) -> str:
        return " ".join(u.text for u in units)

    @staticmethod
    def line(units: Sequence[Unit]) -> int | None:
        return units[0].line if units else None


def _name(lang: str) -> str:
    """The English name of a language ("German"): the report is in English."""
    return i18n.language_name(lang, "en")


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Report:
    """Makes the findings of one aligned pair."""

    def __init__(self, side_a: Side, side_b: Side, pair: AlignedPair, ids: list[str], game: str):
        self.sides = (side_a, side_b)
        self.pair = pair
        self.ids = ids
        self.game = game

    def add(
        self, kind: str, about: int, message: str, words: str = "", other_words: str = "", severity: str = ""
    ) -> None:
        """A finding about side `about` (0 or 1): located at its sentence, naming the other's; `words` are
        the words of its sentence that disagree with `other_words` of the other's; `severity` if not the
        kind's (`SEVERITY`)."""
        units = (self.pair.a, self.pair.b)
        side, other = self.sides[about], self.sides[1 - about]
        mine, theirs = units[about], units[1 - about]
        line = AlignedPair.line(mine) if mine else AlignedPair.line(theirs)
        other_line = AlignedPair.line(theirs)
        where = f"{other.path}:{other_line}" if other_line is not None else other.path
        text, other_text = AlignedPair.text(mine), AlignedPair.text(theirs)
        quoted = f"{_name(side.lang)} {_short(text)!r}"
        if theirs:
            quoted += f" vs {_name(other.lang)} {_short(other_text)!r}"
        finding = Finding(
            kind,
            side.path if mine else other.path,
            line,
            list(self.ids),
            f"{message}: {quoted} (vs {where})",
            other=where,
            game=self.game,
            severity=severity or SEVERITY.get(kind, "warning"),
            text=text,
            other_text=other_text,
            lang=side.lang,
            words=words,
            other_words=other_words,
        )
        self.pair.findings.append(finding)


def _values(found: Sequence[lexicon.Signal], category: str) -> tuple[dict, set]:
    """The firm values of `category` (value -> the words first saying it) and all its values."""
    firm: dict = {}
    every = set()
    for s in found:
        if s.category == category:
            every.add(s.value)
            if not s.weak:
                firm.setdefault(s.value, s.words)
    return firm, every


def _swapped(
    category: str, found_a: Sequence[lexicon.Signal], found_b: Sequence[lexicon.Signal], langs: tuple[str, str]
):
    """(word of a, word of b) where one side says a value more often than the other and the other says its
    opposite more often (`OPPOSITES`, weak words counted too: 'the player after you, the player after you'
    against 'nach dir ... vor dir'; not a phrase's second signal, lexicon ``also``: 'first' as 'before');
    None when no such pair."""
    said_a, said_b = (
        [s for s in found if s.category == category and not _also(s, lang)]
        for found, lang in zip((found_a, found_b), langs)
    )

    def says(x: lexicon.Signal, value: str) -> bool:
        return str(x.value) == value or SAID_AS.get((category, str(x.value))) == value

    for s in said_a:
        opposite = OPPOSITES.get((category, str(s.value)))
        if opposite is None:
            continue
        more_a = sum(says(x, str(s.value)) for x in said_a) > sum(says(x, str(s.value)) for x in said_b)
        against = [x for x in said_b if says(x, opposite)]
        more_b = len(against) > sum(says(x, opposite) for x in said_a)
        if more_a and more_b:
            return s.words, against[0].words
    return None


def _swapped_for(
    category: str, found_a: Sequence[lexicon.Signal], found_b: Sequence[lexicon.Signal]
) -> tuple[int, str, str] | None:
    """(side, its word, the other's word) where the other side says a value of `category` more often than
    `side`, firmly and with weak words counted, and `side` says its opposite of another category
    (`SWAPPED_FOR`) more often, weak words counted: 'zwei Exemplare einer Karte ... pro Farbe' against 'two
    copies of each card ... per suit' ('pro' / 'per' still say each, but one side says it once more, firmly,
    and the other says 'one' once more); 'jeweils 4 Figuren in einer Farbe' against '4 pieces in each color'
    says each once on either side; on the side saying 'one', 'any' counts as each ('any later turn' /
    'jedem späteren Zug'). None if no such pair."""
    for (mine, value), (other, opposite) in SWAPPED_FOR.items():
        if mine != category:
            continue
        answers = {value} | ANSWERS.get((mine, value), set())  # on the side saying 'one': 'any later turn'
        alike = {value} | ALIKE.get((mine, value), set())  # 'all' says each too ('alle' / 'each')
        said = [[s for s in found if s.category == mine and s.value in alike] for found in (found_a, found_b)]
        answered = [[s for s in found if s.category == mine and s.value in answers] for found in (found_a, found_b)]
        against = [[s for s in found if s.category == other and s.value == opposite] for found in (found_a, found_b)]
        for side in (0, 1):
            mine_all, mine_firm = answered[side], [s for s in answered[side] if not s.weak]
            theirs_all, theirs_firm = said[1 - side], [s for s in said[1 - side] if not s.weak]
            more = len(theirs_all) > len(mine_all) and len(theirs_firm) > len(mine_firm)
            if more and len(against[side]) > len(against[1 - side]):
                named = sorted(against[side], key=lambda s: (not s.weak, s.start))[-1]  # 'one card' before 'a deck'
                return side, named.words, theirs_firm[0].words
    return None


def _also(signal: lexicon.Signal, lang: str) -> bool:
    """Is `signal` a phrase's second, weak signal (lexicon ``also``)?"""
    found = lexicon.load(lang)
    return signal.weak and found is not None and signal.words.lower() in found.also


def _show(value) -> str:
    return str(value).replace("_", " ")


def _kept_names(found: Sequence[lexicon.Signal], other_text: str) -> list[lexicon.Signal]:
    """`found` without the words the other language writes alike: a name kept untranslated ('Vier Asse')."""
    return [
        s
        for s in found
        if not (s.words[:1].isalpha() and re.search(rf"(?<![\w-]){re.escape(s.words)}(?![\w-])", other_text))
    ]


def _negated(found: list[lexicon.Signal], other: Sequence[lexicon.Signal]) -> list[lexicon.Signal]:
    """`found` where a negation and a signal of `NEGATED` say what `other` says in one word ('not more than'
    where the other says 'at most'): that signal, without the negation."""
    negations = [s for s in found if s.category == "negation" and not s.weak]
    other_values = {(s.category, s.value) for s in other}
    other_negations = sum(s.category == "negation" and not s.weak for s in other)
    for signal in list(found):
        meant = NEGATED.get((signal.category, str(signal.value)))
        if meant and len(negations) > other_negations and (signal.category, meant) in other_values:
            found[found.index(signal)] = lexicon.Signal(signal.category, meant, signal.words, signal.weak, signal.start)
            gone = negations.pop(0)
            found.remove(gone)
            for i, s in enumerate(found):  # the modal verb it negated says again what it said: 'cannot ... more'
                if s.negated_by == gone.start and s.was:
                    found[i] = lexicon.Signal(s.category, s.was, s.words, s.weak, s.start)
    return found


def _may_only(found: Sequence[lexicon.Signal], every: set) -> set:
    """The modality values of one side, with 'must' where it says 'may' with 'only' ('darf nur': 'must')."""
    only = any(s.category == "bound" and s.value == "only" for s in found)
    return every | {"must"} if only and "may" in every else every


def _restricts(category: str, value, found: Sequence[lexicon.Signal], text: str, lang: str) -> bool:
    """Does a missing signal change a rule? 'only' does where its clause says a modal verb or a number ('darf
    nur', 'only 2'), or where it counts the noun after it, an article too ('nur noch ein Gegner', 'only one
    opponent', 'only a Joker': at most two words between), or where the word after it opens what it restricts
    (a preposition, article or participle: 'nur zum Schlagen', 'only used for capturing'); not as a particle
    ('Die Reise war nur kurz, der Vertrag erlaubt' / 'a short trip'). Every other signal does."""
    if (category, value) != ("bound", "only"):
        return True
    for only in (s for s in found if s.category == category and s.value == value and not s.weak):
        begin, end = lexicon.clause_of(text, lang, only.start)
        after = only.start + len(only.words)
        if any(
            begin <= s.start < end and (s.category == "modality" or (s.category == "number" and not s.weak))
            for s in found
        ) or any(
            s.category == "number" and after <= s.start and len(text[after : s.start].split()) <= 2 for s in found
        ):
            return True
        if lexicon.restricts_what_follows(text, lang, after):  # 'nur zum Schlagen', 'only used for capturing'
            return True
    return False


def _only_if(every: set, found: Sequence[lexicon.Signal]) -> set:
    """The condition values of one side, with 'only if' where it says 'if' and an 'only' apart ('nur dann, wenn',
    'Nur wer ...'); an 'if' alone does not say 'only if' ('If you can neither ...' / 'Nur wer weder ...' lost
    the 'only')."""
    only = any(s.category == "bound" and s.value == "only" for s in found)
    return every | {"only_if"} if only and "if" in every else every


def _only_must(every: set, found: Sequence[lexicon.Signal], other: Sequence[lexicon.Signal]) -> set:
    """The bound values of one side, with 'only' where it says 'must' and the `other` side says 'may' with
    'only': 'Der Joker darf ausschließlich das letzte Feld sein' / 'The Joker must be the final space'; not
    where the other side says 'must' as often (that 'must' translates its 'muss': 'muss dann ... ziehen, da
    ... nur ein Spielstein stehen darf' / 'must then move ..., as one piece may occupy')."""
    musts = sum(s.category == "modality" and s.value == "must" for s in found)
    must = musts > sum(s.category == "modality" and s.value == "must" for s in other)
    may_only = any(s.category == "modality" and s.value == "may" for s in other) and any(
        s.category == "bound" and s.value == "only" for s in other
    )
    return every | {"only"} if must and may_only else every


def _without(every: set, other: Sequence[lexicon.Signal]) -> set:
    """The negation values of one side, with 'not' where it says 'without' and the `other` side says no
    modal verb: 'without rolling' says 'würfle nicht', but 'can pass without bidding' does not say 'darf
    nicht passen' ('without' negates what follows it, never a 'may' or 'must')."""
    modal = any(s.category == "modality" for s in other)
    return every | {"not"} if "without" in every and not modal else every


def _outnumbered(found: Sequence[lexicon.Signal], other: Sequence[lexicon.Signal], every: set) -> set:
    """The negation values of one side without 'not' where only weak words of it say 'not' and the `other`
    side says 'not' firmly and more often, weak words counted: 'statt' answers 'instead of', not also the
    'doesn't' next to it ('das Gefühl, sein Gebot erreichen zu können, darf er abgehen statt ...' against
    'doesn't think they can make their bid, they can go out instead of ...')."""
    mine = [s for s in found if s.category == "negation" and s.value == "not"]
    theirs = [s for s in other if s.category == "negation" and s.value == "not"]
    weak_only = mine and all(s.weak for s in mine)
    if weak_only and any(not s.weak for s in theirs) and len(theirs) > len(mine):
        return every - {"not"}
    return every


def _weak_alone(found: Sequence[lexicon.Signal], other: Sequence[lexicon.Signal], lang: str) -> lexicon.Signal | None:
    """The first negation of one side where only weak words of it negate, one of them on its own (lexicon
    ``negates_alone``: 'an empty hand', 'instead of growing'; not an affix: 'unofficial' / 'inoffiziell'), and
    the `other` side says no negation at all, neither firmly nor weakly ('eine Karten mehr', 'wird mehr
    stärker'); None otherwise. A weak word is never reported missing against a firm one, but against nothing
    it is a negation lost (a `WEAK` finding)."""
    mine = [s for s in found if s.category == "negation"]
    if not mine or not all(s.weak for s in mine) or any(s.category == "negation" for s in other):
        return None
    return next((s for s in mine if lexicon.negates_alone(s, lang)), None)


def _answered(category: str, value, every: set) -> bool:
    return value in every or bool(ANSWERS.get((category, str(value)), set()) & every)


def _compare_signals(report: _Report, found_a, found_b, text_a: str = "", text_b: str = "") -> None:
    """The signals two aligned sentences say (`found_a` of `text_a`, `found_b` of `text_b`), category by
    category (`_compare_category`); names are kept only where the other language's text does not spell them
    alike, and negated signals read as negated (`_negated`)."""
    if report.sides[0].lang != report.sides[1].lang:
        found_a, found_b = _kept_names(found_a, text_b), _kept_names(found_b, text_a)
    found_a, found_b = _negated(list(found_a), found_b), _negated(list(found_b), found_a)
    pair = _SignalPair(report=report, found=(found_a, found_b), texts=(text_a, text_b))
    for category in dict.fromkeys(s.category for s in (*found_a, *found_b)):
        _compare_category(pair, category)


@dataclass(frozen=True, kw_only=True)
class _SignalPair:
    """What the comparison of one aligned pair's signals shares: the report its findings go to, and each side's
    signals and text (side 0 first)."""

    report: _Report
    found: tuple[list[lexicon.Signal], list[lexicon.Signal]]
    texts: tuple[str, str]

    @property
    def langs(self) -> tuple[str, str]:
        """The languages of the two sides."""
        return self.report.sides[0].lang, self.report.sides[1].lang

    @property
    def names(self) -> tuple[str, str]:
        """The English names of the two sides' languages."""
        return _name(self.langs[0]), _name(self.langs[1])


def _compare_category(pair: _SignalPair, category: str) -> None:
    """The findings of one signal category: the firm values one side says that nothing on the other side
    answers (`_answered`), reported as numbers, values that differ or values missing; with none, a weak
    negation alone, or a value swapped for its opposite."""
    found_a, found_b = pair.found
    firm_a, every_a = _values(found_a, category)
    firm_b, every_b = _values(found_b, category)
    every_a, every_b = _answering(category, found_a, found_b, every_a, every_b)
    only_a = {v: w for v, w in firm_a.items() if not _answered(category, v, every_b)}
    only_b = {v: w for v, w in firm_b.items() if not _answered(category, v, every_a)}
    if not only_a and not only_b:
        if category == "negation":
            _report_weak_negations(pair)
        else:
            _report_swaps(pair, category)
    elif category == "number":
        _report_numbers(pair, only_a, only_b)
    elif only_a and only_b:
        _report_different_values(pair, category, only_a, only_b)
    else:
        _report_missing_values(pair, category, only_a, only_b)


def _answering(category: str, found_a, found_b, every_a: set, every_b: set) -> tuple[set, set]:
    """All values of `category` each side says, widened by what its words imply ('darf ausschließlich' says
    'must', 'nur dann, wenn' says 'only if', 'must' says its 'only') and, for negations, narrowed to those the
    other side does not outnumber."""
    if category == "modality":  # 'darf ausschließlich' says 'must': may with only
        every_a, every_b = _may_only(found_a, every_a), _may_only(found_b, every_b)
    if category == "condition":  # 'nur dann, wenn' says 'only if'
        every_a, every_b = _only_if(every_a, found_a), _only_if(every_b, found_b)
    if category == "bound":  # ... and 'must' says its 'only'
        every_a, every_b = _only_must(every_a, found_a, found_b), _only_must(every_b, found_b, found_a)
    if category == "negation":
        every_a, every_b = _without(every_a, found_b), _without(every_b, found_a)
        every_a, every_b = _outnumbered(found_a, found_b, every_a), _outnumbered(found_b, found_a, every_b)
    return every_a, every_b


def _report_weak_negations(pair: _SignalPair) -> None:
    """A `WEAK` negation finding for each side whose only negation is a weak word the other side does not
    answer at all (`_weak_alone`)."""
    found_a, found_b = pair.found
    for side, (mine, theirs) in enumerate(((found_a, found_b), (found_b, found_a))):
        weak = _weak_alone(mine, theirs, pair.langs[side])
        if weak:
            pair.report.add(
                "negation",
                side,
                f"negation only in {pair.names[side]}, weakly: {weak.words!r} ({_show(weak.value)})",
                weak.words,
                severity=WEAK,
            )


def _report_swaps(pair: _SignalPair, category: str) -> None:
    """When both sides say the same values: a value one side says where the other says its opposite
    (`_swapped`), else one said for another (`_swapped_for`)."""
    swapped = _swapped(category, *pair.found, pair.langs)
    if swapped:
        _report_swapped(pair, category, swapped)
        return
    crossed = _swapped_for(category, *pair.found)
    if crossed:
        side, words, other_words = crossed
        pair.report.add(
            category,
            side,
            f"{category} differs: {words!r} in {pair.names[side]} where {pair.names[1 - side]} says {other_words!r}",
            words,
            other_words,
        )


def _report_swapped(pair: _SignalPair, category: str, swapped: tuple[str, str]) -> None:
    """The finding of side 1 saying the words `swapped[1]` where side 0 says `swapped[0]`."""
    wa, wb = swapped
    names = pair.names
    pair.report.add(category, 1, f"{category} differs: {wb!r} in {names[1]} where {names[0]} says {wa!r}", wb, wa)


def _report_numbers(pair: _SignalPair, only_a: dict, only_b: dict) -> None:
    """One ``number`` finding listing the numbers only one side says, about side 1 when it has any."""
    parts = [
        f"{', '.join(f'{_show(v)} ({w!r})' for v, w in only.items())} only in {name}"
        for only, name in ((only_a, pair.names[0]), (only_b, pair.names[1]))
        if only
    ]
    mine, theirs = (only_b, only_a) if only_b else (only_a, only_b)
    pair.report.add(
        "number",
        1 if only_b else 0,
        "numbers differ: " + "; ".join(parts),
        ", ".join(mine.values()),
        ", ".join(theirs.values()),
    )


def _report_different_values(pair: _SignalPair, category: str, only_a: dict, only_b: dict) -> None:
    """Both sides say a value of `category` the other does not: one finding naming the first of each."""
    (va, wa), (vb, wb) = next(iter(only_a.items())), next(iter(only_b.items()))
    names = pair.names
    pair.report.add(
        category,
        1,
        f"{category} differs: {wb!r} ({_show(vb)}) in {names[1]} where {names[0]} says {wa!r} ({_show(va)})",
        wb,
        wa,
    )


def _report_missing_values(pair: _SignalPair, category: str, only_a: dict, only_b: dict) -> None:
    """Values of `category` one side says and the other does not: those `MISSING` names for the category that
    restrict the sentence (`_restricts`); with none reported, a value swapped for its opposite."""
    wanted = MISSING.get(category, set())
    missing = False
    for about, only in enumerate((only_a, only_b)):
        found, text, lang = pair.found[about], pair.texts[about], pair.langs[about]
        reported = {
            v: w
            for v, w in only.items()
            if (wanted is None or v in wanted) and _restricts(category, v, found, text, lang)
        }
        if reported:
            said = ", ".join(f"{w!r} ({_show(v)})" for v, w in reported.items())
            pair.report.add(
                category, about, f"{category} only in {pair.names[about]}: {said}", ", ".join(reported.values())
            )
            missing = True
    swapped = None if missing else _swapped(category, *pair.found, pair.langs)
    if swapped:  # a value not reported missing whose opposite the other side says ('any' / 'alle')
        _report_swapped(pair, category, swapped)


def _compare_terms(report: _Report, glossary: Glossary | None, text_a: str, text_b: str) -> None:
    """Two glossary terms that disagree: each side says a term more often than the other side says it, and they
    are different terms ('Münze' / 'card'; 'the card under the pawn, the card ...' where the other side says
    the pawn twice). A term said on one side only, with no other term in its place, is no finding: translations
    leave a term out for a pronoun or a paraphrase ('end your move on it' / 'indem du deine Spielfigur darauf
    stellst'). A term said only as a compound's first part ('Stichpunkte') answers it ('trick points')."""
    if glossary is None:
        return
    lang_a, lang_b = (s.lang for s in report.sides)
    _compare_counted(report, glossary, text_a, text_b)
    count_a, count_b = glossary.count(text_a, lang_a), glossary.count(text_b, lang_b)
    weak_a, weak_b = glossary.modifiers(text_a, lang_a), glossary.modifiers(text_b, lang_b)
    # the terms one side says more often (those the other does not say at all first)
    more_a = sorted(
        (t for t, n in count_a.items() if n > count_b.get(t, 0) and t not in weak_b), key=lambda t: (t in count_b, t)
    )
    more_b = sorted(
        (t for t, n in count_b.items() if n > count_a.get(t, 0) and t not in weak_a), key=lambda t: (t in count_a, t)
    )
    names = [_name(s.lang) for s in report.sides]
    if not more_a or not more_b:
        _compare_roles(report, glossary, text_a, text_b)  # no term in another's place: have two changed roles?
        return
    ta, tb = more_a[0], more_b[0]
    report.add(
        "term",
        1,
        f"terms differ: {glossary.spelling(tb, lang_b)!r} in {names[1]} where {names[0]} says "
        f"{glossary.spelling(ta, lang_a)!r} (translated {glossary.spelling(ta, lang_b)!r})",
        glossary.spelling(tb, lang_b),
        glossary.spelling(ta, lang_a),
    )


def _compare_counted(report: _Report, glossary: Glossary, text_a: str, text_b: str) -> None:
    """A term counted each on one side and one on the other (`roles.quantified`): 'One Ace from each suit' against
    'Je ein Ass aus einer Farbe'."""
    (lang_a, name_a), (lang_b, name_b) = ((s.lang, _name(s.lang)) for s in report.sides)
    found = roles.quantified(text_a, lang_a, text_b, lang_b, glossary)
    if found is None:
        return
    term, how_a, how_b = found
    words_a, words_b = glossary.spelling(term, lang_a), glossary.spelling(term, lang_b)
    report.add(
        "quantifier",
        1,
        f"quantifier differs: {how_b} {words_b!r} in {name_b} where {name_a} says {how_a} {words_a!r}",
        f"{how_b} {words_b}",
        f"{how_a} {words_a}",
    )


def _compare_roles(report: _Report, glossary: Glossary, text_a: str, text_b: str) -> None:
    """Two terms said on both sides whose roles cross (`rulepress.check.roles`): 'from the start to the goal'
    against 'vom Ziel zum Start'; the role a preposition, a mark (each, only) or the place in the sentence
    (subject, object) gives one term on one side is the other term's on the other side. Checked where no term
    stands in another's place (`_compare_terms`)."""
    (lang_a, name_a), (lang_b, name_b) = ((s.lang, _name(s.lang)) for s in report.sides)
    crossed = roles.exchanged(text_a, lang_a, text_b, lang_b, glossary)
    if crossed is None:
        return
    first, second, role, other = crossed
    words_a, words_b = glossary.spelling(first, lang_a), glossary.spelling(second, lang_a)
    theirs_a, theirs_b = glossary.spelling(first, lang_b), glossary.spelling(second, lang_b)
    said = f"{words_a!r} ({role})" + (f" and {words_b!r} ({other})" if other != role else "")
    theirs = f"{theirs_b!r} ({role})" + (f" and {theirs_a!r} ({other})" if other != role else "")
    report.add(
        "term",
        1,
        f"terms exchanged: {theirs} in {name_b} where {name_a} says {said}",
        f"{theirs_b}, {theirs_a}",
        f"{words_a}, {words_b}",
    )


def _dropped(report: _Report, about: int, units: Sequence[Unit]) -> None:
    for unit in units:
        words = len(unit.text.split())
        kind = {"item": "dropped-item", "heading": "dropped-heading"}.get(unit.kind, "dropped-sentence")
        if kind == "dropped-sentence" and words < MIN_WORDS:
            continue
        if unit.kind == "cell" and words < MIN_WORDS:
            continue
        name = _name(report.sides[about].lang)
        other = _name(report.sides[1 - about].lang)
        report.add(kind, about, f"{kind.split('-')[1]} only in {name}, {other} says nothing for it")


def _shortened(report: _Report, text_a: str, text_b: str, ratio: float) -> None:
    """One sentence against one that is `SHORTENED` times as long and `SHORTENED_BY` characters longer (after
    the texts' own ratio): a clause or a sentence left out of the shorter one (a condition dropped with its
    clause, two sentences of which one was dropped)."""
    sizes = (len(text_a) * ratio, len(text_b))
    longer = 0 if sizes[0] > sizes[1] else 1
    if sizes[longer] > SHORTENED * sizes[1 - longer] and sizes[longer] - sizes[1 - longer] > SHORTENED_BY:
        names = [_name(s.lang) for s in report.sides]
        report.add(
            "dropped-sentence",
            longer,
            f"text only in {names[longer]}? the sentence says much more than the {names[1 - longer]} one",
        )


def _uneven(report: _Report, text_a: str, text_b: str, ratio: float) -> None:
    """A pair of 2-1 or 1-2 units whose two sides differ much in length: a sentence said on one side only,
    which the alignment joined to its neighbour; or the one sentence `UNEVEN` times as long as the two together
    and `SHORTENED_BY` characters longer (after the texts' own ratio): a clause left out of the two (a condition
    dropped where the other language says it without a condition word: 'Eine über den Rand hinausgeschobene
    Karte bleibt ...' / 'It remains in play ...')."""
    pair = report.pair
    for about, mine, theirs in ((0, pair.a, pair.b), (1, pair.b, pair.a)):
        if len(mine) > 1 and not any(u.kind == "item" for u in theirs):
            items = [u for u in mine if u.kind == "item"]
            if items and len(items) < len(mine):  # a list item joined to a sentence: the other side lacks it
                _dropped(report, about, items)
                return
    if len(pair.a) == len(pair.b) == 1:
        _shortened(report, text_a, text_b, ratio)
        return
    if len(pair.a) + len(pair.b) != 3:
        return
    longer = 0 if len(pair.a) == 2 else 1
    sizes = (len(text_a) * ratio, len(text_b))
    names = [_name(s.lang) for s in report.sides]
    if sizes[longer] > UNEVEN * sizes[1 - longer] and sizes[longer] > 40:
        report.add(
            "dropped-sentence",
            longer,
            f"sentence only in {names[longer]}? the two sentences say much more than the {names[1 - longer]} one",
        )
        return
    one = 1 - longer  # one sentence saying much more than two together: the two lost a clause
    if sizes[one] > UNEVEN * sizes[longer] and sizes[one] - sizes[longer] > SHORTENED_BY:
        report.add(
            "dropped-sentence",
            one,
            f"text only in {names[one]}? the sentence says much more than the two {names[longer]} ones",
        )
        return
    extra = _left_over(pair.a if longer == 0 else pair.b, sizes[1 - longer], ratio if longer == 0 else 1.0)
    two, single = (pair.a, text_b) if longer == 0 else (pair.b, text_a)
    lang, other_lang = report.sides[longer].lang, report.sides[1 - longer].lang
    if extra is not None and not _said_in(extra, [u for u in two if u is not extra], lang, single, other_lang):
        report.add(
            "dropped-sentence",
            longer,
            f"sentence only in {names[longer]}? {_short(extra.text, 80)!r} has no counterpart, the other "
            f"sentence alone says as much as the {names[1 - longer]} one",
        )


def _said_in(unit: Unit, rest: Sequence[Unit], lang: str, other_text: str, other_lang: str) -> bool:
    """Does `other_text` say a firm signal of `unit` that the `rest` of its side does not ('clockwise' / 'im
    Uhrzeigersinn')? Then `unit` was joined into it, not dropped."""
    mine = {(s.category, s.value) for s in lexicon.signals(unit.text, lang) if not s.weak}
    mine -= {(s.category, s.value) for u in rest for s in lexicon.signals(u.text, lang)}
    theirs = {(s.category, s.value) for s in lexicon.signals(other_text, other_lang)}
    return bool(mine & theirs)


def _left_over(two: Sequence[Unit], single: float, ratio: float) -> Unit | None:
    """Of two units joined against one, the one left over when the other alone is as long as the single unit
    (a sentence added or dropped, not a sentence split in two): a whole sentence of `MIN_WORDS` words or more
    that is no list item; `single` is the single unit's length on the scale of `two` times `ratio`."""
    if any(u.kind != "sentence" for u in two):
        return None
    if sum(len(u.text) for u in two) * ratio < LONGER * single:
        return None  # about as long as the single unit: a sentence split in two
    for main, rest in ((two[0], two[1]), (two[1], two[0])):
        share = len(main.text) * ratio / max(single, 1.0)
        if SAME_LENGTH[0] <= share <= SAME_LENGTH[1] and len(rest.text.split()) >= MIN_WORDS:
            if len(rest.text) * ratio >= SPLIT_SHARE * single:
                return rest
    return None


def not_checked(lang_a: str, lang_b: str) -> str:
    """What `compare` leaves out for a pair with a language that has no lexicon, said plainly ('' when both
    have one): such a pair is compared by digits, names, glossary terms and structure only."""
    missing = [lang for lang in dict.fromkeys((lang_a, lang_b)) if not lexicon.known(lang)]
    if not missing:
        return ""
    which = " and ".join(f"{_name(lang)} ({lang})" for lang in missing)
    return (
        f"{_name(lang_a)}/{_name(lang_b)}: not checked ({which}: no lexicon): {', '.join(lexicon.WORD_CHECKS)}; "
        "compared by digits, names, glossary terms and structure only"
    )


def compare(
    side_a: Side,
    side_b: Side,
    ids: Sequence[str] = (),
    game: str = "",
    glossary: Glossary | None = None,
    beads: list[Bead] | None = None,
    ratio: float | None = None,
) -> list[AlignedPair]:
    """The aligned pairs of two texts' units with their findings (`ratio`: the length of the second text per
    character of the first, when the units are a part of longer texts)."""
    pairs = []
    read = lexicon.signals if lexicon.known(side_a.lang) and lexicon.known(side_b.lang) else lexicon.digits
    if ratio is None:
        total_a, total_b = (sum(len(u.text) for u in side.units) for side in (side_a, side_b))
        ratio = total_b / total_a if total_a and total_b else 1.0
    for ia, ib in beads if beads is not None else align(side_a.units, side_b.units, ratio=ratio):
        pair = AlignedPair([side_a.units[i] for i in ia], [side_b.units[i] for i in ib])
        report = _Report(side_a, side_b, pair, list(ids), game)
        if not pair.a or not pair.b:
            _dropped(report, 0 if pair.a else 1, pair.a or pair.b)
        else:
            text_a, text_b = AlignedPair.text(pair.a), AlignedPair.text(pair.b)
            _uneven(report, text_a, text_b, ratio)
            _compare_signals(report, read(text_a, side_a.lang), read(text_b, side_b.lang), text_a, text_b)
            _compare_terms(report, glossary, text_a, text_b)
        pairs.append(pair)
    return pairs
