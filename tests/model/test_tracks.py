"""Track helpers: spaces generated along polylines, loops, rings, grids and crosses, with overrides."""

from __future__ import annotations

import math

import pytest

from rulepress.model.schema import Board
from rulepress.model.tracks import cross_outline, track_points


def board(tracks, spaces=(), links=()):
    return Board.model_validate(
        {
            "id": "b",
            "name": {"de": "B", "en": "B"},
            "kind": "track",
            "size": {"width": 300, "height": 300},
            "provenance": "reconstructed",
            "link_types": [{"id": "next", "name": {"de": "weiter", "en": "next"}}],
            "tracks": tracks,
            "spaces": list(spaces),
            "links": list(links),
        }
    )


def test_polyline_by_count_and_by_spacing():
    assert track_points({"shape": "polyline", "points": [[0, 0], [100, 0]], "count": 5}) == [
        (0, 0),
        (25, 0),
        (50, 0),
        (75, 0),
        (100, 0),
    ]
    got = track_points({"shape": "polyline", "points": [[0, 0], [30, 0], [30, 30]], "spacing": 20})
    assert got == [(0, 0), (20, 0), (30, 10), (30, 30)]


def test_loop_spaces_are_evenly_spread_round_a_closed_path():
    got = track_points({"shape": "loop", "points": [[0, 0], [40, 0], [40, 40], [0, 40]], "count": 8})
    assert got == [(0, 0), (20, 0), (40, 0), (40, 20), (40, 40), (20, 40), (0, 40), (0, 20)]


def test_ring_starts_at_the_top_and_runs_clockwise():
    got = track_points({"shape": "ring", "centre": [100, 100], "radius": 50, "count": 4})
    assert [(round(x), round(y)) for x, y in got] == [(100, 50), (150, 100), (100, 150), (50, 100)]


def test_grid_cells_row_by_row():
    got = track_points({"shape": "grid", "points": [[0, 0], [30, 20]], "rows": 2, "cols": 3})
    assert got == [(5, 5), (15, 5), (25, 5), (5, 15), (15, 15), (25, 15)]


def test_cross_of_a_classic_race_game_lands_on_its_grid():
    """40 fields on the plus-shaped path of an 11 x 11 grid (cell 20 mm): every field is a grid cell centre."""
    c = 20.0
    got = track_points({"shape": "cross", "centre": [110, 110], "radius": 5 * c, "arm": 2 * c, "count": 40})
    assert len(got) == 40 == len(set(got))
    outline = cross_outline((0, 0), 5 * c, 2 * c)
    assert sum(math.dist(p, q) for p, q in zip(outline, outline[1:] + outline[:1])) == pytest.approx(40 * c)
    for x, y in got:
        assert (x - 10) % c == pytest.approx(0) and (y - 10) % c == pytest.approx(0)
    assert all(math.dist(p, q) == pytest.approx(c) for p, q in zip(got, got[1:] + got[:1]))


def test_generated_spaces_are_numbered_linked_and_can_be_overridden():
    b = board(
        [
            {
                "prefix": "f",
                "shape": "loop",
                "points": [[10, 10], [90, 10], [90, 90], [10, 90]],
                "count": 8,
                "link": "next",
                "size": [12, 12],
            }
        ],
        spaces=[{"id": "f-3", "name": {"de": "Gefängnis", "en": "Jail"}, "pos": [91, 9]}],
    )
    ids = [s.id for s in b.spaces]
    assert sorted(ids) == sorted(f"f-{i}" for i in range(1, 9)) and ids[0] == "f-3"  # the override keeps its place
    jail = b.spaces[0]
    assert jail.name.en == "Jail" and jail.pos == (91, 9) and jail.number == 3 and jail.size == (12, 12)
    assert [(link.a, link.b) for link in b.links][-1] == ("f-8", "f-1") and len(b.links) == 8


def test_a_track_without_count_or_spacing_is_refused():
    with pytest.raises(ValueError, match="count or spacing"):
        board([{"prefix": "f", "shape": "polyline", "points": [[0, 0], [10, 0]]}])


def test_an_svg_path_becomes_the_outline_of_a_region():
    b = board(
        [],
        spaces=[
            {
                "id": "isle",
                "pos": [50, 30],
                "path": "M 10 10 L 50 10 C 60 20 60 40 50 50 L 10 50 Z M 70 70 h 10 v 10 h -10 z",
            }
        ],
    )
    outline = b.spaces[0].outline
    assert len(outline) == 2
    assert outline[1] == [(70, 70), (80, 70), (80, 80), (70, 80)]
    assert outline[0][:2] == [(10, 10), (50, 10)] and len(outline[0]) == 2 + 12 + 1
    assert max(x for x, _ in outline[0]) == pytest.approx(57.5, abs=0.01)  # the curve bulges to x = 57.5


def test_path_and_outline_together_are_refused():
    with pytest.raises(ValueError, match="either path or outline"):
        board(
            [], spaces=[{"id": "x", "pos": [0, 0], "path": "M0 0 L1 0 L1 1 Z", "outline": [[[0, 0], [1, 0], [1, 1]]]}]
        )
