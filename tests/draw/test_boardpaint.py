"""A painted board (#28): each special field prints its word and icon on itself, fills stay apart in greyscale,
region names are read across the table. Asserted on the real PDF and its pixels."""

from __future__ import annotations

import shutil

import pdfplumber
import pypdfium2 as pdfium
import pytest
import yaml

from rulepress import paths
from rulepress.draw import boardpaint
from rulepress.layout.boardscene import GREY_STEP, REGION_NAME_PT, Glyph, greyscale_clashes
from rulepress.layout.paper import MM
from rulepress.model import formats, load_game
from rulepress.model.schema import Board
from rulepress.options import BoardOptions
from rulepress.render import boards

GAME = "anti-monopoly-3"


@pytest.fixture(scope="module")
def painted(tmp_path_factory):
    """The Anti-Monopoly board in German: content, board, scene and its one-page PDF."""
    content = load_game(paths.BUNDLED_CONTENT / GAME)
    board = content.game.boards[0]
    scene = boardpaint.scene_for(board, "de")
    scene.folder = content.folder
    pdf = tmp_path_factory.mktemp("paint") / "board.de.pdf"
    boards.write_full(board, "de", pdf, scene)
    return content, board, scene, pdf


def _rect_of(scene, space_id):
    return next(i.rect for i in scene.items if type(i).__name__ == "Shape" and i.owner == space_id)


def test_each_labelled_field_prints_its_word_inside_its_rectangle(painted):
    _, board, scene, pdf = painted
    types = {t.id: t for t in board.space_types}
    labelled = [s for s in board.spaces if s.type in types and types[s.type].label and not s.name]
    assert len(labelled) >= 20
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words(keep_blank_chars=True)
    found = [(w["text"], w["x0"] / MM, w["top"] / MM, w["x1"] / MM, w["bottom"] / MM) for w in words]
    for space in labelled:
        stype = types[space.type]
        word = (stype.word or stype.name).get("de")
        rect = _rect_of(scene, space.id)
        inside = [
            text
            for text, x0, top, x1, bottom in found
            if x0 >= rect.x - 0.2 and x1 <= rect.right + 0.2 and top >= rect.y - 0.2 and bottom <= rect.bottom + 0.2
        ]
        assert word in inside, (space.id, word, inside)
        assert str(space.number) in inside, (space.id, inside)


def test_each_field_with_an_icon_shows_it_in_ink(painted):
    """Every field of a type with an icon has a Glyph, and the PDF's pixels in the glyph's box carry its ink."""
    _, board, scene, pdf = painted
    types = {t.id: t for t in board.space_types}
    glyphs = {g.owner: g for g in scene.items if isinstance(g, Glyph) and g.owner != "emblem"}  # art, not a field
    with_icon = [s for s in board.spaces if s.icon or (s.type in types and types[s.type].icon)]
    assert with_icon and {s.id for s in with_icon} == set(glyphs)
    dpi = 60
    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    px = dpi / 25.4
    for owner, glyph in glyphs.items():
        assert glyph.height >= 6.0, (owner, glyph.height)  # an icon read at arm's length
        r = glyph.rect
        box = image.crop((round(r.x * px), round(r.y * px), round(r.right * px), round(r.bottom * px)))
        ink = tuple(int(glyph.color[i : i + 2], 16) for i in (1, 3, 5))
        data = box.tobytes()
        pixels = (data[i : i + 3] for i in range(0, len(data), 3))
        near = sum(1 for p in pixels if sum(abs(a - b) for a, b in zip(p, ink, strict=True)) < 90)
        assert near >= 0.08 * box.width * box.height, (owner, near, box.size)


def test_plain_fields_have_no_icon_and_big_numbers(painted):
    _, board, scene, _ = painted
    plain = [s for s in board.spaces if s.type == "plain"]
    glyph_owners = {g.owner for g in scene.items if isinstance(g, Glyph)}
    assert plain and not glyph_owners & {s.id for s in plain}
    rows = {lab.owner: lab.rows for lab in scene.labels if lab.role == "space"}
    assert all(rows[s.id][0].size >= 14 for s in plain)


def test_legend_leaves_out_what_the_fields_say(painted):
    _, board, scene, _ = painted
    entries = [lab.rows[0].text for lab in scene.labels if lab.role == "legend" and lab.owner == "type"]
    for t in board.space_types:
        if t.label:
            assert t.name.get("de") not in " / ".join(entries)


