"""Boards drawn from the model: text, link lines, dash patterns, label boxes, tiles, artifacts."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
import yaml
from PIL import Image
from pypdf import PdfReader

from rulepress import paths
from rulepress.build import BuildOptions
from rulepress.draw import boardpaint
from rulepress.layout.boardscene import BoardContext, Label, Mark
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM, PAPERS
from rulepress.layout.tiling import plan_tiles
from rulepress.model import find_games, load_game
from rulepress.model.schema import Board, Layer
from rulepress.options import BoardOptions
from rulepress.render import boards

FIXTURES = Path(__file__).parent.parent / "data" / "boards"


def fixture(name: str) -> Board:
    return Board.model_validate(yaml.safe_load((FIXTURES / f"{name}.yaml").read_text(encoding="utf-8")))


def bundled_boards() -> list:
    """Every board of the bundled games that load (the content grows while others write it)."""
    found = []
    for folder in find_games(paths.BUNDLED_CONTENT) if paths.BUNDLED_CONTENT.exists() else []:
        try:
            game = load_game(folder).game
        except Exception:  # content still being written: its own checks report it
            continue
        found += [pytest.param(board, id=f"{game.id}-{board.id}") for board in game.boards]
    return found


ALL_BOARDS = [pytest.param(fixture(n), id=f"fixture-{n}") for n in ("map", "track", "mat")] + bundled_boards()


def tokens(text: str) -> set[str]:
    """Words of a label as the PDF may break them: at spaces and after hyphens."""
    return {t for t in re.split(r"\s+|(?<=[-–])", text) if t}


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """Full-size PDFs of every board in both languages, rendered once."""
    out = tmp_path_factory.mktemp("boards")
    cache = {}

    def get(board: Board, lang: str) -> Path:
        key = (id(board), lang)
        if key not in cache:
            path = out / f"{board.id}-{len(cache)}.{lang}.pdf"
            assert boards.write_full(board, lang, path) == {"pages": 1}
            cache[key] = path
        return cache[key]

    return get


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("board", ALL_BOARDS)
def test_every_space_name_and_number_is_printed(board, lang, rendered):
    with pdfplumber.open(rendered(board, lang)) as pdf:
        page = pdf.pages[0]
        assert page.width == pytest.approx(board.size.width * MM, abs=0.01)
        assert page.height == pytest.approx(board.size.height * MM, abs=0.01)
        words = set()
        for word in page.extract_words(keep_blank_chars=False, use_text_flow=False, x_tolerance=1.2):
            words |= tokens(word["text"])
    for space in board.spaces:
        if space.name:
            missing = tokens(space.name.get(lang)) - words
            assert not missing, f"{space.id}: {missing}"
        if space.number is not None:
            assert str(space.number) in words, space.id
    assert tokens(board.name.get(lang)) <= words


@pytest.mark.parametrize("board", ALL_BOARDS)
def test_one_line_per_link_and_dashed_where_the_type_says(board, rendered):
    styles = {t.id: t for t in board.link_types}
    with pdfplumber.open(rendered(board, "en")) as pdf:
        lines = pdf.pages[0].lines
    link_colours = {t.color for t in board.link_types} | {"#333333"}

    def colour(line) -> str:
        c = line["stroking_color"]
        return "#" + "".join(f"{round(v * 255):02x}" for v in c) if isinstance(c, tuple) and len(c) == 3 else ""

    drawn = [line for line in lines if colour(line) in link_colours and line["linewidth"] >= 0.45 * MM]
    roads = [link for link in board.links if link.type and styles[link.type].road]  # painted as roads, not lines
    legend_samples = (
        len(
            {
                (styles[link.type].style, styles[link.type].color)
                for link in board.links
                if link.type and not styles[link.type].road
            }
        )
        if board.legend
        else 0
    )
    shaped = {s.id for s in board.spaces if s.outline}
    # a land border between two regions is their shared edge, not a line
    border = [
        link
        for link in board.links
        if link.a in shaped and link.b in shaped and not link.wrap and styles[link.type].style == "solid"
    ]
    expected = (
        len(board.links) - len(border) - len(roads) + sum(1 for link in board.links if link.wrap) + legend_samples
    )
    assert len(drawn) == expected
    dashed_types = {i for i, t in styles.items() if t.style.startswith("dashed")}
    dashed_types -= {i for i, t in styles.items() if t.road}
    dashed_expected = sum(2 if link.wrap else 1 for link in board.links if link.type in dashed_types)
    dashed_expected += (
        sum(1 for t in dashed_types if any(link.type == t for link in board.links)) if board.legend else 0
    )
    dashed = [line for line in drawn if line.get("dash") and line["dash"][0]]
    assert len(dashed) == dashed_expected


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("board", ALL_BOARDS)
def test_labels_fit_and_do_not_overlap(board, lang, rendered):
    scene = boardpaint.scene_for(board, lang)
    assert scene.problems == []
    labels = [item for item in scene.items if isinstance(item, Label)]
    frame = scene.items[0].rect
    for label in labels:
        assert label.box.inside(frame), (label.role, label.owner)
    # the same from the PDF: word boxes of different labels never intersect
    with pdfplumber.open(rendered(board, lang)) as pdf:
        words = pdf.pages[0].extract_words(use_text_flow=False, x_tolerance=1.2)
    boxes = [(w["x0"], w["top"], w["x1"], w["bottom"]) for w in words]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap_x = min(a[2], b[2]) - max(a[0], b[0])
            overlap_y = min(a[3], b[3]) - max(a[1], b[1])
            assert not (overlap_x > 0.5 and overlap_y > 0.5), (words[i]["text"], a, b)


def test_links_hidden_under_spaces_are_reported():
    assert boardpaint.scene_for(fixture("map"), "en").warnings == []
    board = fixture("map").model_copy(
        update={
            "links": fixture("map").links + [fixture("map").links[0].model_copy(update={"a": "west-cape", "b": "reef"})]
        }
    )
    assert "link west-cape--reef runs under space 'pearl'" in boardpaint.scene_for(board, "en").warnings


def test_sea_links_are_dashed_and_wrap_links_reach_both_edges():
    board = fixture("map")
    scene = boardpaint.scene_for(board, "en")
    wrap = [line for line in scene.lines("link") if line.owner == "west-cape--east-point"]
    assert len(wrap) == 2
    assert sorted(line.points[-1][0] for line in wrap) == [0.0, board.size.width]
    assert all(line.dash for line in wrap)
    border = [line for line in scene.lines("link") if line.owner == "west-cape--high-moor"]
    assert border and border[0].dash is None
    edge_labels = sorted(lab.rows[0].text for lab in scene.labels if lab.role == "edge")
    assert edge_labels == ["West Cape →", "← East Point"]


def test_edge_names_stay_inside_the_boards_frame():
    board = fixture("map")
    framed = board.model_copy(update={"layers": [*board.layers, Layer(kind="frame", color="#202020", width=4)]})
    for plain_or_framed, inner in ((board, 0.0), (framed, 4 + 1.6)):
        edges = [lab.box for lab in boardpaint.scene_for(plain_or_framed, "en").labels if lab.role == "edge"]
        assert len(edges) == 2
        for box in edges:  # clear of the paper edge and of both rules of the frame
            assert box.x >= inner + 1.5 - 1e-6 and box.x + box.w <= board.size.width - inner - 1.5 + 1e-6


def test_legend_shows_group_values_and_reconstructed_mark():
    board = fixture("map")
    scene = boardpaint.scene_for(board, "de")
    legend = [row.text for lab in scene.labels if lab.role == "legend" for row in lab.rows]
    assert "Nordland – Bonus: 3" in legend and "Südinseln – Bonus: 2" in legend
    assert any(text.startswith("rekonstruiert") for text in legend)
    marks = [item.owner for item in scene.items if isinstance(item, Mark) and item.owner != "legend"]
    assert marks == ["pearl"]


def test_reconstructed_board_says_so_in_its_note():
    scene = boardpaint.scene_for(fixture("track"), "en")
    note = " ".join(row.text for lab in scene.labels if lab.role == "note" for row in lab.rows)
    assert note.startswith("Board reconstructed.") and "Field count reconstructed." in note


def test_hatched_spaces_get_hatching(tmp_path):
    board = fixture("track")
    path = tmp_path / "track.pdf"
    boards.write_full(board, "en", path)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        thin = [line for line in page.lines if line["linewidth"] == pytest.approx(0.25 * MM, abs=0.01)]
    hatched = [s for s in board.spaces if s.type == "hatched"]
    assert len(hatched) == 2
    # every hatched space has hatch lines inside its box; the other spaces have none
    for space in board.spaces:
        w, h = space.size or board.space_size
        x0, top = (space.pos[0] - w / 2) * MM, (space.pos[1] - h / 2) * MM
        inside = [
            line
            for line in thin
            if x0 - 0.1 <= line["x0"]
            and line["x1"] <= x0 + w * MM + 0.1
            and top - 0.1 <= line["top"]
            and line["bottom"] <= top + h * MM + 0.1
        ]
        assert bool(inside) == (space in hatched), space.id


def test_mat_arrows_have_heads_and_labels():
    scene = boardpaint.scene_for(fixture("mat"), "en")
    from rulepress.layout.boardscene import Polygon

    heads = [item for item in scene.items if isinstance(item, Polygon) and item.owner != "legend"]
    assert len(heads) == len(fixture("mat").links)
    assert sorted(lab.rows[0].text for lab in scene.labels if lab.role == "link") == [
        "defeated",
        "done",
        "flipped",
        "flipped",
        "reveal",
        "reveal",
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_pdf_pages_labels_and_marks(tmp_path, paper):
    board = fixture("map")
    path = tmp_path / f"map.{paper}.pdf"
    meta = boards.write_tiled(board, "en", paper, 12.0, path)
    plan = plan_tiles(board.size.width, board.size.height, PAPERS[paper], overlap=12.0)
    assert meta == {"pages": 1 + len(plan.tiles)} and len(plan.tiles) > 1
    reader = PdfReader(path)
    assert len(reader.pages) == meta["pages"]
    sheet = plan.paper
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(sheet.width * MM, abs=0.01)
    first = reader.pages[0].extract_text()
    assert "Assembly" in first and "12 mm" in first
    for tile in plan.tiles:
        assert tile.label in first
        text = reader.pages[1 + tile.row * plan.cols + tile.col].extract_text()
        assert f"Tile {tile.label}" in text
        assert f"column {tile.col + 1} of {plan.cols}" in text


def test_tiles_show_the_board_at_full_scale(tmp_path):
    """Rasterise one tile and the full board: the tile equals the matching board cut-out."""
    board = fixture("mat")
    full, tiled = tmp_path / "full.pdf", tmp_path / "tiled.pdf"
    boards.write_full(board, "en", full)
    boards.write_tiled(board, "en", "a4", 10.0, tiled)
    plan = plan_tiles(board.size.width, board.size.height, PAPERS["a4"], overlap=10.0)
    tile = plan.tile(0, 1)
    dpi = 40
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(full), str(tmp_path / "full")], check=True)
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", "3", "-l", "3", str(tiled), str(tmp_path / "tile")],
        check=True,
    )
    px = dpi / 25.4
    a = Image.open(tmp_path / "full.png").convert("L")
    b = Image.open(tmp_path / "tile.png").convert("L")
    # a 40 x 30 mm window well inside the tile, compared on both pictures
    x, y = tile.x + 20, tile.y + 20
    crop_a = a.crop((round(x * px), round(y * px), round((x + 40) * px), round((y + 30) * px)))
    sx, sy = plan.window_x + 20, plan.window_y + 20
    crop_b = b.crop((round(sx * px), round(sy * px), round((sx + 40) * px), round((sy + 30) * px)))
    diff = sum(abs(p - q) for p, q in zip(crop_a.tobytes(), crop_b.tobytes())) / (crop_a.width * crop_a.height)
    assert diff < 6, diff
    assert len(set(crop_a.tobytes())) > 2  # the window is not blank


def test_output_is_deterministic(tmp_path):
    board = fixture("track")
    for name in ("a", "b"):
        boards.write_full(board, "de", tmp_path / f"{name}.pdf")
        boards.write_tiled(board, "de", "letter", 10.0, tmp_path / f"{name}.tiled.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.tiled.pdf").read_bytes() == (tmp_path / "b.tiled.pdf").read_bytes()


def test_board_png(tmp_path):
    target = tmp_path / "board.png"
    boards.board_png(fixture("map"), "en", target, width_px=600)
    image = Image.open(target)
    assert image.size[0] == 600 and abs(image.size[1] - 600 * 297 / 420) <= 1
    assert image.mode == "RGB"


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demo-content")
    subprocess.run(
        [sys.executable, "-m", "rulepress", "new", "demo", "--content", str(folder)], check=True, capture_output=True
    )
    return load_game(folder / "demo")


def test_plan_paths_kinds_and_inputs(demo):
    options = BoardOptions(papers=("a4", "letter"), overlap=15.0)
    artifacts = boards.plan(demo, options)
    paths_ = sorted(a.path for a in artifacts)
    assert paths_ == sorted(
        [f"demo/board-track.{lang}.pdf" for lang in ("de", "en")]
        + [f"demo/board-track.{lang}.{p}.tiled.pdf" for lang in ("de", "en") for p in ("a4", "letter")]
        + [f"demo/board-track.{lang}.preview.png" for lang in ("de", "en")]
    )
    tiled = [a for a in artifacts if a.paper]
    assert all(a.kind == "board" and a.inputs["overlap"] == 15.0 for a in tiled)
    full = [a for a in artifacts if a.path.endswith(".en.pdf")][0]
    assert full.kind == "board" and full.paper is None and full.lang == "en"
    # inputs are the board and the options used, nothing else of the game
    assert set(full.inputs) == {"board", "lang"}
    assert full.inputs["board"]["id"] == "track"


def test_plan_writes_through_the_build(demo, tmp_path):
    from rulepress.build import build

    result = build(BuildOptions(content=demo.folder.parent, out=tmp_path, kinds=("boards",), papers=("a4",)))
    entries = {e["path"]: e for e in result.manifest}
    assert entries["demo/board-track.de.pdf"]["pages"] == 1
    assert entries["demo/board-track.de.a4.tiled.pdf"]["pages"] >= 2
    assert (tmp_path / "demo/board-track.en.preview.png").stat().st_size > 1000
    with Image.open(tmp_path / "demo/board-track.en.preview.png") as preview:  # the DPI tag tells the truth
        wide_mm = demo.game.boards[0].size.width
        assert preview.info["dpi"][0] == pytest.approx(preview.width / (wide_mm / 25.4), abs=0.1)
    again = build(BuildOptions(content=demo.folder.parent, out=tmp_path, kinds=("boards",), papers=("a4",)))
    assert again.built == []


# --- shaped regions, printing rules (issue 13) ------------------------------------------------


def bundled(game: str):
    content = load_game(paths.BUNDLED_CONTENT / game)
    return content, content.game.boards[0]


@pytest.fixture(scope="module")
def risk_pdf(tmp_path_factory):
    _, board = bundled("risk")
    out = tmp_path_factory.mktemp("risk") / "risk.de.pdf"
    boards.write_full(board, "de", out)
    return board, out


def test_risk_board_has_42_filled_regions_with_real_outlines(risk_pdf):
    from rulepress.layout import regions

    board, pdf_path = risk_pdf
    colours = {g.id: g.color for g in board.groups}
    H = board.size.height
    with pdfplumber.open(pdf_path) as pdf:
        curves = [c for c in pdf.pages[0].curves if c.get("fill") and len(c["pts"]) >= 15]
    hex_of = lambda c: "#" + "".join(f"{round(v * 255):02x}" for v in c["non_stroking_color"])  # noqa: E731
    found = 0
    for space in board.spaces:
        anchor = regions.label_anchor(space.outline)
        x, top = anchor.x * MM, anchor.y * MM
        holders = [
            c
            for c in curves
            if hex_of(c) == colours[space.group] and c["x0"] <= x <= c["x1"] and c["top"] <= top <= c["bottom"]
        ]
        assert holders, space.id
        assert max(len(c["pts"]) for c in holders) >= 15
        found += 1
    assert found == 42
    assert H == 420


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("board", ALL_BOARDS)
def test_no_printed_text_is_smaller_than_6pt(board, lang, rendered):
    with pdfplumber.open(rendered(board, lang)) as pdf:
        sizes = [round(ch["size"], 2) for ch in pdf.pages[0].chars]
    assert sizes and min(sizes) >= 6.0


def test_german_boards_print_no_english_label(tmp_path):
    for game in ("anti-monopoly-3", "risk", "xidit"):
        content, board = bundled(game)
        out = tmp_path / f"{game}.pdf"
        boards.write_full(board, "de", out, boardpaint.content_scene(content, board, "de"))
        text = " ".join(PdfReader(out).pages[0].extract_text().split())
        english = {t.en for t in board.value_labels.values()} | {"payout", "price", "bonus", "Legend"}
        english |= {s.name.en for s in board.spaces if s.name and s.name.en != s.name.de and " " in s.name.en}
        for word in english:
            assert not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text), (game, word)
        assert "Legende" in text


def test_accusation_spots_are_drawn_as_spots_and_values_readable():
    content, board = bundled("anti-monopoly-3")
    scene = boardpaint.scene_for(board, "de")
    monopoly = [s for s in board.spaces if s.type == "monopoly"]
    assert len(monopoly) == 3
    for space in monopoly:
        spots = [i for i in scene.items if getattr(i, "owner", "") == f"spot:{space.id}"]
        assert len(spots) == space.values["accusation_spots"]
        assert all(s.shape == "circle" and s.rect.w >= 3.5 for s in spots)
        label = next(lab for lab in scene.labels if lab.role == "space" and lab.owner == space.id)
        values = [row for row in label.rows if "Auszahlung" in row.text]
        assert values and values[0].size >= 6.0 and "Anklagepreis" in values[0].text
        assert not any("accusation" in row.text or "spots" in row.text for row in label.rows)


def test_xidit_spaces_fit_the_tiles_they_hold():
    content, board = bundled("xidit")
    held = boardpaint.held_sizes(content)
    tile_w, tile_h = held["city-tiles"]
    scene = boardpaint.scene_for(board, "en", BoardContext(held=held))
    shapes = {i.owner: i.rect for i in scene.items if type(i).__name__ == "Shape"}
    holders = [s.id for s in board.spaces if s.size_from == "city-tiles"]
    assert len(holders) == 7
    for space_id in holders:
        assert shapes[space_id].w >= tile_w + 4 and shapes[space_id].h >= tile_h + 4


def test_legend_lists_each_style_once():
    _, board = bundled("anti-monopoly-3")
    scene = boardpaint.scene_for(board, "en")
    rows = [lab.rows[0].text for lab in scene.labels if lab.role == "legend" and lab.owner == "type"]
    # only types with a look of their own are listed (plain ones take their group's colour), and of those only
    # the ones whose fields do not say what they are (a word or their own name on each field)
    styles = [
        (t.color, t.pattern, t.shape, t.marker)
        for t in board.space_types
        if any(s.type == t.id for s in board.spaces)
        and (t.color or t.pattern != "solid" or t.shape != "rect")
        and not t.label
        and not all(s.name for s in board.spaces if s.type == t.id)
    ]
    assert len(rows) == len(set(styles))
    assert not any(row.startswith(("Field", "Spiral field")) for row in rows)


@pytest.mark.parametrize("game", ["xidit", "anti-monopoly-3", "risk"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_legend_entries_unique_and_swatches_are_space_fills(game, lang):
    """Each legend entry once; each swatch's colour is the fill of a space on the board (#28)."""
    _, board = bundled(game)
    scene = boardpaint.scene_for(board, lang)
    if not board.legend:
        pytest.skip("no legend")
    texts = [lab.rows[0].text for lab in scene.labels if lab.role == "legend" and lab.owner in ("group", "type")]
    names = [t.split(" – ")[0] for t in texts]
    assert len(names) == len(set(names)), names
    space_ids = {s.id for s in board.spaces}
    fills = {getattr(i, "fill", None) for i in scene.items if getattr(i, "owner", None) in space_ids}
    swatches = [i for i in scene.items if type(i).__name__ == "Shape" and i.owner == "legend" and i.shape != "box"]
    assert swatches or not texts  # groups on panels and named spaces say it on the board itself
    for sw in swatches:
        assert sw.fill in fills, (sw.fill, sorted(map(str, fills)))


