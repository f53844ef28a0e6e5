"""Every text a translator touches, as pairs of the source language and one translation (German/English
for the bundled games; `quickref_pairs` and `yaml_pairs` take the two languages) with stable ids and line numbers.

- rules: one pair per section id (``(id)=`` label), the heading and the body
  paragraphs without code blocks; the text before the first heading is the
  section ``''``;
- quick references: one pair per quick-reference id, the Markdown template
  with its Jinja expressions blanked (both languages compute the same values);
- YAML texts: every ``{de: ..., en: ...}`` mapping of the game's YAML files
  (game, components with card titles and texts, boards with labels, glossary
  terms and definitions, ambiguities) and of its own ``layouts/*.yaml``, with
  an id made of the key path where list items are named by their ``id``
  (``components.deck.cards.c12.text``). A glossary term's ``de``/``en`` pair
  is ``glossary.<id>``;
- card tables (``cards_from``: CSV, TSV, XLSX, ODS): each card's title and text
  at its row, with the ids of cards given in YAML (`table_pairs`);
- worked examples' ``:labels:`` and statement captions (``>>> f()  # words``),
  which the website shows with their results: one pair per example id.

Pairs are matched by these ids only, never by position. `text_pairs` returns
the pairs and the ids found in one language only (rules sections are
reported by the caller).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rulepress.errors import RulepressError
from rulepress.markdown import parse
from rulepress.memo import Memo, key_of
from rulepress.model import GameContent
from rulepress.model.loader import GAME_FILES, display_path
from rulepress.model.rules_text import RuleText, Section, caption, steps
from rulepress.model.yamlsource import load_yaml

PROSE_DIRECTIVES = {
    "{flow}",  # a turn's steps, one per line (rulepress.text.markup.FLOW)
    "{note}",
    "{tip}",
    "{warning}",
    "{important}",
    "{hint}",
    "{attention}",
    "{caution}",
    "{danger}",
    "{error}",
    "{seealso}",
    "{admonition}",
    "{sidebar}",
    "{topic}",
}
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
KINDS = {"components": "component", "boards": "board", "glossary": "glossary", "ambiguities": "ambiguity"}


@dataclass
class Paragraph:
    """A paragraph of a text (or a section heading) and the line it starts on."""

    line: int
    text: str
    heading: bool = False  # a heading: as written ('## Rules', a setext one's text) or a section's bare title


@dataclass
class Side:
    """One language of a pair: where it is and its paragraphs."""

    lang: str
    path: str
    paragraphs: list[Paragraph]

    @property
    def line(self) -> int | None:
        return self.paragraphs[0].line if self.paragraphs else None

    @property
    def text(self) -> str:
        return "\n\n".join(p.text for p in self.paragraphs)

    def where(self, line: int | None = None) -> str:
        line = self.line if line is None else line
        return f"{self.path}:{line}" if line is not None else self.path


@dataclass
class TextPair:
    """The same text in two languages."""

    kind: str  # rules, quickref, component, board, glossary, ambiguity, layout, game
    id: str
    a: Side
    b: Side
    section: str | None = None  # rules section id (for documented edition variants)
    ids: list[str] = field(default_factory=list)  # ids a finding names

    @property
    def scope(self) -> str:
        return "section" if self.kind == "rules" else f"{self.kind} text {self.id!r}"


# ---------------------------------------------------------------- Markdown


def _line_kinds(lines: list[str]) -> dict[int, str]:
    """What the parser (`rulepress.markdown`) makes of the lines that are no plain text: index in `lines` ->
    'skip' (a label, a comment, a code block), 'heading', 'fence' (a prose directive's opening or closing
    line, which ends a paragraph) or 'option' (a prose directive's ``:name: value`` line)."""
    kinds: dict[int, str] = {}
    for token in parse("\n".join(lines)):
        if token.map is None or token.nesting == -1:
            continue
        first, end = token.map
        if token.type in ("myst_target", "myst_line_comment"):
            kinds.update(dict.fromkeys(range(first, end), "skip"))
        elif token.type == "heading_open" and token.level == 0:
            kinds.update(dict.fromkeys(range(first, end), "skip"))
            kinds[first] = "heading"
        elif token.type == "fence":
            directive = token.info.strip().split(None, 1)[0] if token.info.strip() else ""
            directive = directive[: directive.index("}") + 1] if directive.startswith("{") and "}" in directive else ""
            if directive not in PROSE_DIRECTIVES:
                kinds.update(dict.fromkeys(range(first, end), "skip"))
                kinds[first] = kinds[end - 1] = "fence"
                continue
            kinds[first] = "fence"
            closed = end - 1 > first and lines[end - 1].strip().startswith(token.markup)
            if closed:
                kinds[end - 1] = "fence"
            for index in range(first + 1, end - 1 if closed else end):
                if re.match(r"^:[a-z-]+:", lines[index].strip()):
                    kinds[index] = "option"
    return kinds


def split_paragraphs(lines: list[str], first: int) -> list[Paragraph]:
    """Paragraphs of `lines` (file line `first` is lines[0]): blank lines separate, code blocks
    and doctests are left out, prose directives (note, tip, ...) are kept, labels and comments dropped,
    a heading is a paragraph of its own."""
    paragraphs: list[Paragraph] = []
    current: list[str] = []
    start = first
    kinds = _line_kinds(lines)

    def close():
        nonlocal current
        if current:
            paragraphs.append(Paragraph(start, "\n".join(current)))
        current = []

    for offset, line in enumerate(lines):
        number = first + offset
        stripped = line.strip()
        kind = kinds.get(offset)
        if kind in ("skip", "option"):
            continue
        if kind == "fence" or not stripped:
            close()
            continue
        if kind == "heading":
            close()
            paragraphs.append(Paragraph(number, stripped, heading=True))
            continue
        if not current:
            start = number
        current.append(stripped)
    close()
    return paragraphs


def file_lines(content: GameContent, text: RuleText) -> list[str]:
    path = content.folder / f"rules.{text.lang}.md"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def section_paragraphs(section: Section, lines: list[str], end: int) -> list[Paragraph]:
    """The heading (as the first paragraph) and the body paragraphs of `section`.

    `end` is the line of the next heading (or the number of lines + 1)."""
    return [Paragraph(section.line, section.title, heading=True)] + split_paragraphs(
        lines[section.line : end - 1], section.line + 1
    )


def paragraphs_by_section(content: GameContent, text: RuleText) -> dict[str, list[Paragraph]]:
    """Section id -> its paragraphs; the text before the first heading is the section ''."""
    lines = file_lines(content, text)
    result: dict[str, list[Paragraph]] = {}
    first_heading = text.sections[0].line if text.sections else len(lines) + 1
    preamble = split_paragraphs(lines[: first_heading - 1], 1)
    if preamble:
        result[""] = preamble
    for i, section in enumerate(text.sections):
        end = text.sections[i + 1].line if i + 1 < len(text.sections) else len(lines) + 1
        result[section.id] = section_paragraphs(section, lines, end)
    return result


def rules_pairs(content: GameContent, a: RuleText, b: RuleText) -> list[TextPair]:
    """One pair per section id found in both rule texts."""
    paras_a, paras_b = paragraphs_by_section(content, a), paragraphs_by_section(content, b)
    return [
        TextPair(
            "rules",
            section_id,
            Side(a.lang, a.path, list_a),
            Side(b.lang, b.path, paras_b[section_id]),
            section=section_id,
            ids=[section_id] if section_id else [],
        )
        for section_id, list_a in paras_a.items()
        if section_id in paras_b
    ]


def example_pairs(a: RuleText, b: RuleText) -> list[TextPair]:
    """One pair per example that names its results in either language: the groups of its ``:labels:``
    option and the captions of its statements (their trailing comments), which the website shows. The
    other language may lack them: then its side is empty, and the comparison names what it does not say."""
    examples_b = {e.id: e for e in b.examples}
    pairs = []
    for example in a.examples:
        other = examples_b.get(example.id)
        if other is None:
            continue
        sides = [Side(text.lang, text.path, _naming_paragraphs(e)) for text, e in ((a, example), (b, other))]
        if any(p.text for side in sides for p in side.paragraphs):
            pairs.append(
                TextPair(
                    "example", f"{example.id}.results", sides[0], sides[1], section=example.section, ids=[example.id]
                )
            )
    return pairs


def _naming_paragraphs(example) -> list[Paragraph]:
    """The groups of an example's ``:labels:`` option ("a, b", at the option's line) and its statements'
    captions (at their ``>>>`` lines), a paragraph each; one empty paragraph at the opening fence's line
    when it has none."""
    line = example.option_lines.get("labels", example.line)
    found = [
        Paragraph(line, ", ".join(p.strip() for p in group.split("|")))
        for group in example.options.get("labels", "").split(";")
        if group.strip()
    ]
    found += [
        Paragraph(example.source_line + step.line, said)
        for step in steps(example.source)
        if (said := caption(step.code))
    ]
    return found or [Paragraph(example.line, "")]


def quickref_pairs(content: GameContent, langs: tuple[str, str]) -> list[TextPair]:
    """One pair per quick reference in the languages `langs` (source, translation), Jinja expressions blanked."""
    pairs = []
    for quickref in content.game.quickrefs:
        sides = []
        for lang in langs:
            source = content.quickref_texts.get((quickref.id, lang))
            if source is None:
                break
            blanked = JINJA.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), source)
            path = display_path(content.folder / f"{quickref.source}.{lang}.md")
            sides.append(Side(lang, path, split_paragraphs(blanked.splitlines(), 1)))
        if len(sides) == 2:
            pairs.append(TextPair("quickref", quickref.id, sides[0], sides[1], ids=[f"quickref.{quickref.id}"]))
    return pairs


