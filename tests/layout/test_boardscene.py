"""The phases of `board_scene`, each on a small board of its own: geometry, ground, links, spaces, placed boxes,
link labels and the checks of what was set."""

from __future__ import annotations

from rulepress.layout import boardscene as bs
from rulepress.layout.boardgeom import Rect
from rulepress.model.schema import Board


def measure(text: str, font: str, size: float) -> float:
    """A plain measure: 0.5 mm per character at 10 pt."""
    return len(text) * size / 20


def board(**extra) -> Board:
    data = {
        "id": "b",
        "name": {"en": "Small board"},
        "kind": "map",
        "size": {"width": 200, "height": 100},
        "space_size": [30, 12],
        "provenance": {"kind": "seed", "source": "test"},
        "spaces": [
            {"id": "a", "name": {"en": "Alpha"}, "pos": [30, 50]},
            {"id": "b", "name": {"en": "Beta"}, "pos": [170, 50]},
        ],
        "links": [],
    }
    data.update(extra)
    return Board.model_validate(data)


def work(b: Board) -> bs._Work:
    made = bs._Work(
        board=b,
        lang="en",
        measure=measure,
        context=bs.BoardContext(),
        scene=bs.Scene(width=b.size.width, height=b.size.height),
        types={t.id: t for t in b.space_types},
        groups={g.id: g for g in b.groups},
        by_id={s.id: s for s in b.spaces},
        chrome=1.0,
    )
    bs._space_geometry(made)
    return made


def test_geometry_centres_a_space_at_its_position_and_bounds_an_outline():
    square = [[[100, 10], [140, 10], [140, 40], [100, 40]]]
    w = work(board(spaces=[{"id": "a", "pos": [30, 50]}, {"id": "r", "pos": [120, 25], "outline": square}]))
    assert w.rects["a"] == Rect(15, 44, 30, 12)
    assert w.shapes == {"a": "rect", "r": "outline"}
    assert w.rects["r"] == Rect(100, 10, 40, 30)
    anchor = w.anchors["r"]
    assert 100 < anchor.x < 140 and 10 < anchor.y < 40


def test_ground_lays_the_sea_under_a_double_frame():
    w = work(board(layers=[{"kind": "sea", "color": "#aaccee"}, {"kind": "frame", "color": "#333333", "width": 2}]))
    bs._ground(w)
    owners = [(item.owner, item.fill, item.stroke_width) for item in w.scene.items]
    assert owners == [("frame", "#aaccee", 0.2), ("border", None, bs.FRAME_BOLD), ("border", None, bs.FRAME_THIN)]


def test_a_link_around_the_board_runs_to_both_edges_named_after_the_other_end():
    w = work(board(links=[{"a": "a", "b": "b", "wrap": True}]))
    bs._links(w)
    lines = w.scene.lines("link")
    assert sorted(line.points[-1][0] for line in lines) == [0.0, 200.0]
    assert sorted(text for _role, _owner, text, _p, _q in w.link_labels) == ["Alpha →", "← Beta"]


def test_a_plain_link_joins_the_boundaries_and_a_land_border_between_regions_draws_nothing():
    w = work(board(links=[{"a": "a", "b": "b"}]))
    bs._links(w)
    (line,) = w.scene.lines("link")
    assert line.points == ((45.0, 50.0), (155.0, 50.0))
    left = [[[0, 0], [100, 0], [100, 100], [0, 100]]]
    right = [[[100, 0], [200, 0], [200, 100], [100, 100]]]
    regions = work(
        board(
            spaces=[{"id": "l", "pos": [50, 50], "outline": left}, {"id": "r", "pos": [150, 50], "outline": right}],
            links=[{"a": "l", "b": "r"}],
        )
    )
    bs._links(regions)
    assert regions.scene.lines("link") == [] and regions.segments == []


def test_a_link_under_a_third_space_is_a_warning():
    spaces = [{"id": "a", "pos": [30, 50]}, {"id": "m", "pos": [100, 50]}, {"id": "b", "pos": [170, 50]}]
    w = work(board(spaces=spaces, links=[{"a": "a", "b": "b"}]))
    bs._links(w)
    bs._links_under_spaces(w)
    assert w.scene.warnings == ["link a--b runs under space 'm'"]


def test_a_space_gets_its_shape_and_a_label_with_its_name():
    w = work(board())
    bs._space(w, w.by_id["a"])
    (shape,) = w.scene.items
    assert shape.owner == "a" and shape.rect == w.rects["a"]
    (label,) = w.labels
    assert label.role == "space" and [row.text for row in label.rows] == ["Alpha"]


def test_a_reconstructed_space_gets_a_mark_in_its_corner():
    spaces = [{"id": "a", "name": {"en": "Alpha"}, "pos": [30, 50], "provenance": {"kind": "reconstructed"}}]
    w = work(board(spaces=spaces))
    bs._space(w, w.by_id["a"])
    marks = [item for item in w.scene.items if isinstance(item, bs.Mark)]
    rect = w.rects["a"]
    assert len(marks) == 1
    assert rect.x < marks[0].centre[0] < rect.right and rect.y < marks[0].centre[1] < rect.bottom
    assert [label.role for label in w.labels] == ["mark", "space"]


def test_the_title_keeps_clear_of_the_spaces():
    w = work(board())
    w.obstacles = list(w.rects.values())
    bs._title(w)
    (label,) = w.labels
    assert label.role == "title" and label.rows[0].text == "Small board"
    assert not any(label.box.intersects(rect) for rect in w.rects.values())


def test_a_link_label_slides_along_its_line_to_a_free_spot():
    w = work(board())
    middle = Rect(95, 45, 10, 10)  # taken: the label cannot sit at the line's middle
    box = bs._link_label_spot(w, "link", (0.0, 50.0), (200.0, 50.0), 8.0, 4.0, [middle])
    assert not box.intersects(middle)
    assert abs(box.centre[1] - 50.0) < 1e-9


def test_the_checks_report_overlapping_labels_and_writing_under_the_smallest_size():
    row = bs.TextRow(text="tiny", font=bs.BODY, size=bs.MIN_SIZE - 1, x=0, baseline=0)
    first = bs.Label((row,), Rect(0, 0, 10, 5), "space", "a")
    second = bs.Label((), Rect(5, 0, 10, 5), "space", "b")
    scene = bs.Scene(width=100, height=100)
    bs._check_labels(scene, [first, second])
    assert scene.problems == ["labels overlap: space 'a' and space 'b'"]
    assert len(scene.errors) == 1 and "'tiny'" in scene.errors[0]


def test_the_phases_together_make_the_whole_scene():
    b = board(links=[{"a": "a", "b": "b"}], layers=[{"kind": "frame", "color": "#333333", "width": 2}])
    scene = bs.board_scene(b, "en", measure)
    roles = [item.role for item in scene.items if isinstance(item, bs.Label)]
    assert roles == ["space", "space", "title"]
    assert scene.problems == [] and scene.errors == []
