"""A board with the finish of a printed one (#28 item 3): a texture over the paper or sea, an emblem as faint
art, plates under lone fields, stepping-stone roads, card places drawn as piles with their count, a space's own
icon. Asserted on the scene, the real PDF (pdfplumber, mm) and its rendered pixels; defaults leave a board as
it was."""

from __future__ import annotations

import shutil

import pdfplumber
import pytest

from rulepress import paths
from rulepress.draw import boardpaint
from rulepress.layout.boardgeom import Rect, luminance, shade, wave_rows, weave_lines
from rulepress.layout.boardscene import (
    ICON_MAX,
    PANEL_PAD,
    PILE_STEP,
    PLACE_ICON_MAX,
    PLACE_ICON_SHADE,
    STONE_PITCH,
    TAB_PT,
    BoardContext,
    Glyph,
    Label,
    Shape,
    Texture,
    board_scene,
    stepping_stones,
)
from rulepress.layout.paper import MM
from rulepress.model import load_game
from rulepress.model.schema import Board
from rulepress.options import BoardOptions
from rulepress.render import boards

DPI = 100
PX = DPI / 25.4
NAMED = {"de": "x", "en": "x"}


@pytest.fixture(scope="module")
def am(paint_board):
    return paint_board("anti-monopoly-3", "en", DPI)


@pytest.fixture(scope="module")
def xidit(paint_board):
    return paint_board("xidit", "en", DPI)


@pytest.fixture(scope="module")
def risk(paint_board):
    return paint_board("risk", "en", DPI)


def _rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _near(a, b, tolerance: int = 30) -> bool:
    return sum(abs(p - q) for p, q in zip(a, b, strict=True)) <= tolerance


def _crop(image, rect: Rect):
    return image.crop((round(rect.x * PX), round(rect.y * PX), round(rect.right * PX), round(rect.bottom * PX)))


def _colours(image, rect: Rect) -> list[tuple[int, int, int]]:
    data = _crop(image, rect).tobytes()
    return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]  # type: ignore[misc]


def _shapes(scene, prefix: str) -> list[Shape]:
    return [i for i in scene.items if isinstance(i, Shape) and i.owner.startswith(prefix)]


def _fixture(**extra) -> Board:
    data = {
        "id": "b",
        "name": NAMED,
        "kind": "track",
        "size": {"width": 200, "height": 120},
        "provenance": "reconstructed",
        "space_size": [20, 20],
        "space_types": [{"id": "p", "name": NAMED}],
        "link_types": [{"id": "way", "name": NAMED, "style": "arrow", "road": True}],
        "spaces": [{"id": "a", "type": "p", "pos": [30, 40]}, {"id": "b", "type": "p", "pos": [160, 90]}],
        "links": [{"a": "a", "b": "b", "type": "way"}],
    }
    data.update(extra)
    return Board.model_validate(data)


# ---- texture ---------------------------------------------------------------------------------------------------


def test_weave_threads_are_unevenly_spaced_and_cover_the_box():
    lines = weave_lines(Rect(10, 20, 50, 30), 1.5)
    rows = sorted(a[1] for a, b in lines if a[1] == b[1])
    cols = sorted(a[0] for a, b in lines if a[0] == b[0])
    assert all(20 <= y < 50 for y in rows) and all(10 <= x < 60 for x in cols)
    assert len(rows) >= 18 and len(cols) >= 30
    gaps = {round(b - a, 2) for a, b in zip(rows, rows[1:], strict=False)}
    assert len(gaps) >= 3 and max(gaps) < 2 * 1.5  # not ruled paper, yet no bare stripe


def test_wave_rows_are_gentle_and_a_spacing_apart():
    rows = wave_rows(Rect(0, 0, 100, 40), 4.0)
    assert len(rows) == 10
    for k, row in enumerate(rows):
        ys = [y for _, y in row]
        middle = 2.0 + 4.0 * k
        assert max(abs(y - middle) for y in ys) <= 4.0 / 6 + 1e-9
        assert row[0][0] == 0 and row[-1][0] >= 100


