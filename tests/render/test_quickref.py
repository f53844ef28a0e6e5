"""Quick-reference sheets: n-up panels with identical text, cut/fold lines, real tables,
engine-computed odds, shrink-to-fit and the error for text that does not fit."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest

from rulepress import paths
from rulepress.build import BuildOptions, build
from rulepress.draw import panels
from rulepress.errors import ContentError, RulepressError
from rulepress.layout.nup import impose
from rulepress.layout.paper import MM, PAPERS
from rulepress.model import load_game
from rulepress.model.engine import load_engine
from rulepress.options import QuickrefOptions
from rulepress.render import quickref
from rulepress.scaffold import new_game
from rulepress.text.template import format_percent

FIXTURE = Path(__file__).parent.parent / "data" / "examples"


def fixture_copy(tmp_path) -> Path:
    shutil.copytree(FIXTURE / "dice-duel", tmp_path / "games" / "dice-duel")
    return tmp_path / "games" / "dice-duel"


def write(content, tmp_path, papers=("a4",)) -> dict[str, Path]:
    """Plan and write every quickref artifact; path in the output -> written file."""
    written = {}
    for artifact in quickref.plan(content, QuickrefOptions(papers=papers)):
        target = tmp_path / "out" / artifact.path
        target.parent.mkdir(parents=True, exist_ok=True)
        assert artifact.write(target) == {"pages": 1}
        assert artifact.kind == "quickref" and artifact.game == content.id
        written[artifact.path] = target
    return written


def panel_texts(pdf_path: Path, ref, paper: str) -> list[str]:
    page_size = PAPERS[paper].oriented(ref.orientation)
    sheet = impose(page_size.width, page_size.height, ref.panel.width, ref.panel.height, ref.n_up, fold=ref.fold)
    with pdfplumber.open(pdf_path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert (page.width, page.height) == pytest.approx((page_size.width * MM, page_size.height * MM), abs=0.01)
        return [page.crop((p.x * MM, p.y * MM, p.right * MM, p.bottom * MM)).extract_text() for p in sheet.panels]


@pytest.fixture(scope="module")
def dice_sheets(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("dice")
    content = load_game(fixture_copy(tmp))
    return content, write(content, tmp, papers=("a4", "letter"))


def test_one_pdf_per_quickref_language_and_paper(dice_sheets):
    _, written = dice_sheets
    assert sorted(written) == sorted(
        f"dice-duel/quickref-{q}.{lang}.{paper}.pdf"
        for q in ("odds", "leaflet")
        for lang in ("de", "en")
        for paper in ("a4", "letter")
    )


@pytest.mark.parametrize("lang, paper", [("de", "a4"), ("en", "letter")])
def test_every_panel_carries_the_identical_text(dice_sheets, lang, paper):
    content, written = dice_sheets
    ref = content.game.quickrefs[0]
    texts = panel_texts(written[f"dice-duel/quickref-odds.{lang}.{paper}.pdf"], ref, paper)
    assert len(texts) == ref.n_up == 2
    assert texts[0] and all(t == texts[0] for t in texts)
    assert texts[0].startswith("Würfelduell – Chancen" if lang == "de" else "Dice Duel – odds")


def test_cut_lines_lie_on_the_panel_grid(dice_sheets):
    content, written = dice_sheets
    ref = content.game.quickrefs[0]
    page_size = PAPERS["a4"].oriented("landscape")
    sheet = impose(page_size.width, page_size.height, ref.panel.width, ref.panel.height, ref.n_up)
    with pdfplumber.open(written["dice-duel/quickref-odds.en.a4.pdf"]) as pdf:
        page = pdf.pages[0]
        cuts = {
            (round(l["x0"] / MM, 1), round(l["top"] / MM, 1), round(l["x1"] / MM, 1), round(l["bottom"] / MM, 1))
            for l in page.lines
            if l["linewidth"] == pytest.approx(quickref.CUT_WIDTH) and not l["dash"]
        }
    expected = {
        (round(min(l.x1, l.x2), 1), round(min(l.y1, l.y2), 1), round(max(l.x1, l.x2), 1), round(max(l.y1, l.y2), 1))
        for l in sheet.cuts
    }
    assert cuts == expected and len(cuts) == 3 + 2  # 3 vertical, 2 horizontal for 2 x 1 panels


def test_odds_table_is_a_real_table_with_the_engine_values(dice_sheets):
    content, written = dice_sheets
    engine = load_engine(content)
    ref = content.game.quickrefs[0]
    sheet = impose(297, 210, ref.panel.width, ref.panel.height, ref.n_up)
    panel = sheet.panels[1]
    with pdfplumber.open(written["dice-duel/quickref-odds.de.a4.pdf"]) as pdf:
        tables = pdf.pages[0].crop((panel.x * MM, panel.y * MM, panel.right * MM, panel.bottom * MM)).find_tables()
        rows = tables[0].extract()
    assert rows[0] == ["Angriff", "Verteidigung", "0 : 1", "1 : 0"]
    assert len(rows) == 5
    for a, d, win, loss in rows[1:]:
        odds = engine.duel_odds(int(a), int(d))
        # (the no-break space Babel writes before "%" comes out of the PDF as a space)
        assert win == format_percent(odds.get((0, 1), 0), "de").replace("\u00a0", " ")
        assert loss == format_percent(odds.get((1, 0), 0), "de", 2).replace("\u00a0", " ")
    assert rows[1][2:] == ["41,7 %", "58,33 %"]  # 15/36 and 21/36


def test_folded_sheet_flows_the_text_through_its_panels_with_fold_lines(dice_sheets):
    content, written = dice_sheets
    ref = content.game.quickrefs[1]
    path = written["dice-duel/quickref-leaflet.en.a4.pdf"]
    texts = panel_texts(path, ref, "a4")
    assert texts[0].startswith("Dice Duel leaflet") and "First part" in texts[0]
    assert "Third part" not in texts[0] and "Third part" in "".join(texts[1:])
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        folds = [l for l in page.lines if l["dash"]]
        cuts = [l for l in page.lines if not l["dash"] and l["linewidth"] == pytest.approx(quickref.CUT_WIDTH)]
    assert len(folds) == 2 and len(cuts) == 4


def test_same_input_gives_the_same_bytes(tmp_path, dice_sheets):
    content, written = dice_sheets
    again = write(content, tmp_path)
    for path, file in again.items():
        assert file.read_bytes() == written[path].read_bytes(), path


def test_text_is_shrunk_before_it_fails_and_too_long_text_is_an_error_naming_the_sheet(tmp_path):
    folder = new_game("demo", tmp_path / "games", table=False)
    item = "- Eine ziemlich lange Zeile Kurzregel, die mehrfach wiederholt wird, damit es eng wird.\n"
    (folder / "quickref.de.md").write_text("# Kurzregeln\n\n" + item * 20, encoding="utf-8")
    content = load_game(folder)
    ref = content.game.quickrefs[0]
    fitted = panels.fit(panels.sheet_text(content, ref, "de", None), ref, 1)
    assert ref.min_font_size <= fitted.size < ref.font_size
    written = write(content, tmp_path)
    texts = panel_texts(written["demo/quickref-short.de.a4.pdf"], ref, "a4")
    assert all(t.count("wiederholt") == 20 for t in texts), "never clipped"

    out = tmp_path / "out"
    options = BuildOptions(content=tmp_path / "games", out=out, papers=("a4",), kinds=("quickref",))
    (folder / "quickref.de.md").write_text("# Kurzregeln\n\n" + item * 20, encoding="utf-8")
    build(options)
    good = (out / "demo" / "quickref-short.de.a4.pdf").read_bytes()
    (folder / "quickref.de.md").write_text("# Kurzregeln\n\n" + item * 24, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        build(options)
    assert (out / "demo" / "quickref-short.de.a4.pdf").read_bytes() == good, "the good sheet stays"
    problem = err.value.problem
    assert problem.path.endswith("quickref.de.md") and problem.key == "quickrefs.0"
    assert "quick reference demo/short (de) does not fit its 95 x 130 mm panel even at 6 pt" in problem.message


def test_panels_that_do_not_fit_the_paper_are_an_error(tmp_path):
    folder = new_game("demo", tmp_path / "games", table=False)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("n_up: 4", "n_up: 6"))
    with pytest.raises(ContentError, match=r"demo/short \(de\): 6 panels of 95 x 130 mm do not fit"):
        quickref.plan(load_game(folder), QuickrefOptions(papers=("a4",)))


def test_template_error_points_at_the_quickref_line(tmp_path):
    folder = new_game("demo", tmp_path / "games", table=False)
    (folder / "quickref.en.md").write_text("# Short\n\n{{ engine.no_such_rule(1) }}\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        quickref.plan(load_game(folder), QuickrefOptions(papers=("a4",)))
    assert err.value.problem.path.endswith("quickref.en.md") and err.value.problem.line == 3


def test_a_changed_engine_result_rebuilds_only_the_sheet_that_shows_it(tmp_path):
    folder = fixture_copy(tmp_path)
    options = BuildOptions(content=folder.parent, out=tmp_path / "out", papers=("a4",), kinds=("quickref",))
    first = build(options)
    assert len(first.built) == 4
    engine = folder / "engine.py"
    engine.write_text(engine.read_text().replace("SIDES = 6", "SIDES = 8"))
    second = build(options)
    assert sorted(second.built) == ["dice-duel/quickref-odds.de.a4.pdf", "dice-duel/quickref-odds.en.a4.pdf"]


DICE = re.compile(r"^\s*([1-3])\s*(?::|vs\.?|x|×)?\s*([1-2])\s*$")


def odds_rows(pdf_path: Path, ref, paper: str) -> dict[tuple[int, int], list[str]]:
    """(attack dice, defence dice) -> the percentages printed in that row of a table on each panel."""
    page_size = PAPERS[paper].oriented(ref.orientation)
    sheet = impose(page_size.width, page_size.height, ref.panel.width, ref.panel.height, ref.n_up)
    found = []
    with pdfplumber.open(pdf_path) as pdf:
        for p in sheet.panels:
            rows = {}
            for table in pdf.pages[0].crop((p.x * MM, p.y * MM, p.right * MM, p.bottom * MM)).find_tables():
                for row in table.extract():
                    match = DICE.match(row[0] or "")
                    if match:
                        rows[(int(match.group(1)), int(match.group(2)))] = [
                            c.replace("\u00a0", " ") for c in row[1:] if c and "%" in c
                        ]
            found.append(rows)
    assert all(rows == found[0] for rows in found), "every panel shows the same odds"
    return found[0]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_risk_sheet_prints_the_engine_battle_odds(tmp_path, lang):
    content = load_game(paths.BUNDLED_CONTENT / "risk")
    engine = load_engine(content)
    written = write(content, tmp_path)
    for ref in content.game.quickrefs:
        rows = odds_rows(written[f"risk/quickref-{ref.id}.{lang}.a4.pdf"], ref, "a4")
        if not rows:
            continue
        assert set(rows) == {(a, d) for a in (1, 2, 3) for d in (1, 2)}, "every dice combination"
        for (a, d), printed in rows.items():
            odds = engine.battle_odds(a, d)
            shown = [
                sorted(format_percent(p, lang, digits).replace("\u00a0", " ") for p in odds.values())
                for digits in (0, 1, 2)
            ]  # (a no-break space comes out of the PDF as a space)
            assert sorted(printed) in shown, (a, d, printed, shown)
        return
    pytest.fail("no quick reference of risk prints a table of battle odds")


def _panel_fill(pdf_path: Path, ref, paper: str) -> list[tuple[float, float]]:
    """Per panel: (smallest font size in pt, mm between the lowest character and the panel's text bottom)."""
    page_size = PAPERS[paper].oriented(ref.orientation)
    sheet = impose(page_size.width, page_size.height, ref.panel.width, ref.panel.height, ref.n_up, fold=ref.fold)
    result = []
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        for p in sheet.panels:
            chars = page.crop((p.x * MM, p.y * MM, p.right * MM, p.bottom * MM)).chars
            lowest = max(c["bottom"] for c in chars) / MM
            result.append((min(c["size"] for c in chars), p.bottom - panels.PADDING - lowest))
    return result


@pytest.mark.parametrize(
    "game, sheet, lang",
    [
        ("anti-monopoly-3", "short-rules", "de"),
        ("anti-monopoly-3", "short-rules", "en"),
        ("xidit", "city-tiles", "de"),
        ("risk", "summary", "en"),
    ],
)
def test_bundled_quick_references_fill_their_panels(bundled_build, game, sheet, lang):
    out, _ = bundled_build
    content = load_game(paths.BUNDLED_CONTENT / game)
    ref = next(q for q in content.game.quickrefs if q.id == sheet)
    for size, gap in _panel_fill(out / game / f"quickref-{sheet}.{lang}.a4.pdf", ref, "a4"):
        assert size > ref.font_size or size > ref.min_font_size + 0.3  # grown, or at least not shrunk to the floor
        assert -0.3 <= gap < 2.5, gap  # the text reaches (nearly) the bottom of the panel (descenders may touch it)
    if game == "anti-monopoly-3" and lang == "de":
        assert size > 5.5  # the sheet that used to print 5.5 pt with 14 mm left empty


def test_short_text_grows_to_the_largest_size_that_fits(tmp_path):
    folder = new_game("demo", tmp_path / "games", table=False)
    (folder / "quickref.de.md").write_text("# Kurz\n\n- eins\n- zwei\n\nEin Satz.\n", encoding="utf-8")
    content = load_game(folder)
    ref = content.game.quickrefs[0]
    fitted = panels.fit(panels.sheet_text(content, ref, "de", None), ref, 1)
    assert fitted.size == pytest.approx(panels.size_range(ref)[1])  # capped by max_font_size (2 x font_size)
    bigger = ref.model_copy(update={"max_font_size": 80})
    grown = panels.fit(panels.sheet_text(content, ref, "de", None), bigger, 1)
    assert 2 * ref.font_size < grown.size < 80
    wider = panels.flowables(
        panels.sheet_text(content, ref, "de", None),
        grown.size + panels.STEP,
        (ref.panel.width - 2 * panels.PADDING) * MM,
    )
    height = (ref.panel.height - 2 * panels.PADDING) * MM
    used = sum(b + h for _, _, b, h in panels._measure(wider, (ref.panel.width - 8) * MM, height)) if wider else 1e9
    assert wider is None or used > height  # one step more would not fit


def test_list_items_carry_one_marker(tmp_path):
    folder = new_game("demo", tmp_path / "games", table=False)
    (folder / "quickref.de.md").write_text(
        "# Fälle\n\n- a) erster Fall\n- b) zweiter Fall\n- ohne eigenes Zeichen\n\n1. (i) nummeriert\n",
        encoding="utf-8",
    )
    content = load_game(folder)
    written = write(content, tmp_path)
    text = panel_texts(written["demo/quickref-short.de.a4.pdf"], content.game.quickrefs[0], "a4")[0]
    assert "a) erster Fall" in text and "b) zweiter Fall" in text and "(i) nummeriert" in text
    assert "\u2022 a)" not in text and "\u2022a)" not in text and "1. (i)" not in text
    assert "\u2022 ohne eigenes Zeichen" in text or "\u2022ohne eigenes Zeichen" in text


def test_pictures_and_icons_in_a_quick_reference(tmp_path):
    from PIL import Image

    folder = new_game("demo", tmp_path / "games", table=False)
    Image.new("RGB", (400, 200), (200, 30, 30)).save(folder / "map.png")
    Image.new("RGB", (64, 64), (30, 30, 200)).save(folder / "die.png")
    (folder / "quickref.de.md").write_text(
        "# Bilder\n\n![Karte](map.png)\n\nWürfle ![W](die.png) und nimm :star: um 10:30: Uhr.\n", encoding="utf-8"
    )
    content = load_game(folder)
    written = write(content, tmp_path)
    ref = content.game.quickrefs[0]
    page_size = PAPERS["a4"].oriented(ref.orientation)
    sheet = impose(page_size.width, page_size.height, ref.panel.width, ref.panel.height, ref.n_up)
    with pdfplumber.open(written["demo/quickref-short.de.a4.pdf"]) as pdf:
        page = pdf.pages[0]
        images = page.images
        text = page.extract_text()
    assert "\u2605" in text and "10:30:" in text  # the icon glyph; a time is no icon
    assert len(images) == 2 * ref.n_up
    panel = sheet.panels[0]
    big = [i for i in images if i["x0"] / MM < panel.right and i["top"] / MM < panel.bottom and i["width"] > 100]
    assert len(big) == 1
    width_mm = big[0]["width"] / MM
    assert width_mm == pytest.approx(ref.panel.width - 2 * panels.PADDING, abs=0.05)  # the panel's text width
    assert big[0]["height"] / big[0]["width"] == pytest.approx(0.5, abs=0.01)  # aspect kept
    small = [i for i in images if i["width"] < 100][0]
    assert small["height"] == pytest.approx(small["width"], abs=0.01)


@pytest.mark.parametrize(
    "text, message",
    [
        ("![x](missing.png)", "picture missing.png: no such file in the game folder"),
        ("Nimm :moon:.", "unknown icon :moon:"),
    ],
)
def test_bad_pictures_and_icons_are_errors_naming_the_sheet(tmp_path, text, message):
    folder = new_game("demo", tmp_path / "games", table=False)
    (folder / "quickref.de.md").write_text(f"# X\n\n{text}\n", encoding="utf-8")
    with pytest.raises(ContentError, match=re.escape(message)):
        write(load_game(folder), tmp_path)


def test_text_closer_than_5_mm_to_the_paper_edge_is_an_error(tmp_path):
    folder = new_game("demo", tmp_path / "games", table=False)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text().replace("panel: {width: 95, height: 130}", "panel: {width: 105, height: 146}")
    )
    with pytest.raises(ContentError, match=r"demo/short \(de\): on a4 portrait its text would come 4.0 mm close"):
        quickref.plan(load_game(folder), QuickrefOptions(papers=("a4",)))


