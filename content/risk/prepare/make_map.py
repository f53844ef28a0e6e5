"""Prepare the Risk world map: 42 territory outlines from Natural Earth land (run once, not at build time).

Input: ``land-50m.json`` of the npm package ``world-atlas`` 2.0.2 (TopoJSON of Natural Earth 1:50m land,
version 4.1.0; Natural Earth is public domain, world-atlas is ISC-licensed by Michael Bostock). Get it with

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz   # -> package/land-50m.json

then run (needs shapely >= 2.1; it is a dependency of Rulepress):

    .venv/bin/python content/risk/prepare/make_map.py package/land-50m.json

Steps: decode the TopoJSON arcs; move the land east of the date line (Chukotka) to the right so Asia
ends at the right edge and America starts at the left; drop Antarctica and small islands; project with
the Miller cylindrical projection onto the board; cut each land mass that holds seeds of several
territories into Voronoi cells of those seeds (seeds in SEEDS below, in degrees), give every other
land mass wholly to the territory of its nearest seed; simplify all territories together so shared
borders stay shared (shapely.coverage_simplify); write the ``spaces:`` block of ../boards.yaml between
its BEGIN/END markers (outline and label position of every territory). The territory cut is this
project's own drawing (provenance reconstructed); the coastlines are Natural Earth's.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

import shapely
from shapely.geometry import MultiPoint, Point, Polygon
from shapely.ops import polylabel, unary_union

HERE = Path(__file__).resolve().parent
BOARDS = HERE.parent / "boards.yaml"
BOARD_W, BOARD_H = 594.0, 420.0
LON_SHIFT = -169.0  # land west of this longitude is moved by +360 degrees (Chukotka beside Kamchatka)
LAT_MIN = -57.0
MIN_AREA = 0.9  # square degrees: smaller islands are dropped
Y_STRETCH = 1.12  # a little taller than Miller: the board is less wide than the world
MARGIN_X, TOP, BOTTOM_ROOM = 8.0, 26.0, 18.0  # mm: sides, title room above the map, room below it
TOLERANCE = 0.45  # mm: simplification tolerance
STRAIT = 1.6  # mm: narrowest water between two territories joined by a sea link

# territory -> seed points (lon, lat); borders between territories on one land mass are the Voronoi
# edges between their seeds. Several seeds per territory shape its borders.
SEEDS = {
    "alaska": [(-152, 65), (-158, 60), (-150, 69), (-145, 62)],
    "northwest-territory": [(-125, 65), (-112, 66), (-98, 64), (-118, 70), (-100, 72)],
    "greenland": [(-40, 72), (-24, 70), (-44, 62), (-20, 78), (-58, 76)],
    "alberta": [(-118, 55), (-125, 53), (-112, 52), (-123, 58)],
    "ontario": [(-90, 52), (-98, 54), (-85, 48), (-88, 56)],
    "quebec": [(-72, 52), (-66, 48), (-74, 58), (-70, 68), (-60, 52)],
    "western-us": [(-118, 40), (-110, 44), (-107, 35), (-121, 47), (-104, 41)],
    "eastern-us": [(-88, 38), (-80, 35), (-74, 42), (-92, 43), (-82, 29), (-90, 31)],
    "central-america": [(-104, 24), (-90, 16), (-82, 10), (-110, 29), (-99, 19), (-78, 21.5)],
    "venezuela": [(-66, 7), (-73, 5), (-58, 5), (-75, 9)],
    "peru": [(-75, -9), (-65, -14), (-69, -20), (-77, -2)],
    "brazil": [(-50, -10), (-44, -5), (-53, -20), (-60, -5), (-47, -16)],
    "argentina": [(-65, -35), (-70, -45), (-60, -29), (-69, -52), (-57, -33)],
    "iceland": [(-19, 65)],
    "scandinavia": [(15, 63), (25, 64), (9, 60), (20, 68), (28, 68)],
    "great-britain": [(-2, 53)],
    "northern-europe": [(10, 52), (19, 52), (9.5, 56), (14, 55)],
    "western-europe": [(-4, 40), (2, 47), (-1, 44)],
    "southern-europe": [(12, 43), (20, 43), (23, 39), (16, 46), (25, 45)],
    "ukraine": [(28, 53), (31, 49), (26, 57.5), (40, 55), (45, 62), (36, 48), (40, 66), (48, 52)],
    "north-africa": [(0, 25), (-8, 15), (10, 20), (8, 10), (-12, 22), (-6, 32), (16, 14), (9, 33), (14, 29)],
    "egypt": [(30, 27), (24, 27), (31, 30.5), (21, 31)],
    "congo": [(20, 0), (14, -4), (25, -5), (20, -11)],
    "east-africa": [(38, 8), (35, 0), (45, 6), (30, 14), (35, -6), (37, -14), (25, 9)],
    "south-africa": [(25, -28), (19, -21), (30, -21), (24, -17)],
    "madagascar": [(47, -19)],
    "ural": [(60, 60), (58, 54), (64, 66), (70, 52), (68, 58)],
    "siberia": [(82, 62), (85, 71), (78, 56), (88, 53), (95, 66), (100, 75)],
    "yakutsk": [(125, 65), (115, 68), (133, 70), (140, 66), (120, 61)],
    "irkutsk": [(105, 55), (115, 55), (100, 60), (122, 56)],
    "kamchatka": [(160, 62), (172, 66), (158, 56), (185, 66), (148, 60), (137, 52), (150, 68)],
    "mongolia": [(103, 47), (113, 46), (125, 46), (130, 43)],
    "china": [(105, 32), (115, 28), (90, 36), (84, 43), (112, 38), (100, 25), (120, 31)],
    "afghanistan": [(66, 34), (62, 45), (58, 39), (68, 40), (53, 45)],
    "middle-east": [(44, 30), (36, 38), (45, 23), (53, 32), (40, 33), (35, 31), (58, 28)],
    "india": [(78, 22), (71, 29), (79, 14), (88, 24), (76, 31)],
    "siam": [(97, 20), (101, 15), (106, 15), (101, 6), (105, 21)],
    "japan": [(138, 36), (142, 43.5), (131, 33)],
    "indonesia": [(101, 0), (114, 0), (110, -7), (121, -2), (122, 12)],
    "new-guinea": [(142, -5)],
    "western-australia": [(122, -25), (118, -31), (127, -19)],
    "eastern-australia": [(145, -25), (148, -33), (140, -18), (137, -27)],
}


def decode_topology(topology: dict) -> list[Polygon]:
    """The polygons of the TopoJSON object 'land' in longitude/latitude."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)

    def ring(indexes: list[int]) -> list[tuple[float, float]]:
        points: list[tuple[float, float]] = []
        for i in indexes:
            arc = arcs[i] if i >= 0 else arcs[~i][::-1]
            points.extend(arc if not points else arc[1:])
        return points

    polygons = []
    geometry = topology["objects"]["land"]
    for geom in geometry.get("geometries", [geometry]):
        parts = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for part in parts:
            rings = [unwrap(ring(r)) for r in part]
            if max(y for _, y in rings[0]) < LAT_MIN:  # Antarctica circles the pole: not a plane polygon
                continue
            polygons.append(Polygon(rings[0], rings[1:]).buffer(0))
    return polygons