def test_risk_layers_sea_links_and_wrap(risk_pdf):
    board, _ = risk_pdf
    scene = boardpaint.scene_for(board, "en")
    kinds = {type(i).__name__ for i in scene.items}
    assert {"Region", "Halo", "Compass"} <= kinds
    assert scene.items[0].fill == "#d4e8f4"  # the sea
    sea = [line for line in scene.lines("link") if line.dash]
    assert len(sea) == sum(2 if link.wrap else 1 for link in board.links if link.type == "sea")
    wrap = [line for line in sea if line.owner == "alaska--kamchatka"]
    assert sorted(round(line.points[-1][0]) for line in wrap) == [0, 594]
    edge_labels = [lab.rows[0].text for lab in scene.labels if lab.role == "edge"]
    assert "← Kamchatka" in edge_labels and "Alaska →" in edge_labels
    assert any(lab.role == "attribution" and "Natural Earth" in lab.rows[0].text for lab in scene.labels)


def test_image_compass_and_cartouche_layers_are_painted(tmp_path):
    Image.new("RGB", (40, 20), "#c03030").save(tmp_path / "art.png")
    board = Board.model_validate(
        {
            **fixture("map").model_dump(mode="json"),
            "layers": [
                {"kind": "sea", "color": "#cfe3f0"},
                {"kind": "image", "file": "art.png", "pos": [60, 60], "size": [40, 20]},
                {"kind": "compass", "pos": [30, 30], "size": [20, 20]},
                {"kind": "cartouche", "pos": [100, 12], "size": [120, 16]},
            ],
        }
    )
    scene = boardpaint.scene_for(board, "en")
    scene.folder = tmp_path
    out = tmp_path / "b.pdf"
    boards.write_full(board, "en", out, scene)
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        assert len(page.images) == 1
        img = page.images[0]
        assert img["x0"] / MM == pytest.approx(40, abs=0.2) and img["top"] / MM == pytest.approx(50, abs=0.2)
        words = {w["text"] for w in page.extract_words()}
    assert {"N", "E", "S", "W"} <= words
    title = next(lab for lab in scene.labels if lab.role == "title")
    assert title.box.inside(Rect(40, 4, 120, 16))


