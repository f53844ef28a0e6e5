"""The printed rulebook: manifest entries, the booklet's saddle-stitch order, fonts, sizes, rule numbers."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from rulepress import paths
from rulepress.draw import booklet
from rulepress.model import load_games, numbering

GAME = "xidit"


@pytest.fixture(scope="module")
def built(bundled_build):
    """The bundled games' build, which the suite shares (the rulebooks of every game, language and paper)."""
    return bundled_build[0]


def test_manifest_lists_a_rulebook_and_a_booklet_for_every_game_language_and_paper(bundled_build):
    _out, result = bundled_build
    found = {(e["game"], e["kind"], e["lang"], e["paper"]) for e in result.manifest}
    for content in load_games(paths.BUNDLED_CONTENT, None):
        for lang in content.game.languages:
            for paper in ("a4", "letter"):
                assert (content.id, "rulebook", lang, paper) in found
                assert (content.id, "rulebook-booklet", lang, paper) in found
    entries = [e for e in result.manifest if e["kind"].startswith("rulebook")]
    assert all("play" in e["bundles"] for e in entries)


def test_sheet_order_is_saddle_stitch():
    assert booklet.sheet_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    with pytest.raises(ValueError):
        booklet.sheet_order(6)
    assert [booklet.padding(n) for n in (4, 5, 6, 7)] == [0, 3, 2, 1]


def _footer_number(page, left: bool) -> int | None:
    """The page number printed at the foot of one half of a booklet side: the number-only word nearest the
    middle of that half (the version and its date stand at the outer edge)."""
    middle = page.width * (0.25 if left else 0.75)
    foot = page.crop(
        (0 if left else page.width / 2, page.height * 0.88, page.width / 2 if left else page.width, page.height)
    )
    numbers = [
        w
        for w in foot.extract_words()
        if re.fullmatch(r"\d+", w["text"]) and abs((w["x0"] + w["x1"]) / 2 - middle) < 30
    ]
    return int(numbers[0]["text"]) if numbers else None


