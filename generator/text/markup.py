"""Markdown to ReportLab paragraph markup, via Python-Markdown.

`inline(md)` turns a short Markdown text (card text, a table cell) into the
mini-HTML ReportLab `Paragraph` understands (<b>, <i>, <br/>, <font>).
`blocks(md)` splits a longer text (a quick reference) into a list of
(kind, markup) blocks: heading levels, paragraphs, list items, tables and
images (an image alone in its paragraph is an ``img`` block of (src, alt); an
image inside text stays an inline ``<img src=".." alt=".."/>`` tag for the
caller to size and resolve). A list item carries exactly one marker: its own
when the text starts with one (``- a) ...`` gives "a)", not "• a)"), else "•"
or its number. Glossary references ``{term}`text <id>` `` are reduced to their text.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any

import markdown

from rulepress.model.rules_text import strip_term_refs

_TAGS = {"strong": "b", "b": "b", "em": "i", "i": "i", "code": "font"}
# a marker written in the item's own text: a) b. (c) 1) iv. A) - *
MARKER = r"\(?(?:[a-zA-Z]|\d{1,2}|[ivxIVX]{1,4})[).]|\u2022|[-\u2013*]"
OWN_MARKER = re.compile(rf"^({MARKER})\s+")
IMAGE = re.compile(r'<img src="([^"]*)" alt="([^"]*)"/>')


# (kind, content), the content told apart by the kind: a table's rows of (header?, markup) cells, a picture alone in
# its paragraph as (src, alt), the markup of anything else
Block = tuple[str, Any]


class _ToReportLab(HTMLParser):
    """Converts Python-Markdown's HTML to a flat list of blocks with RL inline markup."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.buffer: list[str] = []
        self.block: str | None = None
        self.list_depth = 0
        self.ordered: list[int | None] = []
        self.table: list[list[tuple[bool, str]]] | None = None
        self.cell_header = False

    def close(self):
        """Finish parsing, and the last block with it."""
        super().close()
        self._flush()

    def _flush(self):
        text = "".join(self.buffer).strip()
        self.buffer = []
        if self.table is not None and self.block in ("td", "th"):
            self.table[-1].append((self.block == "th", text))
        elif text:
            alone = IMAGE.fullmatch(text)
            if alone and (self.block or "p") == "p":
                self.blocks.append(("img", (html.unescape(alone.group(1)), html.unescape(alone.group(2)))))
            else:
                self.blocks.append((self.block or "p", text))

    def handle_starttag(self, tag, attrs):
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6", "p"):
            if self.block == "li" and tag == "p":
                return
            self._flush()
            self.block = tag
        elif tag in ("ul", "ol"):
            self._flush()
            self.list_depth += 1
            self.ordered.append(0 if tag == "ol" else None)
        elif tag == "li":
            self._flush()
            self.block = "li"
            if self.ordered and self.ordered[-1] is not None:
                self.ordered[-1] += 1
                self.buffer.append(f"{self.ordered[-1]}. ")
            else:
                self.buffer.append("\u2022 ")
            self.depth_at_li = self.list_depth
        elif tag == "table":
            self._flush()
            self.table = []
        elif tag == "tr" and self.table is not None:
            self.table.append([])
        elif tag in ("td", "th"):
            self.block = tag
            self.buffer = []
        elif tag == "br":
            self.buffer.append("<br/>")
        elif tag == "img":
            a = dict(attrs)
            self.buffer.append(
                f'<img src="{html.escape(a.get("src") or "")}" alt="{html.escape(a.get("alt") or "")}"/>'
            )
        elif tag == "code":
            self.buffer.append('<font name="Condensed">')
        elif tag == "font":  # an icon put into the text before Markdown (a glyph of the icon font)
            a = dict(attrs)
            keep = " ".join(f'{k}="{html.escape(v or "")}"' for k, v in sorted(a.items()) if k in ("name", "color"))
            self.buffer.append(f"<font {keep}>" if keep else "<font>")
        elif tag in _TAGS:
            self.buffer.append(f"<{_TAGS[tag]}>")

    def handle_endtag(self, tag):
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6", "p"):
            if self.block == "li":
                return
            self._flush()
            self.block = None
        elif tag == "li":
            kind = f"li{self.list_depth}"
            text = "".join(self.buffer).strip()
            self.buffer = []
            if text:
                self.blocks.append((kind, one_marker(text)))
            self.block = None
        elif tag in ("ul", "ol"):
            self._flush()
            self.list_depth -= 1
            self.ordered.pop()
        elif tag in ("td", "th"):
            self._flush()
            self.block = None
        elif tag == "table":
            self.blocks.append(("table", self.table))
            self.table = None
        elif tag in ("code", "font"):
            self.buffer.append("</font>")
        elif tag in _TAGS:
            self.buffer.append(f"</{_TAGS[tag]}>")

    def handle_data(self, data):
        self.buffer.append(html.escape(data, quote=False))


def one_marker(item: str) -> str:
    """A list item's text with a single marker: the automatic one ("• ", "2. ") is dropped when the
    item's own text starts with a marker of its own."""
    auto = re.match(r"^(\u2022|\d+\.) ", item)
    if auto and OWN_MARKER.match(item[auto.end() :]):
        return item[auto.end() :]
    return item


def _html(md: str) -> str:
    return markdown.markdown(strip_term_refs(md), extensions=["tables", "sane_lists"], output_format="html")


def blocks(md: str) -> list[Block]:
    """Block structure of a Markdown text: ('h1'..'h6' | 'p' | 'li1'.. | 'table', markup)."""
    parser = _ToReportLab()
    parser.feed(_html(md))
    parser.close()
    return parser.blocks


def inline(md: str) -> str:
    """One paragraph of RL markup from a short Markdown text; paragraphs joined by <br/>."""
    parts = []
    for kind, text in blocks(md):
        if kind in ("table", "img"):
            continue
        parts.append(IMAGE.sub("", text))
    return "<br/>".join(parts)


def plain(md: str) -> str:
    """The text without any markup (for searching, measuring, glyph checks)."""
    text = re.sub(r"<[^>]+>", "", inline(md))
    return html.unescape(text)
