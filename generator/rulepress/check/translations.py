"""`rulepress check translations`: does each translation of a game say what its source language says?

A game's source language (`Game.source`: ``source_language`` in game.yaml, else the
first of its ``languages``) is paired with each other language in turn: German with
English for the bundled games; for a game in en, fr and de written in English, French
with English and German with English. Every text a translator touches is paired by
stable ids (`rulepress.check.pairs`: rules sections, quick references, every text of
the YAML files and of the game's own layouts) and compared:

- ``number``: numbers (digits in each locale's format, number words,
  ordinals, fractions, positions from the end; see `rulepress.check.numbers`)
  differ over the pair;
- ``emphasis``: numbers emphasised (``**2**``) differ;
- ``term`` / ``name``: a glossary term (its word, an alias, an inflection or
  a ``{term}`` reference), a printed component's name or a card title is used
  on one side but not translated on the other (any spelling, alias or keyword
  of 5+ letters, stemmed or inside a German compound: 'Bombenzug' mentions
  'Bombe'), over the pair and sentence by sentence (a term moved into the
  neighbouring sentence is no finding); and counted per aligned sentence
  (`_compare_name_counts`): a name said more often on one side than the
  other translates it (a second use replaced by a plain word), unless the
  other side has as many more stand-ins (pronouns) and names it once; a
  term of several words counts where its words stand together or near in
  their order (`rulepress.check.names`);
  everyday component names (board, dice, pieces) are not checked;
- ``negation``: aligned sentences hold different numbers of negations
  (`rulepress.check.signals`), inside quotations too where both quote as
  often;
- ``sentence``: one side of a YAML text or quick reference has more sentences
  (added or dropped; in a rules section the aligned ``dropped-sentence``);
- ``prose-example``: one side announces more prose examples;
- ``section-missing`` / ``rule-missing`` / ``example-missing``: a section
  (``(id)=`` label), a rule's metadata (``rules:`` in game.yaml) or a worked
  example present in one language only;
- ``example-result`` / ``example-source`` / ``example-expected`` /
  ``example-reading``: a worked example gives different language-neutral
  outcomes (`rulepress.check.examples`), runs different code, expects
  different output, or runs under different readings in the two languages;
- ``edition-variant``: every ambiguity with ``edition_variant: true``, listed
  as a documented difference.

A rules section's sentences, list items, table cells and headings are aligned
by length-based dynamic programming anchored by numbers and names
(`rulepress.check.align`, Gale and Church), so a sentence split in two or two
joined into one is no finding and every aligned pair is checked; besides the
checks above, each aligned pair's signals are compared (`rulepress.check.aligned`:
``bound``, ``quantifier``, ``time``, ``direction``, ``condition``, ``modality``,
``colour``, ``dropped-sentence`` / ``dropped-item`` / ``dropped-heading``), and
such findings name the sentence's line in both files and quote both sentences.
The id-paired YAML texts and quick references are aligned in order when both
sides have as many sentences, else inside every paragraph pair with as many
(`_align`), and their ``sentence`` counts compared. Every finding names both
files with line numbers (``other``).

Documented differences: an ambiguity with ``edition_variant: true`` lists the
rule sections whose two texts differ because of it in ``sections:`` (a field
of `Ambiguity`). Every finding inside such a section is reported as
documented (naming the ambiguity) and does not fail the check. A ``sections``
entry naming an unknown section, or given without ``edition_variant: true``,
is a ``variant-mark`` finding.

What is language-neutral works for any pair: numbers written as digits (in each
language's separators, from Babel), names and glossary terms as spelled (with their
aliases and keywords), emphasis, sentence counts, sections, worked examples and
their outcomes. Word forms are known for German and English only: number words,
inflections and compounds of names, negations, prose examples and stand-ins. A pair
with another language (French) leaves negations and prose examples out and finds
names by their spellings as whole words (`rulepress.check.signals.covers`).

`report(content)` returns a `TranslationReport` (the website renders its
`to_dict()`); `run(...)` prints ``path:line: kind: message`` lines and a
summary, or a JSON list of findings, and returns 1 when any finding is not
documented.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from pathlib import Path

from rulepress import i18n
from rulepress.analysis import Finding, Statement, TranslationReport
from rulepress.check import align, aligned, examples, lexicon, numbers, signals
from rulepress.check.names import NameFinder, mentions, names_of, occurrences, shares_spelling, shortened
from rulepress.check.pairs import (
    Paragraph,
    Side,
    TextPair,
    example_pairs,
    quickref_pairs,
    rules_pairs,
    table_pairs,
    yaml_pairs,
)
from rulepress.memo import Memo, key_of
from rulepress.model import GameContent, load_games
from rulepress.model.rules_text import Example, RuleText

ALIGNED_VERSION = "aligned-2"
# part of the memo's keys: findings remembered before the sentence alignment are stale


class _LanguageNames(dict):
    """The English name of each language ("German", "French"), as Babel knows it: the report is in English."""

    def __missing__(self, lang: str) -> str:
        return i18n.language_name(lang, "en")


LANG_NAMES = _LanguageNames()


# ---------------------------------------------------------------- comparing


class _Collector:
    """Collects findings and marks those inside documented sections."""

    def __init__(self, content: GameContent, report: TranslationReport):
        self.report = report
        self.variants: dict[str, str] = {}  # section id -> ambiguity id
        for amb in content.game.ambiguities:
            if amb.edition_variant:
                for section in getattr(amb, "sections", []):
                    self.variants.setdefault(section, amb.id)

    def add(
        self,
        kind: str,
        path: str,
        line: int | None,
        ids: list[str],
        message: str,
        other: str = "",
        section: str | None = None,
        said: tuple[str, str, str, str, str] = ("", "", "", "", ""),
    ) -> None:
        """A finding; `said`: its sentence, the other's, the sentence's language and the words of both that
        disagree (what the authors' report shows side by side), when it is about one sentence."""
        ambiguity = self.variants.get(section) if section is not None else None
        if ambiguity:
            message += f" (edition variant {ambiguity!r})"
            ids = ids + [ambiguity]
        text, other_text, lang, words, other_words = said
        self.report.findings.append(
            Finding(
                kind,
                path,
                line,
                ids,
                message,
                bool(ambiguity),
                other,
                self.report.game,
                text=text,
                other_text=other_text,
                lang=lang,
                words=words,
                other_words=other_words,
            )
        )

    def adopt(self, finding: Finding, section: str | None) -> None:
        """A finding of the aligned comparison, marked documented inside a documented section."""
        ambiguity = self.variants.get(section) if section is not None else None
        if ambiguity:
            finding.message += f" (edition variant {ambiguity!r})"
            finding.ids = finding.ids + [ambiguity]
            finding.documented = True
        self.report.findings.append(finding)


def _where(path: str, line: int | None) -> str:
    return f"{path}:{line}" if line is not None else path


def _locate(side: Side, test) -> Paragraph:
    """The first paragraph of `side` for which `test(text)` holds, else the first paragraph."""
    return next((p for p in side.paragraphs if test(p.text)), side.paragraphs[0])


def _report(
    out: _Collector,
    kind: str,
    pair: TextPair,
    first: Side,
    at: Paragraph,
    other: Side,
    other_at: Paragraph,
    message: str,
    extra_ids: Sequence[str] = (),
    said: tuple[str, str, str, str] | None = None,
) -> None:
    """Add a finding at `first`:`at` naming `other`:`other_at`; `said`: the two sentences and the words of
    each that disagree, when the finding is about one sentence."""
    where = other.where(other_at.line)
    text, other_text, words, other_words = said or ("", "", "", "")
    out.add(
        kind,
        first.path,
        at.line,
        pair.ids + list(extra_ids),
        f"{message} (vs {where})",
        other=where,
        section=pair.section,
        said=(_plain(text), _plain(other_text), first.lang if said else "", words, other_words),
    )


def _written(values, found) -> str:
    """The numbers `values` as `found` writes them ('drei, 4')."""
    written = _spellings(found)
    return ", ".join(written.get(v, numbers.show(v)) for v in values)


def _plain(text: str) -> str:
    return text.replace("\u2024", ".")


def _spellings(found) -> dict[Fraction, str]:
    """Value -> how `found` first writes it."""
    written: dict[Fraction, str] = {}
    for n in found:
        written.setdefault(n.value, n.text)
    return written


def _listed(values, found) -> str:
    written = _spellings(found)
    return ", ".join(
        numbers.show(v) + (f" ({written[v]!r})" if written.get(v, "") != numbers.show(v) else "") for v in values
    )


def _has_number(value, lang: str):
    return lambda text: any(n.value == value and not n.weak for n in numbers.extract(text, lang))


def _compare_numbers(out: _Collector, pair: TextPair, aligned: list) -> None:
    """Numbers over the whole pair; when they agree there, sentence by sentence (see `_align`),
    where the word 'one' / 'ein' is left out (an article or pronoun as often as a number)."""
    a, b = pair.a, pair.b
    found_a, found_b = numbers.extract_pair(a.text, a.lang, b.text, b.lang)
    only_a, only_b = numbers.compare(found_a, found_b)
    if not only_a and not only_b:
        for (pa, xa), (pb, xb) in aligned:
            sa, sb = (_no_one(n) for n in numbers.extract_pair(xa, a.lang, xb, b.lang))
            only_a, only_b = numbers.compare(sa, sb)
            if only_a or only_b:
                parts = [
                    f"{_listed(v, f)} only in {LANG_NAMES[s.lang]}"
                    for v, f, s in ((only_a, sa, a), (only_b, sb, b))
                    if v
                ]
                first, at, other, other_at = (a, pa, b, pb) if only_a else (b, pb, a, pa)
                text, other_text = (xa, xb) if only_a else (xb, xa)
                mine, theirs = ((only_a, sa), (only_b, sb)) if only_a else ((only_b, sb), (only_a, sa))
                _report(
                    out,
                    "number",
                    pair,
                    first,
                    at,
                    other,
                    other_at,
                    f"{pair.scope}: {_short(text)!r} numbers differ: {'; '.join(parts)}",
                    said=(text, other_text, _written(*mine), _written(*theirs)),
                )
                return
        return
    parts = []
    if only_a:
        parts.append(f"{_listed(only_a, found_a)} only in {LANG_NAMES[a.lang]}")
    if only_b:
        parts.append(f"{_listed(only_b, found_b)} only in {LANG_NAMES[b.lang]}")
    first, other, value, other_value = (
        (a, b, only_a[0], only_b[0] if only_b else None) if only_a else (b, a, only_b[0], None)
    )
    at = _locate(first, _has_number(value, first.lang))
    other_at = (
        _locate(other, _has_number(other_value, other.lang))
        if other_value is not None
        else _counterpart(first, at, other)
    )
    _report(out, "number", pair, first, at, other, other_at, f"{pair.scope} numbers differ: {'; '.join(parts)}")


def _no_one(found: list) -> list:
    return [n for n in found if not (n.value == 1 and n.text.isalpha())]


def _counterpart(side: Side, at: Paragraph, other: Side) -> Paragraph:
    """The paragraph of `other` at the same share of the text (only to point a reader at the place)."""
    index = side.paragraphs.index(at) if at in side.paragraphs else 0
    share = index / max(1, len(side.paragraphs) - 1)
    return other.paragraphs[round(share * (len(other.paragraphs) - 1))]


def _compare_names(
    out: _Collector,
    pair: TextPair,
    finders: dict[str, NameFinder],
    aligned: list[tuple[tuple[Paragraph, str], tuple[Paragraph, str]]] | None = None,
) -> None:
    """Names used on one side but not translated on the other: over the whole pair, and, when the
    two sides have as many sentences, sentence by sentence. A name missing in a sentence's
    counterpart is no finding when a neighbouring counterpart mentions it while the neighbour
    itself does not (the translation moved it one sentence over). Then how often each unit says
    each name (`_compare_name_counts`). A name is reported once per pair."""
    check = _NameCheck(out=out, pair=pair, finders=finders)
    _compare_names_over_pair(check)
    _compare_names_by_sentence(check, aligned or [])
    units = aligned or [((pair.a.paragraphs[0], pair.a.text), (pair.b.paragraphs[0], pair.b.text))]
    _compare_name_counts(check, units)


@dataclass(kw_only=True)
class _NameCheck:
    """What the name comparisons of one text pair share: the pair, each language's `NameFinder`, where the
    findings go and the ids of the names already reported."""

    out: _Collector
    pair: TextPair
    finders: dict[str, NameFinder]
    reported: set[str] = field(default_factory=set)

    def side(self, lang: str) -> Side:
        """The side of the pair in `lang`."""
        return {self.pair.a.lang: self.pair.a, self.pair.b.lang: self.pair.b}[lang]

    def other_lang_of(self, lang: str) -> str:
        """The pair's other language."""
        return self.pair.b.lang if lang == self.pair.a.lang else self.pair.a.lang

    def mentioned(self, name, text: str, lang: str, spelled: str = "") -> bool:
        """Whether `text` (in `lang`) uses or mentions `name`; with `spelled` (as the other language spells it),
        shortened forms of it count too."""
        partial = bool(spelled) and shortened(name, spelled, self.other_lang_of(lang))
        finder = self.finders[lang]
        return name.id in finder.used(text) or mentions(name, finder.without_others(text, name.id), lang, partial)

    def own_term(self, ident: str) -> bool:
        """Whether the pair is the glossary's definition of term `ident` (a definition need not repeat it)."""
        return self.pair.kind == "glossary" and self.pair.id.startswith(f"glossary.{ident}.")

    def report(
        self, this: Side, ident: str, name, spelled: str, *, at, other_at, where: str, times: str = "", only: str = ""
    ) -> None:
        """A ``term`` or ``name`` finding: `this` uses `name` (as `spelled`, `times` often) at `at`, and `where`
        (at `other_at` of the other side) does not use it (or uses it `only` so often)."""
        self.reported.add(ident)
        pair = self.pair
        other = pair.b if this is pair.a else pair.a
        wanted = " / ".join(repr(f) for f in name.forms[other.lang])
        what = "glossary term" if name.kind == "term" else "name"
        uses = f"uses {wanted} only{only}" if only else f"does not use {wanted}"
        _report(
            self.out,
            name.kind,
            pair,
            this,
            at,
            other,
            other_at,
            f"{pair.scope} uses the {what} {spelled!r} ({ident}){times} but {where} {uses}",
            [ident],
        )


def _compare_names_over_pair(check: _NameCheck) -> None:
    """Names one side uses somewhere that the other side never uses nor mentions, reported at the first
    paragraph using them."""
    pair, finders = check.pair, check.finders
    for this, other in ((pair.a, pair.b), (pair.b, pair.a)):
        used = finders[this.lang].used(this.text)
        for ident in sorted(set(used) - set(finders[other.lang].used(other.text)) - check.reported):
            name, spelled = used[ident]
            if check.own_term(ident) or check.mentioned(name, other.text, other.lang, spelled):
                continue
            at = _locate(this, lambda text: ident in finders[this.lang].used(text))  # noqa: B023 (called at once)
            check.report(
                this,
                ident,
                name,
                spelled,
                at=at,
                other_at=_counterpart(this, at, other),
                where=f"the {LANG_NAMES[other.lang]} {pair.scope}",
            )


def _compare_names_by_sentence(
    check: _NameCheck, aligned: list[tuple[tuple[Paragraph, str], tuple[Paragraph, str]]]
) -> None:
    """Names an aligned sentence uses that its counterpart does not mention, unless the translation moved the
    name into a neighbouring sentence (`_moved`)."""
    pair = check.pair
    texts = {pair.a.lang: [x[0][1] for x in aligned], pair.b.lang: [x[1][1] for x in aligned]}
    paras = {pair.a.lang: [x[0][0] for x in aligned], pair.b.lang: [x[1][0] for x in aligned]}
    for i in range(len(aligned)):
        for this_lang, other_lang in ((pair.a.lang, pair.b.lang), (pair.b.lang, pair.a.lang)):
            used = check.finders[this_lang].used(texts[this_lang][i])
            for ident in sorted(set(used) - check.reported):
                name, spelled = used[ident]
                if check.own_term(ident) or check.mentioned(name, texts[other_lang][i], other_lang, spelled):
                    continue
                if _moved(check, name, texts=texts, index=i, lang=this_lang):
                    continue
                check.report(
                    check.side(this_lang),
                    ident,
                    name,
                    spelled,
                    at=paras[this_lang][i],
                    other_at=paras[other_lang][i],
                    where=f"its {LANG_NAMES[other_lang]} counterpart {_short(texts[other_lang][i])!r}",
                )


def _moved(check: _NameCheck, name, *, texts: dict[str, list[str]], index: int, lang: str) -> bool:
    """Whether a sentence next to sentence `index` mentions `name` on the other side and not in `lang`: the
    translation moved the name one sentence over."""
    other_lang = check.other_lang_of(lang)
    return any(
        check.mentioned(name, texts[other_lang][j], other_lang) and not check.mentioned(name, texts[lang][j], lang)
        for j in (index - 1, index + 1)
        if 0 <= j < len(texts[lang])
    )


def _compare_name_counts(check: _NameCheck, units: list) -> None:
    """Names a unit says more often than its counterpart translates them (a second use replaced by a plain word):
    every name the pair uses, said `firm`ly on one side (or, for a proper name, paraphrased by its `stems`:
    'Explore' for 'Exploration') against the lenient `counting` of the other side, where keywords answering
    keywords ('Runde' for 'round') translate those, not the name. The counterpart may say it fewer times when it
    has as many more stand-ins and names it at least once ('one of your own' for 'ein eigenes Land')."""
    pair = check.pair
    named = _names_of_pair(check)
    for (at_a, text_a), (at_b, text_b) in units:
        unit = _CountedUnit(
            finders=check.finders,
            texts={pair.a.lang: text_a, pair.b.lang: text_b},
            places={pair.a.lang: at_a, pair.b.lang: at_b},
        )
        for this_lang, other_lang in ((pair.a.lang, pair.b.lang), (pair.b.lang, pair.a.lang)):
            for ident, name in sorted(named.items()):
                if ident not in check.reported:
                    _compare_name_count(
                        check, unit, named, ident=ident, name=name, lang=this_lang, other_lang=other_lang
                    )


def _names_of_pair(check: _NameCheck) -> dict:
    """Id -> name of every name either side uses, says inside a compound or paraphrases."""
    pair, finders = check.pair, check.finders
    named = {
        ident: name for side in (pair.a, pair.b) for ident, (name, _) in finders[side.lang].used(side.text).items()
    }
    for side in (pair.a, pair.b):
        named |= finders[side.lang].inside(side.text) | finders[side.lang].paraphrased(side.text)
    return named


@dataclass(kw_only=True)
class _CountedUnit:
    """One aligned unit of both sides (language -> its text and its paragraph) with the names each side's
    text says as counted strictly (`NameFinder.counted`)."""

    finders: dict[str, NameFinder]
    texts: dict[str, str]
    places: dict[str, Paragraph]
    strict: dict[str, dict] = field(init=False)

    def __post_init__(self) -> None:
        self.strict = {lang: self.finders[lang].counted(text) for lang, text in self.texts.items()}

    def count(
        self, name, lang: str, level: str, partial: bool = False, every: bool = False, also: frozenset = frozenset()
    ) -> int:
        """How often the `lang` side says `name` at `level` (the strict count if higher), other names (and
        `also`) taken out first."""
        text = self.finders[lang].without_others(self.texts[lang], name.id, every or level in ("firm", "stems"), also)
        return max(
            self.strict[lang][name.id][2] if name.id in self.strict[lang] else 0,
            occurrences(name, text, lang, partial, level),
        )


def _compare_name_count(
    check: _NameCheck, unit: _CountedUnit, named: dict, *, ident: str, name, lang: str, other_lang: str
) -> None:
    """A finding when the `lang` side of `unit` says `name` (or paraphrases it) more often than the other side
    translates it, unless the other side's extra stand-ins make up for it (or the unit defines the term)."""
    said = unit.count(name, lang, "firm")
    paraphrased = not said and name.kind == "name" and min(1, unit.count(name, lang, "stems"))
    if not (said or paraphrased):
        return
    said = said or paraphrased
    here, there = unit.strict[lang], unit.strict[other_lang]
    spelled = here[ident][1] if ident in here else name.forms[lang][0]
    # a paraphrased name ('Accuse') wants the name itself, not a compound naming something else
    # ('Anklagepunkt', 'Anklage-Chip')
    others = _holding_names(name, named, here, there, lang)
    have = unit.count(name, other_lang, "counting", shortened(name, spelled, lang), bool(paraphrased), others) - min(
        occurrences(name, unit.texts[other_lang], other_lang, level="keywords"),
        occurrences(name, unit.texts[lang], lang, level="answers"),
    )
    missing = said - have
    # a term's own definition says it in other words: there it is missing only where never said
    if missing <= 0 or (have and (check.own_term(ident) or _more_stand_ins(unit, lang, other_lang) >= missing)):
        return
    check.report(
        check.side(lang),
        ident,
        name,
        spelled,
        at=unit.places[lang],
        other_at=unit.places[other_lang],
        where=f"its {LANG_NAMES[other_lang]} counterpart {_short(unit.texts[other_lang])!r}",
        times=f" {said} time{'s' if said != 1 else ''}",
        only=f" {have} time{'s' if have != 1 else ''}",
    )


def _more_stand_ins(unit: _CountedUnit, lang: str, other_lang: str) -> int:
    """How many more stand-ins (pronouns) the `other_lang` side of `unit` has than the `lang` side."""
    return signals.stand_ins(unit.texts[other_lang], other_lang) - signals.stand_ins(unit.texts[lang], lang)


def _holding_names(name, named: dict, here: dict, there: dict, lang: str) -> frozenset:
    """Ids of the names that are no use of `name` on the other side: those both sides spell whose spelling here
    holds `name` ('rook piece' / 'Turmfigur' say no 'Rook' / 'Turm'), and for a verb every name the other side
    spells ('attack phase' is a phase's title, not the verb 'to attack'); `here` and
    `there` are the `NameFinder.counted` results of the two sides."""
    holding = {ident for ident in set(here) & set(there) if mentions(name, here[ident][1], lang)}
    if name.verb:
        holding |= {ident for ident in there if named.get(ident) is not None and named[ident].kind == "name"}
    return frozenset(ident for ident in holding if not shares_spelling(named.get(ident), name))


def _compare_counts(out: _Collector, pair: TextPair, kind: str, what: str, count) -> None:
    """A finding when `count(text, lang)` differs between the two sides."""
    a, b = pair.a, pair.b
    ca, cb = count(a.text, a.lang), count(b.text, b.lang)
    if ca == cb:
        return
    more, fewer = (a, b) if ca > cb else (b, a)
    n_more, n_fewer = max(ca, cb), min(ca, cb)
    at = next((p for p in more.paragraphs if count(p.text, more.lang) > 0), more.paragraphs[0])
    for p in more.paragraphs:  # the paragraph where the counts part: more than its counterpart
        counter = _counterpart(more, p, fewer)
        if count(p.text, more.lang) > count(counter.text, fewer.lang):
            at = p
            break
    _report(
        out,
        kind,
        pair,
        more,
        at,
        fewer,
        _counterpart(more, at, fewer),
        f"{pair.scope} has {n_more} {what} in {LANG_NAMES[more.lang]} but {n_fewer} in {LANG_NAMES[fewer.lang]}",
    )


def _compare_emphasis(out: _Collector, pair: TextPair) -> None:
    a, b = pair.a, pair.b
    ea, eb = signals.emphasised_numbers(a.text, a.lang), signals.emphasised_numbers(b.text, b.lang)
    if ea == eb:
        return
    more, fewer, extra = (
        (a, b, sorted(set(ea) - set(eb)) or ea) if len(ea) >= len(eb) else (b, a, sorted(set(eb) - set(ea)) or eb)
    )
    at = _locate(more, lambda text: any(v in extra for v in signals.emphasised_numbers(text, more.lang)))

    def shown(values) -> str:
        return ", ".join(numbers.show(v) for v in values) or "none"

    _report(
        out,
        "emphasis",
        pair,
        more,
        at,
        fewer,
        _counterpart(more, at, fewer),
        f"{pair.scope} emphasises the numbers {shown(ea)} in {LANG_NAMES[a.lang]} but {shown(eb)} in "
        f"{LANG_NAMES[b.lang]}",
    )


def _sentences(side: Side) -> list[tuple[Paragraph, str]]:
    return [(p, s) for p in side.paragraphs for s in signals.sentences(p.text, side.lang)]


def _align(pair: TextPair, sentences_a: list, sentences_b: list) -> list:
    """Sentences of the two sides that say the same thing: all of them in order when both sides have
    as many; else, when both have as many paragraphs, sentence by sentence inside every paragraph
    pair with as many sentences, and the whole paragraph pair otherwise."""
    if len(sentences_a) == len(sentences_b):
        return list(zip(sentences_a, sentences_b))
    if len(pair.a.paragraphs) != len(pair.b.paragraphs):
        return []
    aligned = []
    for pa, pb in zip(pair.a.paragraphs, pair.b.paragraphs):
        xa, xb = signals.sentences(pa.text, pair.a.lang), signals.sentences(pb.text, pair.b.lang)
        if len(xa) == len(xb):
            aligned += [((pa, sa), (pb, sb)) for sa, sb in zip(xa, xb)]
        else:
            aligned.append(((pa, pa.text), (pb, pb.text)))
    return aligned


def _compare_negations(out: _Collector, pair: TextPair, aligned: list) -> None:
    """Sentence by sentence (see `_align`): as many negations in both languages? Inside quotations too where
    both sentences quote as often."""
    for (pa, xa), (pb, xb) in aligned:
        qa, qb = signals.quoted_negations(xa, xb, pair.a.lang, pair.b.lang)
        na, nb = signals.negations(xa, pair.a.lang) + qa, signals.negations(xb, pair.b.lang) + qb
        if len(na) == len(nb):
            continue
        (this, at, words, text), (other, other_at, other_words, other_text) = (
            ((pair.a, pa, na, xa), (pair.b, pb, nb, xb))
            if len(na) > len(nb)
            else ((pair.b, pb, nb, xb), (pair.a, pa, na, xa))
        )
        _report(
            out,
            "negation",
            pair,
            this,
            at,
            other,
            other_at,
            f"{pair.scope}: {_short(text)!r} has {len(words)} negations in {LANG_NAMES[this.lang]} "
            f"({', '.join(words)}) but {_short(other_text)!r} has {len(other_words)} in "
            f"{LANG_NAMES[other.lang]}" + (f" ({', '.join(other_words)})" if other_words else ""),
            said=(text, other_text, ", ".join(words), ", ".join(other_words)),
        )


def _short(text: str, width: int = 70) -> str:
    """`text` on one line, at most `width` characters, its full stops as written ('e.g.', not the marks that keep
    `signals.sentences` from ending a sentence there)."""
    text = " ".join(text.replace("\u2024", ".").split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _aligned_units(out: _Collector, pair: TextPair, ratio: float | None = None) -> list:
    """The pair's sentences, list items, table cells and headings aligned by `rulepress.check.align` (splits,
    joins and sentences said on one side only are handled) and each aligned pair compared by
    `rulepress.check.aligned`, the very comparison `rulepress check translations --pair` runs (numbers,
    negations, bounds, order in time, direction, quantifiers, conditions, modality, colours, dropped units;
    the game's glossary terms are `_compare_names`', which knows their aliases and inflections, so no
    glossary is passed); every finding it makes is kept. Returns the aligned pairs with both sides,
    each as ((Paragraph at its first unit's line, text), (…, …)), for the name checks (`_compare_names`).
    `ratio`: the length of the translation per character of the source over the whole rules text (a
    section's own ratio would hide a sentence added to it)."""
    side_a = aligned.Side(pair.a.lang, pair.a.path, align.units(pair.a.paragraphs, pair.a.lang))
    side_b = aligned.Side(pair.b.lang, pair.b.path, align.units(pair.b.paragraphs, pair.b.lang))
    if not side_a.units or not side_b.units:
        return []
    found = aligned.compare(side_a, side_b, ids=pair.ids, game=out.report.game, ratio=ratio)
    for bead in found:
        for finding in bead.findings:
            out.adopt(finding, pair.section)
    return [
        (
            (Paragraph(bead.a[0].line, aligned.AlignedPair.text(bead.a)), aligned.AlignedPair.text(bead.a)),
            (Paragraph(bead.b[0].line, aligned.AlignedPair.text(bead.b)), aligned.AlignedPair.text(bead.b)),
        )
        for bead in found
        if bead.a and bead.b
    ]


@dataclass(frozen=True)
class _AlignedMemo:
    """Where the aligned comparison of rules pairs is remembered: by the pair, the length ratio, the edition
    variants and the lexicons alone (`context`), not by the game's names, so an edit of a card's title or a
    glossary term compares no section's sentences again, only its names (`_compare_names`)."""

    memo: Memo
    context: str

    def units(self, out: _Collector, pair: TextPair, ratio: float | None) -> list:
        """`_aligned_units` of the pair, remembered."""
        key = key_of("aligned", self.context, asdict(pair), ratio)
        stored = self.memo.get(key)
        try:
            found = [Finding(**f) for f in stored["findings"]] if stored is not None else None
            beads = (
                [((Paragraph(la, ta), ta), (Paragraph(lb, tb), tb)) for la, ta, lb, tb in stored["pairs"]]
                if found is not None
                else []
            )
        except (TypeError, KeyError, ValueError):
            found = None  # a damaged memo: compare again
        if found is not None:
            out.report.findings.extend(found)
            return beads
        start = len(out.report.findings)
        beads = _aligned_units(out, pair, ratio)
        self.memo.put(
            key,
            {
                "findings": [asdict(f) for f in out.report.findings[start:]],
                "pairs": [[a.line, a_text, b.line, b_text] for (a, a_text), (b, b_text) in beads],
            },
        )
        return beads


def compare_pair(
    out: _Collector,
    pair: TextPair,
    finders: dict[str, NameFinder],
    ratio: float | None = None,
    aligned_memo: _AlignedMemo | None = None,
) -> None:
    """Every check of one pair of texts. A rules section's units are aligned and compared exactly as ``--pair``
    compares two rule files (`_aligned_units`: every finding kept, so both give one verdict); the id-paired
    YAML texts and quick references are compared sentence by sentence in order (`_align`) by the older
    number and negation readers (moving them to the aligned comparison raised 46 findings on the bundled
    games, left for a later step). Then what only a game knows: its names and terms (`_compare_names`),
    emphasis, and the YAML texts' sentence and prose-example counts."""
    out.report.paragraphs += 1
    sentences_a, sentences_b = _sentences(pair.a), _sentences(pair.b)
    covered = signals.covers(pair.a.lang, pair.b.lang)  # the older readers: German and English words only
    if pair.kind == "rules":
        # no glossary: `_compare_names` checks the terms
        aligned_pairs = (aligned_memo.units if aligned_memo else _aligned_units)(out, pair, ratio)
    else:
        aligned_pairs = _align(pair, sentences_a, sentences_b)
        _compare_numbers(out, pair, aligned_pairs)
        if covered:
            _compare_negations(out, pair, aligned_pairs)
    _compare_names(out, pair, finders, aligned_pairs)
    _compare_emphasis(out, pair)
    if pair.kind != "rules" and len(sentences_a) != len(sentences_b):  # a section's dropped units: `aligned`
        _compare_counts(out, pair, "sentence", "sentences", lambda text, lang: len(signals.sentences(text, lang)))
    if covered and not pair.id.endswith(
        (".title", ".name", ".label")
    ):  # names ("The English example") announce no example
        _compare_counts(out, pair, "prose-example", "prose examples", signals.prose_examples)


def compare_pairs(content: GameContent, out: _Collector, pairs: list[TextPair], memo: Memo) -> None:
    """`compare_pair` for each pair, unless `memo` holds its findings: a pair's findings follow from the pair
    itself (ids, files, lines, texts), the game's names, the documented edition variants and the game's own
    lexicons alone; a rules pair's aligned comparison is remembered without the names (`_AlignedMemo`)."""
    names = names_of(content)
    finders: dict[str, NameFinder] = {}
    lexicons = lexicon.game_lexicons_digest(content.folder)
    context = key_of([asdict(n) for n in names], out.variants, ALIGNED_VERSION, lexicons)
    kept = _AlignedMemo(memo, key_of(out.variants, ALIGNED_VERSION, lexicons))
    ratio = _length_ratio([p for p in pairs if p.kind == "rules"])
    for pair in pairs:
        key = key_of(context, asdict(pair), ratio if pair.kind == "rules" else None)
        stored = memo.get(key)
        try:
            remembered = [Finding(**f) for f in stored] if stored is not None else None
        except TypeError:
            remembered = None  # a damaged memo: compare again
        if remembered is not None:
            out.report.paragraphs += 1
            out.report.findings.extend(remembered)
            continue
        if not finders:
            finders.update({lang: NameFinder(names, lang) for lang in content.game.languages})
        start = len(out.report.findings)
        compare_pair(out, pair, finders, ratio, kept)
        memo.put(key, [asdict(f) for f in out.report.findings[start:]])


RATIO_STEP = 2  # decimals of the length ratio: an edit of a sentence seldom moves it, so the memo holds


def _length_ratio(pairs: list[TextPair]) -> float | None:
    """The length of the translation per character of the source over `pairs` (None without text), to
    `RATIO_STEP` decimals: every rules pair's memo key holds it, and a finer ratio would make an edit of one
    sentence compare every section again."""
    total_a = sum(len(pair.a.text) for pair in pairs)
    total_b = sum(len(pair.b.text) for pair in pairs)
    return round(total_b / total_a, RATIO_STEP) if total_a and total_b else None


def _compare_sections(content: GameContent, out: _Collector, a: RuleText, b: RuleText) -> list[TextPair]:
    for this, other in ((a, b), (b, a)):
        for i, section in enumerate(this.sections):
            if other.section(section.id) is None:
                before = next((other.section(s.id) for s in reversed(this.sections[:i]) if other.section(s.id)), None)
                where = _where(other.path, before.line) if before else other.path
                out.add(
                    "section-missing",
                    this.path,
                    section.line,
                    [section.id],
                    f"section {section.id!r} ({section.title}) has no counterpart in {other.path}"
                    + (f" (expected after section {before.id!r} at {where})" if before else ""),
                    other=where,
                    section=section.id,
                )
    pairs = rules_pairs(content, a, b)
    out.report.sections += sum(1 for p in pairs if p.id)
    return pairs


def _compare_rule_meta(content: GameContent, out: _Collector) -> None:
    for i, meta in enumerate(content.game.rules):
        for text in content.rules.values():
            if text.section(meta.id) is None:
                path, line, _ = content.locate(("rules", i, "id"))
                out.add(
                    "rule-missing",
                    path,
                    line,
                    [meta.id],
                    f"rule {meta.id!r} has no section in {text.path}",
                    section=meta.id,
                )


def _english_first(content: GameContent) -> list[str]:
    """The game's languages, English (the report's language) first."""
    return sorted(content.game.languages, key=lambda lang: lang != "en")


def _compare_marks(content: GameContent, out: _Collector) -> None:
    known = {s.id for text in content.rules.values() for s in text.sections}
    for i, amb in enumerate(content.game.ambiguities):
        path, line, _ = content.locate(("ambiguities", i, "id"))
        sections = list(getattr(amb, "sections", []))
        if amb.edition_variant:
            used = next(r for r in amb.readings if r.id == amb.used)
            out.report.findings.append(
                Finding(
                    "edition-variant",
                    path,
                    line,
                    [amb.id] + sections,
                    f"{' / '.join(amb.title.get(lang) for lang in _english_first(content))}: readings {', '.join(r.id for r in amb.readings)}; "
                    f"this content uses {used.id!r}" + (f"; sections {', '.join(sections)}" if sections else ""),
                    True,
                    "",
                    out.report.game,
                )
            )
        elif sections:
            out.add(
                "variant-mark",
                path,
                line,
                [amb.id],
                f"ambiguity {amb.id!r} lists sections but is not an edition_variant",
            )
        for section in sections:
            if section not in known:
                out.add(
                    "variant-mark",
                    path,
                    line,
                    [amb.id, section],
                    f"ambiguity {amb.id!r} lists unknown section {section!r}",
                )


# ---------------------------------------------------------------- examples


def _normal(text: str) -> str:
    return " ".join(text.split())


def _compare_examples(
    content: GameContent, out: _Collector, a: RuleText, b: RuleText, runs: examples.ExampleRuns
) -> None:
    """Every worked example of `a` and `b`: those of one text only, then each example of both, its readings
    and its statements (outcome, code and expectation), as run by `runs`."""
    _compare_example_ids(out, a, b)
    for ea, eb in ((e, found) for e in a.examples if (found := b.example(e.id)) is not None):
        out.report.examples += 1
        pair = _ExamplePair(
            out=out,
            a=ea,
            b=eb,
            lang_a=LANG_NAMES[a.lang],
            lang_b=LANG_NAMES[b.lang],
            section=ea.section if ea.section == eb.section else None,
        )
        _compare_example_readings(pair)
        _compare_statements(pair, runs.result(ea).statements, runs.result(eb).statements)


def _compare_example_ids(out: _Collector, a: RuleText, b: RuleText) -> None:
    """An ``example-missing`` finding for each example of one text that the other lacks (those of `a` first),
    naming the section of the other text it belongs in."""
    for this, other in ((a, b), (b, a)):
        for example in this.examples:
            if other.example(example.id) is not None:
                continue
            home = other.section(example.section) if example.section else None
            where = _where(other.path, home.line) if home else other.path
            out.add(
                "example-missing",
                this.path,
                example.line,
                [example.id],
                f"example {example.id!r} has no counterpart in {other.path}"
                + (f" (expected in section {home.id!r} at {where})" if home else ""),
                other=where,
                section=example.section,
            )


@dataclass(frozen=True, kw_only=True)
class _ExamplePair:
    """One worked example in both texts (`a` in the source language), and where its findings go."""

    out: _Collector
    a: Example
    b: Example
    lang_a: str  # the English names of the two languages
    lang_b: str
    section: str | None  # the section both examples are in, if the same

    def add(self, kind: str, line: int, message: str, other: str) -> None:
        """A finding of kind `kind` at `line` of the first text, naming the example and `other`."""
        self.out.add(kind, self.a.path, line, [self.a.id], message, other=other, section=self.section)


def _compare_example_readings(pair: _ExamplePair) -> None:
    """An ``example-reading`` finding when the example runs under different readings in the two texts."""
    ea, eb = pair.a, pair.b
    if ea.readings() != eb.readings():
        where = _where(eb.path, eb.line)
        pair.add(
            "example-reading",
            ea.line,
            f"example {ea.id!r} runs under {_readings(ea)} in {pair.lang_a} but under "
            f"{_readings(eb)} in {pair.lang_b} ({where})",
            where,
        )


def _compare_statements(pair: _ExamplePair, sa: list[Statement], sb: list[Statement]) -> None:
    """An ``example-result`` finding when the two runs hold different numbers of statements; then the first
    difference of each pair of statements, in order."""
    ea, eb = pair.a, pair.b
    if len(sa) != len(sb):
        where = _where(eb.path, eb.line)
        pair.add(
            "example-result",
            ea.line,
            f"example {ea.id!r} has {len(sa)} statements in {pair.lang_a} but {len(sb)} in {pair.lang_b} ({where})",
            where,
        )
    for xa, xb in zip(sa, sb):
        where = _where(eb.path, xb.line)
        found = _statement_difference(pair, xa, xb, where)
        if found is not None:
            kind, message = found
            pair.add(kind, xa.line, message, where)


def _statement_difference(pair: _ExamplePair, xa: Statement, xb: Statement, where: str) -> tuple[str, str] | None:
    """The kind and message of the first way statement `xa` (of the first text) and `xb` (at `where`)
    differ: their outcomes, else their code, else what they expect; None when they agree."""
    name, lang_a, lang_b = pair.a.id, pair.lang_a, pair.lang_b
    outcome_a, outcome_b = _normal(xa.outcome), _normal(xb.outcome)
    if outcome_a != outcome_b:
        return "example-result", (
            f"example {name!r} gives {outcome_a or 'nothing'!r} for {xa.source!r} in {lang_a} but "
            f"{outcome_b or 'nothing'!r} for {xb.source!r} in {lang_b} ({where})"
        )
    if examples.code_of(xa.source) != examples.code_of(xb.source):
        return "example-source", (
            f"example {name!r} runs {xa.source!r} in {lang_a} but {xb.source!r} in {lang_b} ({where}); "
            f"both give {outcome_a or 'nothing'!r}"
        )
    if xa.passed != xb.passed and xa.kind == xb.kind == "result":
        passing = lang_b if not xa.passed else lang_a
        return "example-expected", (
            f"example {name!r} expects {_normal(xa.want)!r} in {lang_a} but {_normal(xb.want)!r} in {lang_b} "
            f"({where}); both give {outcome_a!r}, which only the {passing} text states"
        )
    if xa.kind != xb.kind or (xa.kind == "output" and _normal(xa.expected) != _normal(xb.expected)):
        return "example-expected", (
            f"example {name!r} expects {_expectation(xa)!r} in {lang_a} but {_expectation(xb)!r} in {lang_b} "
            f"({where}); both give {outcome_a or 'nothing'!r}"
        )
    return None


def _readings(example) -> str:
    readings = example.readings()
    return ", ".join(f"{k}={v}" for k, v in sorted(readings.items())) or "the chosen readings"


def _expectation(statement) -> str:
    if statement.kind == "result":
        return f"a localized result ({_normal(statement.want)})"
    return _normal(statement.expected) or "nothing"


# ---------------------------------------------------------------- entry points


def report(
    content: GameContent, runs: examples.ExampleRuns | None = None, memo: Memo | None = None
) -> TranslationReport:
    """Compare each translation of one game with its source language (`Game.source`; German and English for
    the bundled games; with languages en, fr, de and source en: fr with en, then de with en). Its worked
    examples run by `runs`; the findings of each text pair remembered in `memo`, see `compare_pairs`."""
    game = content.game
    lexicon.use_game_lexicons(content.folder)
    result = TranslationReport(content.id, (game.source, *game.translations))
    out = _Collector(content, result)
    _compare_marks(content, out)
    if game.translations:
        _compare_rule_meta(content, out)
    memo = memo or Memo(None)
    for target in game.translations:
        langs = (game.source, target)
        gap = aligned.not_checked(*langs)
        if gap:
            result.not_checked.append(gap)
        pairs: list[TextPair] = []
        a, b = content.rules.get(game.source), content.rules.get(target)
        if a is None or b is None:
            missing = game.source if a is None else target
            out.add(
                "section-missing",
                str(content.folder / f"rules.{missing}.md"),
                None,
                [],
                f"the {LANG_NAMES[missing]} rules file rules.{missing}.md is missing",
            )
        else:
            pairs += _compare_sections(content, out, a, b) + example_pairs(a, b)
            own = runs is None
            runs = runs or examples.ExampleRuns(content)
            try:
                _compare_examples(content, out, a, b, runs)
            finally:
                if own:  # its engine process ends here (a caller's runs are the caller's to end)
                    runs.close()
                    runs = None
        compare_pairs(
            content,
            out,
            pairs + quickref_pairs(content, langs) + yaml_pairs(content, langs, memo) + table_pairs(content, langs),
            memo,
        )
    result.findings.sort(key=lambda f: (f.documented, f.path, f.line or 0, f.kind))
    return result


def run(content_dir: Path, games: list[str], fmt: str = "text") -> int:
    """Check the named games (or all); exit code 1 if any difference is undocumented."""
    reports = [report(content) for content in load_games(content_dir, games or None)]
    findings = [f for r in reports for f in r.findings]
    if fmt == "json":
        print(json.dumps([f.to_dict() for f in findings], indent=2, ensure_ascii=False))
    else:
        for finding in findings:
            print(finding)
        for result in reports:
            print(result.summary())
    return 1 if any(not f.documented for f in findings) else 0
