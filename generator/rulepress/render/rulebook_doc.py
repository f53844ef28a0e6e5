"""The rulebook's writer: its document template (`RulebookDoc`), heading and notes flowables, and the story of
one book (`story`: cover, contents, numbered rules, worked examples, glossary, unclear points, changes,
credits, quick reference), laid out by ReportLab's platypus (`render`); `write_rulebook` and `write_booklet`
write the artifacts `rulepress.render.rulebook` plans (see its docstring for what a book holds).
"""

from __future__ import annotations

import html
import io
import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    Image,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from rulepress import i18n
from rulepress.draw import booklet, destinations, examplepictures, passes
from rulepress.draw import panels as quickref
from rulepress.draw.pdf import CREATOR, INITIAL_FONT
from rulepress.model import GameContent, history, numbering, scenario
from rulepress.model.engine import EngineProcess
from rulepress.model.rules_text import strip_term_refs
from rulepress.model.schema import Provenance
from rulepress.render import rulebook_blocks as blocks
from rulepress.render import rulebook_style as rs
from rulepress.site.sources import ambiguity_sections
from rulepress.text import fonts
from rulepress.text.words import players_text, thing_names, words

TOC_DEPTH = 2  # heading levels listed in the table of contents


APPENDIX_ROOM = 0.33  # the changelog and the credits start a new page only when less than this of a page is left


def book_words(lang: str) -> dict:
    """The rulebook's interface words in `lang` (``rulebook`` of the catalogs)."""
    return i18n.words(lang, "rulebook")


@dataclass
class Book:
    """Everything one rulebook shows besides the game's content."""

    content: GameContent
    lang: str
    results: list | None = None  # the game's `ExampleResult`s (None: not checked)
    pictures: list[Path] = field(default_factory=list)  # the cover's pictures, from the build's outputs
    example_pictures: dict = field(default_factory=dict)  # example id -> flowables/Drawings (optional)


def _provenance_word(provenance: Provenance | None, lang: str) -> str:
    if provenance is None or provenance.kind not in ("reconstructed", "unknown"):
        return ""
    return words(lang)[f"provenance_plain_{provenance.kind}"]


class Heading:
    """A heading's place in the book: its level (0 = top), plain text, destination key, TOC/outline use."""

    def __init__(self, level: int, text: str, key: str, toc: bool = True):
        self.level, self.text, self.key, self.toc = level, text, key, toc


def _width(text: str, size: float) -> float:
    return stringWidth(text, "Body", size)


def _shortened(text: str, size: float, width: float) -> str:
    """`text` in the body font at `size` cut at a word and ended with "…" to fit `width` points."""
    if _width(text, size) <= width:
        return text
    words = text.split()
    while len(words) > 1 and _width(" ".join(words) + " …", size) > width:
        words.pop()
    return " ".join(words).rstrip(" –-,:;") + " …"


class HeadingParagraph(Paragraph):
    """A heading of the book: a paragraph that knows its place (`Heading`), read by `RulebookDoc.afterFlowable`
    for the outline, the destinations, the contents and the running heads."""

    def __init__(self, text: str, style, heading: Heading):
        super().__init__(text, style)
        self.heading = heading


def _heading(level: int, text: str, key: str, style, toc: bool = True) -> HeadingParagraph:
    return HeadingParagraph(f'<a name="{key}"/>{html.escape(text)}', style, Heading(level, text, key, toc))


def _example_view(book: Book, example_id: str, situation: str, numbers: tuple[str, ...] = ()) -> blocks.ExampleView:
    lang, content = book.lang, book.content
    s = dict(words(lang), lang=lang)
    game = content.game
    text = content.rules[lang]
    example = text.example(example_id)
    state, label = "unchecked", s["unchecked"]
    for result in book.results or []:
        if result.id == example_id and result.lang == lang:
            state, label = ("verified", s["verified_badge"]) if result.passed else ("failed", s["failed"])
    readings = []
    texts = {a.engine_option: {r.id: r.text.get(lang) for r in a.readings} for a in game.ambiguities if a.engine_option}
    source, options = (example.source, example.options) if example else ("", {})
    for name, reading in (example.readings() if example else {}).items():
        said = texts.get(name, {}).get(reading)
        if said:
            readings.append(f"{s['under_reading']}: {said}")
    reader = scenario.Reader(s, lang, thing_names(game, lang), {k: v.get(lang) for k, v in game.site.labels.items()})
    results = "\n".join(scenario.results_markdown(source, reader, scenario.part_labels(options.get("labels", ""))))
    return blocks.ExampleView(
        head=f"{s['example']} \u00b7 {label}",
        situation=situation,
        readings=tuple(readings),
        results=results,
        example_id=example_id,
        state=state,
        pictures=tuple(book.example_pictures.get(example_id, ())),
        situation_numbers=numbers,
    )


