"""Tests of content/risk/prepare/make_map.py (the one-off map maker) and of what it made: the country
table, the cut lines, the arrangement of countries and cuts into territories, and the board's borders."""

from __future__ import annotations

import importlib.util
import statistics
from pathlib import Path

import pytest
import shapely
from shapely.geometry import LineString, Point

from rulepress.layout import regions
from rulepress.model import load_game

GAME_DIR = Path(__file__).resolve().parents[2] / "content" / "risk"
_spec = importlib.util.spec_from_file_location("risk_make_map", GAME_DIR / "prepare" / "make_map.py")
make_map = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_map)


@pytest.fixture(scope="module")
def board():
    (board,) = load_game(GAME_DIR).game.boards
    return board


def test_every_country_belongs_to_one_territory_and_every_territory_gets_land():
    territories = {s.id for s in load_game(GAME_DIR).game.boards[0].spaces}
    assert set(make_map.TERRITORY_COUNTRIES) == territories
    listed = [c for cs in make_map.TERRITORY_COUNTRIES.values() for c in cs]
    assert len(listed) == len(set(listed)) == len(make_map.COUNTRIES)
    assert not set(make_map.COUNTRIES) & set(make_map.SPLITS)
    from_splits = {t for allowed, _ in make_map.SPLITS.values() for t in allowed}
    assert {t for t, cs in make_map.TERRITORY_COUNTRIES.items() if not cs} <= from_splits
    for country, (allowed, cuts) in make_map.SPLITS.items():
        assert set(allowed) <= territories and set(cuts) <= set(make_map.CUT_LINES), country
        assert all(make_map.SEEDS.get(t) for t in allowed), country
    assert set(make_map.SEEDS) <= from_splits
    assert {c for _, cuts in make_map.SPLITS.values() for c in cuts} == set(make_map.CUT_LINES)


def test_wobble_keeps_the_drawn_points_and_stays_near_the_line():
    points = [(0.0, 0.0), (10.0, 0.0), (10.0, 6.0)]
    line = make_map.wobble(points, amplitude=0.3, step=0.25)
    assert line.equals(make_map.wobble(points, amplitude=0.3, step=0.25))  # deterministic
    coords = list(line.coords)
    assert coords[0] == points[0] and coords[-1] == points[-1] and points[1] in coords
    assert len(coords) == 40 + 24 + 1
    straight = LineString(points)
    offsets = [straight.distance(Point(c)) for c in coords]
    assert max(offsets) <= 0.3 + 1e-9 and max(offsets) > 0.15  # it does wobble, gently


def test_countries_and_cut_lines_become_territories_with_shared_borders():
    """A toy world: 'Australia' (split at 129 E), 'New Zealand' (wholly Eastern Australia) touching it, and a
    country without territory; the cut makes two faces that share their border vertex for vertex."""

    def square(x0, y0, x1, y1):
        return [shapely.Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])]

    countries = [
        ("Australia", square(113, -32, 154, -11)),
        ("New Zealand", square(154, -30, 160, -20)),
        ("Atlantis", square(-30, 0, -20, 10)),
    ]
    found = make_map.faces(countries)
    assert sorted(c for _, c in found) == ["Atlantis", "Australia", "Australia", "New Zealand"]
    pieces = make_map.assign(found)
    west, east = shapely.union_all(pieces["western-australia"]), shapely.union_all(pieces["eastern-australia"])
    assert west.bounds == pytest.approx((113, -32, 129, -11)) and east.bounds == pytest.approx((129, -32, 160, -11))
    assert west.area + east.area == pytest.approx(41 * 21 + 60)
    assert shapely.coverage_is_valid([west, east]) and west.intersection(east).length == pytest.approx(21)
    assert not any(pieces[t] for t in pieces if t not in ("western-australia", "eastern-australia"))


def _land_borders(board):
    """(a, b, shared border) of every land link, the border as drawn."""
    shapes = {s.id: regions.geometry(s.outline) for s in board.spaces}
    found = []
    for link in board.links:
        if link.type == "land":
            a, b = shapes[link.a], shapes[link.b]
            found.append((link.a, link.b, a.boundary.intersection(b.buffer(0.05))))
    return found


def test_land_borders_follow_real_borders_not_straight_lines(board):
    """Borders between countries wind: most of the 58 land borders have a vertex every 3 mm or closer
    (the earlier Voronoi cut had one every 5.5 mm in the median: straight lines between few corners)."""
    spacing = {}
    for a, b, border in _land_borders(board):
        lines = [g for g in getattr(border, "geoms", [border]) if g.geom_type == "LineString"]
        vertices = sum(len(g.coords) for g in lines)
        spacing[a, b] = border.length / max(vertices - len(lines), 1)
    assert len(spacing) == 58
    assert statistics.median(spacing.values()) < 2.0
    assert sum(s <= 3.0 for s in spacing.values()) >= 48, sorted(spacing.items(), key=lambda kv: -kv[1])[:12]


def test_surveyed_borders_are_drawn_where_they_run(board):
    """Canada's 60th parallel (Northwest Territory / Alberta) is one horizontal line of the board and
    Western Australia's border (129 E) one vertical line, as on a political map."""
    shapes = {s.id: regions.geometry(s.outline) for s in board.spaces}

    def border(a, b):
        shared = shapes[a].boundary.intersection(shapes[b].buffer(0.05))
        return [p for g in getattr(shared, "geoms", [shared]) for p in g.coords]

    parallel = border("northwest-territory", "alberta")
    assert max(y for _, y in parallel) - min(y for _, y in parallel) < 0.3
    assert max(x for x, _ in parallel) - min(x for x, _ in parallel) > 50  # mm: the whole width of Canada's west
    meridian = border("western-australia", "eastern-australia")
    assert max(x for x, _ in meridian) - min(x for x, _ in meridian) < 0.3
    assert max(y for _, y in meridian) - min(y for _, y in meridian) > 25
