"""`rulepress check translations`: do the German and English rule texts say the same thing?

Both rule texts of a game are paired by id and compared:

- ``section-missing`` / ``rule-missing`` / ``example-missing``: a section
  (``(id)=`` label), a rule's metadata (``rules:`` in game.yaml) or a worked
  example (``{doctest} example-id``) present in one language only;
- ``example-result``: an example whose statements give different results in
  the two languages when run through the game's engine (compared statement by
  statement); ``example-expected``: same results, but the texts expect
  different outputs;
- ``number``: numbers (digits and number words, locale-aware, see
  `rulepress.check.numbers`) differing between paired paragraphs: per
  paragraph when both sections have the same number of paragraphs (the
  heading counts as one), else per section;
- ``term`` / ``name``: a paragraph uses a glossary term (its word, an alias or
  an inflection, or a ``{term}`` reference), the name of a printed component
  (deck, tiles, tokens, money) or a card title in one language, but the
  paired paragraph does not mention its translation (any spelling, alias or
  keyword of 5+ letters, also stemmed or inside a German compound:
  'Bombenzug' mentions 'Bombe');
  everyday component names (board, dice, pieces) are not checked;
- ``edition-variant``: every ambiguity with ``edition_variant: true``, listed
  as a documented difference.

Documented differences: an ambiguity with ``edition_variant: true`` lists the
rule sections whose two texts differ because of it in ``sections:`` (a field
of `Ambiguity`). Every finding inside such a section is reported as
documented (naming the ambiguity) and does not fail the check. A ``sections``
entry naming an unknown section, or given without ``edition_variant: true``,
is a ``variant-mark`` finding.

`report(content)` returns a `TranslationReport` (the website renders its
`to_dict()`); `run(...)` prints ``path:line: kind: message`` lines and a
summary, or a JSON list of findings, and returns 1 when any finding is not
documented.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rulepress.check import examples, numbers
from rulepress.check.names import NameFinder, mentions, names_of
from rulepress.model import GameContent, load_games
from rulepress.model.engine import load_engine
from rulepress.model.rules_text import LABEL, RuleText, Section

FENCE = re.compile(r"^(```+|~~~+)\s*(\{[a-z-]+\}|[a-zA-Z0-9_-]*)?")
PROSE_DIRECTIVES = {"{note}", "{tip}", "{warning}", "{important}", "{hint}", "{attention}", "{caution}",
                    "{danger}", "{error}", "{seealso}", "{admonition}", "{sidebar}", "{topic}"}
LANG_NAMES = {"de": "German", "en": "English"}


@dataclass
class Finding:
    """One difference between the languages of a game."""

    kind: str
    path: str
    line: int | None
    ids: list[str]  # section / example / term / ambiguity ids concerned
    message: str
    documented: bool = False
    other: str = ""  # path:line of the counterpart in the other language, if any
    game: str = ""

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}" if self.line is not None else self.path

    def __str__(self) -> str:
        kind = f"{self.kind} (documented)" if self.documented else self.kind
        return f"{self.location}: {kind}: {self.message}"

    def to_dict(self) -> dict:
        return asdict(self) | {"location": self.location}


@dataclass
class TranslationReport:
    """All findings of one game, with what was compared."""

    game: str
    langs: tuple[str, str]
    findings: list[Finding] = field(default_factory=list)
    sections: int = 0  # paired sections compared
    paragraphs: int = 0  # paragraph pairs compared (sections compared as a whole count once)
    examples: int = 0  # paired examples run in both languages

    @property
    def undocumented(self) -> list[Finding]:
        return [f for f in self.findings if not f.documented]

    @property
    def documented(self) -> list[Finding]:
        return [f for f in self.findings if f.documented]

    def summary(self) -> str:
        return (f"{self.game}: {self.sections} sections, {self.paragraphs} paragraph pairs, "
                f"{self.examples} examples compared; {len(self.undocumented)} differences, "
                f"{len(self.documented)} documented")

    def to_dict(self) -> dict:
        return {"game": self.game, "langs": list(self.langs), "sections": self.sections,
                "paragraphs": self.paragraphs, "examples": self.examples,
                "undocumented": len(self.undocumented), "documented": len(self.documented),
                "findings": [f.to_dict() for f in self.findings]}


# ---------------------------------------------------------------- paragraphs with lines

@dataclass
class Paragraph:
    """A paragraph of a rule text (or a section heading) and the line it starts on."""

    line: int
    text: str


def _file_lines(content: GameContent, text: RuleText) -> list[str]:
    path = content.folder / f"rules.{text.lang}.md"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def _split(lines: list[str], first: int) -> list[Paragraph]:
    """Paragraphs of `lines` (file line `first` is lines[0]): blank lines separate, code blocks
    and doctests are left out, prose directives (note, tip, ...) are kept, labels and comments dropped."""
    paragraphs: list[Paragraph] = []
    current: list[str] = []
    start = first
    fence: str | None = None
    prose = False

    def close():
        nonlocal current
        if current:
            paragraphs.append(Paragraph(start, "\n".join(current)))
        current = []

    for offset, line in enumerate(lines):
        number = first + offset
        stripped = line.strip()
        if fence is not None:
            if stripped.startswith(fence) and stripped.strip(fence[0]) == "":
                close()
                fence = None
            elif prose and not re.match(r"^:[a-z-]+:", stripped):
                if stripped:
                    if not current:
                        start = number
                    current.append(stripped)
                else:
                    close()
            continue
        match = FENCE.match(stripped)
        if match:
            close()
            fence = match.group(1)
            prose = (match.group(2) or "") in PROSE_DIRECTIVES
            continue
        if LABEL.match(line) or stripped.startswith("%"):
            continue
        if not stripped:
            close()
            continue
        if not current:
            start = number
        current.append(stripped)
    close()
    return paragraphs


def section_paragraphs(section: Section, lines: list[str], end: int) -> list[Paragraph]:
    """The heading (as the first paragraph) and the body paragraphs of `section`.

    `end` is the line of the next heading (or the number of lines + 1)."""
    return [Paragraph(section.line, section.title)] + _split(lines[section.line:end - 1], section.line + 1)


def paragraphs_by_section(content: GameContent, text: RuleText) -> dict[str, list[Paragraph]]:
    """Section id -> its paragraphs; the text before the first heading is the section ''."""
    lines = _file_lines(content, text)
    result: dict[str, list[Paragraph]] = {}
    first_heading = text.sections[0].line if text.sections else len(lines) + 1
    preamble = _split(lines[:first_heading - 1], 1)
    if preamble:
        result[""] = preamble
    for i, section in enumerate(text.sections):
        end = text.sections[i + 1].line if i + 1 < len(text.sections) else len(lines) + 1
        result[section.id] = section_paragraphs(section, lines, end)
    return result


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

    def add(self, kind: str, path: str, line: int | None, ids: list[str], message: str,
            other: str = "", section: str | None = None) -> None:
        ambiguity = self.variants.get(section) if section is not None else None
        if ambiguity:
            message += f" (edition variant {ambiguity!r})"
            ids = ids + [ambiguity]
        self.report.findings.append(Finding(kind, path, line, ids, message, bool(ambiguity), other,
                                            self.report.game))


def _where(path: str, line: int | None) -> str:
    return f"{path}:{line}" if line is not None else path


def _compare_numbers(out: _Collector, section: str, a: Paragraph, b: Paragraph,
                     texts: tuple[RuleText, RuleText], scope: str) -> None:
    (ta, tb), (la, lb) = texts, (texts[0].lang, texts[1].lang)
    found_a, found_b = numbers.extract_pair(a.text, la, b.text, lb)
    only_a, only_b = numbers.compare(found_a, found_b)
    if not only_a and not only_b:
        return

    def listed(values, found):
        written = {}
        for n in found:
            written.setdefault(n.value, n.text)
        return ", ".join(numbers.show(v) + (f" ({written[v]!r})" if written.get(v, "") != numbers.show(v) else "")
                         for v in values)

    parts = []
    if only_a:
        parts.append(f"{listed(only_a, found_a)} only in {LANG_NAMES[la]}")
    if only_b:
        parts.append(f"{listed(only_b, found_b)} only in {LANG_NAMES[lb]}")
    ids = [section] if section else []
    out.add("number", ta.path, a.line, ids,
            f"{scope} numbers differ: {'; '.join(parts)} (vs {_where(tb.path, b.line)})",
            other=_where(tb.path, b.line), section=section)


def _compare_names(out: _Collector, section: str, a: Paragraph, b: Paragraph,
                   texts: tuple[RuleText, RuleText], finders: tuple[NameFinder, NameFinder], scope: str) -> None:
    ta, tb = texts
    used_a, used_b = finders[0].used(a.text), finders[1].used(b.text)
    other_text_of = {ta.lang: a.text, tb.lang: b.text}
    for (this, path, line, used, other_used, other_text, other_line) in (
            (ta, ta.path, a.line, used_a, used_b, tb, b.line),
            (tb, tb.path, b.line, used_b, used_a, ta, a.line)):
        for ident in sorted(set(used) - set(other_used)):
            name, spelled = used[ident]
            other_finder = finders[1] if other_text is tb else finders[0]
            if mentions(name, other_finder.without_others(other_text_of[other_text.lang], ident), other_text.lang):
                continue
            wanted = " / ".join(repr(f) for f in name.forms[other_text.lang])
            what = "glossary term" if name.kind == "term" else "name"
            out.add(name.kind, path, line, ([section] if section else []) + [ident],
                    f"{scope} uses the {what} {spelled!r} ({ident}) but the {LANG_NAMES[other_text.lang]} "
                    f"{scope} at {_where(other_text.path, other_line)} does not use {wanted}",
                    other=_where(other_text.path, other_line), section=section)


def _compare_sections(content: GameContent, out: _Collector, a: RuleText, b: RuleText) -> None:
    paras_a = paragraphs_by_section(content, a)
    paras_b = paragraphs_by_section(content, b)
    names = names_of(content)
    finders = (NameFinder(names, a.lang), NameFinder(names, b.lang))
    for this, other, paras in ((a, b, paras_a), (b, a, paras_b)):
        for section in this.sections:
            if other.section(section.id) is None:
                out.add("section-missing", this.path, section.line, [section.id],
                        f"section {section.id!r} ({section.title}) has no counterpart in {other.path}",
                        section=section.id)
    for section_id, list_a in paras_a.items():
        list_b = paras_b.get(section_id)
        if list_b is None:
            continue
        out.report.sections += bool(section_id)
        if len(list_a) == len(list_b):
            pairs = list(zip(list_a, list_b))
            scope = "paragraph"
        else:
            pairs = [(Paragraph(list_a[0].line, "\n\n".join(p.text for p in list_a)),
                      Paragraph(list_b[0].line, "\n\n".join(p.text for p in list_b)))]
            scope = "section"
        for pa, pb in pairs:
            out.report.paragraphs += 1
            _compare_numbers(out, section_id, pa, pb, (a, b), scope)
            _compare_names(out, section_id, pa, pb, (a, b), finders, scope)


def _compare_rule_meta(content: GameContent, out: _Collector) -> None:
    for i, meta in enumerate(content.game.rules):
        for text in content.rules.values():
            if text.section(meta.id) is None:
                path, line, _ = content.locate(("rules", i, "id"))
                out.add("rule-missing", path, line, [meta.id], f"rule {meta.id!r} has no section in {text.path}",
                        section=meta.id)


def _compare_marks(content: GameContent, out: _Collector) -> None:
    known = {s.id for text in content.rules.values() for s in text.sections}
    for i, amb in enumerate(content.game.ambiguities):
        path, line, _ = content.locate(("ambiguities", i, "id"))
        sections = list(getattr(amb, "sections", []))
        if amb.edition_variant:
            used = next(r for r in amb.readings if r.id == amb.used)
            out.report.findings.append(Finding(
                "edition-variant", path, line, [amb.id] + sections,
                f"{amb.title.en} / {amb.title.de}: readings {', '.join(r.id for r in amb.readings)}; "
                f"this content uses {used.id!r}" + (f"; sections {', '.join(sections)}" if sections else ""),
                True, "", out.report.game))
        elif sections:
            out.add("variant-mark", path, line, [amb.id],
                    f"ambiguity {amb.id!r} lists sections but is not an edition_variant")
        for section in sections:
            if section not in known:
                out.add("variant-mark", path, line, [amb.id, section],
                        f"ambiguity {amb.id!r} lists unknown section {section!r}")


# ---------------------------------------------------------------- examples

def _normal(text: str) -> str:
    return " ".join(text.split())


def _compare_examples(content: GameContent, out: _Collector, a: RuleText, b: RuleText) -> None:
    for this, other in ((a, b), (b, a)):
        for example in this.examples:
            if other.example(example.id) is None:
                out.add("example-missing", this.path, example.line, [example.id],
                        f"example {example.id!r} has no counterpart in {other.path}", section=example.section)
    paired = [(e, b.example(e.id)) for e in a.examples if b.example(e.id) is not None]
    if not paired:
        return
    module = load_engine(content)
    names = examples.term_names(content)
    for ea, eb in paired:
        out.report.examples += 1
        section = ea.section if ea.section == eb.section else None
        where_b = _where(eb.path, eb.line)
        if ea.readings() != eb.readings():
            out.add("example-reading", ea.path, ea.line, [ea.id],
                    f"example {ea.id!r} runs under {_readings(ea)} in {LANG_NAMES[a.lang]} but under "
                    f"{_readings(eb)} in {LANG_NAMES[b.lang]} ({where_b})", other=where_b, section=section)
        sa = examples.check_example(content, module, ea, names).statements
        sb = examples.check_example(content, module, eb, names).statements
        if len(sa) != len(sb):
            out.add("example-result", ea.path, ea.line, [ea.id],
                    f"example {ea.id!r} has {len(sa)} statements in {LANG_NAMES[a.lang]} but {len(sb)} in "
                    f"{LANG_NAMES[b.lang]} ({where_b})", other=where_b, section=section)
        for xa, xb in zip(sa, sb):
            where_x = _where(eb.path, xb.line)
            if _normal(xa.outcome) != _normal(xb.outcome):
                out.add("example-result", ea.path, xa.line, [ea.id],
                        f"example {ea.id!r} gives {_normal(xa.outcome) or 'nothing'!r} for {xa.source!r} in "
                        f"{LANG_NAMES[a.lang]} but {_normal(xb.outcome) or 'nothing'!r} for {xb.source!r} in "
                        f"{LANG_NAMES[b.lang]} ({where_x})", other=where_x, section=section)
            elif xa.kind != xb.kind or (xa.kind == "output" and _normal(xa.expected) != _normal(xb.expected)):
                out.add("example-expected", ea.path, xa.line, [ea.id],
                        f"example {ea.id!r} expects {_expectation(xa)!r} in {LANG_NAMES[a.lang]} but "
                        f"{_expectation(xb)!r} in {LANG_NAMES[b.lang]} ({where_x}); "
                        f"both give {_normal(xa.outcome) or 'nothing'!r}", other=where_x, section=section)


def _readings(example) -> str:
    readings = example.readings()
    return ", ".join(f"{k}={v}" for k, v in sorted(readings.items())) or "the chosen readings"


def _expectation(statement) -> str:
    if statement.kind == "result":
        return f"a localized result ({_normal(statement.want)})"
    return _normal(statement.expected) or "nothing"


# ---------------------------------------------------------------- entry points

def report(content: GameContent) -> TranslationReport:
    """Compare the German and English texts of one game."""
    langs = tuple(lang for lang in ("de", "en") if lang in content.game.languages)
    result = TranslationReport(content.id, langs if len(langs) == 2 else ("de", "en"))
    out = _Collector(content, result)
    _compare_marks(content, out)
    if len(langs) == 2:
        _compare_rule_meta(content, out)
        a, b = content.rules.get("de"), content.rules.get("en")
        if a is None or b is None:
            missing = "de" if a is None else "en"
            out.add("section-missing", str(content.folder / f"rules.{missing}.md"), None, [],
                    f"the {LANG_NAMES[missing]} rules file rules.{missing}.md is missing")
        else:
            _compare_sections(content, out, a, b)
            _compare_examples(content, out, a, b)
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
