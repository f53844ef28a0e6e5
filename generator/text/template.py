"""Render content Markdown as a sandboxed Jinja template before it is laid out.

Quick-reference texts may compute what they print, e.g. a table of battle odds
from the game's rules engine::

    | {{ a }} | {{ engine.battle_odds(a, d)[(0, 1)] | percent }} |

Templates run in Jinja's `SandboxedEnvironment` (no access to private or
dunder attributes), with `StrictUndefined` (a misspelt name is an error, not an
empty cell). Variables: ``engine`` (the game's engine module), ``lang``,
``game`` (the `Game` model), plus any extra names passed in. Filter
``percent``: a Fraction/float/int as a percentage in the page's language,
"42,1 %" (de) or "42.1%" (en), one decimal unless ``percent(2)``.
Errors are `ContentError`s at the template's path and line.
"""

from __future__ import annotations

import traceback
from decimal import Decimal
from fractions import Fraction

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from rulepress.errors import ContentError


def _exact(value) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise TypeError("percent expects a number, not a bool")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value))  # the decimal the author sees, not the binary approximation
    if isinstance(value, Decimal):
        return Fraction(value)
    raise TypeError(f"percent expects a number, got {type(value).__name__}")


def format_percent(value, lang: str, digits: int = 1) -> str:
    """A share (0..1) as a percentage, rounded half up: 0.4215 -> "42,2 %" (de), "42.2%" (en)."""
    if digits < 0:
        raise ValueError("percent digits must be 0 or more")
    share = _exact(value) * 100
    scale = 10**digits
    sign = "-" if share < 0 else ""
    scaled = (abs(share) * scale + Fraction(1, 2)).__floor__()
    whole, part = divmod(scaled, scale)
    number = str(whole) + ((("," if lang == "de" else ".") + str(part).rjust(digits, "0")) if digits else "")
    if sign and scaled == 0:
        sign = ""
    return f"{sign}{number} %" if lang == "de" else f"{sign}{number}%"


def environment(lang: str) -> SandboxedEnvironment:
    """A fresh sandboxed environment for one language (no shared state between renders)."""
    env = SandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True)
    env.filters["percent"] = lambda value, digits=1: format_percent(value, lang, digits)
    return env


def render(text: str, path: str, lang: str, variables: dict) -> str:
    """Render `text` (from the file shown as `path`) with `variables` plus ``lang``."""
    env = environment(lang)
    env.loader = jinja2.FunctionLoader(lambda name: (text, path, lambda: True) if name == path else None)
    try:
        template = env.get_template(path)
        return template.render({**variables, "lang": lang})
    except jinja2.TemplateSyntaxError as exc:
        raise ContentError(path, f"template syntax error: {exc.message}", line=exc.lineno, key="template") from None
    except jinja2.TemplateError as exc:
        raise ContentError(
            path, f"template error: {exc.message or exc}", line=_line(exc, path), key="template"
        ) from None
    except Exception as exc:  # an engine function or filter failed while rendering
        raise ContentError(
            path, f"template error: {type(exc).__name__}: {exc}", line=_line(exc, path), key="template"
        ) from None


def _line(exc: BaseException, path: str) -> int | None:
    """Template line of the error (Jinja rewrites tracebacks to point at the template)."""
    lines = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == path]
    return lines[-1] if lines else None
