"""The authors' report: what players do not need to see, in ``reports/`` beside the website.

A renderer across games of its own (``rulepress build --only reports``), planned after the website.

One HTML page per game (``reports/<game>.html``) and an index. A page is a list
of sections; each section comes from one function in `SECTIONS` that takes the
game and its `GameAnalysis` (the worked examples, run once for every section that
needs them, and the translation check's memo) and returns a `ReportSection` —
to add a section, add a function there. Both remember their results in the
output folder's cache (`rulepress.memo`): an edit re-checks only what it
touched. When the build is given the folder of the source
texts (``rulepress build --sources DIR``), a last section shows what
``rulepress check sources`` finds: the coverage of each source text and the
copied runs. Every value is escaped by the template (Jinja autoescape).
Paths are shown relative to the game's folder, never to the working directory.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from rulepress import paths
from rulepress.analysis import Analysis, GameAnalysis
from rulepress.model import GameContent
from rulepress.options import ReportOptions
from rulepress.render import Artifact
from rulepress.site.earlier import earlier_games


@dataclass
class Said:
    """One side of an aligned pair in the report: where it is and its text cut into (text, marked) pieces,
    the words that disagree with the other side marked."""

    where: str
    pieces: list[tuple[str, bool]]


@dataclass
class SideBySide:
    """A finding about an aligned pair: its kind and severity, the source language's side and the translation's."""

    kind: str
    severity: str
    state: str
    left: Said
    right: Said


@dataclass
class ReportSection:
    """A titled part of a game's report: a table (`columns`, `rows`) and/or notes (plain lines), or aligned
    pairs side by side (`pairs`, `langs`: the languages of the two columns)."""

    title: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    pairs: list[SideBySide] = field(default_factory=list)
    langs: tuple[str, str] = ("", "")


def _title(content: GameContent) -> str:
    """The game's title in the reports' language, English (or its source language when it has no English)."""
    game = content.game
    return game.title.get("en" if "en" in game.languages else game.source)


def _renames(content: GameContent) -> list[tuple[str, str]]:
    """(path as messages show it, path from the folder holding the game) for each file of the game."""
    return _renames_of(tuple(str(f) for f in content.files), str(content.folder), content.id, os.getcwd())


@functools.lru_cache(maxsize=32)  # a report asks for each message: the files are resolved once (pure in its arguments)
def _renames_of(files: tuple[str, ...], folder_name: str, game_id: str, cwd: str) -> list[tuple[str, str]]:
    from rulepress.model.loader import display_path

    folder = Path(folder_name)
    pairs = set()
    for file in files:
        relative = (
            f"{game_id}/{Path(file).relative_to(folder).as_posix()}" if Path(file).is_relative_to(folder) else None
        )
        if relative:
            for shown in (display_path(Path(file)), str(file), str(Path(file).resolve())):
                pairs.add((shown, relative))
    return sorted(pairs, key=lambda p: (-len(p[0]), p))


def game_text(text: str, content: GameContent) -> str:
    """A message with the paths of the game's files written from the folder holding the game
    (``risk/rules.de.md``), whatever the working directory was."""
    for shown, relative in _renames(content):
        text = re.sub(r"(?<![\w/.-])" + re.escape(shown) + r"(?![\w/])", relative, text)
    return text


def game_path(path: str, content: GameContent) -> str:
    """`path` (as a message shows it) relative to the folder holding the game: ``risk/rules.de.md``."""
    return game_text(path, content)


def provenance_section(content: GameContent, _found: GameAnalysis) -> ReportSection:
    game = content.game
    rows = []

    def add(what, prov):
        if prov is not None:
            rows.append([what, prov.kind, prov.source or "", prov.note or ""])

    add("game", game.provenance)
    for comp in game.components:
        add(f"component {comp.id}", comp.provenance)
    for meta in game.rules:
        add(f"rules {meta.id}", meta.provenance)
    return ReportSection("Provenance", ["what", "kind", "source", "note"], rows)


def sources_section(content: GameContent, _found: GameAnalysis) -> ReportSection:
    game = content.game
    rows = [["game", source] for source in game.sources]
    for amb in game.ambiguities:
        rows += [[f"ambiguity {amb.id}", source] for source in amb.sources]
        rows += [[f"ambiguity {amb.id}, reading {r.id}", r.source] for r in amb.readings if r.source]
        if amb.engine_option:
            rows.append([f"ambiguity {amb.id}", f"engine option {amb.engine_option} = {amb.used}"])
    return ReportSection("Sources and engine options", ["what", "reference"], rows)


def translations_section(content: GameContent, found: GameAnalysis) -> ReportSection:
    result = found.translations
    if result is None:
        return ReportSection("Translation check", notes=["Not checked."])
    rows = [
        [
            game_path(f.path, content) + (f":{f.line}" if f.line is not None else ""),
            f.kind,
            "documented" if f.documented else "difference",
            ", ".join(f.ids),
            game_text(f.message, content),
        ]
        for f in result.findings
    ]
    notes = [
        f"{result.sections} sections, {result.paragraphs} paragraph pairs, {result.examples} examples compared; "
        f"{len(result.undocumented)} differences, {len(result.documented)} documented."
    ]
    return ReportSection("Translation check", ["where", "kind", "state", "ids", "message"], rows, notes)


def marked(text: str, words: str) -> list[tuple[str, bool]]:
    """`text` cut into (piece, marked) where each of `words` (comma-separated) stands first as a whole word
    (case ignored); the rest unmarked. The template escapes every piece."""
    spans: list[tuple[int, int]] = []
    for word in (w.strip() for w in words.split(",")):
        match = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I) if word else None
        if match and not any(s < match.end() and match.start() < e for s, e in spans):
            spans.append((match.start(), match.end()))
    pieces: list[tuple[str, bool]] = []
    at = 0
    for start, end in sorted(spans):
        pieces += [(text[at:start], False), (text[start:end], True)]
        at = end
    pieces.append((text[at:], False))
    return [p for p in pieces if p[0]]


def side_by_side_section(content: GameContent, found: GameAnalysis) -> ReportSection:
    """The aligned pairs the translation check found a difference in: the source language's sentence and the
    translation's side by side, each with its file and line, the words that disagree marked."""
    result = found.translations
    title = "Translation check: aligned pairs side by side"
    if result is None:
        return ReportSection(title, notes=["Not checked."])
    source = result.langs[0] if result.langs else content.game.source
    pairs = []
    for f in result.findings:
        if not (f.text or f.other_text):
            continue  # a finding about a whole text (a section missing, numbers over a paragraph)
        mine = Said(game_path(f.location, content), marked(f.text, f.words))
        theirs = Said(game_path(f.other, content), marked(f.other_text, f.other_words))
        left, right = (mine, theirs) if f.lang == source else (theirs, mine)
        pairs.append(SideBySide(f.kind, f.severity, "documented" if f.documented else "difference", left, right))
    other = next((lang for lang in result.langs[1:]), "")
    notes = [] if pairs else ["No aligned pair with a difference."]
    return ReportSection(title, notes=notes, pairs=pairs, langs=(source, other))