def test_registration_crosses_only_on_covered_glue_strips_in_the_pdf(tmp_path, risk_pdf):
    from rulepress.layout.tiling import covered

    board, _ = risk_pdf
    path = tmp_path / "risk.a4.pdf"
    boards.write_tiled(board, "de", "a4", 10.0, path)
    plan = plan_tiles(board.size.width, board.size.height, PAPERS["a4"], overlap=10.0)
    assert len({(round(t.width, 6), round(t.height, 6)) for t in plan.tiles}) == 1  # balanced
    found = 0
    with pdfplumber.open(path) as pdf:
        for tile, page in zip(plan.tiles, pdf.pages[1:]):
            rings = [
                c
                for c in page.curves
                if not c.get("fill")
                and abs((c["x1"] - c["x0"]) / MM - 3.2) < 0.15
                and abs((c["bottom"] - c["top"]) / MM - 3.2) < 0.15
            ]
            for ring in rings:
                sx, sy = (ring["x0"] + ring["x1"]) / 2 / MM, (ring["top"] + ring["bottom"]) / 2 / MM
                x, y = tile.x + sx - plan.window_x, tile.y + sy - plan.window_y
                assert covered(plan, tile, x, y), (tile.label, x, y)
                found += 1
    assert found >= len(plan.tiles)


