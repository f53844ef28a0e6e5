"""`rulepress check examples`: run every worked example of the rule texts as a doctest.

Each ``{doctest} example-id`` block of ``rules.<lang>.md`` runs with the
standard library's doctest machinery against a fresh engine namespace
(`rulepress.model.engine.namespace`, the chosen readings bound). What a
statement may expect:

- plain output, as doctest writes it (``20``, ``[0, 2, 4, 6]``);
- a refusal: ``Refused: <reason>`` (German ``Abgelehnt: <reason>``, French ``Refusé:``: the
  keyword of any catalog of `rulepress.i18n`, ``examples.refused``). The
  engine refuses a move by raising an exception; the reason is the
  exception's stable ``code`` attribute (``Refused: too-few-armies``), its
  class name or a base class name (``Refused: ValueError``), or class and
  message (``Refused: ValueError: a set has 3 cards``; ``...`` matches any
  text). The engine module's generated name never appears;
- a result in the reader's language: ``Result: <text>`` (German
  ``Ergebnis: <text>``). The statement must be an expression. The text must
  state exactly the numbers of the value (digits in the locale's format, or
  number words), and name every glossary term whose id is a string of the
  value, in that language (``Ergebnis: 1.500.000 Dollar`` for ``1500000``).

An example runs under other readings with ``:reading: option=reading-id``
(see `rulepress.model.rules_text`); unknown options or readings are problems.
``:labels: a | b; c | d`` names the parts of tuple results for the website
(see `rulepress.model.scenario`); it does not change what runs.

A failing statement is reported as ``path:line: example-id: expected X, got
Y`` where `line` is the line of its ``>>>`` in the Markdown file. Across
languages (`rulepress.check.translations`) every statement is compared by its
language-neutral outcome (`Statement.outcome`): the printed output, the
refusal's reason, or the repr of a localized result's value. Any failure, an
example missing in another language or a bad option makes the command exit 1.

Each example runs under the time limit of `rulepress.timelimit`: an endless
loop is a failure at the statement that was running when the time was up, and
the example stops there.
"""

from __future__ import annotations

import ast
import doctest
import hashlib
import re
import traceback
from collections.abc import Callable
from dataclasses import asdict, fields, is_dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import ModuleType

from babel.numbers import format_decimal

from rulepress import i18n
from rulepress.analysis import ExampleResult, Statement
from rulepress.check import numbers
from rulepress.check.names import Name, mentions, names_of
from rulepress.errors import ContentError, Problem
from rulepress.memo import Memo, key_of
from rulepress.model import GameContent
from rulepress.model.engine import PREFIX as ENGINE_PREFIX
from rulepress.model.engine import (
    EngineProcess,
    chosen_readings,
    engine_functions,
    module_in,
    namespace,
    reading_parameters,
)
from rulepress.model.loader import display_path
from rulepress.model.pictures import PictureProblem
from rulepress.model.pictures import resolve as resolve_picture
from rulepress.model.rules_text import Example
from rulepress.sandbox import Child, SandboxCrashed
from rulepress.timelimit import TimeLimitExceeded, time_limit

OPTIONFLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
REFUSED = i18n.every_form("examples.refused")  # Refused, Abgelehnt, Refusé: in any catalog's language
RESULT = i18n.every_form("examples.result")
OUTCOME = re.compile(rf"^({'|'.join(map(re.escape, REFUSED + RESULT))}):[ \t]*(.*?)\s*$", re.S)
KNOWN_OPTIONS = ("reading", "labels", "picture")  # labels: what the website calls the parts of tuple results


def code_of(source: str) -> str:
    """A statement as Python reads it, for comparing the two languages' examples: its comments (captions in
    each language's words) and layout left out."""
    try:
        return ast.unparse(ast.parse(source))
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return " ".join(source.split())


def _one_line(text: str) -> str:
    text = text.strip("\n")
    if not text.strip():
        return "nothing"
    return text.replace("\n", "\\n")


# ---------------------------------------------------------------- refusals


def refusal_names(exc: BaseException) -> list[str]:
    """The names a refusal can be expected by: its ``code``, its class and base class names."""
    code = getattr(exc, "code", None)
    names = [str(code)] if isinstance(code, str) and code else []
    return names + [c.__name__ for c in type(exc).__mro__ if c not in (BaseException, object)]