def _fonts_of(pdf_path: Path) -> dict[str, set[str]]:
    """Font name -> the characters drawn in it."""
    found: dict[str, set[str]] = {}
    with pdfplumber.open(pdf_path) as pdf:
        for ch in pdf.pages[0].chars:
            found.setdefault(ch["fontname"].split("+")[-1], set()).add(ch["text"])
    return found


def test_a_quick_reference_takes_every_icon_cards_take(tmp_path):
    """A bundled SVG icon, the game's own SVG icon and an alias of layouts/icons.yaml are drawn in the icon
    font (not printed as their names), as on the cards."""
    folder = new_game("demo", tmp_path / "games", table=False)
    (folder / "icons").mkdir()
    (folder / "icons" / "lighthouse.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M200 40h112l40 432H160z"/></svg>',
        encoding="utf-8",
    )
    (folder / "layouts" / "icons.yaml").write_text("deal: shaking-hands\n", encoding="utf-8")
    (folder / "quickref.de.md").write_text(
        "# Symbole\n\n:shaking-hands: Handel, :lighthouse: Leuchtturm, :deal: Wettkarten.\n\n"
        "| Symbol | Bedeutung |\n|---|---|\n| :deal: | Handel |\n",
        encoding="utf-8",
    )
    content = load_game(folder)
    written = write(content, tmp_path)
    pdf = written["demo/quickref-short.de.a4.pdf"]
    fonts_used = _fonts_of(pdf)
    icon_fonts = [name for name in fonts_used if name.startswith("Icons")]
    assert len(icon_fonts) == 1
    assert len(fonts_used[icon_fonts[0]]) == 2  # shaking-hands (also through the alias) and lighthouse
    with pdfplumber.open(pdf) as doc:
        text = doc.pages[0].extract_text()
    assert "shaking-hands" not in text and "lighthouse" not in text and "deal" not in text
    assert "Wettkarten" in text


