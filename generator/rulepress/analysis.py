"""What the analysis of a game found, as data: the results the renderers show and the exit code reads.

The pipeline is load -> analyse -> plan -> write. The analysis of a game (its content problems found by
the checks, its worked examples run against the engine, its translation findings, the glossary terms
each rules section uses, the coverage of its source texts) is computed once per build by
`rulepress.check.analyse`, remembered in the output folder's memos, and handed to the renderers as a
`GameAnalysis`. Renderers and the website read these types; they never import the checks.

`Analysis` holds the games' analyses for one build: the build asks it to analyse what the artifacts it
is about to write need (`Artifact.needs`) before it starts its worker processes, so every worker reads
the same results and nothing runs twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Protocol

from rulepress.errors import CheckFailed, Problem

if TYPE_CHECKING:
    from rulepress.model import GameContent

# What an artifact may need of its games' analysis. "examples" runs the worked examples (a remembered
# failure runs again: a time-out may pass now); "examples-shown" reads them as the outputs of an earlier
# build showed them (a remembered failure stands), for the exit code of a build that wrote no page.
PARTS = ("problems", "examples", "examples-shown", "translations", "terms", "sources")
FIELD = {"examples-shown": "examples"}  # the `GameAnalysis` field a part fills, where its name differs


# ---------------------------------------------------------------- worked examples


@dataclass
class Statement:
    """One '>>>' statement of an example and what it gave."""

    source: str
    want: str
    got: str
    line: int  # line in the Markdown file
    kind: str = "output"  # output, refused or result
    outcome: str = ""  # language-neutral: output, 'refused <reason>' or the value's repr
    expected: str = ""  # language-neutral expectation: the want, 'refused <reason>', or '' for a localized result
    passed: bool = True


@dataclass
class ExampleResult:
    """The outcome of one worked example in one language."""

    game: str
    id: str
    lang: str
    path: str
    line: int  # the failing '>>>' line, or the opening fence when passed
    passed: bool
    expected: str  # expected output of the failing statement ('' when passed)
    got: str  # actual output or the exception ('' when passed)
    source: str  # the doctest text of the example
    statements: list[Statement] = field(default_factory=list)
    # what its ``:picture:`` lines draw (`rulepress.model.pictures.Picture.to_dict`, in order), and the
    # pictures that cannot be drawn as [file line, why]
    pictures: list[dict] = field(default_factory=list)
    picture_problems: list[list] = field(default_factory=list)

    def message(self) -> str:
        """``path:line: example-id: expected X, got Y`` (or ``... ok``)."""
        if self.passed:
            return f"{self.path}:{self.line}: {self.id}: ok"
        return f"{self.path}:{self.line}: {self.id}: expected {_one_line(self.expected)}, got {_one_line(self.got)}"


MESSAGE_LIMIT = 300  # characters of an expected or printed value in a one-line message


def _one_line(text: str) -> str:
    text = text.strip("\n")
    if not text.strip():
        return "nothing"
    text = text.replace("\n", "\\n")
    if len(text) > MESSAGE_LIMIT:
        return f"{text[:MESSAGE_LIMIT]}... ({len(text) - MESSAGE_LIMIT:,} more characters)"
    return text


def failure_lines(failed: list[ExampleResult]) -> list[str]:
    """What a build says of its failed worked examples on stderr: each one, then how the website shows them."""
    if not failed:
        return []
    many = len(failed) > 1
    return [example.message() for example in failed] + [
        f"{len(failed)} worked example{'s' if many else ''} failed: the website shows {'them' if many else 'it'}"
        " marked as failed and every page as a draft (rulepress check examples; --strict refuses to publish)"
    ]


class ExamplesFailed(CheckFailed):
    """``rulepress build --strict`` while worked examples fail: nothing is written (exit code 1)."""

    def __init__(self, failed: list[ExampleResult]):
        self.failed = failed
        super().__init__(f"{len(failed)} worked example(s) failed")

    def problems(self) -> list[Problem]:
        many = len(self.failed) > 1
        return [
            Problem(r.path, r.line, None, r.id, f"expected {_one_line(r.expected)}, got {_one_line(r.got)}")
            for r in self.failed
        ] + [
            Problem(
                "rulepress",
                None,
                None,
                "",
                f"--strict: {len(self.failed)} worked example{'s' if many else ''} failed; nothing was published "
                "(the earlier output is unchanged; without --strict the website is written marked as a draft)",
            )
        ]


# ---------------------------------------------------------------- translations


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
    severity: str = ""  # error or warning (findings of the aligned comparison); '' for the others
    text: str = ""  # the sentence(s) the finding is about, in the language of `path`
    other_text: str = ""  # the aligned sentence(s) of the other language
    lang: str = ""  # the language of `text`
    words: str = ""  # the words of `text` that disagree with the other sentence ('at most')
    other_words: str = ""  # ... and the words of `other_text` they disagree with ('at least'), if any

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
    langs: tuple[str, ...]  # the source language first, then its translations
    findings: list[Finding] = field(default_factory=list)
    sections: int = 0  # paired sections compared
    paragraphs: int = 0  # text pairs compared (rules sections, quick references, YAML texts)
    examples: int = 0  # paired examples run in both languages
    not_checked: list[str] = field(default_factory=list)  # per language pair lacking a lexicon: what did not run

    @property
    def undocumented(self) -> list[Finding]:
        return [f for f in self.findings if not f.documented]

    @property
    def documented(self) -> list[Finding]:
        return [f for f in self.findings if f.documented]

    def summary(self) -> str:
        return (
            f"{self.game}: {self.sections} sections, {self.paragraphs} text pairs, "
            f"{self.examples} examples compared; {len(self.undocumented)} differences, "
            f"{len(self.documented)} documented" + "".join(f"\n{self.game}: {gap}" for gap in self.not_checked)
        )

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "langs": list(self.langs),
            "sections": self.sections,
            "paragraphs": self.paragraphs,
            "examples": self.examples,
            "undocumented": len(self.undocumented),
            "documented": len(self.documented),
            "not_checked": list(self.not_checked),
            "findings": [f.to_dict() for f in self.findings],
        }


# ---------------------------------------------------------------- source texts


class SourcesFound(Protocol):
    """What `rulepress check sources` found for a game (`rulepress.check.sources.SourcesReport`)."""

    coverage: list  # one entry per source text: source, rule_lines, covered, percent, uncovered
    copied: list  # runs of words as in a source text
    uncited: list[str]  # rule lines citing no source


# ---------------------------------------------------------------- one game, one build


@dataclass
class GameAnalysis:
    """What the analysis found in one game (a part is None when nothing asked for it)."""

    game: str
    problems: list[Problem] = field(default_factory=list)  # settled by the game's format: errors and warnings
    examples: list[ExampleResult] | None = None  # None: no engine, or not asked for
    translations: TranslationReport | None = None
    terms: dict[str, dict[str, list[str]]] | None = None  # lang -> rules section id -> glossary term ids it uses
    sources: SourcesFound | str | None = None  # the source texts' coverage, or why it could not be read
    parts: frozenset[str] = frozenset()  # the parts computed
    # memos to save when the build succeeds (a failed build changes nothing in the output folder)
    pending: list = field(default_factory=list, repr=False, compare=False)

    def failed_examples(self) -> list[ExampleResult]:
        return [r for r in self.examples or [] if not r.passed]


Analyser = Callable[["GameContent", frozenset[str]], GameAnalysis]


class Analysis:
    """The analyses of a build's games, each part computed once, when first needed (`prepare`)."""

    def __init__(self, analyse: Analyser):
        self._analyse = analyse
        self._games: dict[str, GameAnalysis] = {}

    def prepare(self, content: GameContent, parts: frozenset[str] | set[str]) -> GameAnalysis:
        """The game's analysis with at least `parts` computed (the others kept from before)."""
        known = self._games.get(content.id)
        missing = frozenset(parts) - (known.parts if known else frozenset())
        if known is None or missing:
            found = self._analyse(content, missing)
            if known is not None:  # keep what was computed before and not just now
                recomputed = {FIELD.get(name, name) for name in missing}
                for field_name in {FIELD.get(name, name) for name in known.parts} - recomputed:
                    setattr(found, field_name, getattr(known, field_name))
                found.parts = known.parts | missing
                found.pending = known.pending + found.pending
            self._games[content.id] = found
        return self._games[content.id]

    def of(self, content: GameContent, *parts: str) -> GameAnalysis:
        """The game's analysis with `parts` computed (a worker computes what the build did not prepare)."""
        return self.prepare(content, frozenset(parts))

    def save(self) -> None:
        """Save what the analysis remembers for the next build (called once the build's outputs are in place)."""
        for game in self._games.values():
            for memo in game.pending:
                memo.save()
            game.pending.clear()

    def games(self) -> list[GameAnalysis]:
        return [self._games[game] for game in sorted(self._games)]

    def failed_examples(self) -> list[ExampleResult]:
        """Every worked example that failed, in game order."""
        return [r for game in self.games() for r in game.failed_examples()]

    def example_failures(self, contents: list[GameContent]) -> list[ExampleResult]:
        """The failed worked examples of `contents` as the build's pages show them (run, or remembered)."""
        for content in contents:
            known = self._games.get(content.id)
            if known is None or not {"examples", "examples-shown"} & known.parts:
                self.prepare(content, {"examples-shown"})
        return [r for c in contents for r in self._games[c.id].failed_examples()]

    def exit_code(self) -> int:
        """1 when a worked example failed (the build wrote everything and marked it), else 0."""
        return 1 if self.failed_examples() else 0
