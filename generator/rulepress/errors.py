"""The small exception family of Rulepress.

Every mistake a user can make in content or on the command line is raised as a
`ContentError` (one located problem) or a `ContentErrors` (several, collected
before exiting). The CLI prints them as `path:line:col: key.path: message` and
exits with code 2; only bugs in Rulepress itself produce a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One located problem in a user's input.

    `rule` names a rule of `rulepress.model.formats` when the problem comes from a rule that a
    content format introduced; `warning` is set when the content was written for an earlier
    format, which that rule does not bind yet (`formats.settle`)."""

    path: str
    line: int | None
    col: int | None
    key: str
    message: str
    rule: str = ""
    warning: bool = False

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        key = f" {self.key}:" if self.key else ""
        return f"{where}:{' warning:' if self.warning else ''}{key} {self.message}"


class RulepressError(Exception):
    """Base class: an error caused by user input, reported without traceback."""

    exit_code = 2

    def problems(self) -> list[Problem]:
        return [Problem("rulepress", None, None, "", str(self))]


class ContentError(RulepressError):
    """A single problem at a known place in a content file."""

    def __init__(self, path: str | Path, message: str, line: int | None = None, col: int | None = None, key: str = ""):
        self.problem = Problem(str(path), line, col, key, message)
        super().__init__(str(self.problem))

    def __reduce__(self):  # passed back from the process running a game's code (`rulepress.sandbox`)
        p = self.problem
        return (type(self), (p.path, p.message, p.line, p.col, p.key))

    def problems(self) -> list[Problem]:
        return [self.problem]


class ContentErrors(RulepressError):
    """Several problems, collected so the user sees them all at once."""

    def __init__(self, problems: list[Problem]):
        self._problems = sorted(problems, key=lambda p: (p.path, p.line or 0, p.col or 0, p.key))
        super().__init__("\n".join(str(p) for p in self._problems))

    def __reduce__(self):
        return (type(self), (self._problems,))

    def problems(self) -> list[Problem]:
        return list(self._problems)


def problems_error(problems: list[Problem]) -> RulepressError:
    """The error to raise for collected problems: a ContentError for one, ContentErrors for several."""
    if len(problems) == 1:
        p = problems[0]
        return ContentError(p.path, p.message, p.line, p.col, p.key)
    return ContentErrors(problems)


def warning_lines(warnings: list[Problem]) -> list[str]:
    """The lines that report `warnings` (problems that change no exit code), with a closing count."""
    if not warnings:
        return []
    many = "s" if len(warnings) != 1 else ""
    return [str(w) for w in warnings] + [
        f"{len(warnings)} warning{many} (they stop nothing; `rulepress upgrade GAME` rewrites what it can)"
    ]


class UsageError(RulepressError):
    """A wrong command-line argument (unknown game, bad option value)."""


class CheckFailed(RulepressError):
    """A check (examples, translations) found differences; exit code 1."""

    exit_code = 1
