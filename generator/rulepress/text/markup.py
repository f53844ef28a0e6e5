"""Markdown to ReportLab paragraph markup, from the tokens of Rulepress' one Markdown parser.

`inline(md)` turns a short Markdown text (card text, a table cell) into the
mini-HTML ReportLab `Paragraph` understands (<b>, <i>, <br/>, <font>).
`blocks(md)` splits a longer text (a quick reference) into typed blocks:
`Heading`, `Para`, `Item` (a list item at its depth), `Table` (rows of
`Cell`), `Picture` (an image alone in its paragraph; an image inside text
stays an inline ``<img src=".." alt=".."/>`` tag for the caller to size and
resolve) and `Flow` (the steps of a ``{flow}`` fence); each says its `kind`
(``h2``, ``p``, ``li1``, ``table``, ``img``, ``flow``), the name print styles go by. A list item carries exactly one marker: its own
when the text starts with one (``- a) ...`` gives "a)", not "• a)"), else "•"
or its number; an ordered list counts from its start number, as the website
does ("18. März" is item 18). Glossary references ``{term}`text <id>` `` are
reduced to their text.

The structure is the one the website shows: the tokens come from
`rulepress.markdown.parse`, the parser the rules model and the checks use too.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser

from rulepress.markdown import Token, parse, parser, role_text

_TAGS = {"strong": "b", "b": "b", "em": "i", "i": "i"}
# a marker written in the item's own text: a) b. (c) 1) iv. A) - *
MARKER = r"\(?(?:[a-zA-Z]|\d{1,2}|[ivxIVX]{1,4})[).]|\u2022|[-\u2013*]"
OWN_MARKER = re.compile(rf"^({MARKER})\s+")
IMAGE = re.compile(r'<img src="([^"]*)" alt="([^"]*)"/>')
CODE_FONT = '<font name="Condensed">'


@dataclass(frozen=True)
class Heading:
    level: int  # 1 to 6
    markup: str

    @property
    def kind(self) -> str:
        return f"h{self.level}"


@dataclass(frozen=True)
class Para:
    markup: str
    kind = "p"


@dataclass(frozen=True)
class Item:
    """A list item: its markup with exactly one marker (see the module docstring), at its list's `depth`."""

    depth: int  # 1: a top-level list
    markup: str

    @property
    def kind(self) -> str:
        return f"li{self.depth}"


@dataclass(frozen=True)
class Cell:
    header: bool
    markup: str


@dataclass(frozen=True)
class Table:
    rows: tuple[tuple[Cell, ...], ...]
    kind = "table"


@dataclass(frozen=True)
class Picture:
    """An image alone in its paragraph."""

    src: str
    alt: str
    kind = "img"


@dataclass(frozen=True)
class Flow:
    """A ``{flow}`` fence: the markup of its steps, one per line (drawn as boxes joined by arrows)."""

    steps: tuple[str, ...]
    kind = "flow"


Block = Heading | Para | Item | Table | Picture | Flow
TextBlock = Heading | Para | Item  # the blocks that are one run of markup


def _image(src: str, alt: str) -> str:
    return f'<img src="{html.escape(src)}" alt="{html.escape(alt)}"/>'


class _RawHtml(HTMLParser):
    """Raw HTML in the text (an icon's <font> tag put in before Markdown, <b>, <br>) as ReportLab markup:
    tags ReportLab knows are kept (a <font> with only its name and colour), other tags are dropped, text stays."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "br":
            self.out.append("<br/>")
        elif tag == "img":
            self.out.append(_image(a.get("src") or "", a.get("alt") or ""))
        elif tag == "code":
            self.out.append(CODE_FONT)
        elif tag == "font":
            keep = " ".join(f'{k}="{html.escape(v or "")}"' for k, v in sorted(a.items()) if k in ("name", "color"))
            self.out.append(f"<font {keep}>" if keep else "<font>")
        elif tag in _TAGS:
            self.out.append(f"<{_TAGS[tag]}>")

    def handle_endtag(self, tag):
        if tag in ("code", "font"):
            self.out.append("</font>")
        elif tag in _TAGS:
            self.out.append(f"</{_TAGS[tag]}>")

    def handle_data(self, data):
        self.out.append(html.escape(data, quote=False))


def _raw_html(snippet: str) -> str:
    converter = _RawHtml()
    converter.feed(snippet)
    converter.close()
    return "".join(converter.out)


# an inline token's markup, by its type; links keep their text (the text tokens between link_open and link_close)
_INLINE: dict[str, Callable[[Token], str]] = {
    "text": lambda t: html.escape(t.content, quote=False),
    "softbreak": lambda t: "\n",
    "hardbreak": lambda t: "<br/>",
    "strong_open": lambda t: "<b>",
    "em_open": lambda t: "<i>",
    "strong_close": lambda t: "</b>",
    "em_close": lambda t: "</i>",
    "code_inline": lambda t: f"{CODE_FONT}{html.escape(t.content, quote=False)}</font>",
    "image": lambda t: _image(str(t.attrGet("src") or ""), t.content),
    "html_inline": lambda t: _raw_html(t.content),
    "myst_role": lambda t: html.escape(role_text(t), quote=False),
}


def _inline(children: list[Token]) -> str:
    """ReportLab markup of an inline token's children."""
    return "".join(_INLINE[child.type](child) for child in children if child.type in _INLINE)


@dataclass
class _List:
    ordered: bool
    number: int  # the next item's number (ordered lists)


