"""Map/graph consistency of shaped boards: do the drawn regions agree with the declared links?

For a board whose spaces have outlines, two regions *touch* when they share a
border at least `MIN_BORDER` mm long (within `TOLERANCE` mm, so hand-drawn
maps with hairline gaps still count). Then:

- a land link (a link type drawn solid, not wrapping) joins regions that touch;
- a sea link (a dashed link type, or a wrap link) joins regions that do not touch;
- regions that touch are joined by some link;
- no two regions overlap (by more than `MAX_OVERLAP` mm²: one piece of ground in two territories).

Arrow link types (flows on a mat) are not borders and are not compared.
Every difference is reported at the link or space it concerns.
"""

from __future__ import annotations

from shapely import STRtree

from rulepress.layout import regions

TOLERANCE = 0.3  # mm
MIN_BORDER = 1.0  # mm
MAX_OVERLAP = 1.0  # mm²: two regions covering more of the same ground than this overlap


def touching(outlines: dict[str, list]) -> dict[frozenset, float]:
    """Pairs of region ids sharing a border, with the border's length in mm."""
    ids = list(outlines)
    geoms = [regions.geometry(outlines[i]) for i in ids]
    tree = STRtree(geoms)
    found = {}
    for i, geom in enumerate(geoms):
        for j in tree.query(geom.buffer(TOLERANCE)):
            if j <= i:
                continue
            length = regions.shared_border(geom, geoms[j], TOLERANCE)
            if length >= MIN_BORDER:
                found[frozenset((ids[i], ids[j]))] = length
    return found


def overlapping(outlines: dict[str, list]) -> dict[tuple[str, str], float]:
    """Pairs of region ids (in the order given) whose areas overlap by more than `MAX_OVERLAP`, with the area."""
    ids = list(outlines)
    geoms = [regions.geometry(outlines[i]) for i in ids]
    tree = STRtree(geoms)
    found = {}
    for i, geom in enumerate(geoms):
        for j in tree.query(geom):
            if j > i:
                area = geom.intersection(geoms[j]).area
                if area > MAX_OVERLAP:
                    found[(ids[i], ids[j])] = area
    return found


def check_board(board, report, key: tuple) -> None:
    """Report every disagreement between the outlines of `board` and its links."""
    outlines = _valid_outlines(board, report, key)
    if len(outlines) < 2:
        return
    position = {s.id: j for j, s in enumerate(board.spaces)}
    for (a, b), area in overlapping(outlines).items():
        report(
            key + ("spaces", position[b], "outline"),
            f"region {b!r} overlaps region {a!r} by {area:.1f} mm²; neighbouring regions share a border, "
            "they do not cover the same ground",
        )
    touch = touching(outlines)
    styles = {t.id: t.style for t in board.link_types}
    for j, link in enumerate(board.links):
        if link.a in outlines and link.b in outlines:
            _check_link(link, styles.get(link.type, "solid"), outlines, touch, report, key + ("links", j))
    linked = {frozenset((link.a, link.b)) for link in board.links}
    for pair, length in sorted(touch.items(), key=lambda kv: sorted(kv[0])):
        if pair not in linked:
            a, b = sorted(pair, key=lambda s: position[s])
            report(
                key + ("spaces", position[a], "outline"),
                f"regions {a} and {b} share a border of {length:.1f} mm but no link joins them",
            )


def _valid_outlines(board, report, key: tuple) -> dict:
    """Space id -> its outline, for the spaces whose outline is a valid region (the others reported)."""
    outlines = {}
    for j, space in enumerate(board.spaces):
        if not space.outline:
            continue
        bad = regions.problems(space.outline)
        for index, message in bad:
            report(key + ("spaces", j, "outline", index), f"region {space.id!r}: {message}")
        if not bad:
            outlines[space.id] = space.outline
    return outlines


def _check_link(link, style: str, outlines: dict, touch: dict, report, key: tuple) -> None:
    """A land link joins regions that share a border, a sea link (dashed, or wrapping) regions that do not;
    an arrow says nothing of borders."""
    if style.endswith("arrow"):
        return
    pair = frozenset((link.a, link.b))
    sea = link.wrap or style == "dashed"
    kind = "sea" if sea else "land"
    if sea and pair in touch:
        report(
            key,
            f"{kind} link {link.a} – {link.b}: the regions share a border of "
            f"{touch[pair]:.1f} mm; a sea link must cross water (make it a land link or separate the outlines)",
        )
    elif not sea and pair not in touch:
        gap = regions.geometry(outlines[link.a]).distance(regions.geometry(outlines[link.b]))
        report(
            key,
            f"{kind} link {link.a} – {link.b}: the regions share no border "
            f"(they are {gap:.1f} mm apart); make it a sea link or let the outlines meet",
        )
