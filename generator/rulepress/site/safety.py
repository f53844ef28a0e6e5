"""Escaping for the site's MyST templates: every value is literal text unless it is marked as Markdown.

The MyST templates (``templates/site/myst/*.j2``) make Markdown, which would turn a title
holding ``<script>``, a ``{raw}`` role or a line break in a table cell into markup. Their
environment (`environment`) therefore escapes every ``{{ value }}`` by default, through Jinja's
``finalize``: a value is written as literal Markdown on one line (`rulepress.model.scenario.escape_markdown`)
unless it is a `Markdown` string, the marker for text that was written as Markdown (a rule text,
sanitised by `rulepress.text.safety`) or made Markdown by Rulepress's own code from escaped parts.
Forgetting a filter cannot publish markup; marking a value `Markdown` is the one, visible, way to.

Filters for the places where plain escaping is not what the syntax needs:

- ``md``: the same escaping, explicit (kept for readability where a template already says it);
- ``attr``: HTML-escaped for an attribute or element of an HTML block (``"`` and ``'`` too), on one line;
- ``ref``: an id, label or relative path (``risk/index``, ``risk-amb-x``): checked to hold only safe
  characters (a ValueError otherwise), never escaped, so Sphinx labels and toctree entries keep working.

The global ``mark(words)`` gives the small "reconstructed" mark as an HTML span.
"""

from __future__ import annotations

import html
import re

from jinja2 import BaseLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from rulepress.model.scenario import escape_markdown

SAFE_REF = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_./-]*$")


class Markdown(str):
    """Text that is Markdown on purpose (written as Markdown by an author and sanitised, or made by
    Rulepress from escaped parts): the MyST templates write it as it is."""

    __slots__ = ()


def literal(value: object) -> Markdown:
    """`value` as literal MyST Markdown on one line (Markdown values stay as they are)."""
    if isinstance(value, Markdown):
        return value
    return Markdown(escape_markdown("" if value is None else str(value)))


def attribute(value: object) -> Markdown:
    """`value` for an HTML attribute or element inside a MyST HTML block: HTML-escaped, quotes too, on one line
    (an HTML block ends at a blank line)."""
    return Markdown(html.escape(" ".join(str(value).split()), quote=True))


def ref(value: object) -> Markdown:
    """An id, label or relative path as Sphinx reads it (``(label)=``, ``#anchor``, toctree entries): only
    letters, digits and ``_ . / -``."""
    text = str(value)
    if not SAFE_REF.match(text) or ".." in text:
        raise ValueError(f"not a safe id or path for the website: {text!r}")
    return Markdown(text)


def mark(words: object) -> Markdown:
    """The small mark after a name ("reconstructed", "count unknown"): " <span class="rp-mark">…</span>", or ""."""
    if not words:
        return Markdown("")
    return Markdown(f' <span class="rp-mark">{attribute(words)}</span>')


def configure(env: SandboxedEnvironment) -> SandboxedEnvironment:
    """`env` with Markdown escaping by default and the filters of the MyST templates."""
    env.finalize = literal
    env.filters["md"] = literal
    env.filters["attr"] = attribute
    env.filters["ref"] = ref
    env.globals["mark"] = mark
    return env


def environment(loader: BaseLoader) -> SandboxedEnvironment:
    """A Jinja environment for MyST templates read by `loader`: every output escaped unless `Markdown`."""
    return configure(
        SandboxedEnvironment(
            loader=loader,
            undefined=StrictUndefined,
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
        )
    )