def test_an_unknown_icon_in_a_quick_reference_is_an_error_at_its_line_listing_the_icons(tmp_path):
    folder = new_game("demo", tmp_path / "games", table=False)
    (folder / "quickref.de.md").write_text("# X\n\nZeile zwei.\n\nNimm :lighthouse: jetzt.\n", encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        write(load_game(folder), tmp_path)
    problem = exc.value.problem
    assert (Path(problem.path).name, problem.line, problem.col) == ("quickref.de.md", 5, 6)
    assert "unknown icon :lighthouse:" in problem.message and "shaking-hands" in problem.message


def test_an_alias_that_names_no_icon_is_an_error_at_its_line_in_icons_yaml(tmp_path):
    from rulepress.options import CardOptions
    from rulepress.render import cards

    folder = new_game("demo", tmp_path / "games", table=False)
    (folder / "layouts" / "icons.yaml").write_text(
        "# aliases\nboat: sailboat\ndeal: nonexistent-icon\n", encoding="utf-8"
    )
    problems = cards.check(load_game(folder), CardOptions(papers=("a4",)))
    (problem,) = [p for p in problems if Path(p.path).name == "icons.yaml"]
    assert problem.line == 2 and "'sailboat'" in problem.message
    assert "shaking-hands" in problem.message  # the names that exist


def test_a_two_sided_panel_runs_its_text_from_the_front_onto_the_back_turned_over_the_long_edge(tmp_path):
    folder = new_game("demo", tmp_path / "games", table=False)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text().replace("    n_up: 4\n", "    n_up: 4\n    sides: 2\n    max_font_size: 9\n", 1),
        encoding="utf-8",
    )
    body = "\n\n".join(f"**Rule {n}:** " + "a rule for the table that a player looks up. " * 4 for n in range(1, 15))
    (folder / "quickref.en.md").write_text(f"# Short rules\n\n{body}\n\n**Last rule:** the end.\n", encoding="utf-8")
    content = load_game(folder)
    ref = content.game.quickrefs[0]
    (artifact,) = [a for a in quickref.plan(content, QuickrefOptions(papers=("a4",))) if a.lang == "en"]
    target = tmp_path / "sheet.pdf"
    assert artifact.write(target) == {"pages": 2}
    page_size = PAPERS["a4"].oriented(ref.orientation)
    sheet = impose(page_size.width, page_size.height, ref.panel.width, ref.panel.height, ref.n_up)
    with pdfplumber.open(target) as pdf:
        front, back = pdf.pages
        assert pdf.doc.catalog["ViewerPreferences"].resolve()["Duplex"].name == "DuplexFlipLongEdge"
        for p in sheet.panels:
            turned = (page_size.width - p.right, p.y, page_size.width - p.x, p.bottom)  # mirrored across the page
            front_text = front.crop((p.x * MM, p.y * MM, p.right * MM, p.bottom * MM)).extract_text()
            back_text = back.crop(tuple(v * MM for v in turned)).extract_text()
            assert front_text.startswith("Short rules") and "Rule 1:" in front_text and "Last rule" not in front_text
            assert "Last rule: the end." in back_text and "Rule 1:" not in back_text
        assert not [line for line in back.lines]  # cut lines on the front only
        assert "back of the first page" in back.extract_text()
    bad = game_yaml.read_text().replace("    sides: 2\n", "    sides: 2\n    fold: true\n")
    game_yaml.write_text(bad, encoding="utf-8")
    with pytest.raises(RulepressError, match=r"game.yaml:\d+:\d+: quickrefs.0.sides: a folded sheet"):
        load_game(folder)