def _cover(book: Book, page: rs.Page, st: dict, w: dict) -> list:
    """The cover: title, subtitle, the game's own picture, its facts and version, on one page (the picture
    gets the height the writing leaves, at most half the page)."""
    game, lang = book.content.game, book.lang
    head: list = [Spacer(1, page.frame_height * 0.06), Paragraph(html.escape(game.title.get(lang)), st["cover_title"])]
    if game.subtitle:
        head.append(Paragraph(html.escape(game.subtitle.get(lang)), st["cover_sub"]))
    head += [Spacer(1, 6), Paragraph(html.escape(w["rules"]), st["cover_sub"]), Spacer(1, page.frame_height * 0.04)]
    foot: list = [Spacer(1, page.frame_height * 0.04)]
    facts = []
    s = words(lang)
    facts.append(f"{s['players']}: {players_text(game.players, lang)}")
    if game.age:
        facts.append(f"{s['age']}: {s['age_from'].format(age=game.age)}")
    foot.append(Paragraph(html.escape("  \u00b7  ".join(facts)), st["cover_sub"]))
    if game.author:
        foot.append(Paragraph(html.escape(game.author), st["cover_small"]))
    mark = _provenance_word(game.provenance, lang)
    if mark:
        foot.append(Paragraph(html.escape(mark), st["cover_small"]))
    shown = version_line(game, lang)
    if shown:
        foot += [Spacer(1, 6), Paragraph(html.escape(shown), st["cover_small"])]
    writing = sum(f.wrap(page.frame_width, page.frame_height)[1] for f in head + foot)
    room = min(page.frame_height * 0.5, page.frame_height - writing - 12 * rs.MM)
    pictures = _cover_picture(book.pictures, page.frame_width, room) if book.pictures and room > 0 else []
    return head + pictures + foot


def _cover_picture(paths: list[Path], room_w: float, room_h: float) -> list:
    """The cover's pictures side by side within `room_w` by `room_h` points."""
    gap = 4 * rs.MM
    each_w = (room_w - gap * (len(paths) - 1)) / len(paths)
    images = []
    for path in paths:
        iw, ih = ImageReader(str(path)).getSize()
        scale = min(each_w / iw, room_h / ih)
        images.append(Image(str(path), iw * scale, ih * scale))
    style = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), "Body"),
        ("LEFTPADDING", (0, 0), (-1, -1), gap / 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), gap / 2),
    ]
    return [Table([images], hAlign="CENTER", style=style)]


def version_line(game, lang: str) -> str:
    """ "Version 1.1 · 3 March 2027" ("" when the game gives no version)."""
    if game.version is None:
        return ""
    release = history.current(game)
    shown = book_words(lang)["version"].format(version=game.version)
    return f"{shown} \u00b7 {i18n.long_date(release.date, lang)}" if release else shown


def _changes(book: Book, st: dict, w: dict) -> list:
    """The changelog appendix: every version, newest first, its changes with the sections they touch."""
    game, lang = book.content.game, book.lang
    text = book.content.rules[lang]
    ambiguities = {a.id: a for a in game.ambiguities}
    out: list = [_heading(0, w["changelog"], "changelog", st["h1"])]
    for release in history.releases(game):
        title = f"{w['version'].format(version=release.version)} \u00b7 {i18n.long_date(release.date, lang)}"
        out.append(_heading(1, title, history.release_anchor(release.version), st["h3"], toc=False))
        for index, change in enumerate(release.changes, start=1):
            said = html.escape(" ".join(change.text.get(lang).split()))
            links = []
            for sid in change.sections:
                section = text.section(sid)
                if section is not None:
                    links.append(
                        f'<a href="#s-{sid}" color="{rs.ACCENT}">{html.escape(section.number)} '
                        f"{html.escape(_plain(section.title))}</a>"
                    )
            if links:
                said += f" ({html.escape(w['concerns'])}: {', '.join(links)})"
            said += _changed_things(change, game, lang, linked=release.version == game.version)
            amb = ambiguities.get(change.erratum or "")
            if amb is not None:
                said += (
                    f" \u00b7 <b>{html.escape(words(lang)['erratum'])}:</b> "
                    f'<a href="#amb-{amb.id}" color="{rs.ACCENT}">{html.escape(amb.title.get(lang))}</a>'
                )
            anchor = history.change_anchor(release.version, index)
            out.append(Paragraph(f'<a name="{anchor}"/>{said}', st["item"], bulletText="\u2022"))
    return out