def test_booklet_pages_are_a_multiple_of_four_in_saddle_stitch_order(built):
    path = built / GAME / "rulebook-booklet.en.a4.pdf"
    with pdfplumber.open(path) as pdf:
        sides = len(pdf.pages)
        pages = sides * 2
        assert pages % 4 == 0
        assert all(p.width > p.height for p in pdf.pages)  # landscape A4: two A5 pages side by side
        order = booklet.sheet_order(pages)
        for side, (left, right) in zip(pdf.pages, order):
            # the cover (page 1) carries no number; every other page its own
            assert _footer_number(side, True) == (left + 1 if left else None)
            assert _footer_number(side, False) == (right + 1 if right else None)
    text = "\n".join(p.extract_text() or "" for p in PdfReader(path).pages)
    assert "Notes" in text or pages == 4 * (pages // 4)


def test_fonts_are_embedded_and_no_text_is_under_8_pt(built):
    path = built / GAME / "rulebook.de.a4.pdf"
    reader = PdfReader(path)
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            described = descendants[0].get_object() if descendants else font
            descriptor = described.get("/FontDescriptor")
            assert descriptor is not None, font.get("/BaseFont")
            descriptor = descriptor.get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font.get("/BaseFont")
    with pdfplumber.open(path) as pdf:
        sizes = [c["size"] for p in pdf.pages for c in p.chars if c["text"].strip()]
    assert sizes and min(sizes) >= 7.95
    assert reader.metadata.title.startswith("Xidit") or reader.metadata.title
    assert reader.trailer["/Root"].get("/Lang") == "de"
    assert reader.outline  # bookmarks


def test_illustrated_examples_show_their_pictures_as_vectors_with_readable_writing(built):
    content = load_games(paths.BUNDLED_CONTENT, [GAME])[0]
    pictured = [e for e in content.rules["de"].examples if e.pictures]
    assert pictured, "the game has no illustrated example"
    with pdfplumber.open(built / GAME / "rulebook.de.a4.pdf") as pdf:
        for example in pictured:
            caption = example.pictures[0].option("labels")  # the caption under the picture (ids are not printed)
            page = next(p for p in pdf.pages if caption in (p.extract_text() or ""))
            assert example.id not in page.extract_text(), example.id
            assert not page.images  # drawn, not pasted
            # the excerpt's pieces: tile tokens with their names, at a readable size
            tokens = [w for w in page.extract_words(extra_attrs=["size"]) if re.fullmatch(r"t\d+", w["text"])]
            assert tokens and min(w["size"] for w in tokens) >= 7.95, example.id
            assert len(page.rects) + len(page.curves) > 10  # the board excerpt's shapes


@pytest.mark.parametrize("game", ["revolution-1848", "xidit"])
def test_the_credits_page_tells_players_the_origin_in_their_language_not_the_authors_records(built, game):
    content = load_games(paths.BUNDLED_CONTENT, [game])[0]
    for lang in ("de", "en"):
        with pdfplumber.open(built / game / f"rulebook.{lang}.a4.pdf") as pdf:
            text = _unbroken(" ".join(page.extract_text() or "" for page in pdf.pages))
        assert content.game.origin is not None and _unbroken(content.game.origin.get(lang)) in text
        assert "seed" not in text.lower() and _unbroken(content.game.provenance.note) not in text
        assert not any(_unbroken(source) in text for source in content.game.sources)


def _unbroken(text: str) -> str:
    """`text` without spaces, line breaks and hyphens: as comparable before and after hyphenation."""
    return re.sub(r"[\s\-\u00ad]", "", text)


def test_cover_says_where_a_player_count_from_outside_the_seeds_comes_from(built):
    """Xidit's seed gives no player count: the cover prints it with its public source, as the website does."""
    game = next(c.game for c in load_games(paths.BUNDLED_CONTENT, [GAME]))
    assert game.players.provenance.kind == "public"
    for lang, label in (("de", "Spieler"), ("en", "Players")):
        with pdfplumber.open(built / GAME / f"rulebook.{lang}.a4.pdf") as pdf:
            cover = " ".join(pdf.pages[0].extract_text().split())
        public = "öffentlich" if lang == "de" else "public"
        assert f"{label}: 3–5 ({public}: {game.players.provenance.source})" in cover


def test_rule_numbers_in_the_pdf_are_the_sites_anchors(built):
    content = load_games(paths.BUNDLED_CONTENT, [GAME])[0]
    text = content.rules["en"]
    numbers = [n.number for s in text.sections for n in s.numbered]
    assert numbers
    reader = PdfReader(built / GAME / "rulebook.en.a4.pdf")
    assert all(numbering.anchor(n).startswith("r-") for n in numbers)
    body = "\n".join(p.extract_text() or "" for p in reader.pages)
    for section in text.sections:
        assert section.number in body
    for number in numbers:
        assert re.search(rf"(?m)^{re.escape(number)}\b", body), number


def _outline(pdf) -> dict[str, object]:
    """Outline entry title -> its destination, at every depth."""
    found = {}
    with pdf.open_outline() as outline:
        pending = list(outline.root)
        while pending:
            item = pending.pop()
            found[item.title] = item.destination
            pending += list(item.children)
    return found


@pytest.mark.parametrize("name", ["rulebook.{lang}.a4.pdf", "rulebook-booklet.{lang}.a4.pdf"])
def test_every_rule_number_is_a_named_destination_at_its_number_and_an_outline_entry(built, name):
    """`rulebook.en.a4.pdf#r-4-2` opens where rule 4.2 is printed (the site's anchors), in the book and in the
    booklet, and the outline lists every rule under its section."""
    import pikepdf

    content = load_games(paths.BUNDLED_CONTENT, [GAME])[0]
    for lang in content.game.languages:
        numbers = [n.number for s in content.rules[lang].sections for n in s.numbered]
        path = built / GAME / name.format(lang=lang)
        with pikepdf.open(path) as pdf, pdfplumber.open(path) as plumbed:
            pages = {page.obj.objgen: index for index, page in enumerate(pdf.pages)}
            named = {str(key)[1:]: dest for key, dest in pdf.Root.Dests.items()}
            entries = {title.split()[0]: dest for title, dest in _outline(pdf).items()}
            for number in numbers:
                dest = named[numbering.anchor(number)]
                page = plumbed.pages[pages[dest[0].objgen]]
                top = page.height - float(dest[3])  # the destination's top, from the page's top
                printed = [w for w in page.extract_words() if w["text"] == number]
                assert any(-2 <= w["top"] - top <= 14 for w in printed), (path.name, number, top, printed)
                assert list(entries[number]) == list(dest), (path.name, number)
        assert len(numbers) >= 10


def test_the_bundled_release_marks_each_paragraph_it_changed_at_the_paragraph(built):
    """The game's own 1.1 (its changelog names rule paragraphs): each is marked where its number stands."""
    import pikepdf

    from rulepress.model import history

    content = load_games(paths.BUNDLED_CONTENT, [GAME])[0]
    changed = history.marks(content.game).paragraphs
    assert content.game.version == "1.1" and len(changed) >= 3
    path = built / GAME / "rulebook.en.a4.pdf"
    with pikepdf.open(path) as pdf, pdfplumber.open(path) as plumbed:
        pages = {page.obj.objgen: index for index, page in enumerate(pdf.pages)}
        named = {str(key)[1:]: dest for key, dest in pdf.Root.Dests.items()}
        marked = set()
        for number in sorted(
            set(named)
            & {numbering.anchor(n) for n in [n.number for s in content.rules["en"].sections for n in s.numbered]}
        ):
            dest = named[number]
            page = plumbed.pages[pages[dest[0].objgen]]
            top = page.height - float(dest[3])
            line = [w["text"] for w in page.extract_words() if -2 <= w["top"] - top <= 10]
            if "[changed" in line:
                marked.add(number)
    assert marked == {numbering.anchor(n) for n in changed}


def test_content_of_an_earlier_release_makes_a_rulebook():
    """A game written for an earlier release (no version, no changelog) still gets its whole rulebook."""
    from rulepress.render import rulebook_doc
    from rulepress.render import rulebook_style as rs

    folder = Path(__file__).parents[1] / "data" / "earlier-releases" / "2026-11-22"
    content = load_games(folder, ["revolution-1848"])[0]
    assert content.game.version is None
    data, pages = rulebook_doc.render(rulebook_doc.Book(content, "de"), rs.PAGES["a5"])
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == pages
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
        assert min(c["size"] for p in pdf.pages for c in p.chars if c["text"].strip()) >= 7.95
    sections = content.rules["de"].sections
    assert all(s.number in text for s in sections)
    assert "Inhalt" in text and "Unklare Stellen" in text and "Version" not in text.split("Inhalt")[0]


def test_impose_places_pages_in_saddle_stitch_order_with_the_same_bytes_every_time(tmp_path):
    from rulepress.draw.pdf import Meta, new_canvas
    from rulepress.layout.paper import MM

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (148 * MM, 210 * MM), Meta("eight"))
    for number in range(1, 9):
        canvas.setFont("Body", 30)
        canvas.drawCentredString(74 * MM, 100 * MM, f"P{number}")
        canvas.showPage()
    canvas.save()
    made = []
    for run in range(2):
        target = tmp_path / f"booklet{run}.pdf"
        assert booklet.impose(buffer.getvalue(), (216 * MM, 279 * MM), str(target), "t", "a", "s") == 4
        made.append(target.read_bytes())
    assert made[0] == made[1]
    with pdfplumber.open(io.BytesIO(made[0])) as pdf:
        halves = [
            [
                (page.crop((0, 0, page.width / 2, page.height)).extract_text() or "").strip(),
                (page.crop((page.width / 2, 0, page.width, page.height)).extract_text() or "").strip(),
            ]
            for page in pdf.pages
        ]
    assert halves == [["P8", "P1"], ["P2", "P7"], ["P6", "P3"], ["P4", "P5"]]