# ---------------------------------------------------------------- YAML


def _yaml_files(content: GameContent) -> list[Path]:
    files = [content.folder / name for name in GAME_FILES if (content.folder / name).is_file()]
    layouts = content.folder / "layouts"
    if layouts.is_dir():
        files += sorted(layouts.glob("*.yaml"))
    return files


def _texts(data, key: tuple, named: tuple, langs: tuple[str, str]) -> list[tuple[tuple, tuple, str, str]]:
    """(key path, named path, text in langs[0], text in langs[1]) of every mapping inside `data` that holds
    a text in both of `langs` ({de: ..., en: ...}; a glossary term's own names too)."""
    a, b = langs
    found = []
    if isinstance(data, dict):
        if isinstance(data.get(a), str) and isinstance(data.get(b), str):
            found.append((key, named, data[a], data[b]))
        for name, value in data.items():
            if name not in langs:
                found += _texts(value, key + (name,), named + (name,), langs)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            label = item.get("id") if isinstance(item, dict) and isinstance(item.get("id"), (str, int)) else i
            found += _texts(item, key + (i,), named + (str(label),), langs)
    return found


def yaml_pairs(content: GameContent, langs: tuple[str, str], memo: Memo | None = None) -> list[TextPair]:
    """Every text of the game's YAML files and its own layouts in the languages `langs` (source,
    translation). The pairs of each file are
    remembered in `memo` by the file's path as messages show it and its bytes: a report after an edit
    parses only the files that changed (a board file is most of the parsing)."""
    pairs = []
    for path in _yaml_files(content):
        shown = display_path(path)
        try:
            key = key_of("yaml-pairs", shown, hashlib.sha256(path.read_bytes()).hexdigest(), *langs)
        except OSError:
            continue  # the loader reports unreadable files
        try:
            found = _stored_pairs(memo.get(key)) if memo is not None else None
        except (KeyError, TypeError, ValueError, AttributeError):
            found = None  # a damaged memo costs only the work
        if found is None:
            try:
                found = _file_pairs(path, shown, langs)
            except RulepressError:
                continue  # the loader reports broken files
        if memo is not None:
            memo.put(key, [asdict(pair) for pair in found])
        pairs += found
    return pairs