def _changed_things(change, game, lang: str, linked: bool = True) -> str:
    """ " (rules: 4.2, 4.5) (components: Cards)": the rule paragraphs a change touches (`linked` to them: numbers
    of the current text; an earlier release's are of its own text) and its components."""
    s = words(lang)
    said = ""
    if change.paragraphs:
        links = [
            f'<a href="#{numbering.anchor(n)}" color="{rs.ACCENT}">{html.escape(n)}</a>' if linked else html.escape(n)
            for n in change.paragraphs
        ]
        said += f" ({html.escape(s['changed_paragraphs'])}: {', '.join(links)})"
    names = {c.id: c.name.get(lang) for c in game.components}
    shown = [html.escape(names[c]) for c in change.components if c in names]
    if shown:
        said += f" ({html.escape(s['changed_components'])}: {', '.join(shown)})"
    return said


def _glossary(book: Book, st: dict, w: dict) -> list:
    game, lang = book.content.game, book.lang
    out: list = [_heading(0, w["glossary"], "glossary", st["h1"])]
    for term in sorted(game.glossary, key=lambda t: (t.name(lang).lower(), t.id)):
        definition = " ".join(term.definition.get(lang).split())
        out.append(
            Paragraph(
                f'<a name="term-{term.id}"/><b>{html.escape(term.name(lang))}</b> \u2013 {html.escape(definition)}',
                st["term"],
            )
        )
    return out


def _unclear(book: Book, st: dict, w: dict) -> list:
    game, lang = book.content.game, book.lang
    text = book.content.rules[lang]
    out: list = [
        _heading(0, w["unclear_points"], "unclear-points", st["h1"]),
        Paragraph(html.escape(w["unclear_intro"]), st["body"]),
    ]
    concerns = ambiguity_sections(book.content, lang)
    errata = history.marks(game).ambiguities
    for amb in game.ambiguities:
        part = [_heading(1, amb.title.get(lang), f"amb-{amb.id}", st["h3"], toc=False)]
        change = errata.get(amb.id)
        if change is not None:  # an erratum of the current version settles it: marked, linked to the change
            shown = html.escape(words(lang)["changed_in"].format(version=change.version))
            part.append(Paragraph(f'<a href="#{change.anchor}" color="{rs.ACCENT}">{shown}</a>', st["mark"]))
        part.append(Paragraph(html.escape(" ".join(amb.description.get(lang).split())), st["body"]))
        for reading in amb.readings:
            used = reading.id == amb.used
            said = html.escape(" ".join(reading.text.get(lang).split()))
            lead = w["reading_used"] if used else w["reading_other"]
            part.append(
                Paragraph(
                    f"<b>{html.escape(lead)}:</b> {said}" if used else f"<i>{html.escape(lead)}:</i> {said}",
                    st["item"],
                    bulletText="\u2022",
                )
            )
        links = []
        for sid in concerns.get(amb.id, []):
            section = text.section(sid)
            if section is not None:
                links.append(
                    f'<a href="#s-{sid}" color="{rs.ACCENT}">{html.escape(section.number)} {html.escape(_plain(section.title))}</a>'
                )
        if links:
            part.append(Paragraph(f"<i>{html.escape(w['concerns'])}:</i> " + "; ".join(links), st["body"]))
        out.append(KeepTogether(part))
    return out


def _plain(title: str) -> str:
    return strip_term_refs(title)


_PATH = r"(?:[\w.-]+/)*[\w-]+\.(?:txt|md|ya?ml|json|csv)\b"


_FILE_NAME = re.compile(rf"^{_PATH}:\s*|\s*\({_PATH}\)|:\s*{_PATH}(?=,|$)|\s*\({_PATH}\)|(?<=\()\s*{_PATH}\s*(?=\))")


def printed_note(text: str) -> str:
    """A source or provenance note as a book prints it: without the file names it gives in parentheses, after
    a source's name or before its note (a seed's text file, a reference notes file), which tell a player
    nothing. A file named inside a sentence stays (dropping it would break the sentence)."""
    cleaned = _FILE_NAME.sub("", text).replace("()", "")
    cleaned = re.sub(r"^[:;,]\s*", "", cleaned)
    return " ".join(cleaned.split())


