"""Raw HTML in a game's Markdown (rules, quick references) is an error: the website must not carry it.

Rule texts and quick references are MyST Markdown, which would pass HTML such
as ``<script>`` or ``<img onerror=...>`` straight into the pages. `raw_html`
finds every HTML block and inline HTML tag with markdown-it (the parser MyST
is built on; code blocks and code spans are not HTML) and reports it at its
file and line. Strings from YAML never reach a page as Markdown: the site's
templates escape them (`rulepress.site.scenario.escape_markdown`).
"""

from __future__ import annotations

import functools

from markdown_it import MarkdownIt

from rulepress.errors import Problem
from rulepress.model import GameContent
from rulepress.model.loader import display_path


@functools.lru_cache(maxsize=64)  # pure in `text`: `rulepress serve` checks only the texts that changed
def html_lines(text: str) -> tuple[tuple[int, str], ...]:
    """(line number, the HTML) of every raw HTML block or inline tag in Markdown `text`."""
    found = []
    for token in MarkdownIt("commonmark").parse(text):
        if token.type == "fence" and token.info.strip().startswith(("{raw}", "{eval-rst}")):
            found.append((token.map[0] + 1, "```" + token.info.strip()))
        elif token.type == "html_block":
            found.append((token.map[0] + 1, token.content.strip().splitlines()[0]))
        elif token.type == "inline" and token.children:
            line = token.map[0] + 1 if token.map else 1
            offset = 0
            for child in token.children:
                if child.type in ("softbreak", "hardbreak"):
                    offset += 1
                elif child.type == "html_inline":
                    found.append((line + offset, child.content))
    return tuple(found)


def raw_html(content: GameContent) -> list[Problem]:
    """Every raw HTML tag in the game's rules and quick-reference Markdown."""
    problems = []
    texts = [(path, lang) for lang, path in ((t.lang, t.path) for t in content.rules.values())]
    for rules_path, _lang in texts:
        problems += _problems(rules_path, content)
    for quickref in content.game.quickrefs:
        for lang in ("de", "en"):
            path = content.folder / f"{quickref.source}.{lang}.md"
            if path.is_file():
                problems += _problems(display_path(path), content, path)
    return problems


def _problems(shown: str, content: GameContent, path=None) -> list[Problem]:
    from pathlib import Path

    file = Path(path) if path is not None else _find(shown, content)
    if file is None or not file.is_file():
        return []
    text = file.read_text(encoding="utf-8")
    return [Problem(shown, line, 1, "html", f"raw HTML is not allowed in Markdown: {snippet[:60]!r} "
                                            "(write Markdown; for a literal '<' write '\\<')")
            for line, snippet in html_lines(text)]


def _find(shown: str, content: GameContent):
    for file in content.files:
        if display_path(file) == shown or str(file) == shown:
            return file
    return None
