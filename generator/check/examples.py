"""`rulepress check examples`: run every worked example of the rule texts as a doctest.

Each ``{doctest} example-id`` block of ``rules.<lang>.md`` runs with the
standard library's doctest machinery against a fresh copy of the game's
engine namespace (`rulepress.model.engine.namespace`). A failing statement is
reported as ``path:line: example-id: expected X, got Y`` where `line` is the
line of its ``>>>`` in the Markdown file; an exception raised by an example is
a failure showing the exception. An example id present in one language but
missing in another is reported too. Any failure makes the command exit 1.
"""

from __future__ import annotations

import doctest
import json
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path

from rulepress.errors import Problem
from rulepress.model import GameContent, load_games
from rulepress.model.engine import load_engine, namespace
from rulepress.model.rules_text import Example

OPTIONFLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


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

    def message(self) -> str:
        """``path:line: example-id: expected X, got Y`` (or ``... ok``)."""
        if self.passed:
            return f"{self.path}:{self.line}: {self.id}: ok"
        return f"{self.path}:{self.line}: {self.id}: expected {_one_line(self.expected)}, got {_one_line(self.got)}"


def _one_line(text: str) -> str:
    text = text.strip("\n")
    if not text.strip():
        return "nothing"
    return text.replace("\n", "\\n")


class _Recorder(doctest.DocTestRunner):
    """A DocTestRunner that remembers the first failure instead of printing it."""

    def __init__(self):
        super().__init__(verbose=False, optionflags=OPTIONFLAGS)
        self.failure: tuple[doctest.Example, str, str] | None = None

    def report_failure(self, out, test, example, got):
        if self.failure is None:
            self.failure = (example, example.want, got)

    def report_unexpected_exception(self, out, test, example, exc_info):
        if self.failure is None:
            shown = "".join(traceback.format_exception_only(exc_info[0], exc_info[1])).strip()
            self.failure = (example, example.want, shown)


def source_offset(example: Example, lines: list[str]) -> int:
    """Markdown line number of the first line of `example.source`.

    The parser strips blank lines after the opening fence; count them back.
    """
    line = example.line + 1
    while line <= len(lines) and lines[line - 1] == "":
        line += 1
    return line


def run_example(example: Example, globs: dict, first_line: int, game: str) -> ExampleResult:
    """Run one example with `globs` (not copied here) and return its result."""
    parser = doctest.DocTestParser()
    test = parser.get_doctest(example.source, globs, f"{game}:{example.id}:{example.lang}", example.path, 0)
    runner = _Recorder()
    runner.run(test, out=lambda _text: None, clear_globs=False)
    if runner.failure is None:
        return ExampleResult(game, example.id, example.lang, example.path, example.line, True, "", "", example.source)
    failed, want, got = runner.failure
    return ExampleResult(game, example.id, example.lang, example.path, first_line + failed.lineno, False,
                         want, got, example.source)


def run_game(content: GameContent) -> list[ExampleResult]:
    """Run every example of every language of one game (engine loaded once, namespace fresh per example)."""
    module = load_engine(content)
    results: list[ExampleResult] = []
    for lang, text in sorted(content.rules.items()):
        rules_file = content.folder / f"rules.{lang}.md"
        lines = rules_file.read_text(encoding="utf-8").splitlines() if rules_file.exists() else []
        for example in text.examples:
            globs = namespace(content, module)
            results.append(run_example(example, globs, source_offset(example, lines), content.id))
    return results


def unpaired(content: GameContent) -> list[Problem]:
    """Example ids present in one language's rules but missing in another's."""
    problems: list[Problem] = []
    langs = sorted(content.rules)
    for lang in langs:
        for other in langs:
            if other == lang:
                continue
            ids = {e.id for e in content.rules[other].examples}
            for example in content.rules[lang].examples:
                if example.id not in ids:
                    problems.append(Problem(example.path, example.line, None, example.id,
                                            f"example missing in {other} ({content.rules[other].path})"))
    return problems


def run(content_dir: Path, games: list[str], fmt: str = "text") -> int:
    """Run the examples of the named games (or all); exit code 1 if any fails or is unpaired."""
    contents = load_games(content_dir, games or None)
    all_results: list[ExampleResult] = []
    all_unpaired: list[Problem] = []
    summaries = []
    for content in contents:
        results = run_game(content)
        missing = unpaired(content)
        all_results.extend(results)
        all_unpaired.extend(missing)
        passed = sum(r.passed for r in results)
        summaries.append(f"{content.id}: {passed} of {len(results)} examples passed"
                         + (f", {len(missing)} without translation" if missing else ""))
    failed = [r for r in all_results if not r.passed]
    if fmt == "json":
        print(json.dumps({
            "results": [asdict(r) for r in all_results],
            "unpaired": [asdict(p) | {"text": str(p)} for p in all_unpaired],
            "passed": len(all_results) - len(failed),
            "failed": len(failed),
        }, indent=2, ensure_ascii=False))
    else:
        for result in failed:
            print(result.message())
        for problem in all_unpaired:
            print(problem)
        for summary in summaries:
            print(summary)
    return 1 if failed or all_unpaired else 0
