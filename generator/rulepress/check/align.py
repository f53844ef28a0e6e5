"""Sentence alignment of a text and its translation: which sentences, list items, table cells and headings
of one say what which of the other say.

`units(paragraphs, lang)` cuts paragraphs (`rulepress.check.pairs.Paragraph`) into units with their file
lines, walking the tokens of the one Markdown parser (`rulepress.markdown`, line numbers from the tokens'
maps): a heading, a list item's sentences, a table cell, a paragraph's sentences. `align(a, b)`
pairs two lists of units by the length-based dynamic programming of Gale and Church (1993, "A program for
aligning sentences in bilingual corpora"), with beads of 1-1, 1-0, 0-1, 2-1, 1-2 and 2-2 units: a bead costs
``-log P(bead) - log P(length difference)`` where the length difference is normalised by the texts' own
length ratio. Anchors make it surer: units that share a number, a name written alike on both sides (a
capitalised word or a word with a digit that both sides spell the same) cost less together, units that
both hold anchors and share none cost more. A heading goes with a heading only. Splits and joins of
sentences come out as 2-1 and 1-2 beads; a sentence said in one language only as a 1-0 or 0-1 bead.

The same dynamic programming aligns whole sections of two bare files (`align_sections`), a section being
a heading with what follows it. Pure functions.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rulepress.check import lexicon, numbers, signals
from rulepress.check.pairs import Paragraph
from rulepress.markdown import parse

# Gale and Church's bead probabilities (their Table 5), and 2-2 beads as rare as they found them
PRIORS = {(1, 1): 0.89, (1, 0): 0.0099 / 2, (0, 1): 0.0099 / 2, (2, 1): 0.089 / 2, (1, 2): 0.089 / 2, (2, 2): 0.011}
# sections: translators keep a text's headings, and seldom split or join or drop a section
SECTION_PRIORS = {(1, 1): 0.978, (1, 0): 0.01, (0, 1): 0.01, (2, 1): 0.001, (1, 2): 0.001}
VARIANCE = 6.8  # variance of the length difference per character (Gale and Church)
ANCHOR_BONUS = 3.0  # a bead whose units share every anchor costs this much less
ANCHOR_PENALTY = 2.0  # a bead whose units both hold anchors but share none costs this much more
SIGNAL_BONUS = 1.5  # a bead whose units say the same signals (must, not, before, each ...) costs this much less
SIGNAL_PENALTY = 1.0  # a bead where one side says signals the other answers with none costs this much more
HEADING_BONUS = 2.0  # two sections whose headings say the same numbers cost this much less
HEADING_PENALTY = 6.0  # ... and this much more where they do not
MISMATCH = 25.0  # a heading with a sentence
KIND_MISMATCH = 4.0  # a list item or table cell with a sentence of running text
ITEM_JOIN = 3.0  # two list items or table cells joined into one: translators keep lists as they are

_CAPITALISED = re.compile(r"(?<=[\w,;:)] )[A-ZÄÖÜ][^\W\d_]{2,}(?![\w-])")  # not a sentence's first word
_NAME = re.compile(r"(?<![\w-])(?:[A-ZÄÖÜ][\w’'-]*\d[\w-]*|\d+[A-Za-z]\w*|[A-Z]{2,}\w*)")


@dataclass
class Unit:
    """A sentence, list item sentence, table cell or heading, and the file line it is on."""

    line: int
    text: str
    kind: str = "sentence"  # sentence, item, cell, heading
    anchors: frozenset = field(default_factory=frozenset)
    names: frozenset = field(default_factory=frozenset)  # capitalised words inside it: a bonus when shared
    signals: frozenset = field(default_factory=frozenset)  # (category, value, weak) of its words, numbers left out

    @property
    def length(self) -> int:
        return max(1, len(self.text))


def _anchors(text: str, lang: str, said: Sequence[lexicon.Signal] | None = None) -> frozenset:
    """What should be the same in a translation: numbers (not weak ones) and names spelled alike."""
    said = lexicon.signals(text, lang) if said is None else said
    found: set = {s.value for s in said if s.category == "number" and not s.weak}
    found |= {m.group(0) for m in _NAME.finditer(numbers.clean(text))}
    return frozenset(found)


def _signals(said: Sequence[lexicon.Signal]) -> frozenset:
    """The words' signals other than numbers (those are anchors): (category, value, weak)."""
    return frozenset((s.category, str(s.value), s.weak) for s in said if s.category != "number")


def _line_of(sentence: str, lines: list[str], first: int, start: int) -> int:
    """The file line (index into `lines` + `first`) holding the start of `sentence`, searched from `start`."""
    words = re.findall(r"\w+", sentence)[:3]
    for index in range(start, len(lines)):
        if all(w in lines[index] for w in words[:1]) and (len(words) < 2 or words[1] in " ".join(lines[index:])):
            return index
    return start


