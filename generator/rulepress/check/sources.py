"""`rulepress check sources`: is the content based on its sources, and in its own words?

A game names its source rule texts in ``source_texts`` (a file name each, read
from the folder given with ``--sources``) and every rule section names the
passages it is based on in ``rules[].based_on`` (``source-id:first-last``).
This check reports two kinds of findings:

* copied runs: N or more consecutive words (default 8) of a content text that
  also stand, in the same order, in a source. Words are compared after
  normalising case, punctuation and old spellings (``muß`` = ``muss``), and a
  word hyphenated across an OCR line break (``wäh-`` / ``rend``) counts as one;
* uncovered lines: non-blank source lines that no section's ``based_on``
  covers and that ``source_texts[].no_rule`` does not mark as stating no rule;
* uncited sections: sections whose provenance is ``seed`` but which name no
  source passage.

The checked content texts are the rule and quick-reference Markdown files
(without code blocks and labels) and every two-language text of the model
(glossary, ambiguities, component and board texts). `coverage` returns the
coverage data alone (for the authors' report); `check_game` returns both.
A passage outside its source file or a missing source file is bad input
(exit 2); findings make the command exit 1.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rulepress.errors import ContentErrors, Problem, UsageError
from rulepress.markdown import parse
from rulepress.model import GameContent, load_games
from rulepress.model.loader import display_path
from rulepress.model.rules_text import strip_term_refs
from rulepress.model.schema import SourceText, model_texts
from rulepress.model.sourcefile import read_source

DEFAULT_MIN_WORDS = 8
WORD = re.compile(r"[^\W_]+")
ROLE = re.compile(r"\{[a-z-]+\}`([^`]*)`")
TRAILING_HYPHEN = re.compile(r"[^\W\d_]-\s*$")


# ---------------------------------------------------------------- words


@dataclass(frozen=True)
class Word:
    """A normalised word and the line it starts on."""

    text: str
    line: int


def normalise(word: str) -> str:
    """Case-folded word (``ß`` becomes ``ss``, so old and new spellings compare equal)."""
    return word.casefold()


def words(lines: list[str], first_line: int = 1) -> list[Word]:
    """The normalised words of `lines`; a word hyphenated at a line end joins the next line's first word."""
    found: list[Word] = []
    carry: Word | None = None
    for number, line in enumerate(lines, start=first_line):
        tokens = [Word(normalise(m.group()), number) for m in WORD.finditer(line)]
        if carry is not None:
            if tokens and line.lstrip()[:1].islower():
                tokens[0] = Word(carry.text + tokens[0].text, carry.line)
            else:
                found.append(carry)
            carry = None
        if tokens and TRAILING_HYPHEN.search(line):
            carry = tokens.pop()
        found.extend(tokens)
    if carry is not None:
        found.append(carry)
    return found


def markdown_prose(text: str) -> list[str]:
    """The lines of a Markdown text with code blocks, labels and comments blanked (line numbers kept), as
    the parser of `rulepress.markdown` reads them; glossary references and other roles as their text."""
    lines = text.splitlines()
    hidden: set[int] = set()
    for token in parse(text):
        if token.map is not None and token.type in ("fence", "myst_target", "myst_line_comment"):
            hidden.update(range(*token.map))
    return ["" if number in hidden else ROLE.sub(r"\1", strip_term_refs(line)) for number, line in enumerate(lines)]


# ---------------------------------------------------------------- content texts


@dataclass
class ContentText:
    """One checked text of the content: where it is and its words."""

    path: str
    words: list[Word]


def content_texts(content: GameContent) -> list[ContentText]:
    """Every prose text of a game, in a stable order: rule files, quick references, model texts."""
    texts: list[ContentText] = []
    for lang in sorted(content.rules):
        file = content.folder / f"rules.{lang}.md"
        texts.append(ContentText(content.rules[lang].path, words(markdown_prose(file.read_text(encoding="utf-8")))))
    for quickref in content.game.quickrefs:
        for lang in content.game.languages:
            text = content.quickref_texts.get((quickref.id, lang))
            if text is not None:
                path = display_path(content.folder / f"{quickref.source}.{lang}.md")
                texts.append(ContentText(path, words(markdown_prose(text))))
    for key, text in model_texts(content.game):
        path, line, _ = content.locate(key)
        found = words(text.splitlines())
        texts.append(ContentText(path, [Word(w.text, (line or 1) + w.line - 1) for w in found]))
    return texts


# ---------------------------------------------------------------- sources


@dataclass
class Source:
    """A source text read from the sources folder."""

    meta: SourceText
    path: str  # as displayed
    lines: list[str]


