"""Geometry of shaped board regions (pure; millimetres, top-left origin; uses shapely).

A region is a space with an `outline`: one or more polygons. This module
answers the questions drawing and checking ask of them: a valid shapely
geometry, where a label goes (pole of inaccessibility: the inside point
farthest from the edges), where a sea link crosses the water between two
regions, where a wrap link leaves a region towards the board edge, and how
long a border two regions share. Shapely (GEOS) does the robust work; this
module only phrases board questions in its terms.
"""

from __future__ import annotations

from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.ops import nearest_points, polylabel

Ring = list[tuple[float, float]]


@dataclass(frozen=True)
class Anchor:
    """Where a region's label goes and how much room it has (radius of the free circle there)."""

    x: float
    y: float
    room: float


def geometry(outline: list[Ring]):
    """The outline as one valid shapely geometry (self-touching rings repaired)."""
    polys = [Polygon(ring) for ring in outline if len(ring) >= 3]
    return shapely.make_valid(MultiPolygon(polys)) if polys else Polygon()


def problems(outline: list[Ring]) -> list[tuple[int, str]]:
    """Polygons of an outline that are not drawable: (index, reason)."""
    found = []
    for i, ring in enumerate(outline):
        if len(ring) < 3:
            found.append((i, f"polygon {i} has {len(ring)} points; a polygon needs at least 3"))
            continue
        poly = Polygon(ring)
        if poly.area <= 0:
            found.append((i, f"polygon {i} has no area"))
        elif not poly.is_valid:
            reason = shapely.is_valid_reason(poly)
            if "Self-intersection" in reason and "Ring" not in reason:
                found.append((i, f"polygon {i} crosses itself ({reason})"))
    return found


def parts(geom) -> list[Polygon]:
    """The polygons of a geometry, largest first."""
    polys = [g for g in getattr(geom, "geoms", [geom]) if isinstance(g, Polygon) and not g.is_empty]
    polys += [p for g in getattr(geom, "geoms", []) if isinstance(g, MultiPolygon) for p in g.geoms]
    return sorted(polys, key=lambda g: -g.area)


def label_anchor(outline: list[Ring]) -> Anchor:
    """Pole of inaccessibility of the largest polygon (to 0.1 mm)."""
    largest = parts(geometry(outline))[0]
    point = polylabel(largest, 0.1)
    return Anchor(round(point.x, 2), round(point.y, 2), round(largest.exterior.distance(point), 2))


def water_crossing(
    a: list[Ring], b: list[Ring], into_land: float = 2.5
) -> tuple[tuple[float, float], tuple[float, float]]:
    """A sea link's line: between the nearest coasts of two regions, reaching `into_land` mm into each."""
    ga, gb = geometry(a), geometry(b)
    pa, pb = nearest_points(ga, gb)
    line = LineString([pa, pb])
    length = line.length or 1.0
    dx, dy = (pb.x - pa.x) / length, (pb.y - pa.y) / length
    return (pa.x - dx * into_land, pa.y - dy * into_land), (pb.x + dx * into_land, pb.y + dy * into_land)


def toward_edge(outline: list[Ring], edge_x: float, y: float) -> tuple[float, float]:
    """The point of a region nearest to the point (edge_x, y) on a board edge."""
    p, _ = nearest_points(geometry(outline), Point(edge_x, y))
    return p.x, p.y


def shared_border(a, b, tolerance: float) -> float:
    """Length (mm) of the boundary of geometry `a` lying within `tolerance` of geometry `b`."""
    if a.is_empty or b.is_empty or a.distance(b) > tolerance:
        return 0.0
    return a.boundary.intersection(b.buffer(tolerance)).length


def bounds(outline: list[Ring]) -> tuple[float, float, float, float]:
    xs = [x for ring in outline for x, _ in ring]
    ys = [y for ring in outline for _, y in ring]
    return min(xs), min(ys), max(xs), max(ys)


def union_rings(outlines: list[list[Ring]]) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The boundary rings (outer and inner) of several regions merged: a continent's outline."""
    merged = shapely.coverage_union_all([geometry(o) for o in outlines])  # shared edges cancel exactly
    rings = []
    for poly in parts(merged):
        for ring in (poly.exterior, *poly.interiors):
            coords = list(ring.coords)[:-1]
            if len(coords) >= 3:
                rings.append(tuple((round(x, 2), round(y, 2)) for x, y in coords))
    return tuple(rings)
