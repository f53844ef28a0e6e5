"""Spaces generated along paths, rings, grids and crosses, and region outlines from SVG paths (pure; mm, top-left origin).

A board's `tracks` are expanded into ordinary spaces (and links between
neighbours) before the board is validated, so everything downstream sees plain
spaces. A space written under `spaces` with a generated id overrides that
space key by key (a name, a type, a nudged position), keeping its place in the
file so error messages still point at it.
"""

from __future__ import annotations

import math

Point = tuple[float, float]


def _length(points: list[Point], closed: bool) -> list[tuple[Point, Point, float]]:
    pairs = list(zip(points, points[1:] + (points[:1] if closed else [])))
    return [(p, q, math.dist(p, q)) for p, q in pairs]


def along(points: list[Point], distances: list[float], closed: bool) -> list[Point]:
    """The points at the given distances along the path through `points`."""
    edges = _length(points, closed)
    out = []
    for d in distances:
        for p, q, n in edges:
            if d <= n + 1e-9 or (p, q, n) == edges[-1]:
                t = min(1.0, d / n) if n else 0.0
                out.append((round(p[0] + (q[0] - p[0]) * t, 3), round(p[1] + (q[1] - p[1]) * t, 3)))
                break
            d -= n
    return out


def _spread(total: float, count: int | None, spacing: float | None, closed: bool) -> list[float]:
    if count is None:
        if spacing is None:
            raise ValueError("a track needs count or spacing")
        count = max(1, round(total / spacing)) if closed else int(total / spacing + 1e-9) + 1
        if not closed:
            return [i * spacing for i in range(count)]
    if closed:
        return [total * i / count for i in range(count)]
    return [total * i / (count - 1) for i in range(count)] if count > 1 else [0.0]


def cross_outline(centre: Point, reach: float, arm: float) -> list[Point]:
    """The closed path of a plus-shaped race track, clockwise from the top arm's left corner."""
    cx, cy = centre
    w, r = arm / 2, reach
    corners = [
        (-w, -r),
        (w, -r),
        (w, -w),
        (r, -w),
        (r, w),
        (w, w),
        (w, r),
        (-w, r),
        (-w, w),
        (-r, w),
        (-r, -w),
        (-w, -w),
    ]
    return [(cx + x, cy + y) for x, y in corners]


def track_points(track: dict) -> list[Point]:
    """Centres of a track's spaces in path order."""
    shape = track["shape"]
    count, spacing = track.get("count"), track.get("spacing")
    points = [tuple(p) for p in track.get("points") or []]
    if shape in ("polyline", "loop"):
        if len(points) < 2:
            raise ValueError(f"a {shape} track needs at least two points")
        closed = shape == "loop"
        total = sum(n for _, _, n in _length(points, closed))
        return along(points, _spread(total, count, spacing, closed), closed)
    if shape == "cross":
        if not (track.get("centre") and track.get("radius") and track.get("arm")):
            raise ValueError("a cross track needs centre, radius and arm")
        outline = cross_outline(tuple(track["centre"]), track["radius"], track["arm"])
        total = sum(n for _, _, n in _length(outline, True))
        return along(outline, _spread(total, count, spacing, True), True)
    if shape == "ring":
        if not (track.get("centre") and track.get("radius")):
            raise ValueError("a ring track needs centre and radius")
        (cx, cy), r = track["centre"], track["radius"]
        n = count or max(1, round(2 * math.pi * r / spacing)) if (count or spacing) else None
        if not n:
            raise ValueError("a track needs count or spacing")
        a0 = math.radians(track.get("start_angle", -90.0))
        return [
            (
                round(cx + r * math.cos(a0 + 2 * math.pi * i / n), 3),
                round(cy + r * math.sin(a0 + 2 * math.pi * i / n), 3),
            )
            for i in range(n)
        ]
    if shape == "grid":
        rows, cols = track.get("rows"), track.get("cols")
        if len(points) != 2 or not rows or not cols:
            raise ValueError("a grid track needs points [top-left, bottom-right], rows and cols")
        (x0, y0), (x1, y1) = points
        cw, ch = (x1 - x0) / cols, (y1 - y0) / rows
        return [
            (round(x0 + cw * (c + 0.5), 3), round(y0 + ch * (r + 0.5), 3)) for r in range(rows) for c in range(cols)
        ]
    raise ValueError(f"unknown track shape {shape!r}")


def expand_tracks(board: dict) -> dict:
    """`board` (raw mapping) with its tracks turned into spaces and links."""
    tracks = board.get("tracks") or []
    if not tracks or not isinstance(tracks, list):
        return board
    spaces = [dict(s) if isinstance(s, dict) else s for s in board.get("spaces") or []]
    given = {s.get("id"): i for i, s in enumerate(spaces) if isinstance(s, dict)}
    links = list(board.get("links") or [])
    for track in tracks:
        if not isinstance(track, dict) or "prefix" not in track or "shape" not in track:
            continue  # the schema reports what is missing
        centres = track_points(track)
        ids = [f"{track['prefix']}-{i + 1}" for i in range(len(centres))]
        for i, (space_id, pos) in enumerate(zip(ids, centres)):
            made = {"id": space_id, "pos": list(pos)}
            if track.get("start", 1) is not None:
                made["number"] = track.get("start", 1) + i
            for key in ("group", "type", "size"):
                if track.get(key) is not None:
                    made[key] = track[key]
            if space_id in given:
                spaces[given[space_id]] = {**made, **spaces[given[space_id]]}
            else:
                spaces.append(made)
        if track.get("link"):
            closed = track["shape"] in ("loop", "ring", "cross")
            pairs = list(zip(ids, ids[1:] + (ids[:1] if closed and len(ids) > 2 else [])))
            links += [{"a": a, "b": b, "type": track["link"]} for a, b in pairs]
    return {**board, "spaces": spaces, "links": links}


def svg_outline(d: str, steps: int = 12) -> list[list[Point]]:
    """The polygons of an SVG path `d` (board mm): one per subpath, curves flattened into `steps` pieces."""
    from svg.path import Close, Line, Move, parse_path

    rings: list[list[Point]] = []
    for segment in parse_path(d):
        if isinstance(segment, Move):
            rings.append([])
            continue
        if not rings:
            rings.append([])
        ring = rings[-1]
        if not ring:
            ring.append((round(segment.start.real, 3), round(segment.start.imag, 3)))
        n = 1 if isinstance(segment, (Line, Close)) else steps
        for i in range(1, n + 1):
            p = segment.point(i / n)
            ring.append((round(p.real, 3), round(p.imag, 3)))
    for ring in rings:
        if len(ring) > 1 and ring[0] == ring[-1]:
            ring.pop()
    return [ring for ring in rings if ring]