def test_a_texture_lies_over_the_paper_and_under_everything_else(am):
    """The Anti-Monopoly paper carries a linen weave: the item comes right after the background box, the PDF
    strokes hundreds of hairlines in its colour, and a free patch of paper shows both the paper tone and the
    threads, in little ink (a light patch)."""
    _, board, scene, pdf, image = am
    layer = next(layer for layer in board.layers if layer.kind == "texture")
    textures = [i for i in scene.items if isinstance(i, Texture)]
    assert textures == [Texture(Rect(0, 0, board.size.width, board.size.height), "linen", layer.color, layer.width)]
    assert scene.items.index(textures[0]) == 1
    with pdfplumber.open(pdf) as doc:
        lines = doc.pages[0].lines
    thread = tuple(round(v, 3) for v in (c / 255 for c in _rgb(layer.color)))
    hairlines = [
        line
        for line in lines
        if isinstance(line["stroking_color"], tuple)
        and tuple(round(v, 3) for v in line["stroking_color"]) == thread
        and abs(line["linewidth"] - boardpaint.TEXTURE_LINE * MM) < 0.01
    ]
    assert len(hairlines) >= (board.size.width + board.size.height) / layer.width * 0.95  # every thread
    paper = next(layer.color for layer in board.layers if layer.kind == "sea")
    patch = _colours(image, Rect(20, 250, 40, 20))  # paper left of the card piles
    assert sum(_near(p, _rgb(paper), 6) for p in patch) > 0.2 * len(patch)
    assert sum(not _near(p, _rgb(paper), 6) for p in patch) > 0.1 * len(patch)
    assert sum(sum(p) / 3 for p in patch) / len(patch) > 215  # light: a low-ink background


def test_the_sea_shows_waves_and_the_land_does_not(risk):
    _, board, scene, _, image = risk
    layer = next(layer for layer in board.layers if layer.kind == "texture")
    assert layer.pattern == "waves"
    sea = next(layer.color for layer in board.layers if layer.kind == "sea")
    water = _colours(image, Rect(200, 370, 60, 20))  # the South Atlantic
    assert sum(_near(p, _rgb(layer.color), 12) for p in water) > 0.02 * len(water)  # the wave lines
    assert sum(not _near(p, _rgb(sea), 6) for p in water) > 0.05 * len(water)
    assert sum(_near(p, _rgb(sea), 6) for p in water) > 0.5 * len(water)
    brazil = next(s for s in board.spaces if s.id == "brazil")
    land = _colours(image, Rect(brazil.pos[0] + 4, brazil.pos[1] + 8, 8, 6))
    assert not any(_near(p, _rgb(layer.color), 12) for p in land)


# ---- emblem ----------------------------------------------------------------------------------------------------


def test_an_emblem_is_faint_art_under_the_fields_clear_of_legend_and_note(am):
    _, board, scene, _, image = am
    layer = next(layer for layer in board.layers if layer.kind == "emblem")
    emblem = next(i for i in scene.items if isinstance(i, Glyph) and i.owner == "emblem")
    assert emblem.centre == layer.pos and emblem.height == layer.size[1] and emblem.name == layer.icon
    first_space = next(k for k, i in enumerate(scene.items) if isinstance(i, Shape) and i.owner == "yellow-1")
    assert scene.items.index(emblem) < first_space
    for label in scene.labels:
        if label.role in ("legend", "note", "title"):
            assert not label.box.intersects(emblem.rect), label.role
    ink = _colours(image, emblem.rect.grown(-emblem.height * 0.3))
    assert sum(_near(p, _rgb(layer.color), 10) for p in ink) > 0.2 * len(ink)
    assert min(luminance("#{:02x}{:02x}{:02x}".format(*p)) for p in ink) > 0.75  # faint: never dark


def test_an_emblem_with_an_unknown_icon_is_an_error_at_its_line(tmp_path):
    folder = tmp_path / "anti-monopoly-3"
    shutil.copytree(paths.BUNDLED_CONTENT / "anti-monopoly-3", folder)
    path = folder / "boards.yaml"
    text = path.read_text(encoding="utf-8").replace("icon: world", "icon: no-such-art")
    path.write_text(text, encoding="utf-8")
    problems = boards.check(load_game(folder), BoardOptions())
    assert [p.key for p in problems] == ["boards.0.layers.3.icon"]
    assert problems[0].line == next(i for i, line in enumerate(text.splitlines(), 1) if "no-such-art" in line)