@dataclass
class _Blocks:
    """The blocks found so far and where the walk through the tokens stands."""

    blocks: list[Block] = field(default_factory=list)
    lists: list[_List] = field(default_factory=list)
    item: list[str] | None = None  # the open list item's parts (marker first)
    item_depth: int = 0
    table: list[list[Cell]] | None = None

    def close_item(self) -> None:
        if self.item is not None:
            text = "".join(self.item).strip()
            if text:
                self.blocks.append(Item(self.item_depth, one_marker(text)))
        self.item = None

    def text(self, level: int, markup: str) -> None:
        """A paragraph's (`level` 0) or heading's markup: into the open list item, else a block of its own."""
        markup = markup.strip()
        if self.item is not None:
            if markup:
                self.item.append(markup if len(self.item) == 1 else "<br/>" + markup)
        elif markup:
            alone = IMAGE.fullmatch(markup)
            if alone and not level:
                self.blocks.append(Picture(html.unescape(alone.group(1)), html.unescape(alone.group(2))))
            else:
                self.blocks.append(Heading(level, markup) if level else Para(markup))


FLOW = "{flow}"  # a fenced block of steps, one per line: a turn's flow, drawn as boxes joined by arrows


def _step(line: str) -> str:
    """One step of a flow: the line's inline Markdown as markup (a list or heading mark is just text)."""
    tokens = parser().parseInline(line.strip())
    return _inline(tokens[0].children or []).strip() if tokens else ""


_LIST_TOKENS = frozenset(
    {
        "bullet_list_open",
        "ordered_list_open",
        "bullet_list_close",
        "ordered_list_close",
        "list_item_open",
        "list_item_close",
    }
)
_TABLE_TOKENS = frozenset({"table_open", "table_close", "tr_open"})


def blocks(md: str) -> list[Block]:
    """The typed blocks of a Markdown text, in order (see the module docstring)."""
    state = _Blocks()
    tokens = parse(md)
    for i, token in enumerate(tokens):
        if token.type in _LIST_TOKENS:
            _list_token(state, token)
        elif token.type in _TABLE_TOKENS or (token.type == "inline" and state.table is not None):
            _table_token(state, token, tokens[i - 1])
        else:
            _text_token(state, token, tokens[i - 1])
    state.close_item()
    return state.blocks


def _list_token(state: _Blocks, token: Token) -> None:
    """A list opens or closes, an item opens (its marker: its number, or a bullet) or closes."""
    kind = token.type
    state.close_item()  # the text of an item with a list inside comes before that list's items
    if kind in ("bullet_list_open", "ordered_list_open"):
        start = token.attrGet("start")
        state.lists.append(_List(kind == "ordered_list_open", int(start) if start is not None else 1))
    elif kind in ("bullet_list_close", "ordered_list_close"):
        state.lists.pop()
    elif kind == "list_item_open":
        current = state.lists[-1]
        marker = f"{current.number}. " if current.ordered else "\u2022 "
        current.number += 1
        state.item, state.item_depth = [marker], len(state.lists)


def _table_token(state: _Blocks, token: Token, previous: Token) -> None:
    """A table opens (after the text of the item it stands in) or closes, a row opens, a cell's text."""
    kind = token.type
    if kind == "table_open":
        state.close_item()  # the text of an item with a table inside (its label) comes before the table
        state.table = []
    elif kind == "table_close":
        state.blocks.append(Table(tuple(tuple(row) for row in state.table or [])))
        state.table = None
    elif state.table is not None and kind == "tr_open":
        state.table.append([])
    elif state.table is not None:  # a cell's inline text
        state.table[-1].append(Cell(previous.type == "th_open", _inline(token.children or []).strip()))


def _text_token(state: _Blocks, token: Token, previous: Token) -> None:
    """A paragraph's or heading's text, a flow, a code block, raw HTML; labels (myst_target), % comments,
    rules and quote marks print nothing of their own."""
    kind = token.type
    if kind == "inline":
        state.text(int(previous.tag[1:]) if previous.type == "heading_open" else 0, _inline(token.children or []))
    elif kind == "fence" and token.info.strip().split(None, 1)[:1] == [FLOW]:
        state.close_item()
        state.blocks.append(Flow(tuple(_step(line) for line in token.content.splitlines() if line.strip())))
    elif kind in ("fence", "code_block"):
        code = html.escape(token.content.rstrip("\n"), quote=False).replace("\n", "<br/>")
        state.text(0, f"{CODE_FONT}{code}</font>" if code else "")
    elif kind == "html_block":
        state.text(0, _raw_html(token.content))


def one_marker(item: str) -> str:
    """A list item's text with a single marker: the automatic one ("• ", "2. ") is dropped when the
    item's own text starts with a marker of its own."""
    auto = re.match(r"^(\u2022|\d+\.) ", item)
    if auto and OWN_MARKER.match(item[auto.end() :]):
        return item[auto.end() :]
    return item


def inline(md: str) -> str:
    """One paragraph of RL markup from a short Markdown text; paragraphs joined by <br/>."""
    parts = []
    for block in blocks(md):
        if isinstance(block, Flow):
            parts.append(IMAGE.sub("", " \u2192 ".join(block.steps)))
        elif isinstance(block, (Heading, Para, Item)):
            parts.append(IMAGE.sub("", block.markup))
    return "<br/>".join(parts)


def plain(md: str) -> str:
    """The text without any markup (for searching, measuring, glyph checks)."""
    text = re.sub(r"<[^>]+>", "", inline(md))
    return html.unescape(text)