def _body_lines(page, size: float) -> list[tuple[float, float, float]]:
    """(top, left, right) of each line of a page set in the body size, top to bottom (headings, boxes and
    tables are set in other sizes or bold)."""
    rows: dict[float, tuple[float, float]] = {}
    for c in page.chars:
        if abs(c["size"] - size) < 0.05 and c["text"].strip() and "Bold" not in c["fontname"]:
            left, right = rows.get(round(c["top"]), (c["x0"], c["x1"]))
            rows[round(c["top"])] = (min(left, c["x0"]), max(right, c["x1"]))
    return [(top, *rows[top]) for top in sorted(rows)]


def _widows_and_orphans(data: bytes) -> list[tuple[str, int]]:
    """(kind, page) of each paragraph split that leaves one line alone: an orphan is a page's last line that
    starts a paragraph (a paragraph gap above it) and runs on (it is set to the full measure); a widow is a
    page's first line that ends a paragraph (a gap below it) run on from a full last line of the page before."""
    from collections import Counter

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        size = Counter(round(c["size"], 2) for p in pdf.pages for c in p.chars if c["text"].strip()).most_common(1)
        pages = [_body_lines(p, size[0][0]) for p in pdf.pages]
    right = max(line[2] for lines in pages for line in lines)
    steps = Counter(round(b[0] - a[0], 1) for lines in pages for a, b in zip(lines, lines[1:], strict=False))
    gap = steps.most_common(1)[0][0] * 1.3  # more than the leading: a paragraph's space after

    def full(line) -> bool:
        return line[2] > right - 1.5

    found = []
    for n, lines in enumerate(pages):
        if len(lines) < 2:
            continue
        if lines[-1][0] - lines[-2][0] > gap and full(lines[-1]) and n + 1 < len(pages) and pages[n + 1]:
            found.append(("orphan", n + 1))
        if lines[1][0] - lines[0][0] > gap and not full(lines[0]) and n > 0 and pages[n - 1] and full(pages[n - 1][-1]):
            found.append(("widow", n + 1))
    return found