def refusal_reason(exc: BaseException) -> str:
    """Language-neutral reason of a refusal: the ``code``, else ``Class: message``."""
    code = getattr(exc, "code", None)
    if isinstance(code, str) and code:
        return code
    return f"{type(exc).__name__}: {exc}"


def refusal_matches(expected: str, exc: BaseException) -> bool:
    """Does ``Refused: <expected>`` describe `exc` (code, class name, or class and message)?"""
    expected = " ".join(expected.split())
    if expected in refusal_names(exc):
        return True
    kind, sep, message = expected.partition(": ")
    classes = [c.__name__ for c in type(exc).__mro__]
    return (
        bool(sep)
        and kind in classes
        and doctest.OutputChecker().check_output(message + "\n", " ".join(str(exc).split()) + "\n", OPTIONFLAGS)
    )


def describe_refusal(exc: BaseException) -> str:
    code = getattr(exc, "code", None)
    shown = f"{type(exc).__name__}: {exc}"
    return f"{code} ({shown})" if isinstance(code, str) and code else shown


# ---------------------------------------------------------------- localized results


def value_numbers(value) -> list[Fraction]:
    """Every number inside a result: ints, fractions, decimals; in sequences, dict keys and values, dataclasses."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, (int, Fraction)):
        return [Fraction(value)]
    if isinstance(value, (float, Decimal)):
        return [Fraction(str(value))]
    if isinstance(value, dict):
        return [n for k, v in value.items() for n in value_numbers(k) + value_numbers(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [n for item in value for n in value_numbers(item)]
    if is_dataclass(value) and not isinstance(value, type):
        return [n for f in fields(value) for n in value_numbers(getattr(value, f.name))]
    return []


def value_strings(value) -> list[str]:
    """Every string inside a result (same walk as `value_numbers`)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in value_strings(k) + value_strings(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [s for item in value for s in value_strings(item)]
    if is_dataclass(value) and not isinstance(value, type):
        return [s for f in fields(value) for s in value_strings(getattr(value, f.name))]
    return []


def locale_number(value: Fraction, lang: str) -> str:
    """A number as written in `lang` (Babel): 1.500.000 and 1,5 in German, 1,500,000 and 1.5 in English."""
    shown = value.numerator if value.denominator == 1 else Decimal(value.numerator) / Decimal(value.denominator)
    return format_decimal(shown, locale=lang)


def result_problems(value, text: str, lang: str, names: dict[str, Name]) -> list[str]:
    """Why `text` does not state the result `value` in `lang` (empty when it does)."""
    problems = []
    stated = numbers.extract(text, lang)
    wanted = [numbers.Number(v, numbers.show(v)) for v in value_numbers(value)]
    missing, extra = numbers.compare(wanted, stated)
    if missing:
        problems.append("does not state " + ", ".join(locale_number(v, lang) for v in missing))
    if extra:
        problems.append(
            "states " + ", ".join(locale_number(v, lang) for v in extra) + " which the result does not hold"
        )
    for match in numbers.DIGITS.finditer(numbers.clean(text)):
        written = match.group(0)
        if not re.search(r"[.,\s\u00a0\u202f]", written):
            continue
        values = numbers.parse_digits(written, lang)
        forms = {locale_number(v, lang) for v in values} | {
            format_decimal(v.numerator, locale=lang, group_separator=False) for v in values if v.denominator == 1
        }
        if len(values) != 1 or written.replace("\u202f", "\u00a0") not in {
            f.replace("\u202f", "\u00a0") for f in forms
        }:
            problems.append(f"{written!r} is not a number written in {lang}")
    for string in dict.fromkeys(value_strings(value)):
        name = names.get(string)
        if name is not None and not mentions(name, text, lang):
            problems.append(f"does not name {string!r} ({' / '.join(name.forms[lang])})")
    return problems


def render_result(value, lang: str, names: dict[str, Name]) -> str:
    """A value written for readers of `lang` (numbers in the locale's format, glossary terms by name)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, Fraction, float, Decimal)):
        return locale_number(value_numbers(value)[0], lang)
    if isinstance(value, str):
        return names[value].forms[lang][0] if value in names else value
    if isinstance(value, dict):
        return ", ".join(f"{render_result(k, lang, names)}: {render_result(v, lang, names)}" for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(render_result(v, lang, names) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return ", ".join(f"{f.name} {render_result(getattr(value, f.name), lang, names)}" for f in fields(value))
    return repr(value)


# ---------------------------------------------------------------- running


class _Outcomes:
    """Runs the rewritten refusal and result statements (bound into the globals as ``__rulepress__``)."""

    def __init__(self, globs: dict, lang: str, names: dict[str, Name]):
        self.globs, self.lang, self.names = globs, lang, names
        self.outcomes: dict[int, str] = {}

    def refusal(self, index: int, source: str, keyword: str, reason: str) -> None:
        try:
            expression = compile(source, "<example>", "eval")
        except SyntaxError:
            expression = None
        try:
            if expression is None:
                exec(compile(source, "<example>", "single"), self.globs)
                self.outcomes[index] = "not refused"
                return
            value = eval(expression, self.globs)
        except TimeLimitExceeded:
            raise  # out of time is no refusal
        except Exception as exc:  # the expected refusal
            self.outcomes[index] = f"refused {refusal_reason(exc)}"
            print(f"{keyword}: {reason if refusal_matches(reason, exc) else describe_refusal(exc)}")
            return
        self.outcomes[index] = repr(value)  # accepted: shown like doctest shows a value
        if value is not None:
            print(repr(value))

    def result(self, index: int, source: str, keyword: str, text: str) -> None:
        value = eval(compile(source, "<example>", "eval"), self.globs)
        self.outcomes[index] = repr(value)
        problems = result_problems(value, text, self.lang, self.names)
        if problems:
            print(f"{keyword}: {render_result(value, self.lang, self.names)} ({'; '.join(problems)})")
        else:
            print(f"{keyword}: {text}")


class _Recorder(doctest.DocTestRunner):
    """A DocTestRunner that records every statement's output instead of printing failures (and tells
    `progress`, if given, which statement starts and what each gave: see `run_statements`)."""

    def __init__(self, indexes: dict[int, int] | None = None, progress: Callable | None = None) -> None:
        super().__init__(verbose=False, optionflags=OPTIONFLAGS)
        self.got: dict[int, tuple[str, bool]] = {}
        self.indexes, self.progress = indexes or {}, progress

    def _record(self, example, got: str, passed: bool) -> None:
        self.got[id(example)] = (got, passed)
        if self.progress is not None:
            self.progress(("done", self.indexes.get(id(example), 0), capped(got), passed))

    def report_start(self, out, test, example):
        if self.progress is not None:
            self.progress(("start", self.indexes.get(id(example), 0)))

    def report_success(self, out, test, example, got):
        self._record(example, got, True)

    def report_failure(self, out, test, example, got):
        self._record(example, got, False)

    def report_unexpected_exception(self, out, test, example, exc_info):
        self._record(example, exception_text(exc_info[1]), False)
        if isinstance(exc_info[1], (TimeLimitExceeded, MemoryError)):
            self.optionflags |= doctest.FAIL_FAST  # out of time or memory: the example stops at this statement


def exception_text(exc: BaseException) -> str:
    """``Class: message`` without the engine module's generated name."""
    shown = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    module = type(exc).__module__
    if module.startswith(ENGINE_PREFIX):
        shown = shown.replace(f"{module}.", "", 1)
    return shown