_KINDS = {"heading_open": "heading", "th_open": "cell", "td_open": "cell"}  # what an inline token is in


def _blocks(paragraph: Paragraph) -> list[tuple[int, str, str]]:
    """(line offset, inline source, kind) of every heading, list item paragraph, table cell and paragraph
    of `paragraph`, as the one Markdown parser (`rulepress.markdown`) reads it. A paragraph marked as a
    heading (a section's title, which comes without its '#') is a heading whatever it looks like."""
    if paragraph.heading:
        tokens = parse(paragraph.text)
        inline = next((t for t in tokens if t.type == "inline"), None)
        return [(0, inline.content if inline is not None else paragraph.text.strip(), "heading")]
    found: list[tuple[int, str, str]] = []
    items = 0  # list items open around the token
    row = 0  # the line of the table row being read (cells carry no line of their own in every version)
    tokens = parse(paragraph.text)
    for index, token in enumerate(tokens):
        if token.type == "list_item_open":
            items += 1
        elif token.type == "list_item_close":
            items -= 1
        elif token.type == "tr_open" and token.map:
            row = token.map[0]
        elif token.type == "inline":
            kind = _KINDS.get(tokens[index - 1].type, "item" if items else "sentence")
            line = row if kind == "cell" else (token.map[0] if token.map else 0)
            found.append((line, token.content, kind))
    return found


def units(paragraphs: Sequence[Paragraph], lang: str) -> list[Unit]:
    """The units of `paragraphs` in reading order: a heading, a list item's sentences, a table cell, a
    paragraph's sentences, each at its file line."""
    found: list[Unit] = []
    for paragraph in paragraphs:
        for offset, text, kind in _blocks(paragraph):
            line = paragraph.line + offset
            if kind in ("heading", "cell"):
                if re.search(r"[^\W_]", text):
                    found.append(Unit(line, text.strip(), kind))
                continue
            lines = text.split("\n")
            at = 0
            for sentence in signals.sentences(" ".join(lines), lang):
                at = _line_of(sentence, lines, 0, at)
                found.append(Unit(line + at, sentence.replace("\u2024", "."), kind))
    for unit in found:
        said = lexicon.signals(unit.text, lang)
        unit.anchors = _anchors(unit.text, lang, said)
        unit.signals = _signals(said)
        unit.names = frozenset(_CAPITALISED.findall(numbers.clean(unit.text)))
    return found


def _norm_sf(x: float) -> float:
    """P(|Z| >= x) for a standard normal Z."""
    return math.erfc(x / math.sqrt(2))


def _length_cost(la: int, lb: int, ratio: float) -> float:
    if la == 0 or lb == 0:
        return 0.0  # a unit said on one side only: its prior alone (its length says nothing of a counterpart)
    mean = (la + lb / ratio) / 2
    delta = (lb - la * ratio) / math.sqrt(max(mean, 1.0) * VARIANCE)
    return -math.log(max(_norm_sf(abs(delta)), 1e-12))


def _anchor_cost(a: Sequence[Unit], b: Sequence[Unit]) -> float:
    """Less for shared anchors, more for anchors on both sides none of them shared; less again for a
    capitalised word written alike on both sides (a name kept: 'Dabb', 'Joker'; German nouns the English
    does not write capitalised cost nothing)."""
    names_a = frozenset().union(*(u.names for u in a))
    names_b = frozenset().union(*(u.names for u in b))
    names = -ANCHOR_BONUS * len(names_a & names_b) / len(names_a | names_b) if names_a & names_b else 0.0
    anchors_a = frozenset().union(*(u.anchors for u in a))
    anchors_b = frozenset().union(*(u.anchors for u in b))
    if not anchors_a or not anchors_b:
        return names
    shared = len(anchors_a & anchors_b) / len(anchors_a | anchors_b)
    return names + (-ANCHOR_BONUS * shared if shared else ANCHOR_PENALTY)


def _signal_cost(a: Sequence[Unit], b: Sequence[Unit]) -> float:
    """Less for units whose firm signals the other side says too (a sentence with 'must' goes with one saying
    'have to'), more where one side's firm signals find no answer at all on the other: two neighbours of
    like length go with the counterpart that says what they say, and a sentence said on one side only is
    left over instead of the one that matches."""
    said_a = frozenset().union(*(u.signals for u in a))
    said_b = frozenset().union(*(u.signals for u in b))
    firm_a, firm_b = ({(c, v) for c, v, weak in said if not weak} for said in (said_a, said_b))
    every_a, every_b = ({(c, v) for c, v, _weak in said} for said in (said_a, said_b))
    agree = len(firm_a & every_b) + len(firm_b & every_a)
    differ = len(firm_a - every_b) + len(firm_b - every_a)
    if not agree + differ:
        return 0.0
    return -SIGNAL_BONUS * agree / (agree + differ) + (SIGNAL_PENALTY if not agree else 0.0)


