"""Print and web read Markdown alike: the same paragraphs, headings, list items with the same numbers,
emphasis and tables.

The print side is `rulepress.text.markup.blocks` (cards, quick references); the web side is the HTML
that MyST renders with the parser configuration of the website (templates/site/conf.py.j2), turned
into the same (kind, markup) blocks by a small HTML reader below. The rules model is compared with
the headings MyST sees. The fixtures include the bugs of the time print used another Markdown:
"18. März" printed as "1. März", "Zug:" before a list read as one paragraph, a setext heading and a
'#' line inside an HTML comment misread by the rules parser.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.mdit import create_md_parser

from rulepress.model import load_games
from rulepress.model.rules_text import parse_rules
from rulepress.model.schema import model_texts
from rulepress.paths import BUNDLED_CONTENT
from rulepress.text import markup

_TAGS = {"strong": "b", "em": "i"}
_ROLE = re.compile(r'<code class="myst role">\{[a-z-]+\}\[(.*?)\]</code>', re.S)


def web_html(md: str) -> str:
    """The HTML MyST makes of `md` with the website's extensions."""
    return create_md_parser(MdParserConfig(enable_extensions={"attrs_block"}), RendererHTML).render(md)


class _WebBlocks(HTMLParser):
    """MyST's HTML as print blocks: (kind, markup) with list numbers as the browser counts them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, object]] = []
        self.buffer: list[str] = []
        self.kind: str | None = None
        self.lists: list[int | None] = []  # next number of each open list (None: bullets)
        self.table: list[list[tuple[bool, str]]] | None = None
        self.skip = 0  # inside a MyST target's <div>

    def _flush(self) -> None:
        text = "".join(self.buffer).strip()
        self.buffer = []
        if self.table is not None and self.kind in ("td", "th"):
            self.table[-1].append((self.kind == "th", text))
        elif not text or self.kind is None:
            return
        elif self.kind == "p" and (alone := markup.IMAGE.fullmatch(text)):
            self.blocks.append(("img", (html.unescape(alone.group(1)), html.unescape(alone.group(2)))))
        elif self.kind.startswith("li"):
            self.blocks.append((self.kind, markup.one_marker(text)))
        else:
            self.blocks.append((self.kind, text))

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.skip or (tag == "div" and a.get("class") == "myst-target"):
            self.skip += tag == "div"
        elif re.fullmatch(r"h[1-6]", tag) or (tag == "p" and not (self.kind or "").startswith("li")):
            self._flush()
            self.kind = tag
        elif tag in ("ul", "ol"):
            self._flush()
            self.lists.append(int(a.get("start") or 1) if tag == "ol" else None)
        elif tag == "li":
            self._flush()
            self.kind = f"li{len(self.lists)}"
            number = self.lists[-1]
            self.buffer.append("\u2022 " if number is None else f"{number}. ")
            if number is not None:
                self.lists[-1] = number + 1
        elif tag == "table":
            self.table = []
        elif tag == "tr" and self.table is not None:
            self.table.append([])
        elif tag in ("td", "th"):
            self.kind = tag
        elif tag == "br":
            self.buffer.append("<br/>")
        elif tag == "img":
            self.buffer.append(f'<img src="{html.escape(a["src"] or "")}" alt="{html.escape(a["alt"] or "")}"/>')
        elif tag == "code":
            self.buffer.append('<font name="Condensed">')
        elif tag in _TAGS:
            self.buffer.append(f"<{_TAGS[tag]}>")

    def handle_endtag(self, tag):
        if self.skip:
            self.skip -= tag == "div"
        elif re.fullmatch(r"h[1-6]|p|li|td|th", tag) and not (tag == "p" and (self.kind or "").startswith("li")):
            self._flush()
            self.kind = None
        elif tag in ("ul", "ol"):
            self._flush()
            self.lists.pop()
        elif tag == "table":
            self.blocks.append(("table", self.table))
            self.table = None
        elif tag == "code":
            self.buffer.append("</font>")
        elif tag in _TAGS:
            self.buffer.append(f"</{_TAGS[tag]}>")

    def handle_data(self, data):
        if not self.skip and self.kind is not None:
            self.buffer.append(html.escape(data, quote=False))


def _shown(match: re.Match) -> str:
    content = html.unescape(match.group(1))
    return html.escape(re.sub(r"\s*<[^<>]*>$", "", content) or content, quote=False)


_FLOW = re.compile(r"^```\{flow\}\n(.*?)^```\n?", re.S | re.M)


def _flow_as_list(match: re.Match) -> str:
    """A {flow} block as the website's rewrite gives it (rulepress.site.rules_myst._flow_block): a numbered list."""
    steps = [line.strip() for line in match.group(1).splitlines() if line.strip()]
    return "\n".join(f"{number}. {step}" for number, step in enumerate(steps, 1)) + "\n\n"