def _rewrite(examples: list[doctest.Example]) -> list[tuple[str, str, str]]:
    """Turn ``Refused:`` / ``Result:`` statements into calls of ``__rulepress__``; (kind, keyword, text) each."""
    kinds = []
    for index, example in enumerate(examples):
        match = OUTCOME.match(example.want.strip("\n")) if example.exc_msg is None else None
        if match is None:
            kinds.append(("output", "", example.want))
            continue
        keyword, text = match.group(1), " ".join(match.group(2).split())
        kind = "refused" if keyword in REFUSED else "result"
        call = "refusal" if kind == "refused" else "result"
        source = example.source.rstrip("\n")
        if kind == "result":
            source = source.strip()
        example.source = f"__rulepress__.{call}({index}, {source!r}, {keyword!r}, {text!r})\n"
        example.want = f"{keyword}: {text}\n"
        kinds.append((kind, keyword, text))
    return kinds


def run_statements(
    example: Example, globs: dict, names: dict[str, Name], game: str = "", progress: Callable | None = None
) -> list[Statement]:
    """Run one example with `globs` (not copied here); every statement with its outcome. `progress`
    hears ``("start", index)`` before each statement and ``("done", index, got, passed)`` after it."""
    return _run(example, globs, names, game, progress)[0]


def _run(
    example: Example, globs: dict, names: dict[str, Name], game: str = "", progress: Callable | None = None
) -> tuple[list[Statement], dict]:
    """Every statement of one example with its outcome, and the example's namespace after it ran."""
    test = doctest.DocTestParser().get_doctest(
        example.source, globs, f"{game}:{example.id}:{example.lang}", example.path, 0
    )
    sources = [e.source.strip() for e in test.examples]
    kinds = _rewrite(test.examples)
    outcomes = _Outcomes(test.globs, example.lang, names)  # the DocTest runs in its own copy of `globs`
    test.globs["__rulepress__"] = outcomes
    runner = _Recorder({id(e): i for i, e in enumerate(test.examples)}, progress)
    with time_limit():
        runner.run(test, out=lambda _text: None, clear_globs=False)
    got = {index: runner.got.get(id(e), ("", False)) for index, e in enumerate(test.examples)}
    return _statements(example, test.examples, sources, kinds, got, outcomes.outcomes), test.globs


