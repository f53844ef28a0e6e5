"""Prepare the Risk world map: 42 territory outlines from Natural Earth countries (run once, not at build time).

Input: ``countries-50m.json`` of the npm package ``world-atlas`` 2.0.2 (TopoJSON of Natural Earth 1:50m
admin-0 countries, version 4.1.0; Natural Earth is public domain, world-atlas is ISC-licensed by Michael
Bostock). Get it with

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz   # -> package/countries-50m.json

then run (needs shapely >= 2.1; it is a dependency of Rulepress):

    .venv/bin/python content/risk/prepare/make_map.py package/countries-50m.json

How a territory is made:

1. Every country of Natural Earth is given to one territory in COUNTRIES below (France's mainland to
   Western Europe, Korea to Mongolia, ...). The borders between two territories therefore run along the
   real borders between countries wherever a territory is a group of countries; borders between
   countries of the same territory are dissolved and not drawn.
2. A country named in SPLITS spans several territories (Russia, Kazakhstan, China, Canada, the USA,
   Australia; Malaysia, Indonesia and France only by island). It is cut along the CUT_LINES it names:
   hand-drawn lines in degrees that follow a plausible feature (the Urals and the Ural river, the
   Yenisei side of the West Siberian plain, the 60th parallel and the Manitoba line in Canada, ...).
   Lines marked ``natural`` get a gentle deterministic wobble (`wobble`) so that they read like the
   rivers and ranges they stand for; lines marked ``surveyed`` follow a real straight provincial or
   state border and stay straight. Each piece of a split country goes to the territory of the SEEDS
   point inside it, an island without one to the nearest seed of the allowed territories.
   Which line a cut follows is this project's own drawing (provenance reconstructed).
3. All country outlines and cut lines are noded into one arrangement (`faces`), so neighbouring
   territories share their border vertex for vertex. Where a cut line runs on through a country that
   is not split (its end reaching past a border), that country's pieces simply join again.
4. Land east of the date line (Chukotka) moves to the right so Asia ends at the right edge and
   America starts at the left; Antarctica and islands under MIN_AREA square degrees are dropped;
   the Miller cylindrical projection maps degrees onto the board; straits crossed by a sea link are
   widened to STRAIT mm; all territories are simplified together so shared borders stay shared
   (shapely.coverage_simplify).
5. The ``spaces:`` block of ../boards.yaml is rewritten between its BEGIN/END markers (outline and
   label position of every territory; names, groups and types are read back from there).
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import polylabel, polygonize, unary_union

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
WOBBLE = 0.3  # degrees: amplitude of the wobble of a natural cut line
WOBBLE_STEP = 0.25  # degrees: spacing of the points of a wobbled cut line

# Natural Earth country name -> territory. Countries not listed are dropped (Antarctica, the open
# Pacific and Atlantic islands far from any territory); split countries are in SPLITS instead.
TERRITORY_COUNTRIES = {
    "alaska": [],
    "northwest-territory": [],
    "greenland": ["Greenland"],
    "alberta": [],
    "ontario": [],
    "quebec": ["St. Pierre and Miquelon"],
    "western-us": [],
    "eastern-us": ["Bermuda"],
    "central-america": ["Mexico", "Guatemala", "Belize", "Honduras", "El Salvador", "Nicaragua", "Costa Rica",
                        "Panama", "Cuba", "Jamaica", "Haiti", "Dominican Rep.", "Bahamas", "Puerto Rico",
                        "Cayman Is.", "Turks and Caicos Is."],
    "venezuela": ["Venezuela", "Colombia", "Guyana", "Suriname", "Trinidad and Tobago", "Aruba", "Curaçao"],
    "peru": ["Peru", "Ecuador", "Bolivia"],
    "brazil": ["Brazil"],
    "argentina": ["Argentina", "Chile", "Uruguay", "Paraguay", "Falkland Is."],
    "iceland": ["Iceland"],
    "scandinavia": ["Norway", "Sweden", "Finland", "Åland", "Faeroe Is."],
    "great-britain": ["United Kingdom", "Ireland", "Isle of Man", "Guernsey", "Jersey"],
    "northern-europe": ["Germany", "Denmark", "Netherlands", "Belgium", "Luxembourg", "Poland", "Czechia",
                        "Slovakia", "Austria", "Switzerland", "Liechtenstein"],
    "western-europe": ["Spain", "Portugal", "Andorra", "Monaco"],
    "southern-europe": ["Italy", "San Marino", "Vatican", "Malta", "Slovenia", "Croatia", "Bosnia and Herz.",
                        "Serbia", "Montenegro", "Kosovo", "Albania", "Macedonia", "Greece", "Bulgaria",
                        "Romania", "Hungary"],
    "ukraine": ["Ukraine", "Belarus", "Moldova", "Estonia", "Latvia", "Lithuania"],
    "north-africa": ["Morocco", "W. Sahara", "Algeria", "Tunisia", "Libya", "Mauritania", "Mali", "Niger", "Chad",
                     "Senegal", "Gambia", "Guinea-Bissau", "Guinea", "Sierra Leone", "Liberia", "Côte d'Ivoire",
                     "Burkina Faso", "Ghana", "Togo", "Benin", "Nigeria", "Cabo Verde"],
    "egypt": ["Egypt"],
    "congo": ["Dem. Rep. Congo", "Congo", "Gabon", "Eq. Guinea", "Cameroon", "Central African Rep.", "Angola",
              "Zambia", "São Tomé and Principe"],
    "east-africa": ["Sudan", "S. Sudan", "Ethiopia", "Eritrea", "Djibouti", "Somalia", "Somaliland", "Kenya",
                    "Uganda", "Rwanda", "Burundi", "Tanzania", "Malawi", "Comoros"],
    "south-africa": ["South Africa", "Lesotho", "eSwatini", "Namibia", "Botswana", "Zimbabwe", "Mozambique"],
    "madagascar": ["Madagascar", "Mauritius"],
    "ural": [],
    "siberia": [],
    "yakutsk": [],
    "irkutsk": [],
    "kamchatka": [],
    "mongolia": ["Mongolia", "North Korea", "South Korea"],
    "china": ["Taiwan", "Hong Kong", "Macao"],
    "afghanistan": ["Afghanistan", "Turkmenistan", "Uzbekistan", "Tajikistan", "Kyrgyzstan"],
    "middle-east": ["Turkey", "Cyprus", "N. Cyprus", "Syria", "Lebanon", "Israel", "Palestine", "Jordan", "Iraq",
                    "Saudi Arabia", "Kuwait", "Qatar", "Bahrain", "United Arab Emirates", "Oman", "Yemen", "Iran",
                    "Georgia", "Armenia", "Azerbaijan"],
    "india": ["India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka", "Siachen Glacier"],
    "siam": ["Myanmar", "Thailand", "Laos", "Cambodia", "Vietnam", "Singapore"],
    "japan": ["Japan"],
    "indonesia": ["Philippines", "Brunei", "Timor-Leste"],
    "new-guinea": ["Papua New Guinea", "Solomon Is."],
    "western-australia": [],
    "eastern-australia": ["New Zealand", "New Caledonia", "Vanuatu"],
}
COUNTRIES = {country: t for t, countries in TERRITORY_COUNTRIES.items() for country in countries}

# Countries cut into several territories: the territories they may give land to, and the cut lines.
SPLITS = {
    "Russia": (("ukraine", "ural", "siberia", "yakutsk", "irkutsk", "kamchatka"),
               ("urals", "ural-siberia", "siberia-yakutsk", "siberia-irkutsk", "irkutsk-yakutsk",
                "irkutsk-kamchatka", "yakutsk-kamchatka")),
    "Kazakhstan": (("afghanistan", "ural", "siberia"), ("kazakh-steppe", "ural-siberia")),
    "China": (("china", "mongolia"), ("manchuria",)),
    "Canada": (("northwest-territory", "alberta", "ontario", "quebec"),
               ("sixtieth-parallel", "manitoba-line", "ottawa-river")),
    "United States of America": (("alaska", "western-us", "eastern-us"), ("red-river-missouri",)),
    "Australia": (("western-australia", "eastern-australia"), ("western-australia-border",)),
    "Malaysia": (("siam", "indonesia"), ()),
    "Indonesia": (("indonesia", "new-guinea"), ()),
    "France": (("western-europe", "venezuela"), ()),
}

# Cut lines (lon, lat): natural ones get a wobble, surveyed ones follow a real straight border.
# Their ends reach past the coast or the country's border, or meet another cut line exactly.
CUT_LINES = {
    # Europe / Asia along the crest of the Urals down to the Ural river at Orsk
    "urals": ("natural", [(68.5, 70.5), (66.2, 68.3), (64.6, 67.0), (62.0, 65.8), (59.6, 64.2), (59.2, 62.0),
                          (59.0, 60.0), (59.6, 57.8), (59.3, 55.5), (58.6, 53.6), (58.7, 52.2), (58.6, 50.6)]),
    # the Ural territory's south edge across the Kazakh steppe to the Dzungarian Alatau (Afghanistan south of it)
    "kazakh-steppe": ("natural", [(57.8, 51.8), (60.5, 50.0), (63.5, 48.7), (67.0, 47.6), (70.5, 47.0),
                                  (73.8, 46.6), (76.8, 45.9), (79.2, 45.2), (80.6, 44.8), (81.4, 44.2)]),
    # Ural | Siberia: from the Taz estuary south along the east of the West Siberian plain to the Dzungarian gate
    "ural-siberia": ("natural", [(73.5, 73.0), (73.4, 71.0), (73.8, 69.0), (75.5, 67.6), (77.0, 67.0),
                                 (77.2, 65.0), (76.6, 61.5), (77.6, 58.4),
                                 (78.6, 55.6), (78.9, 53.6), (79.6, 51.2), (80.6, 49.5), (81.9, 47.9),
                                 (82.9, 46.6), (83.6, 45.6)]),
    # Siberia | Yakutsk: from the Khatanga gulf south to the upper Lena (junction with Irkutsk at 103E 60.5N)
    "siberia-yakutsk": ("natural", [(113.5, 75.2), (109.0, 72.4), (106.8, 69.2), (106.0, 66.0), (104.6, 63.0),
                                    (103.0, 60.5)]),
    "siberia-irkutsk": ("natural", [(103.0, 60.5), (100.6, 58.6), (99.2, 56.2), (98.8, 54.0), (98.5, 52.4),
                                    (98.2, 49.6)]),
    "irkutsk-yakutsk": ("natural", [(103.0, 60.5), (108.0, 59.8), (113.0, 58.8), (118.5, 57.6), (124.0, 56.9),
                                    (130.0, 56.5)]),
    "irkutsk-kamchatka": ("natural", [(130.0, 56.5), (127.6, 55.1), (125.6, 54.0), (124.6, 53.1), (124.4, 51.8)]),
    "yakutsk-kamchatka": ("natural", [(130.0, 56.5), (134.0, 58.6), (137.8, 61.0), (141.0, 63.6), (145.0, 66.2),
                                      (149.5, 69.0), (154.0, 72.0)]),
    # Manchuria (to Mongolia) from the east end of Mongolia to the Gulf of Liaodong
    "manchuria": ("natural", [(117.0, 47.0), (118.6, 45.6), (119.6, 44.1), (120.4, 42.6), (121.0, 41.3),
                              (121.4, 40.2)]),
    # Canada: the 60th parallel (Yukon, NWT and Nunavut above it), the Manitoba-Saskatchewan line,
    # the Ontario-Quebec border (79.5 W from James Bay, then the Ottawa river)
    "sixtieth-parallel": ("surveyed", [(-142.0, 60.0), (-92.0, 60.0)]),
    "manitoba-line": ("surveyed", [(-101.4, 48.0), (-101.4, 55.8), (-102.0, 55.8), (-102.0, 60.0)]),
    "ottawa-river": ("natural", [(-79.5, 53.0), (-79.5, 47.5), (-78.8, 46.4), (-77.3, 45.9), (-75.9, 45.4),
                                 (-74.6, 45.5), (-74.3, 44.6)]),
    # USA: the Red River of the North, the Missouri, the Ozarks and east Texas to the Rio Grande
    "red-river-missouri": ("natural", [(-96.9, 49.6), (-96.7, 47.0), (-96.6, 45.3), (-96.5, 42.6), (-95.8, 40.8),
                                       (-94.6, 39.1), (-94.6, 36.5), (-94.4, 33.6), (-96.0, 32.0), (-97.6, 30.2),
                                       (-98.6, 28.6), (-99.6, 27.2), (-99.9, 26.4)]),
    # Western Australia's real border: 129 E
    "western-australia-border": ("surveyed", [(129.0, -10.0), (129.0, -33.0)]),
}

# Points (lon, lat) inside the pieces of split countries: a piece goes to the territory of the seed in
# it; an island without a seed to the nearest seed among the territories its country may give land to.
SEEDS = {
    "alaska": [(-152, 65)],
    "northwest-territory": [(-120, 65), (-100, 72), (-85, 66), (-70, 68)],
    "alberta": [(-116, 54)],
    "ontario": [(-88, 52)],
    "quebec": [(-72, 52)],
    "western-us": [(-110, 42)],
    "eastern-us": [(-85, 37)],
    "venezuela": [(-53, 4)],
    "western-europe": [(2, 47)],
    "ukraine": [(40, 56), (55, 72)],
    "ural": [(64, 60), (70, 52)],
    "siberia": [(90, 65), (100, 76), (84, 49.5)],
    "yakutsk": [(125, 65), (140, 75)],
    "irkutsk": [(110, 55)],
    "kamchatka": [(160, 62), (143, 50)],
    "mongolia": [(125, 46)],
    "china": [(100, 32)],
    "afghanistan": [(60, 45)],
    "siam": [(102, 4)],
    "indonesia": [(114, 0), (121, -2), (128.5, -2)],
    "new-guinea": [(138, -4)],
    "western-australia": [(122, -25)],
    "eastern-australia": [(145, -25)],
}

# Label places (lon, lat) chosen by hand. Small islands get their label in the sea beside them (the
# board draws a leader line from such a label to its territory); a territory made of a large and a
# small country is labelled on the country it is named after. The others sit at the pole of
# inaccessibility of their largest polygon.
LABEL_AT = {
    "iceland": (-16.5, 60.6),
    "great-britain": (-15.5, 54.0),
    "japan": (146.5, 36.5),
    "madagascar": (56.5, -22.0),
    "new-guinea": (141.0, 2.5),
    "mongolia": (102.0, 46.5),
}


def decode_topology(topology: dict, name: str = "countries") -> list[tuple[str, list[Polygon]]]:
    """(country name, polygons in longitude/latitude) of the TopoJSON object `name`; Antarctica left out."""
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

    countries = []
    for geom in topology["objects"][name]["geometries"]:
        if geom["type"] not in ("Polygon", "MultiPolygon"):
            continue
        parts = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        polygons = []
        for part in parts:
            rings = [unwrap(ring(r)) for r in part]
            if max(y for _, y in rings[0]) < LAT_MIN:  # Antarctica circles the pole: not a plane polygon
                continue
            polygons.append(shifted(Polygon(rings[0], rings[1:]).buffer(0)))
        countries.append((geom.get("properties", {}).get("name", geom.get("id", "")), polygons))
    return countries


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


def shifted(poly: Polygon) -> Polygon:
    """A polygon wholly west of LON_SHIFT moved by +360 degrees (beside Kamchatka)."""
    minx, _, maxx, _ = poly.bounds
    if maxx <= LON_SHIFT + 1e-9:
        return shapely.transform(poly, lambda c: c + [360.0, 0.0])
    return poly


def miller(lat: float) -> float:
    """Miller cylindrical y in degrees."""
    phi = math.radians(lat)
    return math.degrees(1.25 * math.log(math.tan(math.pi / 4 + 0.4 * phi)))


def wobble(points: list[tuple[float, float]], amplitude: float = WOBBLE, step: float = WOBBLE_STEP) -> LineString:
    """A hand-drawn looking line through `points`: densified every `step` degrees and moved sideways by
    a smooth, deterministic sum of two sines of the distance along it (ends and corners stay put)."""
    out = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        n = max(1, round(length / step))
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length  # unit normal of the segment
        for k in range(1, n):
            t = k / n
            s = t * length
            taper = math.sin(math.pi * t)  # 0 at both ends of the segment
            offset = amplitude * taper * (0.65 * math.sin(s * 2.1 + x0) + 0.35 * math.sin(s * 5.3 + y0))
            out.append((x0 + (x1 - x0) * t + nx * offset, y0 + (y1 - y0) * t + ny * offset))
        out.append((x1, y1))
    return LineString(out)


def cut_line(name: str) -> LineString:
    kind, points = CUT_LINES[name]
    return wobble(points) if kind == "natural" else LineString(points)


def faces(countries: list[tuple[str, list[Polygon]]]) -> list[tuple[Polygon, str]]:
    """All country outlines and cut lines noded into one arrangement: (face, country name) for every
    face of land; neighbouring faces share their edges vertex for vertex."""
    lines = [p.boundary for _, polys in countries for p in polys]
    lines += [cut_line(name) for name in CUT_LINES]
    noded = unary_union(lines)
    shapes = [unary_union(polys) for _, polys in countries]
    tree = shapely.STRtree(shapes)
    found = []
    for face in polygonize(noded.geoms if hasattr(noded, "geoms") else [noded]):
        inside = face.representative_point()
        owners = [int(i) for i in tree.query(inside, predicate="within")]
        if owners:
            found.append((face, countries[owners[0]][0]))
    return found


def assign(found: list[tuple[Polygon, str]]) -> dict[str, list[Polygon]]:
    """Territory -> faces: by COUNTRIES, or in a split country by the seed inside (else the nearest)."""
    pieces: dict[str, list[Polygon]] = {t: [] for t in TERRITORY_COUNTRIES}
    dropped = set()
    for face, country in found:
        if country in SPLITS:
            allowed = SPLITS[country][0]
            seeds = [(t, Point(p)) for t in allowed for p in SEEDS.get(t, [])]
            inside = {t for t, p in seeds if face.contains(p)}
            if len(inside) > 1:
                raise SystemExit(f"{country}: one piece holds seeds of {sorted(inside)}: add a cut line")
            centre = face.representative_point()
            owner = next(iter(inside)) if inside else min(seeds, key=lambda s: s[1].distance(centre))[0]
            if not inside and face.area > 5:
                print(f"note: a piece of {country} of {face.area:.0f} square degrees has no seed; "
                      f"given to {owner}")
            pieces[owner].append(face)
        elif country in COUNTRIES:
            pieces[COUNTRIES[country]].append(face)
        else:
            dropped.add(country)
    print("dropped (no territory):", ", ".join(sorted(dropped)))
    return pieces


def main(source: Path) -> None:
    countries = decode_topology(json.loads(source.read_text()))
    names = {name for name, _ in countries}
    missing = (set(COUNTRIES) | set(SPLITS)) - names
    if missing:
        raise SystemExit(f"not in {source.name}: {sorted(missing)}")
    pieces = assign(faces(countries))
    world = shapely.box(-180, LAT_MIN, 200, 84)
    territories = {}
    for t, ps in pieces.items():
        merged = unary_union(ps).intersection(world)
        kept = [g for g in getattr(merged, "geoms", [merged]) if g.geom_type == "Polygon" and g.area >= MIN_AREA]
        territories[t] = unary_union(kept)

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
    simple = [shapely.set_precision(shapely.make_valid(g), 0.1) for g in simple]  # as written: 0.1 mm
    print(f"scale {scale:.3f} mm/degree, map {BOARD_W - 2 * MARGIN_X:.0f} x {height:.0f} mm from y {top:.1f}")
    blocks = {}
    for t, geom in zip(ids, simple):
        polys = sorted([g for g in getattr(geom, "geoms", [geom]) if g.geom_type == "Polygon" and g.area > 0.8],
                       key=lambda g: -g.area)
        label = shapely.transform(Point(LABEL_AT[t]), project) if t in LABEL_AT else polylabel(polys[0], 0.2)
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
        at = f"[{label.x:.1f}, {label.y:.1f}]"
        anchor = f" anchor: {at}," if t in LABEL_AT else ""
        lines.append(f"      - {{id: {t}, {name}, group: {group}, type: {stype}, pos: {at},{anchor}")
        lines.append("         outline: [" + ",\n                   ".join(rings) + "]}")
    BOARDS.write_text(text[:begin] + "\n".join(lines) + "\n" + text[end:])


if __name__ == "__main__":
    main(Path(sys.argv[1]))
