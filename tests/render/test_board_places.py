"""A board that reads as a board (#28): roads under linked fields, pale group panels with their names, a frame
and title cartouche, card-shaped places the size of the card put there, and supplies with a slot per kind of
piece. Asserted on the real PDF (pdfplumber, mm) and its rendered pixels."""

from __future__ import annotations

import pdfplumber
import pytest

from rulepress.draw import boardpaint
from rulepress.layout.boardgeom import shade
from rulepress.layout.boardscene import PANEL_PAD, ROAD_RIM, ROAD_SHADE, Shape
from rulepress.layout.paper import MM
from rulepress.render import boards

DPI = 80
PX = DPI / 25.4


@pytest.fixture(scope="module")
def am(paint_board):
    return paint_board("anti-monopoly-3", "de", DPI)


@pytest.fixture(scope="module")
def xidit(paint_board):
    return paint_board("xidit", "en", DPI)


def _rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _pixel(image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return image.getpixel((round(x_mm * PX), round(y_mm * PX)))


def _near(a, b, tolerance: int = 24) -> bool:
    return sum(abs(p - q) for p, q in zip(a, b, strict=True)) <= tolerance


def _shape(scene, owner: str):
    return next(i for i in scene.items if isinstance(i, Shape) and i.owner == owner)


def test_linked_fields_are_joined_by_a_road_of_the_lane_colour(am):
    """Between two linked yellow fields the gap shows the road (yellow darkened); between two spiral fields that
    sit side by side but are not linked, it does not."""
    _, board, scene, _, image = am
    by_id = {s.id: s for s in board.spaces}
    road = _rgb(shade(next(g.color for g in board.groups if g.id == "yellow"), ROAD_SHADE))
    a, b = _shape(scene, "yellow-3").rect, _shape(scene, "yellow-4").rect  # one above the other, linked
    gap_y = (a.y + b.bottom) / 2
    for dx in (-8.0, 8.0):  # beside the arrowhead in the middle of the gap, still on the road
        assert _near(_pixel(image, a.centre[0] + dx, gap_y), road), dx
    assert _near(_pixel(image, a.x - ROAD_RIM / 2, a.centre[1]), road)  # the rim beside the field
    # bomb-19 (column 5) and bomb-6 (column 4) are neighbours in a row, but the bomb does not go from one to the other
    assert by_id["bomb-19"].pos[1] == by_id["bomb-6"].pos[1]
    left, right = _shape(scene, "bomb-6").rect, _shape(scene, "bomb-19").rect
    spiral_road = _rgb(shade(next(g.color for g in board.groups if g.id == "spiral"), ROAD_SHADE))
    assert not _near(_pixel(image, (left.right + right.x) / 2, left.centre[1] + 6), spiral_road)
    # no thin link line is drawn for a road
    with pdfplumber.open(am[3]) as pdf:
        lines = pdf.pages[0].lines
    link_colours = {t.color for t in board.link_types}
    thin = [
        line
        for line in lines
        if isinstance(line["stroking_color"], tuple)
        and "#" + "".join(f"{round(v * 255):02x}" for v in line["stroking_color"]) in link_colours
    ]
    assert thin == []


def test_road_arrowheads_show_the_direction(am):
    """Each link painted as a road of an arrow style has one head, pointing from a to b."""
    _, board, scene, _, _ = am
    styles = {t.id: t for t in board.link_types}
    heads = {i.owner: i for i in scene.items if type(i).__name__ == "Polygon" and i.owner.startswith("road:")}
    roads = [link for link in board.links if styles[link.type].road and styles[link.type].style.endswith("arrow")]
    assert len(roads) >= 60
    for link in roads:
        head = heads[f"road:{link.a}--{link.b}"]
        tip, left, right = head.points
        base = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
        a, b = _shape(scene, link.a).rect.centre, _shape(scene, link.b).rect.centre
        assert (tip[0] - base[0]) * (b[0] - a[0]) + (tip[1] - base[1]) * (b[1] - a[1]) > 0, link


def test_card_piles_are_rounded_places_of_the_cards_size(am):
    """A pile holds its deck: a rounded outline exactly the card's size (mini-euro 44 x 68 mm) at the pile's
    centre, with the pile's name and the type's icon inside."""
    content, board, scene, pdf, _ = am
    held = boardpaint.held_sizes(content)
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        curves = page.curves + page.rects
        words = page.extract_words()
    for space_id in ("pile-action", "pile-cooperation", "bank"):
        space = next(s for s in board.spaces if s.id == space_id)
        w, h = held[space.size_from]
        found = [
            c
            for c in curves
            if abs((c["x1"] - c["x0"]) / MM - w) < 0.5
            and abs((c["bottom"] - c["top"]) / MM - h) < 0.5
            and abs((c["x0"] + c["x1"]) / 2 / MM - space.pos[0]) < 0.5
            and abs((c["top"] + c["bottom"]) / 2 / MM - space.pos[1]) < 0.5
        ]
        assert found, space_id
        assert any(c.get("curve_edge") or len(c.get("pts", [])) > 5 for c in found), "corners are rounded"
        place = _shape(scene, f"place:{space_id}")
        assert place.shape == "card"
        inside = [
            x["text"]
            for x in words
            if place.rect.x <= x["x0"] / MM and x["x1"] / MM <= place.rect.right
            if place.rect.y <= x["top"] / MM and x["bottom"] / MM <= place.rect.bottom
        ]
        assert space.name.get("de").split()[0] in inside, (space_id, inside)
    assert {"pile-action", "pile-cooperation", "bank"} <= {g.owner for g in scene.items if type(g).__name__ == "Glyph"}


def test_frame_and_title_cartouche(am):
    """A double rule runs round the board inside its edge, and the title is printed inside the cartouche."""
    _, board, scene, pdf, image = am
    frame = next(layer for layer in board.layers if layer.kind == "frame")
    cartouche = next(layer for layer in board.layers if layer.kind == "cartouche")
    ink = _rgb(frame.color)
    W, H = board.size.width, board.size.height
    for x, y in ((W / 2, frame.width), (frame.width, H / 2), (W - frame.width, H / 3), (W / 3, H - frame.width)):
        assert _near(_pixel(image, x, y), ink, 60), (x, y)
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words()
    cx, cy = cartouche.pos
    cw, ch = cartouche.size
    title = [
        w["text"]
        for w in words
        if cx - cw / 2 <= w["x0"] / MM and w["x1"] / MM <= cx + cw / 2
        if cy - ch / 2 <= w["top"] / MM and w["bottom"] / MM <= cy + ch / 2
    ]
    assert " ".join(title) == board.name.get("de")
    for label in scene.labels:
        if label.role in ("legend", "note"):  # the legend and the note stay inside the frame
            assert label.box.x >= frame.width + 1.6 and label.box.right <= W - frame.width - 1.6


def test_group_panels_lie_under_their_spaces_with_the_name(am):
    """Each lane lies on a pale panel of its colour reaching PANEL_PAD beyond its fields; its name is printed on
    the panel and over no field."""
    _, board, scene, pdf, image = am
    with pdfplumber.open(pdf) as doc:
        text = doc.pages[0].extract_text()
    spaces = [i.rect for i in scene.items if isinstance(i, Shape) and i.owner in {s.id for s in board.spaces}]
    for group in board.groups:
        panel = _shape(scene, f"panel:{group.id}")
        members = [_shape(scene, s.id).rect for s in board.spaces if s.group == group.id]
        assert abs(panel.rect.x - (min(r.x for r in members) - PANEL_PAD)) < 0.01
        assert abs(panel.rect.bottom - (max(r.bottom for r in members) + PANEL_PAD)) < 0.01
        name = next(lab for lab in scene.labels if lab.role == "panel" and lab.owner == group.id)
        tabs = [i for i in scene.items if isinstance(i, Shape) and i.owner == f"tab:{group.id}"]
        assert name.box.inside(tabs[0].rect if tabs else panel.rect)  # on the panel, or on its tab (test_board_finish)
        assert not any(name.box.intersects(r) for r in spaces), group.id
        assert group.name.get("de") in text.replace("\n", " ") or all(
            part in text for part in group.name.get("de").split()
        )
    yellow = next(lab for lab in scene.labels if lab.role == "panel" and lab.owner == "yellow")
    assert yellow.rows[0].size >= 12  # the loop's middle has room for a large name
    tint = _rgb(_shape(scene, "panel:yellow").fill)
    assert _near(_pixel(image, yellow.box.x - 2, yellow.box.centre[1]), tint)


def test_a_supply_has_a_place_for_each_kind_of_piece(xidit, am):
    """The barracks keep the units: one slot per class, the token's size plus 1 mm, titled A to E in the class's
    colour; the accusation-chip supply has a round place for each of the 10 chips."""
    content, board, scene, pdf, _ = xidit
    units = next(c for c in content.game.components if c.id == "units")
    slots = [i for i in scene.items if isinstance(i, Shape) and i.owner == "slot:barracks:units"]
    assert [s.stroke for s in slots] == [c.color for c in units.cards]
    barracks = _shape(scene, "barracks").rect
    for slot in slots:
        assert abs(slot.rect.w - (units.piece.size.width + 1)) < 1e-6 and slot.rect.inside(barracks)
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words()
    for slot, card in zip(slots, units.cards, strict=True):
        r = slot.rect
        inside = [w["text"] for w in words if r.x <= w["x0"] / MM <= r.right and r.y <= w["top"] / MM <= r.bottom]
        assert inside == [card.title.get("en")]
    chips = [i for i in am[2].items if isinstance(i, Shape) and i.owner == "slot:chip-supply:accusation-chips"]
    assert len(chips) == 10 and all(c.shape == "circle" and abs(c.rect.w - 11.0) < 1e-6 for c in chips)


def test_tile_places_on_the_mat_are_the_tiles_size(xidit):
    content, board, scene, _, _ = xidit
    w, h = boardpaint.held_sizes(content)["city-tiles"]
    places = [i for i in scene.items if isinstance(i, Shape) and i.owner.startswith("place:")]
    assert len(places) == sum(1 for s in board.spaces if s.size_from == "city-tiles") == 7
    assert all(abs(p.rect.w - w) < 1e-6 and abs(p.rect.h - h) < 1e-6 for p in places)


def test_same_board_same_bytes(am, tmp_path):
    _, board, scene, pdf, _ = am
    again = tmp_path / "again.pdf"
    boards.write_full(board, "de", again, scene)
    assert again.read_bytes() == pdf.read_bytes()


def test_legend_leaves_out_what_the_board_says_itself(am, xidit):
    """Lanes on their panels, roads and spaces that print their own names need no legend entry: only the
    reconstructed mark is explained on the Anti-Monopoly board; the Xidit legend keeps its tile flows."""
    legend = [lab.rows[0].text for lab in am[2].labels if lab.role == "legend" and lab.owner != "head"]
    assert legend == ["rekonstruiert (nicht in den Quellen belegt)"]
    board = xidit[1]
    legend = [lab.rows[0].text for lab in xidit[2].labels if lab.role == "legend" and lab.owner != "head"]
    assert legend == [t.name.get("en") for t in board.link_types]


def test_a_road_stops_at_a_round_spaces_centre_and_warns_when_it_runs_under_a_space():
    """A band to a round space ends at its centre (no square plate around the circle); a road that passes under
    a third space is a warning, as a link line would be."""
    from rulepress.model.schema import Board

    named = {"de": "x", "en": "x"}
    board = Board.model_validate(
        {
            "id": "b",
            "name": named,
            "kind": "track",
            "size": {"width": 200, "height": 60},
            "provenance": "reconstructed",
            "space_size": [20, 20],
            "groups": [{"id": "g", "name": named, "color": "#f9e57a"}],
            "space_types": [{"id": "round", "name": named, "shape": "circle"}],
            "link_types": [{"id": "next", "name": named, "style": "arrow", "road": True}],
            "spaces": [
                {"id": "a", "group": "g", "pos": [30, 30]},
                {"id": "b", "group": "g", "pos": [55, 30]},
                {"id": "c", "group": "g", "type": "round", "pos": [80, 30]},
                {"id": "d", "group": "g", "pos": [130, 30]},
            ],
            "links": [{"a": "a", "b": "b", "type": "next"}, {"a": "b", "b": "c", "type": "next"}],
        }
    )
    scene = boardpaint.scene_for(board, "en")
    band = _shape(scene, "road:b--c").rect
    assert abs(band.right - (80.0 + ROAD_RIM)) < 1e-6 and abs(band.x - (45.0 - ROAD_RIM)) < 1e-6  # not to 90
    assert scene.warnings == []
    board.links.append(board.links[0].model_copy(update={"a": "a", "b": "d"}))
    assert "road a--d runs under space 'b'" in boardpaint.scene_for(board, "en").warnings