def web_blocks(md: str) -> list:
    reader = _WebBlocks()
    reader.feed(_ROLE.sub(_shown, web_html(_FLOW.sub(_flow_as_list, md))))
    reader.close()
    return _normal(reader.blocks)


def _pairs(blocks: list[markup.Block]) -> list:
    """The typed blocks as (kind, content) pairs, the form the website's blocks are read into here."""
    out: list = []
    for block in blocks:
        if isinstance(block, markup.Table):
            out.append((block.kind, [[(cell.header, cell.markup) for cell in row] for row in block.rows]))
        elif isinstance(block, markup.Picture):
            out.append((block.kind, (block.src, block.alt)))
        elif isinstance(block, markup.Flow):
            out.append((block.kind, list(block.steps)))
        else:
            out.append((block.kind, block.markup))
    return out


def print_blocks(md: str) -> list:
    return _normal(_pairs(markup.blocks(md)))


def _space(text: str) -> str:
    return re.sub(r"\s*<br/>\s*", "<br/>", re.sub(r"\s+", " ", text)).strip()


def _normal(blocks: list) -> list:
    """Blocks with white space as the reader sees it (a line break in a paragraph is a space)."""
    out = []
    for kind, content in blocks:
        if kind == "flow":  # printed as a diagram of numbered steps, read on the web as a numbered list
            out += [("li1", _space(f"{number}. {step}")) for number, step in enumerate(content, 1)]
            continue
        if kind == "table":
            content = [[(header, _space(cell)) for header, cell in row] for row in content]
        elif kind != "img":
            content = _space(content)
        out.append((kind, content))
    return out


FIXTURES = {
    "ordered list starting at 18": (
        "18. März – Polnisches Nationalkomitee",
        [("li1", "18. März – Polnisches Nationalkomitee")],
    ),
    "list after a colon line": (
        "Zug:\n- ziehen\n- *legen*",
        [("p", "Zug:"), ("li1", "\u2022 ziehen"), ("li1", "\u2022 <i>legen</i>")],
    ),
    "ordered list counts on": (
        "3. drei\n4. vier\n1. fünf",
        [("li1", "3. drei"), ("li1", "4. vier"), ("li1", "5. fünf")],
    ),
    "number inside a paragraph": ("Am\n18. März", [("p", "Am 18. März")]),
    "own marker kept once": ("- a) erstens\n- b) zweitens", [("li1", "a) erstens"), ("li1", "b) zweitens")]),
    "nested list": (
        "- oben\n  - unten\n- wieder",
        [("li1", "\u2022 oben"), ("li2", "\u2022 unten"), ("li1", "\u2022 wieder")],
    ),
    "loose list": ("1. eins\n\n2. zwei", [("li1", "1. eins"), ("li1", "2. zwei")]),
    "emphasis and code": (
        "**fett** und *kursiv*, `code` und __auch fett__",
        [("p", '<b>fett</b> und <i>kursiv</i>, <font name="Condensed">code</font> und <b>auch fett</b>')],
    ),
    "hard break": ("erste Zeile  \nzweite\\\ndritte", [("p", "erste Zeile<br/>zweite<br/>dritte")]),
    "headings": (
        "# Eins\n\nText\n\nZwei\n----\n\n### Drei ###",
        [("h1", "Eins"), ("p", "Text"), ("h2", "Zwei"), ("h3", "Drei")],
    ),
    "heading in an HTML comment": ("<!--\n# kein Titel\n-->\n\nText", [("p", "Text")]),
    "label and comment print nothing": ("(setup)=\n# Aufbau\n% eine Notiz\nText", [("h1", "Aufbau"), ("p", "Text")]),
    "table": (
        "| Fall | Punkte |\n|---|---:|\n| *Mehrheit* | 5 |",
        [("table", [[(True, "Fall"), (True, "Punkte")], [(False, "<i>Mehrheit</i>"), (False, "5")]])],
    ),
    "picture alone and inline": (
        "![Karte](map.png)\n\nSiehe ![i](icon.png) hier",
        [("img", ("map.png", "Karte")), ("p", 'Siehe <img src="icon.png" alt="i"/> hier')],
    ),
    "glossary reference": ("Ein {term}`Land <territory>` wählen", [("p", "Ein Land wählen")]),
    "escapes and entities": ("a \\*b\\* &amp; c < d &nbsp;e", [("p", "a *b* &amp; c &lt; d \u00a0e")]),
}


