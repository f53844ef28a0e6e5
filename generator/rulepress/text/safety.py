"""Raw HTML in a game's Markdown: an error, unless the game allows a few tags, which are then sanitised.

Rule texts and quick references are MyST Markdown, which would pass HTML such
as ``<script>`` or ``<img onerror=...>`` straight into the pages, and MyST
directives and roles such as ``{raw}``, ``{eval-rst}`` or ``{include}`` (which reads
any file): only those of `DIRECTIVES` and `ROLES` are allowed, any other one is an
error at its line. `raw_html`
finds every HTML block and inline HTML tag with `rulepress.markdown` (markdown-it,
the parser MyST is built on; code blocks and code spans are not HTML) and reports it at its
file and line. Strings from YAML never reach a page as Markdown: the site's
templates escape them (`rulepress.model.scenario.escape_markdown`).

A game may opt in with ``site: {allow_html: [b, i, sup, ...]}`` in game.yaml
(the schema lists the tags that can be allowed: text-level markup only). Its
rule texts may then use those tags; any other tag is still an error. On the
website `sanitise` passes every HTML block and tag through nh3 with that
safelist: attributes other than title and lang (href on links; src, alt,
width, height on images) are removed, ``on*`` handlers and ``javascript:``
addresses never pass, script and style content is dropped. Quick references
are printed, not published as HTML: raw HTML there stays an error.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from pathlib import Path

import nh3

from rulepress.errors import Problem
from rulepress.markdown import Token, site_parse
from rulepress.model import GameContent
from rulepress.model.loader import display_path

# MyST directives and roles a rule text may use: worked examples, boxes, a turn's flow and the glossary; any other
# one (``{raw}``, ``{eval-rst}``, ``{include}`` reading files, ...) is an error like raw HTML.
DIRECTIVES = frozenset(
    {"doctest", "flow", "note", "tip", "hint", "important", "warning", "caution", "attention", "seealso", "admonition"}
)
ROLES = frozenset({"term", "ambiguity", "sub", "sup", "abbr"})  # ambiguity: a link to the register
ATTRIBUTES = {"*": {"title", "lang"}, "a": {"href"}, "img": {"src", "alt", "width", "height"}}
URL_SCHEMES = {"http", "https", "mailto"}
TAG = re.compile(r"^<\s*(/?)\s*([A-Za-z][A-Za-z0-9-]*)")


# directives whose body is code, not Markdown (the site shows a worked example's statements as code)
CODE_DIRECTIVES = frozenset({"doctest"})
DIRECTIVE = re.compile(r"\{([^}]*)\}")


@functools.lru_cache(maxsize=64)  # pure in `text`: `rulepress serve` parses only the texts that changed
def html_tokens(text: str) -> tuple[tuple[str, int, int, str], ...]:
    """(kind, first line, end line, the HTML) of every raw HTML block, inline tag, MyST directive and role other
    than `DIRECTIVES` and `ROLES` and front matter in Markdown `text` (kinds block, inline, fence, role, front);
    lines are 1-based, `end` is the line after a block.

    The text is read as the website's MyST reads it (`rulepress.markdown.site_parse`: footnotes too), and so are
    the body and the argument (an admonition's title) of every allowed directive, nested ones too, since MyST
    turns them into HTML like the text around them. HTML in a directive's argument is of kind inline (it stands
    on the directive's line)."""
    found: list[tuple[str, int, int, str]] = []
    todo = [(text, 0, False)]  # (Markdown, lines before it in `text`, found on one line only); no recursion
    while todo:
        markdown, offset, one_line = todo.pop()
        for token in site_parse(markdown):
            if token.type == "front_matter" and markdown is not text:
                continue  # a directive's options, written as YAML between '---' lines
            for kind, line, end, html in _token_html(token, todo, offset):
                found.append(
                    ("inline", line, line + 1, html) if one_line and kind == "block" else (kind, line, end, html)
                )
    return tuple(sorted(found, key=lambda f: (f[1], f[2])))


def _token_html(token: Token, todo: list, offset: int) -> list[tuple[str, int, int, str]]:
    """What one block token holds of `html_tokens` (lines after `offset`); an allowed directive's argument and
    body are put on `todo`."""
    first = offset + (token.map[0] + 1 if token.map else 1)
    if token.type == "fence":
        return _fence_html(token, todo, offset, first)
    if token.type == "html_block":
        assert token.map is not None
        return [("block", first, offset + token.map[1] + 1, token.content)]
    if token.type == "front_matter":  # the website would read it as the page's settings (html_meta, ...)
        return [("front", first, first + 1, "---")]
    if token.type != "inline" or not token.children:
        return []
    found, line = [], first
    for child in token.children:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "html_inline":
            found.append(("inline", line, line + 1, child.content))
        elif child.type == "myst_role" and child.meta.get("name") not in ROLES:
            found.append(("role", line, line + 1, f"{{{child.meta.get('name')}}}`{child.content}`"))
    return found


def _fence_html(token: Token, todo: list, offset: int, first: int) -> list[tuple[str, int, int, str]]:
    """A fence: nothing for a code block, a finding for a directive that is not allowed; an allowed one's
    argument and body (unless code) go on `todo`."""
    directive = DIRECTIVE.match(token.info.strip())
    if directive is None:
        return []  # a code block
    name = directive.group(1).strip()
    if name not in DIRECTIVES:
        assert token.map is not None  # block tokens have their lines
        return [("fence", first, offset + token.map[1] + 1, "```" + token.info.strip())]
    if name not in CODE_DIRECTIVES:
        todo.append((token.info.strip()[directive.end() :].strip(), first - 1, True))
        todo.append((token.content, first, False))
    return []


def html_lines(text: str) -> list[tuple[int, str]]:
    """(line number, the HTML's first line) of every raw HTML block or inline tag in Markdown `text`."""
    return [
        (line, html.strip().splitlines()[0] if html.strip() else html) for _kind, line, _end, html in html_tokens(text)
    ]


def tag_names(html: str) -> list[str]:
    """Lower-case names of the tags in an HTML snippet ('!--' for a comment)."""
    names = [m.group(1).lower() for m in re.finditer(r"<\s*/?\s*([A-Za-z][A-Za-z0-9-]*)", html)]
    return names + ["!--"] * html.count("<!--")


def clean(html: str, allowed: set[str]) -> str:
    """An HTML block or tag reduced to the `allowed` tags and their safe attributes (nh3)."""
    attributes = {tag: names for tag, names in ATTRIBUTES.items() if tag == "*" or tag in allowed}
    return nh3.clean(
        html,
        tags=set(allowed),
        attributes=attributes,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


def clean_tag(tag: str, allowed: set[str]) -> str:
    """One inline tag (``<b>``, ``</b>``, ``<a href=...>``) as it may stand on the page: '' when not allowed."""
    match = TAG.match(tag.strip())
    if match is None or match.group(2).lower() not in allowed:
        return ""
    name = match.group(2).lower()
    if match.group(1):
        return f"</{name}>"
    cleaned = clean(tag, allowed)
    return cleaned[: -len(f"</{name}>")] if cleaned.endswith(f"</{name}>") else cleaned


def sanitise(text: str, allowed: Iterable[str]) -> str:
    """Markdown `text` with every raw HTML block and inline tag passed through `clean` for `allowed` tags
    (nothing allowed: every tag removed). Markdown around the HTML is kept as written."""
    found = html_tokens(text)
    if not found:
        return text
    tags = {a.lower() for a in allowed}
    lines = text.split("\n")
    cursor: dict[int, int] = {}
    for kind, line, end, html in sorted(found, key=lambda f: (f[1], f[0] != "block")):
        if kind in ("fence", "role", "front"):
            continue  # never reaches a page: other directives, roles and front matter are errors of `raw_html`
        if kind == "block":  # kept: what stands before it on its first line (a list's indent, a quote's '>')
            head = lines[line - 1][: max(lines[line - 1].find("<"), 0)]
            prefix = "" if head.strip(" \t>") else head
            cleaned = clean("\n".join(lines[line - 1 : end - 1])[len(prefix) :], tags)
            lines[line - 1 : end - 1] = [prefix + cleaned.replace("\n", " ")] + [""] * (end - line - 1)
            continue
        row = lines[line - 1]
        at = row.find(html, cursor.get(line, 0))
        if at < 0:
            continue
        replacement = clean_tag(html, tags)
        lines[line - 1] = row[:at] + replacement + row[at + len(html) :]
        cursor[line] = at + len(replacement)
    return "\n".join(lines)


def raw_html(content: GameContent) -> list[Problem]:
    """Every raw HTML tag the game does not allow in its rules (``site.allow_html``) and every raw HTML
    tag in its quick-reference Markdown."""
    allowed = set(content.game.site.allow_html)
    problems = []
    for text in content.rules.values():
        problems += _problems(text.path, _find(text.path, content), allowed)
    for quickref in content.game.quickrefs:
        for lang in content.game.languages:
            path = content.folder / f"{quickref.source}.{lang}.md"
            if path.is_file():
                problems += _problems(display_path(path), path, set(), quickref=True)
    return problems


def _problems(shown: str, file: Path | None, allowed: AbstractSet[str], quickref: bool = False) -> list[Problem]:
    if file is None or not file.is_file():
        return []
    problems = []
    for kind, line, _end, html in html_tokens(file.read_text(encoding="utf-8")):
        names = tag_names(html)
        if kind not in ("fence", "role", "front") and names and all(n in allowed for n in names):
            continue
        snippet = html.strip().splitlines()[0] if html.strip() else html
        if kind == "front":
            message = "front matter (a block between '---' lines at the top) is not read in Markdown: write the text"
            problems.append(Problem(shown, line, 1, "html", message))
            continue
        if kind in ("fence", "role"):
            what = "directive" if kind == "fence" else "role"
            known = ", ".join(sorted(DIRECTIVES if kind == "fence" else ROLES))
            problems.append(
                Problem(shown, line, 1, "html", f"the MyST {what} {snippet[:60]!r} is not allowed (only: {known})")
            )
            continue
        if quickref:
            hint = "(quick references are printed: write Markdown; for a literal '<' write '\\<')"
        elif allowed:
            hint = f"(site.allow_html allows only: {', '.join(sorted(allowed))})"
        else:
            hint = (
                "(write Markdown; for a literal '<' write '\\<'; or allow a few tags with site.allow_html in game.yaml)"
            )
        problems.append(
            Problem(shown, line, 1, "html", f"raw HTML is not allowed in Markdown: {snippet[:60]!r} {hint}")
        )
    return problems


def _find(shown: str, content: GameContent) -> Path | None:
    for file in content.files:
        if display_path(file) == shown or str(file) == shown:
            return file
    return None