def test_tiled_pdf_prints_no_text_below_6pt(tmp_path):
    _, board = bundled("anti-monopoly-3")
    path = tmp_path / "am.a4.pdf"
    boards.write_tiled(board, "de", "a4", 10.0, path)
    with pdfplumber.open(path) as pdf:
        # pdfplumber's `size` is the glyph box height: for text turned by 90° that is its width
        sizes = [ch["size"] if ch["upright"] else ch["x1"] - ch["x0"] for page in pdf.pages for ch in page.chars]
        assert pdf.pages[0].chars  # the assembly page has its title and instructions
    assert min(sizes) >= 6.0 - 1e-6


@pytest.mark.parametrize("board", ALL_BOARDS)
def test_label_halos_are_outlines_so_each_letter_is_in_the_pdf_once(board, rendered):
    """A halo is drawn as the letters' outlines, not as a second copy of the text: copying a label gives its
    words once, and the halo is still there as stroked curves in the halo's colour."""
    scene = boardpaint.scene_for(board, "en")
    haloed = [item for item in scene.items if isinstance(item, Label) and item.halo]
    with pdfplumber.open(rendered(board, "en")) as pdf:
        page = pdf.pages[0]
        placed = [(round(ch["x0"], 1), round(ch["top"], 1), ch["text"]) for ch in page.chars]
        assert len(placed) == len(set(placed)), "a letter drawn twice in the same place"
        colours = {label.halo.lower() for label in haloed}
        halo_curves = [
            c for c in page.curves if c.get("stroke") and not c.get("fill") and _hex(c.get("stroking_color")) in colours
        ]
    assert len(halo_curves) >= sum(len(row.text.replace(" ", "")) for label in haloed for row in label.rows) // 2