def _credits(book: Book, st: dict, w: dict) -> list:
    game, lang = book.content.game, book.lang
    s = words(lang)
    out: list = [_heading(0, w["credits"], "credits", st["h1"])]
    if game.author:
        out.append(Paragraph(f"<b>{html.escape(w['author'])}:</b> {html.escape(game.author)}", st["body"]))
    told = game.origin.get(lang) if game.origin else ""  # the players' words; else the authors' records
    note = printed_note(game.provenance.note) if game.provenance.note and not told else ""
    out.append(
        Paragraph(
            f"<b>{html.escape(s['provenance'])}:</b> {html.escape(s['provenance_' + game.provenance.kind])}"
            + (f" ({html.escape(note)})" if note else ""),
            st["body"],
        )
    )
    if told:
        out.append(Paragraph(html.escape(told), st["body"]))
    elif game.sources:
        out.append(Paragraph(f"<b>{html.escape(s['sources'])}:</b>", st["body"]))
        out += [Paragraph(html.escape(printed_note(src)), st["item"], bulletText="\u2022") for src in game.sources]
    text = book.content.rules[lang]
    marked = []
    for rule in game.rules:
        mark = _provenance_word(rule.provenance, lang)
        section = text.section(rule.id)
        if mark and section is not None:
            marked.append(
                f'<a href="#s-{rule.id}">{html.escape(section.number)} {html.escape(_plain(section.title))}</a>: {html.escape(mark)}'
            )
    for comp in game.components:
        mark = _provenance_word(comp.provenance, lang)
        if mark:
            marked.append(f"{html.escape(comp.name.get(lang))}: {html.escape(mark)}")
    if marked:
        out.append(Paragraph(f"<b>{html.escape(w['marked'])}</b>", st["body"]))
        out += [Paragraph(m, st["item"], bulletText="\u2022") for m in marked]
    out.append(Paragraph(html.escape(w["made_with"]), st["mark"]))
    return out


def _quickref(book: Book, page: rs.Page, st: dict, w: dict) -> list:
    content, lang = book.content, book.lang
    refs = [q for q in content.game.quickrefs if (q.id, lang) in content.quickref_texts]
    if not refs:
        return []
    out: list = [_heading(0, w["quick_reference"], "quick-reference", st["h1"])]
    size = max(rs.MIN_SIZE, page.body - 1)
    engine = EngineProcess(content) if content.game.engine else None  # the templates run in the sandbox
    try:
        for ref in refs:
            text = quickref.sheet_text(content, ref, lang, engine)
            made = quickref.flowables(text, size, page.frame_width, page.frame_height * 0.8, content.folder)
            out += [f for _kind, f in made or []]
    finally:
        if engine is not None:
            engine.close()
    return out


