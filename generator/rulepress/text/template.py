"""Render content Markdown as a sandboxed Jinja template before it is laid out.

Quick-reference texts may compute what they print, e.g. a table of battle odds
from the game's rules engine::

    | {{ a }} | {{ engine.battle_odds(a, d)[(0, 1)] | percent }} |

Templates run in Jinja's `SandboxedEnvironment` (no access to private or
dunder attributes), with `StrictUndefined` (a misspelt name is an error, not an
empty cell). Variables: ``engine`` (the game's engine module), ``lang``,
``game`` (the `Game` model), plus any extra names passed in. Filter
``percent``: a Fraction/float/int as a percentage in the page's language,
"42,1 %" (de, with a no-break space), "42.1%" (en), "42,1 %" (fr), as Babel writes
percentages in that language, one decimal unless ``percent(2)``.
Errors are `ContentError`s at the template's path and line.
"""

from __future__ import annotations

import traceback

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from rulepress import i18n
from rulepress.errors import ContentError


def format_percent(value, lang: str, digits: int = 1) -> str:
    """A share (0..1) as a percentage in `lang`, rounded half up (`rulepress.i18n.percent`, Babel's conventions)."""
    return i18n.percent(value, lang, digits)


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