def table_pairs(content: GameContent, langs: tuple[str, str]) -> list[TextPair]:
    """The card titles and texts in `langs` of every component whose cards come from a spreadsheet
    (`cards_from`), one pair per card and text at the card's row of the table, with the ids of cards given
    in YAML (``components.<component>.cards.<card>.text``)."""
    pairs = []
    for i, comp in enumerate(content.game.components):
        if ("components", i, "cards") not in content.tables:
            continue
        for j, card in enumerate(comp.cards):
            for key in ("title", "text"):
                text = getattr(card, key)
                if text is None or not all(lang in text.languages for lang in langs):
                    continue  # the loader reports a missing language
                sides = []
                for lang in langs:
                    path, row, _column = content.locate(("components", i, "cards", j, key, lang))
                    sides.append(Side(lang, path, [Paragraph(row or 1, p) for p in _yaml_paragraphs(text.get(lang))]))
                ident = f"components.{comp.id}.cards.{card.id}.{key}"
                pairs.append(TextPair("card", ident, sides[0], sides[1], ids=[ident]))
    return pairs


def _stored_pairs(stored: list[dict] | None) -> list[TextPair] | None:
    """Text pairs as `yaml_pairs` remembers them (`dataclasses.asdict`), made again."""
    if stored is None:
        return None
    return [
        TextPair(
            d["kind"],
            d["id"],
            _stored_side(d["a"]),
            _stored_side(d["b"]),
            d["section"],
            d["ids"],
        )
        for d in stored
    ]


def _stored_side(s: dict) -> Side:
    return Side(s["lang"], s["path"], [Paragraph(**p) for p in s["paragraphs"]])


def _file_pairs(path: Path, shown: str, langs: tuple[str, str]) -> list[TextPair]:
    """The texts in `langs` of one YAML file of a game (or of its layouts)."""
    data, positions = load_yaml(path, shown)
    layout = path.parent.name == "layouts"
    pairs = []
    for key, named, a, b in _texts(data, (), (), langs):
        kind = "layout" if layout else KINDS.get(str(named[0]) if named else "", "game")
        ident = ".".join(map(str, (("layouts", path.stem) if layout else ()) + named))
        if kind == "component" and "cards" in named:
            kind = "card"
        sides = []
        for lang, text in zip(langs, (a, b)):
            line = positions.locate(key + (lang,))[0]
            assert line is not None  # a file with texts has its root located at least
            sides.append(Side(lang, positions.path, [Paragraph(line, p) for p in _yaml_paragraphs(text)]))
        pairs.append(TextPair(kind, ident, sides[0], sides[1], ids=[ident]))
    return pairs


def _yaml_paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()] or [""]