def _hex(colour) -> str | None:
    if not colour or len(colour) != 3:
        return None
    return "#" + "".join(f"{round(v * 255):02x}" for v in colour)


def _island_board(anchor):
    """The fixture map with Pearl Island drawn as a 20 mm square island whose label goes to `anchor`."""
    data = fixture("map").model_dump(mode="json", exclude_none=True)
    for space in data["spaces"]:
        if space["id"] == "pearl":
            space["outline"] = [[[250, 190], [270, 190], [270, 210], [250, 210]]]
            space["anchor"] = anchor
    return Board.model_validate(data)


def test_a_label_beside_its_region_gets_a_leader_line_into_the_region(tmp_path):
    from shapely.geometry import Point, box

    from rulepress.layout.boardgeom import shade

    board = _island_board([300, 200])
    scene = boardpaint.scene_for(board, "en")
    (leader,) = scene.lines("leader")
    label = next(lab for lab in scene.labels if lab.role == "space" and lab.owner == "pearl")
    start, end = leader.points
    assert leader.owner == "pearl" and leader.color == shade("#8fb4e3", 0.45)
    assert box(label.box.x, label.box.y, label.box.right, label.box.bottom).exterior.distance(Point(start)) < 0.01
    assert box(250, 190, 270, 210).contains(Point(end)) and end[0] == pytest.approx(269, abs=0.05)
    assert not scene.problems
    out = tmp_path / "island.pdf"
    boards.write_full(board, "en", out, scene)
    with pdfplumber.open(out) as pdf:
        drawn = [
            ln
            for ln in pdf.pages[0].lines
            if abs(ln["x0"] / MM - min(start[0], end[0])) < 0.05 and abs(ln["x1"] / MM - max(start[0], end[0])) < 0.05
        ]
    assert drawn and drawn[0]["linewidth"] / MM == pytest.approx(0.3, abs=0.01)
    assert not boardpaint.scene_for(_island_board([260, 200]), "en").lines("leader")  # label on its island: none