def _statements(
    example: Example,
    parsed: list[doctest.Example],
    sources: list[str],
    kinds: list[tuple[str, str, str]],
    got: dict[int, tuple[str, bool]],
    outcomes: dict[int, str],
) -> list[Statement]:
    """The example's statements from what each gave (`got`: index -> (output, passed); capped)."""
    first = example.source_line or example.line + 1
    statements = []
    for index, (e, source, (kind, _keyword, text)) in enumerate(zip(parsed, sources, kinds)):
        shown, passed = got.get(index, ("", False))
        shown = capped(shown)
        if kind == "output":
            outcome, expected = shown, e.want
        elif kind == "refused":
            outcome, expected = capped(outcomes.get(index, shown)), f"refused {text}"
        else:
            outcome, expected = capped(outcomes.get(index, shown)), ""
        statements.append(Statement(source, e.want, shown, first + e.lineno, kind, outcome, expected, passed))
    return statements


def example_pictures(example: Example, globs: dict, game) -> tuple[list[dict], list[list]]:
    """What the example's ``:picture:`` lines draw, their expressions evaluated in the example's namespace
    after it ran (`globs`), checked against the game (`rulepress.model.pictures.resolve`); and the
    pictures that cannot be drawn, as [file line, why]."""
    drawn, problems = [], []
    for spec in example.pictures:
        values = {}
        source = ""
        try:
            with time_limit():
                for name, source in spec.expressions().items():
                    values[name] = eval(compile(source, "<picture>", "eval"), globs)
            drawn.append(resolve_picture(spec, values, game).to_dict())
        except PictureProblem as exc:
            problems.append([spec.line, str(exc)])
        except Exception as exc:  # noqa: BLE001 - whatever the author's expression raises is reported
            problems.append([spec.line, f"cannot evaluate {source!r} in the example: {exception_text(exc)}"])
    return drawn, problems


STOPPED_AT_LIMIT = f"{TimeLimitExceeded.__module__}.{TimeLimitExceeded.__name__}:"  # how a stopped statement reads
OUTPUT_LIMIT = 2000  # characters of a statement's output kept: what a failing example printed beyond is cut