def examples_section(content: GameContent, found: GameAnalysis) -> ReportSection:
    if found.examples is None:
        return ReportSection("Worked examples", notes=["No rules engine: the examples were not run."])
    results = found.examples
    rows = [
        [
            game_path(r.path, content) + f":{r.line}",
            r.id,
            r.lang,
            "passed" if r.passed else "FAILED",
            "" if r.passed else game_text(f"expected {r.expected.strip()}, got {r.got.strip()}", content),
        ]
        for r in results
    ]
    passed = sum(r.passed for r in results)
    return ReportSection(
        "Worked examples",
        ["where", "example", "language", "result", "detail"],
        rows,
        [f"{passed} of {len(results)} examples passed."],
    )


def source_coverage_section(content: GameContent, found: GameAnalysis, sources: Path | None) -> ReportSection:
    """`rulepress check sources` for the report: copied runs and the coverage of each source text
    (only when the build was given the sources folder)."""
    title = "Source coverage and copied wording"
    if sources is None:
        return ReportSection(
            title, notes=["Not checked: build with --sources DIR to see the coverage of the source texts."]
        )
    if not content.game.source_texts:
        return ReportSection(title, notes=["The game names no source texts (source_texts in game.yaml)."])
    result = found.sources
    if isinstance(result, str) or result is None:  # the source texts could not be read: the reason
        return ReportSection(title, notes=[game_text(str(result or "not checked"), content)])
    rows = [
        [
            c.source,
            str(c.rule_lines),
            str(c.covered),
            f"{c.percent:.0f} %",
            ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in c.uncovered) or "–",
        ]
        for c in result.coverage
    ]
    notes = [f"{len(result.copied)} copied runs (8 or more words in a row as in a source text)."]
    notes += [game_text(str(run), content) for run in result.copied]
    notes += [game_text(line, content) for line in result.uncited]
    return ReportSection(title, ["source", "rule lines", "covered", "share", "uncovered lines"], rows, notes)