@pytest.mark.parametrize("lang", ["de", "en"])
def test_risk_island_labels_sit_in_the_sea_with_a_leader_to_their_island(lang):
    """Iceland, Great Britain, Japan, Madagascar, New Guinea: names too wide for the island are set in the
    sea beside it, over no coast, and a leader line joins each (unless the label touches its island)."""
    from shapely import union_all
    from shapely.geometry import Point, box

    from rulepress.layout import regions

    _, board = bundled("risk")
    scene = boardpaint.scene_for(board, lang)
    land = union_all([regions.geometry(s.outline) for s in board.spaces])
    beside = [s for s in board.spaces if s.anchor and not regions.geometry(s.outline).contains(Point(s.anchor))]
    assert {"iceland", "great-britain", "japan", "madagascar", "new-guinea"} <= {s.id for s in beside}
    leaders = {line.owner: line for line in scene.lines("leader")}
    for space in beside:
        label = next(lab for lab in scene.labels if lab.role == "space" and lab.owner == space.id)
        text = box(label.box.x, label.box.y, label.box.right, label.box.bottom)
        assert not text.intersects(land), space.id
        region = regions.geometry(space.outline)
        if region.distance(text) > 1.0:
            assert region.contains(Point(leaders[space.id].points[-1])), space.id
    assert set(leaders) <= {s.id for s in beside}