def bead_cost(a: Sequence[Unit], b: Sequence[Unit], ratio: float, priors: dict = PRIORS) -> float:
    """What pairing the units `a` with the units `b` costs (lower is likelier)."""
    cost = -math.log(priors[(len(a), len(b))])
    cost += _length_cost(sum(u.length for u in a), sum(u.length for u in b), ratio)
    headings = {u.kind == "heading" for u in (*a, *b)}
    if a and b:
        cost += _anchor_cost(a, b) + _signal_cost(a, b)
        if len(headings) > 1:
            cost += MISMATCH
        if len({u.kind for u in (*a, *b)}) > 1:
            cost += KIND_MISMATCH
        if any(len(side) > 1 and side[0].kind in ("item", "cell") for side in (a, b)):
            cost += ITEM_JOIN
    return cost


Bead = tuple[list[int], list[int]]  # indices into the two unit lists


def align(
    a: Sequence[Unit],
    b: Sequence[Unit],
    cost: Callable[..., float] = bead_cost,
    priors: dict = PRIORS,
    ratio: float | None = None,
) -> list[Bead]:
    """The cheapest sequence of beads covering `a` and `b` in order (Gale and Church's dynamic programming)."""
    n, m = len(a), len(b)
    total_a, total_b = sum(u.length for u in a), sum(u.length for u in b)
    if ratio is None:  # the texts' own ratio of lengths (give the whole texts' one for a part of them)
        ratio = total_b / total_a if total_a and total_b else 1.0
    best = [[math.inf] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            if i == j == 0:
                continue
            for di, dj in priors:
                if di > i or dj > j or best[i - di][j - dj] == math.inf:
                    continue
                value = best[i - di][j - dj] + cost(a[i - di : i], b[j - dj : j], ratio, priors)
                if value < best[i][j]:
                    best[i][j], back[i][j] = value, (di, dj)
    beads: list[Bead] = []
    i, j = n, m
    while i or j:
        step = back[i][j]
        assert step is not None
        di, dj = step
        beads.append((list(range(i - di, i)), list(range(j - dj, j))))
        i, j = i - di, j - dj
    return beads[::-1]


@dataclass
class Section:
    """A heading (none for the text before the first) and the paragraphs under it, of one bare file."""

    title: str
    line: int
    paragraphs: list[Paragraph]

    def unit(self, lang: str) -> Unit:
        text = " ".join(p.text for p in self.paragraphs)
        return Unit(self.line, text, "section", _anchors(text, lang))


def sections(paragraphs: Sequence[Paragraph]) -> list[Section]:
    """The paragraphs of a file cut at its headings."""
    found: list[Section] = []
    for paragraph in paragraphs:
        blocks = _blocks(paragraph)
        if len(blocks) == 1 and blocks[0][2] == "heading":
            found.append(Section(blocks[0][1], paragraph.line, [paragraph]))
        elif found:
            found[-1].paragraphs.append(paragraph)
        else:
            found.append(Section("", paragraph.line, [paragraph]))
    return found


def align_sections(a: Sequence[Section], b: Sequence[Section], lang_a: str, lang_b: str) -> list[Bead]:
    """Which sections of two bare files go together: by their lengths and the numbers and names they hold, in
    order, and by the numbers of their headings (`_heading_cost`); a section split in two in the other file is
    a 1-2 bead."""
    units_a, units_b = [s.unit(lang_a) for s in a], [s.unit(lang_b) for s in b]
    titles = {
        id(u): _said_in_heading(s.title, lang)
        for units, found, lang in ((units_a, a, lang_a), (units_b, b, lang_b))
        for u, s in zip(units, found)
    }

    def cost(ua: Sequence[Unit], ub: Sequence[Unit], ratio: float, priors: dict) -> float:
        found = bead_cost(ua, ub, ratio, priors)
        return found + _heading_cost(titles[id(ua[0])], titles[id(ub[0])]) if ua and ub else found

    return align(units_a, units_b, cost=cost, priors=SECTION_PRIORS)


def _said_in_heading(title: str, lang: str) -> frozenset:
    """What a heading says that its translation keeps: its numbers and the categories and values of its other
    signals ('Dreimal würfeln': 3; 'Überspringen im Ziel verboten': a negation)."""
    said = lexicon.signals(title, lang)
    return frozenset(
        ("number", s.value) if s.category == "number" else (s.category, str(s.value))
        for s in said
        if not (s.category == "number" and s.weak)
    )


def _heading_cost(a: frozenset, b: frozenset) -> float:
    """Less for two sections whose first headings say something alike (a number, a negation: 'Dreimal würfeln'
    / 'Rolling three times'), more where one heading says something and the other nothing of it
    ('Rückwärtsschlagen' / 'Rolling three times': the section with it was left out of the other text)."""
    if not a and not b:
        return 0.0
    return -HEADING_BONUS if a & b else HEADING_PENALTY