# The sections of every game's report, in order. Add a function here to add a section.
SECTIONS: list[Callable[[GameContent, GameAnalysis], ReportSection]] = [
    translations_section,
    side_by_side_section,
    examples_section,
    provenance_section,
    sources_section,
]


@functools.lru_cache(maxsize=1)  # compiled templates kept for every page of the process
def _env() -> Environment:
    return Environment(
        loader=FileSystemLoader(str(paths.TEMPLATES / "reports")),
        undefined=StrictUndefined,
        autoescape=select_autoescape(default=True, default_for_string=True),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def write_report(content: GameContent, tmp: Path, found: GameAnalysis, sources: Path | None = None) -> dict:
    """The report page of one game into the file `tmp`: its analysis `found` (with the source coverage
    when `sources` is the folder of the source texts)."""
    sections = [make(content, found) for make in SECTIONS] + [source_coverage_section(content, found, sources)]
    game = content.game
    titles = " / ".join(dict.fromkeys(t for lang in game.languages if (t := game.title.get(lang))))  # any languages
    page = _env().get_template("game.html.j2").render(title=_title(content), titles=titles, sections=sections)
    tmp.write_text(page, encoding="utf-8")
    return {"pages": 1}


def write_index(contents: list[GameContent], tmp: Path) -> dict:
    """The reports' ``index.html`` (a link to each game's page) into the file `tmp`."""
    games = [{"id": c.id, "title": _title(c)} for c in sorted(contents, key=lambda c: c.id)]
    tmp.write_text(_env().get_template("index.html.j2").render(games=games), encoding="utf-8")
    return {"pages": 1}


NEEDS = ("examples", "translations", "sources")  # what a game's report shows of its analysis


def plan_all(
    contents: list[GameContent], options: ReportOptions, artifacts: list[Artifact], analysis: Analysis
) -> list[Artifact]:
    """One page per game (of this build and of earlier builds into the same output folder, as the website
    shows them) and an index. A game's page depends on every input file of the game (card texts too:
    the translation check compares them) and on the sources folder, so an edit of one game redoes its
    page only. It shows the game's `analysis` (its artifact needs it: the build computes it)."""
    older, _ = earlier_games(Path(options.out), contents, options.content)
    return plan_reports(sorted(contents + older, key=lambda c: c.id), options.sources, analysis)


def plan_reports(contents: list[GameContent], sources: Path | None, analysis: Analysis) -> list[Artifact]:
    """The report pages of `contents` and their index (`sources`: the folder of the source texts, or None)."""
    read = _folder_digest(sources)
    planned = []
    for c in sorted(contents, key=lambda c: c.id):

        def write(tmp: Path, c: GameContent = c) -> dict:
            return write_report(c, tmp, analysis.of(c, *NEEDS), sources)

        planned.append(
            Artifact(
                game=c.id,
                kind="report",
                path=f"reports/{c.id}.html",
                inputs={"game": c.digest(), "sources": read},
                write=write,
                needs=NEEDS,
            )
        )
    titles = {c.id: _title(c) for c in contents}
    planned.append(
        Artifact(
            game=None,
            kind="report",
            path="reports/index.html",
            inputs={"games": titles},
            write=lambda tmp: write_index(contents, tmp),
        )
    )
    return planned


def _folder_digest(folder: Path | None) -> str | None:
    """What the report reads from the sources folder: names and bytes of its files (None without one)."""
    if folder is None or not Path(folder).is_dir():
        return None
    import hashlib

    h = hashlib.sha256()
    for file in sorted(p for p in Path(folder).rglob("*") if p.is_file()):
        h.update(file.relative_to(folder).as_posix().encode() + b"\0" + file.read_bytes())
    return h.hexdigest()