def read_sources(content: GameContent, sources_dir: Path) -> list[Source]:
    """Read every source text of a game; a missing file or a passage outside its file is bad input."""
    problems: list[Problem] = []
    found: list[Source] = []
    for i, meta in enumerate(content.game.source_texts):
        path = Path(sources_dir) / meta.file
        if not path.is_file():
            file, line, col = content.locate(("source_texts", i, "file"))
            problems.append(
                Problem(
                    file,
                    line,
                    col,
                    f"source_texts.{i}.file",
                    f"source file {meta.file!r} not found in {display_path(Path(sources_dir))}",
                )
            )
            continue
        found.append(Source(meta, display_path(path), read_source(path, display_path(path)).splitlines()))
    sizes = {s.meta.id: len(s.lines) for s in found}
    for i, rule in enumerate(content.game.rules):
        for j, ref in enumerate(rule.based_on):
            if ref.source in sizes and ref.lines[1] > sizes[ref.source]:
                file, line, col = content.locate(("rules", i, "based_on", j))
                problems.append(
                    Problem(
                        file,
                        line,
                        col,
                        f"rules.{i}.based_on.{j}",
                        f"passage {ref} ends after the last line of {ref.source} ({sizes[ref.source]} lines)",
                    )
                )
    for source in found:
        i = content.game.source_texts.index(source.meta)
        for j, skip in enumerate(source.meta.no_rule):
            if skip.lines[1] > len(source.lines):
                file, line, col = content.locate(("source_texts", i, "no_rule", j, "lines"))
                problems.append(
                    Problem(
                        file,
                        line,
                        col,
                        f"source_texts.{i}.no_rule.{j}.lines",
                        f"lines {skip.lines[0]}-{skip.lines[1]} end after the last line of "
                        f"{source.meta.id} ({len(source.lines)} lines)",
                    )
                )
    if problems:
        raise ContentErrors(problems)
    return found


# ---------------------------------------------------------------- coverage


@dataclass
class SourceCoverage:
    """How the rule sections cover the lines of one source text."""

    source: str  # source id
    path: str
    lines: int  # all lines of the file
    rule_lines: int  # non-blank lines that are not marked as stating no rule
    covered: int  # of those, lines cited by at least one section
    uncovered: list[tuple[int, int]]  # runs of rule lines no section cites (first, last)
    no_rule: list[tuple[int, int, str]]  # (first, last, reason) as marked in the game
    sections: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # section id -> cited passages

    @property
    def percent(self) -> float:
        """Covered share of the rule lines, in per cent (100 when there are none)."""
        return 100.0 * self.covered / self.rule_lines if self.rule_lines else 100.0


def _runs(numbers: list[int], lines: list[str]) -> list[tuple[int, int]]:
    """Group sorted line numbers into runs; blank lines between two members do not break a run."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and all(not lines[k - 1].strip() for k in range(runs[-1][1] + 1, n)):
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def source_coverage(content: GameContent, source: Source) -> SourceCoverage:
    """Coverage of one source text by the game's rule sections."""
    cited: set[int] = set()
    sections: dict[str, list[tuple[int, int]]] = {}
    for rule in content.game.rules:
        for ref in rule.based_on:
            if ref.source == source.meta.id:
                cited.update(range(ref.lines[0], ref.lines[1] + 1))
                sections.setdefault(rule.id, []).append(ref.lines)
    skipped = {n for s in source.meta.no_rule for n in range(s.lines[0], s.lines[1] + 1)}
    rule_lines = [n for n, text in enumerate(source.lines, start=1) if text.strip() and n not in skipped]
    missing = [n for n in rule_lines if n not in cited]
    return SourceCoverage(
        source.meta.id,
        source.path,
        len(source.lines),
        len(rule_lines),
        len(rule_lines) - len(missing),
        _runs(missing, source.lines),
        [(s.lines[0], s.lines[1], s.reason) for s in source.meta.no_rule],
        sections,
    )


def coverage(content: GameContent, sources_dir: Path) -> list[SourceCoverage]:
    """Coverage of every source text of a game (raises ContentErrors on bad passages)."""
    return [source_coverage(content, s) for s in read_sources(content, sources_dir)]


# ---------------------------------------------------------------- copied runs


@dataclass
class CopiedRun:
    """A run of words a content text shares with a source."""

    path: str
    line: int
    words: int
    text: str
    source: str  # source id
    source_path: str
    source_line: int

    def __str__(self) -> str:
        return (
            f"{self.path}:{self.line}: {self.words} words copied from {self.source_path}:{self.source_line}: "
            f'"{self.text}"'
        )


def _shingles(sources: list[Source], n: int) -> dict[tuple[str, ...], tuple[Source, int]]:
    table: dict[tuple[str, ...], tuple[Source, int]] = {}
    for source in sources:
        found = words(source.lines)
        for i in range(len(found) - n + 1):
            table.setdefault(tuple(w.text for w in found[i : i + n]), (source, found[i].line))
    return table