# ---- plates and stepping stones --------------------------------------------------------------------------------


def test_lone_fields_sit_on_a_plate_of_their_colour(am):
    _, board, scene, _, image = am
    kind = next(t for t in board.space_types if t.plate)
    fields = [s for s in board.spaces if s.type == kind.id]
    assert len(fields) == 3
    for space in fields:
        rect = next(i.rect for i in scene.items if isinstance(i, Shape) and i.owner == space.id)
        plate = next(i for i in _shapes(scene, f"plate:{space.id}"))
        assert plate.rect == rect.grown(PANEL_PAD)
        assert scene.items.index(plate) < scene.items.index(next(i for i in _shapes(scene, space.id)))
        ring = Rect(rect.x + 5, rect.bottom + 1.2, rect.w - 10, PANEL_PAD - 2.4)  # between field and plate edge
        pale = shade(kind.color, 1.72)
        assert sum(_near(p, _rgb(pale), 12) for p in _colours(image, ring)) > 0.6 * len(_colours(image, ring))


def test_stepping_stones_are_evenly_spaced_between_the_edges():
    stones = stepping_stones((0.0, 0.0), (60.0, 0.0), 5.0)
    xs = [x for x, _ in stones]
    assert xs[0] == pytest.approx(5.0) and xs[-1] == pytest.approx(55.0)
    steps = {round(b - a, 6) for a, b in zip(xs, xs[1:], strict=False)}
    assert len(steps) == 1 and steps.pop() >= STONE_PITCH * 5.0
    assert stepping_stones((0.0, 0.0), (8.0, 0.0), 5.0) == []
    assert stepping_stones((0.0, 0.0), (12.0, 0.0), 5.0) == [(6.0, 0.0)]


def test_exit_roads_are_rows_of_stones_not_bands(am):
    _, board, scene, pdf, image = am
    kind = next(t for t in board.link_types if t.road_stones)
    links = [link for link in board.links if link.type == kind.id]
    assert len(links) == 6
    assert not [line for line in scene.lines("road") if line.owner in {f"{x.a}--{x.b}" for x in links}]
    stone = shade(kind.color, 1.6)
    for link in links:
        stones = [s for s in _shapes(scene, f"road:{link.a}--{link.b}") if s.shape == "circle"]
        assert stones, link
        for s in stones:
            assert s.rect.w == s.rect.h == kind.road_width and s.fill == stone
        if len(stones) > 1:  # the paper shows between two stones
            a, b = stones[0].rect.centre, stones[1].rect.centre
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            assert not _near(image.getpixel((round(mid[0] * PX), round(mid[1] * PX))), _rgb(stone), 20)
            assert _near(image.getpixel((round(a[0] * PX), round(a[1] * PX))), _rgb(stone), 20)


def test_without_the_new_options_a_board_is_drawn_as_before():
    """No texture, emblem, plate, stones or pile unless asked: the road is one band, no plate, no pile."""
    scene = boardpaint.scene_for(_fixture(), "en")
    assert not [i for i in scene.items if isinstance(i, Texture)]
    assert not _shapes(scene, "plate:") and not _shapes(scene, "pile:")
    assert [line.owner for line in scene.lines("road")] == ["a--b"]
    assert not [i for i in scene.items if isinstance(i, Glyph)]


