"""The one Markdown parser of Rulepress: markdown-it, configured for the MyST the content writes.

Rule texts, quick references and card texts are MyST Markdown, and the website
reads them with MyST (markdown-it underneath). Everything else that reads them
(the rules model, the print markup, the checks) uses `parser` from this module,
so print, checks and web see the same structure: the same paragraphs, lists
with the same numbers ("18. März" is an ordered list starting at 18, as on the
website), the same headings (setext ones too, none inside an HTML comment).

The configuration is CommonMark with what the content uses of MyST:

- tables (GitHub style, as MyST enables them);
- MyST block syntax (`mdit_py_plugins.myst_blocks`): labels ``(section-id)=``
  before headings (``myst_target`` tokens) and ``%`` comment lines;
- MyST roles (`mdit_py_plugins.myst_role`): glossary references
  ``{term}`shown text <term-id>` `` (``myst_role`` tokens, ``meta["name"]``).

Fenced directives such as ``{doctest} example-id`` are plain CommonMark fences
(the directive and its argument are the token's ``info``). Front matter,
colon fences and math are not used by the content and stay off. The parser is
made once per process and never changed afterwards (`functools.cache`).

`site_parse` reads a text as the website's MyST does (myst-parser's own plugins: front matter,
footnotes, and the site's ``attrs_block``), for the checks that must see every place the
website would turn into HTML (`rulepress.text.safety`): a footnote's indented second paragraph
is a footnote there, not a code block.
"""

from __future__ import annotations

import functools

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_block_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin
from mdit_py_plugins.myst_blocks import myst_block_plugin
from mdit_py_plugins.myst_role import myst_role_plugin

__all__ = ["Token", "emphasised", "parse", "parser", "role_text", "site_parse"]


@functools.cache
def parser() -> MarkdownIt:
    """The configured markdown-it parser (CommonMark, tables, MyST labels, comments and roles)."""
    return MarkdownIt("commonmark").enable("table").use(myst_block_plugin).use(myst_role_plugin)


def parse(text: str) -> list[Token]:
    """The block token stream of Markdown `text` (inline tokens carry their children)."""
    return parser().parse(text)


@functools.cache
def site_parser() -> MarkdownIt:
    """The parser the website's MyST uses (myst-parser's ``create_md_parser`` with the site's
    ``myst_enable_extensions`` of templates/site/conf.py.j2): `parser` with front matter, footnotes and block
    attributes."""
    return (
        MarkdownIt("commonmark")
        .enable("table")
        .use(front_matter_plugin)
        .use(myst_block_plugin)
        .use(myst_role_plugin)
        .use(footnote_plugin, inline=False, move_to_end=False, always_match_refs=True)
        .use(attrs_block_plugin)
    )


def site_parse(text: str) -> list[Token]:
    """The block token stream of Markdown `text` as the website reads it (see `site_parser`)."""
    return site_parser().parse(text)


def role_text(token: Token) -> str:
    """What a role shows as plain text: ``shown`` of ``{term}`shown <id>` ``, else the role's content."""
    content = token.content
    if content.endswith(">") and "<" in content:
        shown = content[: content.rindex("<")].rstrip()
        if shown:
            return shown
    return content


_EMPHASIS_OPEN, _EMPHASIS_CLOSE = ("em_open", "strong_open"), ("em_close", "strong_close")


def emphasised(text: str) -> list[str]:
    """The text of each emphasis span (``*a*``, ``**b**``, ``_c_``) of Markdown `text`, outermost spans in order,
    as the parser reads them (a ``* list`` item or a lone ``*`` is no emphasis): its words, with code spans and
    roles inside it as written (```code```, ``{term}`text <id>```), for the caller to read as any text."""
    found: list[str] = []
    for block in parse(text):
        depth = 0
        parts: list[str] = []
        for child in block.children or []:
            if child.type in _EMPHASIS_OPEN:
                depth += 1
            elif child.type in _EMPHASIS_CLOSE:
                depth -= 1
                if depth == 0:
                    found.append("".join(parts))
                    parts = []
            elif depth and child.type == "text":
                parts.append(child.content)
            elif depth and child.type == "code_inline":
                parts.append(f"{child.markup}{child.content}{child.markup}")
            elif depth and child.type == "myst_role":
                parts.append(f"{{{child.meta.get('name', '')}}}`{child.content}`")
            elif depth and child.type in ("softbreak", "hardbreak"):
                parts.append(" ")
    return found