def copied_runs(texts: list[ContentText], sources: list[Source], min_words: int = DEFAULT_MIN_WORDS) -> list[CopiedRun]:
    """Maximal runs of at least `min_words` words of `texts` that also stand in one of `sources`."""
    if min_words < 1:
        raise UsageError("--min-words must be at least 1")
    table = _shingles(sources, min_words)
    runs: list[CopiedRun] = []
    for text in texts:
        w = text.words
        i = 0
        while i <= len(w) - min_words:
            hit = table.get(tuple(x.text for x in w[i : i + min_words]))
            if hit is None:
                i += 1
                continue
            j = i
            while j + 1 <= len(w) - min_words and tuple(x.text for x in w[j + 1 : j + 1 + min_words]) in table:
                j += 1
            end = j + min_words
            source, line = hit
            runs.append(
                CopiedRun(
                    text.path, w[i].line, end - i, " ".join(x.text for x in w[i:end]), source.meta.id, source.path, line
                )
            )
            i = end
    return runs


# ---------------------------------------------------------------- report


@dataclass
class SourcesReport:
    """Everything `check sources` found for one game."""

    game: str
    coverage: list[SourceCoverage]
    copied: list[CopiedRun]
    uncited: list[str] = field(default_factory=list)  # "path:line: message" of seed sections citing nothing

    @property
    def clean(self) -> bool:
        return not self.copied and not self.uncited and not any(c.uncovered for c in self.coverage)

    def findings(self) -> list[str]:
        lines = [str(run) for run in self.copied] + list(self.uncited)
        for cov in self.coverage:
            for first, last in cov.uncovered:
                span = f"lines {first}-{last}" if last != first else f"line {first}"
                lines.append(
                    f"{cov.path}:{first}: {span} of {cov.source} covered by no rule section "
                    f"(cite them in rules[].based_on, or mark them in source_texts[].no_rule with a reason)"
                )
        return lines

    def summary(self) -> str:
        parts = [f"{c.source} {c.covered}/{c.rule_lines} rule lines covered ({c.percent:.0f} %)" for c in self.coverage]
        uncited = f"{len(self.uncited)} uncited seed sections; " if self.uncited else ""
        return f"{self.game}: {len(self.copied)} copied runs; {uncited}" + ("; ".join(parts) or "no source texts")

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "clean": self.clean,
            "copied": [asdict(r) | {"text_line": str(r)} for r in self.copied],
            "uncited": list(self.uncited),
            "coverage": [asdict(c) | {"percent": round(c.percent, 1)} for c in self.coverage],
        }


def uncited_sections(content: GameContent) -> list[str]:
    """Sections said to come from a seed that name no source passage (only for games with source texts)."""
    if not content.game.source_texts:
        return []
    found = []
    for i, rule in enumerate(content.game.rules):
        if rule.provenance.kind == "seed" and not rule.based_on:
            path, line, col = content.locate(("rules", i))
            found.append(
                f"{path}:{line}: rules.{i}: section {rule.id!r} has provenance 'seed' but names no source "
                f'passage (add based_on: ["source-id:first-last"])'
            )
    return found


def check_game(content: GameContent, sources_dir: Path, min_words: int = DEFAULT_MIN_WORDS) -> SourcesReport:
    """Coverage, copied runs and uncited seed sections of one game against the texts in `sources_dir`."""
    sources = read_sources(content, sources_dir)
    return SourcesReport(
        content.id,
        [source_coverage(content, s) for s in sources],
        copied_runs(content_texts(content), sources, min_words),
        uncited_sections(content),
    )


def run(
    content_dir: Path,
    games: list[str],
    fmt: str = "text",
    sources: Path | None = None,
    min_words: int = DEFAULT_MIN_WORDS,
) -> int:
    """Check the named games (or all) against `sources`; exit code 1 on any finding."""
    if sources is None:
        raise UsageError("check sources needs --sources DIR (the folder holding the source texts)")
    if not Path(sources).is_dir():
        raise UsageError(f"--sources {sources}: no such folder")
    if min_words < 1:
        raise UsageError("--min-words must be at least 1")
    contents = load_games(content_dir, games or None)
    reports = [check_game(c, Path(sources), min_words) for c in contents]
    if fmt == "json":
        print(
            json.dumps(
                {
                    "games": [r.to_dict() for r in reports],
                    "min_words": min_words,
                    "clean": all(r.clean for r in reports),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for result in reports:
            for line in result.findings():
                print(line)
        for result in reports:
            print(result.summary())
    return 0 if all(r.clean for r in reports) else 1