def unwrap(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Longitudes made continuous (a ring crossing the date line jumps by 360 degrees in TopoJSON)."""
    out, offset = [ring[0]], 0.0
    for (x0, _), (x1, y1) in zip(ring, ring[1:]):
        if x1 - x0 > 180:
            offset -= 360
        elif x0 - x1 > 180:
            offset += 360
        out.append((x1 + offset, y1))
    if min(x for x, _ in out) < -180 - 1e-9:
        out = [(x + 360, y) for x, y in out]
    return out


def miller(lat: float) -> float:
    """Miller cylindrical y in degrees."""
    phi = math.radians(lat)
    return math.degrees(1.25 * math.log(math.tan(math.pi / 4 + 0.4 * phi)))


def shifted(poly: Polygon) -> Polygon:
    minx, _, maxx, _ = poly.bounds
    if maxx <= LON_SHIFT + 1e-9:
        return shapely.transform(poly, lambda c: c + [360.0, 0.0])
    return poly


def main(source: Path) -> None:
    land = [shifted(p) for p in decode_topology(json.loads(source.read_text()))]
    land = [p for p in land if p.area >= MIN_AREA and p.bounds[3] > LAT_MIN]
    land = [p.intersection(shapely.box(-180, LAT_MIN, 200, 84)) for p in land]
    seeds = [(t, Point(lon, lat)) for t, pts in SEEDS.items() for lon, lat in pts]
    pieces: dict[str, list] = {t: [] for t in SEEDS}
    for mass in land:
        inside = [(t, p) for t, p in seeds if mass.contains(p)]
        if len({t for t, _ in inside}) <= 1:
            centre = mass.representative_point()
            owner = inside[0][0] if inside else min(seeds, key=lambda s: s[1].distance(centre))[0]
            pieces[owner].append(mass)
            continue
        cells = shapely.voronoi_polygons(MultiPoint([p for _, p in inside]), extend_to=mass.envelope.buffer(10))
        for cell in cells.geoms:
            owner = next(t for t, p in inside if cell.contains(p))
            pieces[owner].append(mass.intersection(cell))
    territories = {t: unary_union(ps) for t, ps in pieces.items()}

    # projection onto the board
    lons = [g.bounds[i] for g in territories.values() for i in (0, 2)]
    lats = [g.bounds[i] for g in territories.values() for i in (1, 3)]
    lon0, lon1, y0, y1 = min(lons), max(lons), miller(max(lats)), miller(min(lats))
    scale = (BOARD_W - 2 * MARGIN_X) / (lon1 - lon0)
    height = (y0 - y1) * scale * Y_STRETCH
    top = TOP + (BOARD_H - TOP - BOTTOM_ROOM - height) / 2

    def project(coords):
        out = coords.copy()
        out[:, 0] = MARGIN_X + (coords[:, 0] - lon0) * scale
        out[:, 1] = [top + (y0 - miller(lat)) * scale * Y_STRETCH for lat in coords[:, 1]]
        return out

    ids = list(territories)
    projected = {t: shapely.transform(territories[t], project) for t in ids}
    for a, b in sea_links():  # straits narrower than STRAIT mm are widened so the sea stays visible
        pa, pb = projected[a], projected[b]
        projected[a] = pa.difference(pb.buffer(STRAIT / 2))
        projected[b] = pb.difference(pa.buffer(STRAIT / 2))
    simple = shapely.coverage_simplify([projected[t] for t in ids], TOLERANCE)
    simple = [shapely.make_valid(g) for g in simple]
    print(f"scale {scale:.3f} mm/degree, map {BOARD_W - 2 * MARGIN_X:.0f} x {height:.0f} mm from y {top:.1f}")
    blocks = {}
    for t, geom in zip(ids, simple):
        polys = sorted([g for g in getattr(geom, "geoms", [geom]) if g.geom_type == "Polygon" and g.area > 0.8],
                       key=lambda g: -g.area)
        label = polylabel(polys[0], 0.2)
        rings = []
        for g in polys:
            ring = list(g.exterior.coords)[:-1]
            rings.append("[" + ", ".join(f"[{x:.1f}, {y:.1f}]" for x, y in ring) + "]")
        blocks[t] = (label, rings, sum(len(g.exterior.coords) - 1 for g in polys))
        print(f"{t:20} {len(polys):2} polygons {blocks[t][2]:4} points, label at {label.x:.0f},{label.y:.0f}")
    write_spaces(blocks)


def sea_links() -> list[tuple[str, str]]:
    """The sea links declared in boards.yaml (a, b)."""
    return re.findall(r"^      - \{a: ([a-z-]+), b: ([a-z-]+), type: sea", BOARDS.read_text(), re.M)


def write_spaces(blocks: dict) -> None:
    text = BOARDS.read_text()
    begin = text.index("    # BEGIN spaces generated by prepare/make_map.py")
    end = text.index("    # END spaces generated")
    old = text[begin:end]
    lines = ["    # BEGIN spaces generated by prepare/make_map.py (names, groups and types are read back from here)"]
    for match in re.finditer(r"^      - \{id: ([a-z-]+), (name: \{[^}]*\}), group: ([a-z-]+), type: ([a-z-]+)", old, re.M):
        t, name, group, stype = match.groups()
        label, rings, _ = blocks[t]
        lines.append(f"      - {{id: {t}, {name}, group: {group}, type: {stype}, pos: [{label.x:.1f}, {label.y:.1f}],")
        lines.append("         outline: [" + ",\n                   ".join(rings) + "]}")
    BOARDS.write_text(text[:begin] + "\n".join(lines) + "\n" + text[end:])


if __name__ == "__main__":
    main(Path(sys.argv[1]))