def test_options_on_a_fixture_board():
    board = _fixture(
        space_types=[{"id": "p", "name": NAMED, "plate": True, "color": "#9c7cd4", "shape": "circle"}],
        link_types=[{"id": "way", "name": NAMED, "style": "arrow", "road": True, "road_width": 4, "road_stones": True}],
        layers=[{"kind": "texture", "pattern": "dots", "color": "#eeeeee", "width": 2}],
    )
    scene = boardpaint.scene_for(board, "en")
    assert [i.pattern for i in scene.items if isinstance(i, Texture)] == ["dots"]
    plates = _shapes(scene, "plate:")
    assert [p.shape for p in plates] == ["circle", "circle"]  # a round field's plate is round
    stones = _shapes(scene, "road:a--b")
    # from circle edge to circle edge: the 139.3 mm between the centres less two radii of 10 mm; stones 4 mm
    # across, the first and last 4 mm from the edges, at least 7.2 mm apart
    open_way = (130**2 + 50**2) ** 0.5 - 20
    assert len(stones) == int((open_way - 8) // (STONE_PITCH * 4)) + 1
    assert all(s.shape == "circle" and s.rect.w == 4 for s in stones)
    assert scene.lines("road") == []


# ---- piles and a space's own icon ------------------------------------------------------------------------------


def test_pile_places_show_the_cards_below_and_their_count(am):
    content, board, scene, pdf, _ = am
    held = boardpaint.held_sizes(content)
    piles = [s for s in board.spaces if s.type in {t.id for t in board.space_types if t.pile}]
    assert {s.id for s in piles} == {"pile-action", "pile-cooperation", "bank"}
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words()
    for space in piles:
        place = next(i.rect for i in scene.items if isinstance(i, Shape) and i.owner == f"place:{space.id}")
        below = _shapes(scene, f"pile:{space.id}")
        assert [(b.rect.x - place.x, b.rect.y - place.y) for b in below] == [
            pytest.approx((2 * PILE_STEP, 2 * PILE_STEP)),
            pytest.approx((PILE_STEP, PILE_STEP)),
        ]
        assert all((b.rect.w, b.rect.h) == pytest.approx(held[space.size_from]) for b in below)
        count = next(c.count for c in content.game.components if c.id == space.size_from)
        inside = [
            w["text"]
            for w in words
            if place.x * MM <= w["x0"] and w["x1"] <= place.right * MM and place.y * MM <= w["top"] <= place.bottom * MM
        ]
        assert str(count) in inside and "\u00d7" in inside, (space.id, inside)


def test_a_pile_of_unknown_count_prints_no_number(xidit):
    content, board, scene, pdf, _ = xidit
    assert boardpaint.pile_counts(content, board) == {}
    assert _shapes(scene, "pile:recruit-stack") and _shapes(scene, "pile:threat-discard")
    assert not _shapes(scene, "pile:next-recruit")  # a single tile is no pile
    assert not any("\u00d7" in row.text for label in scene.labels for row in label.rows)


def test_a_space_shows_its_own_icon_over_its_types(xidit):
    _, board, scene, _, image = xidit
    glyphs = {g.owner: g for g in scene.items if isinstance(g, Glyph)}
    for space in board.spaces:
        if space.icon:
            assert glyphs[space.id].name == space.icon
    assert glyphs["recruit-stack"].name != glyphs["threat-stack"].name  # one type, two icons
    assert glyphs["recruit-discard"].name == next(t.icon for t in board.space_types if t.id == "discard")
    glyph = glyphs["recruit-stack"]
    inked = [p for p in _colours(image, glyph.rect) if _near(p, _rgb(glyph.color), 40)]
    assert len(inked) > 0.08 * len(_colours(image, glyph.rect))


def test_a_places_icon_is_a_large_tone_on_tone_silhouette(xidit):
    """In a tile's place the icon grows up to PLACE_ICON_MAX (larger than a field's) and is printed in the
    field's own colour darkened, not in black: it shows what lies there without shouting."""
    _, board, scene, _, _ = xidit
    groups = {g.id: g for g in board.groups}
    glyphs = {g.owner: g for g in scene.items if isinstance(g, Glyph)}
    for space in board.spaces:
        if space.size_from:
            glyph = glyphs[space.id]
            assert ICON_MAX < glyph.height <= PLACE_ICON_MAX, space.id
            assert glyph.color == shade(groups[space.group].color, PLACE_ICON_SHADE), space.id
    assert glyphs["barracks"].height <= ICON_MAX  # no place: a field's icon


def test_a_pile_and_an_icon_on_a_fixture(tmp_path):
    board = _fixture(
        space_types=[{"id": "p", "name": NAMED, "pile": True}],
        spaces=[
            {"id": "a", "type": "p", "pos": [40, 60], "size_from": "deck", "icon": "star"},
            {"id": "b", "type": "p", "pos": [160, 90]},
        ],
    )
    scene = board_scene(board, "en", boardpaint.measure, BoardContext(held={"deck": (30.0, 40.0)}, counts={"deck": 12}))
    assert len(_shapes(scene, "pile:a")) == 2 and not _shapes(scene, "pile:b")  # b is no place
    assert [g.name for g in scene.items if isinstance(g, Glyph)] == ["star"]
    texts = [row.text for label in scene.labels if isinstance(label, Label) for row in label.rows]
    assert "\u00d7 12" in texts


# ---- a panel's name on a tab -----------------------------------------------------------------------------------


def test_a_panel_without_room_inside_carries_its_name_on_a_tab(am):
    """The green lane and the arms spiral leave no room inside their panels: the name is printed at TAB_PT on a
    tab in the group's colour straddling the panel's top edge, clear of every other space and panel."""
    _, board, scene, pdf, image = am
    others = [i.rect for i in scene.items if isinstance(i, Shape) and i.owner.startswith(("panel:", "plate:"))]
    for group_id in ("green", "spiral"):
        group = next(g for g in board.groups if g.id == group_id)
        panel = next(i for i in _shapes(scene, f"panel:{group_id}"))
        tab = next(i for i in _shapes(scene, f"tab:{group_id}"))
        assert tab.rect.y < panel.rect.y < tab.rect.bottom and tab.rect.x > panel.rect.x
        assert tab.fill == group.color
        name = next(lab for lab in scene.labels if lab.role == "panel" and lab.owner == group_id)
        assert name.rows[0].text == group.name.get("en") and name.rows[0].size == TAB_PT
        assert name.box.inside(tab.rect)
        for rect in others:
            if rect != panel.rect:
                assert not tab.rect.intersects(rect), (group_id, rect)
        for space in board.spaces:
            if space.group != group_id:
                rect = next(i.rect for i in scene.items if isinstance(i, Shape) and i.owner == space.id)
                assert not tab.rect.intersects(rect), (group_id, space.id)
        corner = (tab.rect.right - 1.0, tab.rect.bottom - 1.0)
        assert _near(image.getpixel((round(corner[0] * PX), round(corner[1] * PX))), _rgb(group.color), 20)
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words(extra_attrs=["size"])
    spiral = next(g for g in board.groups if g.id == "spiral").name.get("en").split()
    assert [round(w["size"], 1) for w in words if w["text"] in spiral] == [TAB_PT] * len(spiral)
    # a lane whose loop leaves room keeps its large name inside, without a tab
    assert not _shapes(scene, "tab:yellow")


def test_a_tab_that_would_cover_a_space_gives_way_to_the_name_on_the_rim():
    named = {"de": "Ein langer Name", "en": "A long name"}
    board = _fixture(
        groups=[{"id": "g", "name": named, "color": "#abe0a5", "panel": True}],
        spaces=[
            {"id": "a", "group": "g", "type": "p", "pos": [40, 60]},
            {"id": "b", "group": "g", "type": "p", "pos": [62, 60]},
            {"id": "c", "type": "p", "pos": [40, 97]},
        ],
        links=[],
    )
    scene = boardpaint.scene_for(board, "en")
    tab = next(i for i in _shapes(scene, "tab:g"))
    name = next(lab for lab in scene.labels if lab.role == "panel")
    assert name.box.inside(tab.rect)
    crowded = board.model_copy(
        update={"spaces": [*board.spaces, board.spaces[2].model_copy(update={"id": "d", "pos": (50.0, 34.0)})]}
    )
    scene = boardpaint.scene_for(crowded, "en")
    assert not _shapes(scene, "tab:g")
    name = next(lab for lab in scene.labels if lab.role == "panel")
    panel = next(i for i in _shapes(scene, "panel:g"))
    assert name.box.inside(panel.rect) and name.rows[0].size < TAB_PT