def _filled(page) -> float:
    """How much of the page's height between the running head and the foot its text reaches (0 to 1)."""
    head, foot = 60.0, page.height - 55.0
    tops = [c["bottom"] for c in page.chars if c["text"].strip() and head < c["top"] < foot]
    return (max(tops) - head) / (foot - head) if tops else 0.0


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_risk_book_has_no_widow_orphan_or_near_empty_page(built, lang):
    data = (built / "risk" / f"rulebook.{lang}.a4.pdf").read_bytes()
    assert _widows_and_orphans(data) == []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        filled = [_filled(p) for p in pdf.pages[2:-1]]  # after the cover and the contents, before the back cover
        pages = len(pdf.pages)
    assert min(filled) >= 0.15, [f"page {n + 3}: {f:.0%}" for n, f in enumerate(filled) if f < 0.15]
    assert len(filled) == pages - 3


def test_a_paragraph_split_that_leaves_one_line_is_seen_and_the_styles_allow_none(tmp_path, monkeypatch):
    """On a book of long plain paragraphs the styles of the rulebook split none so that one line is left
    alone, and the same book with widows and orphans allowed has one (the check above sees it)."""
    from rulepress.render import rulebook_doc
    from rulepress.render import rulebook_style as rs
    from rulepress.scaffold import new_game

    folder = new_game("long", tmp_path / "content")
    words = "Each player moves a piece along the track and the first to reach the goal wins the game".split()
    paras = [" ".join(words[(i + j) % len(words)] for j in range(25 + (i * 37) % 90)) + "." for i in range(60)]
    rules = (folder / "rules.en.md").read_text()
    goal = "The first to reach the goal wins."
    (folder / "rules.en.md").write_text(rules.replace(goal, goal + "\n\n" + "\n\n".join(paras)))
    content = load_games(tmp_path / "content", ["long"])[0]
    data, _ = rulebook_doc.render(rulebook_doc.Book(content, "en"), rs.PAGES["a4"])
    assert _widows_and_orphans(data) == []
    made = rs.styles

    def loose(*args, **kwargs):
        styles = made(*args, **kwargs)
        for style in styles.values():
            style.allowWidows, style.allowOrphans = 1, 1
        return styles

    monkeypatch.setattr(rs, "styles", loose)
    data, _ = rulebook_doc.render(rulebook_doc.Book(content, "en"), rs.PAGES["a4"])
    assert _widows_and_orphans(data)


def test_a_rulebook_built_alone_is_the_one_a_whole_build_makes(bundled_build, tmp_path):
    # `--only rulebook`: the board's picture the cover shows is not planned now; the earlier build's file is
    # used (it was missing, and the book came out without its cover picture)
    import json
    import shutil

    from rulepress.build import BuildOptions, build

    out, _ = bundled_build
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    (tmp_path / "xidit").mkdir()
    shutil.copy(out / "manifest.json", tmp_path / "manifest.json")
    for entry in manifest:
        if entry["game"] == "xidit" and entry["kind"] == "board-png":
            shutil.copy(out / entry["path"], tmp_path / entry["path"])
    build(BuildOptions(out=tmp_path, games=["xidit"], kinds=("rulebook",), papers=("a4",), force=True))
    again = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    books = {e["path"]: e["sha256"] for e in again if e["game"] == "xidit" and e["kind"].startswith("rulebook")}
    whole = {e["path"]: e["sha256"] for e in manifest if e["path"] in books}
    assert len(books) == 4 and books == whole