@pytest.mark.parametrize("name", FIXTURES)
def test_print_and_web_have_the_same_structure(name):
    md, expected = FIXTURES[name]
    assert print_blocks(md) == _normal(expected)
    assert web_blocks(md) == _normal(expected)


def test_1848_card_keeps_its_date():
    assert markup.inline("18. März – Polnisches Nationalkomitee") == "18. März – Polnisches Nationalkomitee"


def test_bundled_card_and_quick_reference_texts_read_alike():
    """Every text of the bundled games that print sets (card texts, quick references) has the structure
    the website would give it."""
    checked = 0
    for content in load_games(BUNDLED_CONTENT):
        texts = [text for _key, text in model_texts(content.game)] + list(content.quickref_texts.values())
        for md in texts:
            assert print_blocks(md) == web_blocks(md), md
            checked += 1
    assert checked > 100


RULES = """(setup)=
Aufbau
======

<!--
# kein Abschnitt
-->

(turn)=
## Ein Zug
Zug:
- ziehen
- legen
"""


def test_rules_sections_are_the_headings_the_website_shows():
    text, problems = parse_rules(RULES, "de", "rules.de.md")
    assert problems == []
    assert [(s.id, s.level, s.title, s.line) for s in text.sections] == [
        ("setup", 1, "Aufbau", 2),
        ("turn", 2, "Ein Zug", 10),
    ]
    assert "kein Abschnitt" in text.section("setup").body
    shown = [(kind, content) for kind, content in web_blocks(RULES) if kind.startswith("h")]
    assert shown == [("h1", "Aufbau"), ("h2", "Ein Zug")]
    assert web_blocks(text.section("turn").body) == print_blocks(text.section("turn").body)
    assert print_blocks(text.section("turn").body) == [("p", "Zug:"), ("li1", "\u2022 ziehen"), ("li1", "\u2022 legen")]


def test_a_list_item_label_comes_before_the_table_it_holds():
    """As on the website: "2. *Scoring:*" and then its table, not the table and then its label."""
    md = "1. | a | b |\n   |---|---|\n   | 1 | 2 |\n2. *Scoring:*\n\n   | x | y |\n   |---|---|\n   | 3 | 4 |\n"
    kinds = [(kind, content if kind != "table" else content[0][0][1]) for kind, content in _pairs(markup.blocks(md))]
    assert kinds == [("li1", "1."), ("table", "a"), ("li1", "2. <i>Scoring:</i>"), ("table", "x")]


def test_blocks_are_typed_with_their_level_depth_cells_and_steps():
    md = "## Zug\n\n1. ziehen\n   - *legen*\n\n| a | 2 |\n|---|---|\n| b | 3 |\n\n![Brett](board.png)\n\n```{flow}\nA\nB\n```\n"
    found = markup.blocks(md)
    assert found == [
        markup.Heading(2, "Zug"),
        markup.Item(1, "1. ziehen"),
        markup.Item(2, "\u2022 <i>legen</i>"),
        markup.Table(
            ((markup.Cell(True, "a"), markup.Cell(True, "2")), (markup.Cell(False, "b"), markup.Cell(False, "3")))
        ),
        markup.Picture("board.png", "Brett"),
        markup.Flow(("A", "B")),
    ]
    assert [b.kind for b in found] == ["h2", "li1", "li2", "table", "img", "flow"]