def story(book: Book, page: rs.Page, layout: passes.Passes | None = None) -> list:
    """The flowables of a rulebook on `page`; with the `layout` of a booklet, the notes pages that fill its
    last sheet before the quick reference (`rulepress.draw.passes`)."""
    content, lang = book.content, book.lang
    w = book_words(lang)
    st = rs.styles(page, lang, heading_font(content), content.game.hyphenation.get(lang))
    text = content.rules[lang]
    out: list = _cover(book, page, st, w)
    out += [NextPageTemplate("body"), PageBreak()]
    toc = TableOfContents(
        levelStyles=[st["toc1"], st["toc2"], st["toc3"]],
        dotsMinLevel=0,
        tableStyle=TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), "Body"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        ),
    )
    out += [_heading(0, w["contents"], "contents", st["h1"], toc=False), toc, PageBreak()]
    if text.preamble.strip():
        out += blocks.paragraphs(text.preamble, st, page.frame_width, base="plain")
    by_id = {s.id: s for s in text.sections}
    marks = history.marks(content.game)
    changed = marks.sections
    shown_in = words(lang)["changed_in"]
    changed_rules = {n: (shown_in.format(version=t.version), t.anchor) for n, t in marks.paragraphs.items()}
    for section in text.sections:
        depth, parent = 0, section.parent
        while parent in by_id:
            depth, parent = depth + 1, by_id[parent].parent
        title = f"{section.number}\u2002{_plain(section.title)}"
        if depth == 0:
            out.append(CondPageBreak(page.frame_height * 0.25))
        out.append(_heading(depth, title, f"s-{section.id}", st[f"h{min(depth + 1, 3)}"]))
        mark = next((_provenance_word(r.provenance, lang) for r in content.game.rules if r.id == section.id), "")
        if mark:
            out.append(Paragraph(html.escape(mark), st["mark"]))
        change = changed.get(section.id)
        if change is not None:  # touched by a change of the current version: marked, linked to the change
            shown = html.escape(words(lang)["changed_in"].format(version=change.version))
            out.append(Paragraph(f'<a href="#{change.anchor}" color="{rs.ACCENT}">{shown}</a>', st["mark"]))
        out += blocks.section_flowables(section, st, page.frame_width, partial(_example_view, book), changed_rules)
    if content.game.glossary:
        out += [PageBreak(), *_glossary(book, st, w)]
    if content.game.ambiguities:
        out += [PageBreak(), *_unclear(book, st, w)]
    # the changelog and the credits are short: each follows on the page before when a third of it is left, so
    # the book does not end on a page holding a line or two (a new page for each left a "Changes" page 8 % full)
    if content.game.changelog:
        out += [CondPageBreak(page.frame_height * APPENDIX_ROOM), *_changes(book, st, w)]
    out += [CondPageBreak(page.frame_height * APPENDIX_ROOM), KeepTogether(_credits(book, st, w))]
    if layout is not None and layout.sheet > 1:
        out.append(passes.Padding(layout, lambda: [PageBreak(), NotesPage(w["notes"], st)]))
    reference = _quickref(book, page, st, w)
    if reference:
        out += [PageBreak(), *reference]
    return out


def heading_font(content: GameContent) -> str:
    """The font of the title and headings: the game's first own font (game.yaml `fonts`), else the bundled bold."""
    fonts.register()
    if content.game.fonts:
        names = fonts.register_game_fonts(content.folder, content.game.fonts[:1])
        return next(iter(names.values()))
    return "Body-Bold"


class NotesPage(Flowable):
    """A page for the reader's notes: its title and ruled lines down to the bottom of the frame."""

    def __init__(self, title: str, st: dict):
        super().__init__()
        self.title, self.st = title, st

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height - 1
        return self.width, self.height

    def draw(self):
        c = self.canv
        head = self.st["h1"]
        c.setFont(head.fontName, head.fontSize)
        c.setFillColor(head.textColor)
        c.drawString(0, self.height - head.fontSize, self.title)
        c.setStrokeColor(colors.HexColor("#b8b2a4"))
        c.setLineWidth(0.4)
        y = self.height - head.leading * 2
        while y > 0:
            c.line(0, y, self.width, y)
            y -= 8 * rs.MM