@pytest.mark.parametrize(("lead", "moves"), [("Scoring a round:", True), ("Scoring ends the round.", False)])
def test_a_paragraph_ending_in_a_colon_keeps_with_the_block_it_introduces(lead, moves):
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    style = ParagraphStyle("body", fontName="Helvetica", fontSize=9, leading=11)
    blocks = [
        ("p", Paragraph("Long rule text", style)),
        ("p", Paragraph(lead, style)),
        ("ol", Paragraph("1. x", style)),
    ]
    heights = [80.0, 11.0, 30.0]  # the lead-in fits under the first block, the list does not
    measured = [(kind, flowable, 0.0, h) for (kind, flowable), h in zip(blocks, heights, strict=True)]
    columns = panels._paginate(measured, 100.0, 2)
    assert columns is not None
    first = [f.getPlainText() for f, _, _ in columns[0]]
    assert first == (["Long rule text"] if moves else ["Long rule text", lead])


# The seed's Kurzfassung, point by point, as the short rules of anti-monopoly-3 word it in each language.
KURZFASSUNG = {
    "de": [
        "Eine 1 gewürfelt: 1 Feld ziehen oder neu würfeln",
        "X deckt eine Kooperationskarte auf, Y soll den gleichen Wert zeigen",
        "Y hat keine: X 1 zurück, zahlt den Kartenwert, Bombe +2",
        "Y zeigt sie: beide 2 vor, beide +2 Mio., Bombe −1",
        "Y verweigert: X 2 zurück, Y 1–3 vor und erhält Kartenwert +2 Mio., Bombe +3",
        "kassieren (2 × Summe; Bombe +1 auf Gelb 10, +2 auf Blau 8 / Rot 10)",
        "Anklage-Chip zum Preis kaufen",
        "nichts tun, wenn das Geld nicht reicht",
        "Alle 3 Punkte belegt: noch ein Zug",
        "Verhandlungsfeld nur genau",
        "X wählt einen beliebigen Y, der bis 3× würfelt",
        "zieht X seinen eigenen Wurf weiter und Bombe +1",
        "Wer auf dem Verhandlungsfeld landet, würfelt sofort noch einmal: 1–2 Bombe +2; 3–6 so viele Mio., Bombe −1",
        "Bombe auf Rot (G), nur einmal",
        "Der Führende wählt einen Y und nennt 1–5; Y zeigt den Wert: Bombe −5, Y 5–7 vor",
        "Zahlung nicht voll möglich: Bombe +1 – außer andere zahlen",
        "Statt zu ziehen Anklage erheben (nicht auf schraffierten Feldern)",
        "zurück auf Grün 1, Bombe +1",
        "beliebig viele Anklagen zum doppelten Preis",
        "Zahlungshilfe",
        "Genau auf Weltfrieden",
        "3 Zusatzwürfe; die richtige Zahl zieht hinein und gewinnt",
        "einmal im Spiel Positionswechsel",
        "dann spielt sein linker Nachbar weiter",
        "ebenfalls 3 Zusatzwürfe, sonst den 3. Wurf zurück",
        "Ein Spieler schlägt vor, alle Atomwaffen zu zerstören",
        "am weitesten vorn",
        "Alle verlieren: Bombe auf Zero",
    ],
    "en": [
        "You roll a 1: move 1 field or roll again",
        "X shows a cooperation card, Y is asked to show the same value",
        "Y has none: X 1 back, pays the card value, bomb +2",
        "Y shows it: both 2 forward, both +$2M, bomb −1",
        "Y refuses: X 2 back, Y 1–3 forward and gets card value +$2M, bomb +3",
        "collect (2 × amount; bomb +1 on Yellow 10, +2 on Blue 8 / Red 10)",
        "buy an accusation chip at the price",
        "do nothing if the money is short",
        "All 3 spots covered: take another turn",
        "Negotiation field only exactly",
        "X picks any Y, who rolls up to 3×",
        "X moves his own roll on and bomb +1",
        "Whoever lands on the negotiation field rolls again at once: 1–2 bomb +2; 3–6 that many $M, bomb −1",
        "Bomb on red (G), once only",
        "The player in the lead picks a Y and names 1–5; Y shows that value: bomb −5, Y 5–7 forward",
        "Cannot pay in full: bomb +1 – unless others pay",
        "Accuse instead of moving (not on hatched fields)",
        "back to Green 1, bomb +1",
        "accuse as often as he likes at double the price",
        "others may give him money for it",
        "Exactly onto World peace",
        "3 extra rolls; the right number moves him in and wins",
        "once per game a position swap",
        "then the player on his left goes on",
        "3 extra rolls too, else back by the 3rd roll",
        "a player proposes destroying all nuclear weapons",
        "furthest ahead",
        "All lose: Bomb on Zero",
    ],
}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_anti_monopoly_short_rules_are_six_fold_with_every_point_of_the_seed(tmp_path, lang, paper):
    """Issue 42: the seed's Kurzfassung is six-fold (one per player for up to six), the sheet printed 4 panels
    and lacked points; read back from the PDF: 6 panels a sheet, front and back, every point, at least 7 pt."""
    content = load_game(paths.BUNDLED_CONTENT / "anti-monopoly-3")
    ref = next(q for q in content.game.quickrefs if q.id == "short-rules")
    (artifact,) = [a for a in quickref.plan(content, QuickrefOptions(papers=(paper,))) if a.lang == lang]
    target = tmp_path / "sheet.pdf"
    assert artifact.write(target) == {"pages": 2}
    page_size = PAPERS[paper].oriented(ref.orientation)
    sheet = impose(page_size.width, page_size.height, ref.panel.width, ref.panel.height, ref.n_up)
    assert len(sheet.panels) == 6
    title = "Anti-Monopoly III – " + ("Kurzregeln" if lang == "de" else "Short rules")
    with pdfplumber.open(target) as pdf:
        front, back = pdf.pages
        for p in sheet.panels:
            turned = (page_size.width - p.right, p.y, page_size.width - p.x, p.bottom)
            sides = [
                front.crop((p.x * MM, p.y * MM, p.right * MM, p.bottom * MM)),
                back.crop(tuple(v * MM for v in turned)),
            ]
            assert min(c["size"] for side in sides for c in side.chars) >= 7 - 0.01
            text = " ".join(" ".join(side.extract_text().split()) for side in sides)
            assert text.startswith(title)  # every panel begins the short rules on its front
            missing = [point for point in KURZFASSUNG[lang] if point not in text]
            assert not missing, missing