def test_bundled_boards_fills_differ_in_greyscale():
    for game in ("anti-monopoly-3", "risk", "xidit"):
        board = load_game(paths.BUNDLED_CONTENT / game).game.boards[0]
        assert greyscale_clashes(board) == [], game


def test_close_greys_are_a_warning_at_the_colour(tmp_path):
    """Two fills a greyscale copy makes one grey: a warning (not an error) at the later colour's line."""
    folder = tmp_path / GAME
    shutil.copytree(paths.BUNDLED_CONTENT / GAME, folder)
    path = folder / "boards.yaml"
    text = path.read_text(encoding="utf-8")
    crisis = next(line for line in text.splitlines() if "{id: crisis," in line)
    path.write_text(text.replace(crisis, crisis.replace('"#d8342c"', '"#5b3b1f"')), encoding="utf-8")
    content = load_game(folder)
    problems = formats.settle(boards.check(content, BoardOptions()), content.format)
    assert len(problems) == 1
    problem = problems[0]
    assert problem.warning and problem.key == "boards.0.space_types.3.color"  # the later of the two: monopoly
    assert problem.line == next(i for i, line in enumerate(text.splitlines(), 1) if "{id: monopoly," in line)
    assert "crisis" in problem.message and "monopoly" in problem.message and f"{GREY_STEP:g}" in problem.message


def test_greyscale_clashes_on_a_fixture():
    data = {
        "id": "b",
        "name": {"de": "B", "en": "B"},
        "kind": "track",
        "size": {"width": 100, "height": 50},
        "provenance": "reconstructed",
        "groups": [{"id": "g", "name": {"de": "G", "en": "G"}, "color": "#f5df6e"}],
        "space_types": [
            {"id": "p", "name": {"de": "P", "en": "P"}},
            {"id": "s", "name": {"de": "S", "en": "S"}, "color": "#d9d9d9"},  # the grey of the yellow group
            {"id": "w", "name": {"de": "W", "en": "W"}, "color": "#f5df6e"},  # the same colour: meant to look the same
        ],
        "spaces": [
            {"id": "a", "group": "g", "type": "p", "pos": [20, 20]},
            {"id": "b", "group": "g", "type": "s", "pos": [50, 20]},
            {"id": "c", "group": "g", "type": "w", "pos": [80, 20]},
        ],
    }
    clashes = greyscale_clashes(Board.model_validate(data))
    assert [(a, b) for a, b, _, _ in clashes] == [
        (("groups", 0), ("space_types", 1)),
        (("space_types", 1), ("space_types", 2)),
    ]


def test_an_unknown_icon_is_an_error_at_its_line(tmp_path):
    folder = tmp_path / GAME
    shutil.copytree(paths.BUNDLED_CONTENT / GAME, folder)
    path = folder / "boards.yaml"
    text = path.read_text(encoding="utf-8").replace("icon: factory", "icon: no-such-icon")
    path.write_text(text, encoding="utf-8")
    problems = boards.check(load_game(folder), BoardOptions())
    assert [p.key for p in problems] == ["boards.0.space_types.3.icon"]
    assert not problems[0].warning and "no-such-icon" in problems[0].message
    assert problems[0].line == next(i for i, line in enumerate(text.splitlines(), 1) if "no-such-icon" in line)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_risk_names_read_across_the_table(lang):
    """Territory names at 9 pt or more where they fit; none under 7 pt."""
    board = load_game(paths.BUNDLED_CONTENT / "risk").game.boards[0]
    scene = boardpaint.scene_for(board, lang)
    sizes = [lab.rows[0].size for lab in scene.labels if lab.role == "space"]
    assert len(sizes) == 42
    assert min(sizes) >= 7.0
    assert sum(size >= REGION_NAME_PT for size in sizes) >= 40
    assert not scene.problems


def test_pattern_over_several_group_colours_is_white_in_the_legend():
    data = yaml.safe_load((paths.BUNDLED_CONTENT / "xidit" / "boards.yaml").read_text(encoding="utf-8"))["boards"][0]
    for space in data["spaces"]:
        space.pop("name", None)  # unnamed spaces: the legend must explain the hatched type
    board = Board.model_validate(data)
    scene = boardpaint.scene_for(board, "de")
    hatched = [i for i in scene.items if type(i).__name__ == "Shape" and i.owner == "legend" and i.hatched]
    assert len(hatched) == 1 and hatched[0].fill == "#ffffff"