class RulebookDoc(BaseDocTemplate):
    """The book's document on `page`: a cover page and body pages with running heads (the game's title at the
    inner edge, the top section in effect at the outer), page numbers and the version line; each heading and
    numbered rule becomes an outline entry and a named destination, the top levels entries of the contents."""

    def __init__(self, target, page: rs.Page, book: Book):
        fonts.register()
        content, lang = book.content, book.lang
        self.book_title = content.game.title.get(lang)
        self.book_version = version_line(content.game, lang)
        self.book_page = page
        w = book_words(lang)
        super().__init__(
            target,
            pagesize=(page.width, page.height),
            title=f"{self.book_title} \u2013 {w['rules']}",
            author=content.game.author or "",
            subject=w["subject"].format(game=self.book_title),
            creator=CREATOR,
            lang=lang,
            invariant=1,
            pageCompression=1,
            initialFontName=INITIAL_FONT,
            leftMargin=page.inner,
            rightMargin=page.outer,
            topMargin=page.top,
            bottomMargin=page.bottom,
        )
        frame = Frame(
            page.inner,
            page.bottom,
            page.frame_width,
            page.frame_height,
            id="text",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        self.addPageTemplates([PageTemplate("cover", [frame]), PageTemplate("body", [frame], onPageEnd=self.furniture)])
        self.level = 0  # the outline level of the last heading (a rule's entry goes one below it)
        self.carry = ""  # the top section in effect when a page starts
        self.first = ""  # the first top section starting on this page
        self.last = ""

    def beforePage(self):  # noqa: N802 - ReportLab's name
        self.first = ""

    def filterFlowables(self, flowables):  # noqa: N802 - ReportLab's name
        passes.expand(flowables)

    def afterFlowable(self, flowable):  # noqa: N802 - ReportLab's name
        rule = getattr(flowable, "rule", None)
        if rule is not None:  # a numbered rule: an outline entry under its section, at its destination
            self.canv.addOutlineEntry(rule.title, rule.key, self.level + 1, closed=True)
            return
        if not isinstance(flowable, HeadingParagraph):
            return
        heading = flowable.heading
        self.level = heading.level
        c = self.canv
        c.bookmarkPage(heading.key)
        c.addOutlineEntry(heading.text, heading.key, heading.level, closed=heading.level > 0)
        if heading.toc and heading.level < TOC_DEPTH:
            self.notify("TOCEntry", (heading.level, heading.text, self.page, heading.key))
        if heading.level == 0:
            self.first = self.first or heading.text
            self.last = heading.text

    def furniture(self, canvas, doc):
        """The running head, the page number and the version line of a body page."""
        page, title, size = self.book_page, self.book_title, rs.MIN_SIZE + 0.5
        canvas.saveState()
        canvas.setFont("Body", size)
        canvas.setFillColor(colors.HexColor(rs.RULE_COLOUR))
        top = page.height - page.top + 5 * rs.MM
        running = self.first or self.carry
        # the game's title at the inner edge, the section at the outer: the section is shortened first,
        # to no less than half the line, so the two never run into each other
        room = page.width - page.outer - page.inner - 6 * rs.MM
        shown_title = _shortened(title, size, max(room / 2, room - _width(running, size)) if running else room)
        canvas.drawString(page.inner, top, shown_title)
        if running:
            canvas.drawRightString(
                page.width - page.outer, top, _shortened(running, size, room - _width(shown_title, size))
            )
        canvas.setStrokeColor(colors.HexColor(rs.BOX_LINE))
        canvas.setLineWidth(0.4)
        canvas.line(page.inner, top - 2.5, page.width - page.outer, top - 2.5)
        canvas.setFont("Body", size + 0.5)
        canvas.setFillColor(colors.black)
        canvas.drawCentredString(page.inner + page.frame_width / 2, page.bottom - 10 * rs.MM, str(doc.page))
        if self.book_version:
            canvas.setFont("Body", rs.MIN_SIZE)
            canvas.setFillColor(colors.HexColor(rs.RULE_COLOUR))
            canvas.drawRightString(page.width - page.outer, page.bottom - 10 * rs.MM, self.book_version)
        canvas.restoreState()
        self.carry = self.last or self.carry


def render(book: Book, page: rs.Page, sheet: int = 1) -> tuple[bytes, int]:
    """The rulebook's PDF bytes on `page` and its number of pages, padded with notes pages to a multiple of
    `sheet` (`rulepress.draw.passes`)."""
    buffer = io.BytesIO()
    doc = RulebookDoc(buffer, page, book)
    layout = passes.Passes(destinations.NamedCanvas, doc, sheet=sheet)
    doc.multiBuild([layout, *story(book, page, layout)], canvasmaker=layout.canvas)
    return buffer.getvalue(), doc.page


def write_rulebook(book_of, paper: str, target: Path) -> dict:
    data, pages = render(book_of(), rs.PAGES[paper])
    Path(target).write_bytes(data)
    return {"pages": pages}


def write_booklet(book_of, paper: str, target: Path) -> dict:
    book = book_of()
    half = rs.PAGES[rs.BOOKLET_PAGE[paper]]  # half the paper: the booklet prints at 100 %
    data, _pages = render(book, half, sheet=booklet.SHEET)
    w = book_words(book.lang)
    title = book.content.game.title.get(book.lang)
    sides = booklet.impose(
        data,
        (rs.PAGES[paper].width, rs.PAGES[paper].height),
        str(target),
        f"{title} \u2013 {w['rules']} ({w['booklet']})",
        book.content.game.author or "",
        w["subject"].format(game=title),
    )
    return {"pages": sides}


def book(content: GameContent, lang: str, results: list | None, cover: list[Path]) -> Book:
    """The book of `content` in `lang`: the worked examples' `results` with their pictures as flowables, and
    the `cover` pictures (files of the build's outputs)."""
    pictures = {
        r.id: [examplepictures.picture_flowable(content, picture, lang) for picture in r.pictures]
        for r in results or []
        if r.lang == lang and r.pictures and not r.picture_problems
    }
    return Book(content, lang, results, cover, pictures)