def test_a_two_language_attribution_is_printed_in_the_boards_language():
    board = Board.model_validate(
        {
            **yaml.safe_load((FIXTURES / "map.yaml").read_text(encoding="utf-8")),
            "attribution": {"de": "Karte: gemeinfrei", "en": "Map: public domain"},
        }
    )
    for lang, text in (("de", "Karte: gemeinfrei"), ("en", "Map: public domain")):
        labels = [lab for lab in boardpaint.scene_for(board, lang).labels if lab.role == "attribution"]
        assert [row.text for lab in labels for row in lab.rows] == [text]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_type_label_printed_on_each_space(lang):
    """A space type with `label: true` prints its word (else its name) on each of its spaces, at >= 6 pt (#28)."""
    _, board = bundled("anti-monopoly-3")
    scene = boardpaint.scene_for(board, lang)
    labelled = {t.id: (t.word or t.name).get(lang) for t in board.space_types if t.label}
    assert {"action", "crisis"} <= set(labelled)
    rows: dict = {}
    for lab in scene.labels:
        if lab.role == "space":
            rows[lab.owner] = rows.get(lab.owner, ()) + lab.rows
    spaces = [s for s in board.spaces if s.type in labelled and not s.name]
    assert spaces
    for space in spaces:
        words = [r for r in rows[space.id] if r.text == labelled[space.type]]
        assert words and words[0].size >= 6, (space.id, [r.text for r in rows[space.id]])
    plain = next(s for s in board.spaces if s.type == "plain")
    assert [r.text for r in rows[plain.id]] == [str(plain.number)]