def capped(text: str, limit: int = OUTPUT_LIMIT) -> str:
    """`text`, cut after `limit` characters with a note of how much was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n... ({len(text) - limit:,} more characters not shown)\n"


def stopped_statements(example: Example, reason: str, events: list[tuple]) -> list[Statement]:
    """The statements of an example whose process was stopped (time limit, crash): those done as
    `events` (from `run_statements`' progress) tell, the one running failing with `reason`."""
    test = doctest.DocTestParser().get_doctest(example.source, {}, example.id, example.path, 0)
    sources = [e.source.strip() for e in test.examples]
    kinds = _rewrite(test.examples)
    got: dict[int, tuple[str, bool]] = {}
    running = 0
    for event in events:
        if event[0] == "start":
            running = event[1]
        else:
            got[event[1]] = (event[2], event[3])
    if running not in got:
        got[running] = (reason + "\n", False)
    return _statements(example, test.examples, sources, kinds, got, {})


def term_names(content: GameContent) -> dict[str, Name]:
    """Glossary term id -> its Name (what a localized result must name)."""
    return {n.id: n for n in names_of(content) if n.kind == "term"}


def example_problems(content: GameContent, example: Example) -> list[Problem]:
    """Unknown options, engine options or readings of one example."""
    problems = []
    known = {a.engine_option: [r.id for r in a.readings] for a in content.game.ambiguities if a.engine_option}
    known.update({k: known.get(k, [v]) for k, v in content.game.engine_options.items()})
    for option in example.options:
        if option not in KNOWN_OPTIONS:
            problems.append(
                Problem(
                    example.path,
                    example.option_lines.get(option, example.line),
                    None,
                    example.id,
                    f"unknown example option ':{option}:' (known: {', '.join(KNOWN_OPTIONS)})",
                )
            )
    at = example.option_lines.get("reading", example.line)
    raw = example.options.get("reading", "")
    parts = [p.strip() for p in raw.split(",") if p.strip()]
    for part in parts:
        name, _, value = (x.strip() for x in part.partition("="))
        if not value:
            problems.append(
                Problem(
                    example.path,
                    at,
                    None,
                    example.id,
                    f":reading: {part!r} must be written option=reading-id",
                )
            )
        elif name not in known:
            problems.append(
                Problem(
                    example.path,
                    at,
                    None,
                    example.id,
                    f":reading: unknown engine option {name!r} (known: {', '.join(sorted(known)) or 'none'})",
                )
            )
        elif value not in known[name]:
            problems.append(
                Problem(
                    example.path,
                    at,
                    None,
                    example.id,
                    f":reading: {name} has no reading {value!r} (readings: {', '.join(known[name])})",
                )
            )
    return problems


def option_problems(content: GameContent) -> list[Problem]:
    """`example_problems` of every example of every language (the website cannot show an example run
    under a reading that does not exist: `check content` and the build report them)."""
    return [
        problem
        for _lang, text in sorted(content.rules.items())
        for example in text.examples
        for problem in example_problems(content, example)
    ]


def engine_problems(content: GameContent) -> list[Problem]:
    """Why the game's engine cannot be loaded (in its own process), if it cannot: the website's examples
    need it, so `check content` reports it as the build would."""
    if not content.game.engine:
        return []
    with EngineProcess(content) as engine:
        try:
            engine.load()
        except ContentError as exc:
            return exc.problems()
    return []


def check_example(
    content: GameContent,
    module: ModuleType | None,
    example: Example,
    names: dict[str, Name] | None = None,
    progress: Callable | None = None,
) -> ExampleResult:
    """Run one example in a fresh namespace under its readings and return its result."""
    names = term_names(content) if names is None else names
    globs = namespace(content, module, readings=example.readings())
    statements, after = _run(example, globs, names, content.id, progress)
    pictures, picture_problems = example_pictures(example, after, content.game)
    return example_result(content.id, example, statements, pictures, picture_problems)


def example_result(
    game: str,
    example: Example,
    statements: list[Statement],
    pictures: list[dict] | None = None,
    picture_problems: list[list] | None = None,
) -> ExampleResult:
    """An example's result from its statements: passed, or failed at its first failing statement."""
    drawn, undrawn = pictures or [], picture_problems or []
    failed = next((s for s in statements if not s.passed), None)
    if failed is None:
        return ExampleResult(
            game,
            example.id,
            example.lang,
            example.path,
            example.line,
            True,
            "",
            "",
            example.source,
            statements,
            drawn,
            undrawn,
        )
    return ExampleResult(
        game,
        example.id,
        example.lang,
        example.path,
        failed.line,
        False,
        failed.want,
        failed.got,
        example.source,
        statements,
        drawn,
        undrawn,
    )


class ExampleRuns:
    """The worked examples of one game, each run at most once per build and, with a `Memo`, once per change.

    An example's result follows from the game's engine code (every ``.py`` file
    of the game folder), the chosen readings, the glossary's names (localized
    results name terms), Rulepress's code (the memo's version) and the example
    itself (id, language, file, text, options): that is its memo key. Passing
    results are remembered in `memo`; failures only in `failed`, and they run
    again (a time-out on a busy machine may pass next time) unless
    `result` is asked with ``rerun_failed=False``: then the remembered failure
    stands, as the pages of the same build showed it. A build keeps one
    `ExampleRuns` per game for every part of its analysis: two of them on the
    same memos would each save only the entries they used, the last one
    dropping the other's. A remembered result whose example moved in its
    file has its lines moved with it. The engine is loaded only when an
    example must run.
    """

    def __init__(self, content: GameContent, memo: Memo | None = None, failed: Memo | None = None):
        self.content = content
        self.memo, self.failed = memo or Memo(None), failed or Memo(None)
        self.names = term_names(content)
        engine_code = [
            [p.relative_to(content.folder).as_posix(), hashlib.sha256(p.read_bytes()).hexdigest()]
            for p in sorted(content.folder.rglob("*.py"))
            if "__pycache__" not in p.parts
        ]
        self.base = key_of(engine_code, chosen_readings(content), [asdict(n) for n in self.names.values()])
        self.engine: EngineProcess | None = None
        self.done: dict[str, ExampleResult] = {}  # run in this build: never twice, failed or not
        self._things: str | None = None

    def things(self) -> str:
        """Digest of the game's components and boards (what pictures name), computed once."""
        if self._things is None:
            game = self.content.game
            self._things = key_of(
                [c.model_dump(mode="json") for c in game.components], [b.model_dump(mode="json") for b in game.boards]
            )
        return self._things

    def result(self, example: Example, rerun_failed: bool = True) -> ExampleResult:
        key = key_of(self.base, example.id, example.lang, example.path, example.source, example.options)
        if example.pictures:  # what they draw is checked against the game's components and boards
            key = key_of(
                key, [[p.kind, p.board, p.expression, list(p.options)] for p in example.pictures], self.things()
            )
        if key in self.done:
            return self.done[key]
        for memo in (self.memo,) if rerun_failed else (self.memo, self.failed):
            stored = memo.get(key)
            if stored is not None:
                try:
                    return _moved(stored["result"], example.line - stored["line"])
                except (KeyError, TypeError):
                    pass  # a damaged memo: run the example
        result = self._run(example)
        self.done[key] = result
        (self.memo if result.passed else self.failed).put(key, {"line": example.line, "result": asdict(result)})
        return result

    def _run(self, example: Example) -> ExampleResult:
        """Run one example in the game's engine process (`rulepress.model.engine.EngineProcess`)."""
        if self.engine is None:
            self.engine = EngineProcess(self.content)
        events: list[tuple] = []
        try:
            return self.engine.call(_example_in_child, example, progress=events.append)
        except (TimeLimitExceeded, SandboxCrashed) as exc:  # stopped from outside: C code, or the process died
            reason = f"{exception_text(exc)}" if isinstance(exc, TimeLimitExceeded) else f"stopped: {exc}"
            return example_result(self.content.id, example, stopped_statements(example, reason, events))

    @classmethod
    def at(cls, content: GameContent, out: Path | None) -> ExampleRuns:
        """The runs a build into `out` remembers (in its cache: `<game>-examples`, `<game>-examples-failed`)."""
        return cls(content, Memo.at(out, f"{content.id}-examples"), Memo.at(out, f"{content.id}-examples-failed"))

    def save(self) -> None:
        self.memo.save()
        self.failed.save()

    def close(self) -> None:
        """End the engine's process (the next example that must run starts it again)."""
        if self.engine is not None:
            self.engine.close()
            self.engine = None

    def all(self, rerun_failed: bool = True) -> list[ExampleResult]:
        """Every example of every language, in language and file order."""
        return [
            self.result(example, rerun_failed)
            for _lang, text in sorted(self.content.rules.items())
            for example in text.examples
        ]


def _example_in_child(child: Child, example: Example) -> ExampleResult:
    """Run one example inside the engine's process (the glossary's names computed there once)."""
    content = child.context
    if "names" not in child.state:
        child.state["names"] = term_names(content)
    return check_example(content, module_in(child), example, child.state["names"], child.progress)


def stopped(result: ExampleResult) -> bool:
    """Whether the example was stopped from running (the time limit, or its process died) rather than giving
    a result: running it again under another reading would only cost the time limit again."""
    return any(s.got.startswith((STOPPED_AT_LIMIT, "stopped: ")) for s in result.statements)


def _unused_in_child(child: Child) -> list[str]:
    return unused_options(child.context, module_in(child))


def _moved(stored: dict, lines: int) -> ExampleResult:
    statements = [Statement(**(s | {"line": s["line"] + lines})) for s in stored["statements"]]
    pictures = [p | {"line": p["line"] + lines} for p in stored.get("pictures", [])]
    problems = [[line + lines, why] for line, why in stored.get("picture_problems", [])]
    return ExampleResult(
        **(
            stored
            | {"line": stored["line"] + lines, "statements": statements}
            | {"pictures": pictures, "picture_problems": problems}
        )
    )


def picture_problems(results: list[ExampleResult]) -> list[Problem]:
    """A problem at its file line for each picture of the examples that cannot be drawn (an id, a board
    or a space the game does not have, a value the example does not hold)."""
    return [
        Problem(display_path(r.path), line, None, f"example {r.id}", f"picture: {why}")
        for r in results
        for line, why in r.picture_problems
    ]


def run_game(content: GameContent, memo: Memo | None = None) -> list[ExampleResult]:
    """Run every example of every language of one game (engine loaded once, namespace fresh per example;
    results remembered in `memo` and saved, see `ExampleRuns`)."""
    return run_all(ExampleRuns(content, memo))


def run_all(runs: ExampleRuns) -> list[ExampleResult]:
    """Every example of `runs`, whose memos are saved afterwards (and its engine process ended)."""
    try:
        results = runs.all()
    finally:
        runs.close()
    runs.save()
    return results


def unpaired(content: GameContent, unused: list[str] | None = None) -> list[Problem]:
    """Example ids present in one language's rules but missing in another's, bad example options,
    and the `unused` engine options (those no engine function takes: `unused_in`)."""
    problems: list[Problem] = []
    for name in unused or []:
        path, line, col = (
            content.locate(("engine_options", name))
            if name in content.game.engine_options
            else (str(content.folder / "engine.py"), None, None)
        )
        problems.append(
            Problem(
                path,
                line,
                col,
                f"engine_options.{name}",
                f"no engine function takes a keyword parameter {name!r}: the chosen reading cannot reach the engine",
                "engine-option-parameter",
            )
        )
    langs = sorted(content.rules)
    for lang in langs:
        for example in content.rules[lang].examples:
            problems.extend(example_problems(content, example))
        for other in langs:
            if other == lang:
                continue
            ids = {e.id for e in content.rules[other].examples}
            for example in content.rules[lang].examples:
                if example.id not in ids:
                    problems.append(
                        Problem(
                            example.path,
                            example.line,
                            None,
                            example.id,
                            f"example missing in {other} ({content.rules[other].path})",
                        )
                    )
    return problems


def unused_in(content: GameContent, engine: EngineProcess | None = None) -> list[str]:
    """`unused_options` of the game's engine, found in its process (`engine`, or one of its own; a
    ContentError if it cannot load)."""
    if not content.game.engine:
        return []
    own = engine is None
    engine = engine or EngineProcess(content)
    try:
        return engine.call(_unused_in_child)
    except (TimeLimitExceeded, SandboxCrashed) as exc:
        raise ContentError(content.game.engine, f"engine cannot be inspected: {exc}", key="engine") from None
    finally:
        if own:
            engine.close()


def unused_options(content: GameContent, module: ModuleType | None) -> list[str]:
    """Engine options that no public engine function takes (their reading could never reach the engine)."""
    if module is None:
        return []
    readings = chosen_readings(content)
    taken = {name for f in engine_functions(module).values() for name in reading_parameters(f, readings)}
    return sorted(set(readings) - taken)
