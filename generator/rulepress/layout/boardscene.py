"""What a board looks like, as plain drawing items (pure; no ReportLab).

`board_scene(board, lang, measure)` turns a `Board` of the content model into a
`Scene`: shapes for spaces, lines for links (wrap links run out to both board
edges), fitted labels, reconstructed/unknown marks, a legend, the title and the
note, all in board millimetres with the origin at the top-left. Text widths
come from the injected `measure` function, so this module needs no fonts.
The renderer paints the scene; tests inspect it (label boxes, link lines).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import shapely
from shapely.ops import nearest_points, polylabel

from rulepress import i18n
from rulepress.layout import regions
from rulepress.layout.boardgeom import (
    PT,
    Measure,
    Point,
    Rect,
    arrow_head,
    boundary_point,
    centred,
    luminance,
    place_box,
    point_along,
    segment_hits_rect,
    shade,
    shorten,
    two_line_splits,
    wrap,
)
from rulepress.model.schema import Text

BODY, BOLD, COND = "Body", "Body-Bold", "Condensed"
LEADING = 1.18  # line height / font size
DASH = (2.6, 1.6)  # mm on, mm off
LINK_WIDTH = 0.5  # mm
MARK_RADIUS = 1.5  # mm
MIN_SIZE = 6.0  # pt: smallest printed text (shrinking stops here; anything smaller is an error)
MARKER_RADIUS = 3.4  # mm: army/count marker spot
SPOT_RADIUS = 1.9  # mm: small spots counted by a value (accusation spots)
LEADER_WIDTH = 0.3  # mm: line from a label set beside its region to the region
REGION_NAME_PT = 9.0  # pt: a region's name where it fits (read across the table)
REGION_NAME_MAX = 12.0  # pt: the name in a large region
REGION_NAME_MIN = 7.0  # pt: the name shrinks no further (a long name in a small region)
LEADER_GAP = 0.8  # mm: a label nearer to its region than this needs no leader
LINK_LABEL_PT = 7.0  # pt: a link's label (how a tile or piece moves) at least, read across the table


def _word(key: str, lang: str) -> str:
    """One of a board's own words (``print.board_scene`` of the catalogs, `rulepress.i18n`)."""
    return i18n.word(lang, f"print.board_scene.{key}")


MARK_TEXT = {"reconstructed": "\u2248", "unknown": "?"}  # never a letter in a circle: that reads as (R)


@dataclass(kw_only=True, frozen=True)
class TextRow:
    text: str
    font: str
    size: float  # pt
    x: float  # mm: centre (align 'centre') or left edge (align 'left')
    baseline: float  # mm from the top
    color: str = "#000000"
    align: str = "centre"


@dataclass(frozen=True)
class Label:
    rows: tuple[TextRow, ...]
    box: Rect
    role: str  # space, link, edge, mark, title, legend, note
    owner: str = ""
    background: str | None = None
    fits: bool = True
    halo: str | None = None  # a soft outline behind the letters (labels over coastlines and borders)


@dataclass(kw_only=True, frozen=True)
class Shape:
    rect: Rect
    shape: str  # rect, circle, region, box
    fill: str | None
    stroke: str | None = "#333333"
    stroke_width: float = 0.3
    hatched: bool = False
    hatch_color: str = "#555555"
    owner: str = ""
    dotted: bool = False


@dataclass(frozen=True)
class Line:
    points: tuple[Point, ...]
    color: str
    width: float = LINK_WIDTH
    dash: tuple[float, float] | None = None
    role: str = "link"  # link, legend, leader
    owner: str = ""


@dataclass(kw_only=True, frozen=True)
class Region:
    """A shaped space: one or more polygons filled and outlined."""

    rings: tuple[tuple[Point, ...], ...]
    fill: str | None
    stroke: str | None = "#3a3a3a"
    stroke_width: float = 0.3
    pattern: str = "solid"  # solid, hatched, dotted
    pattern_color: str = "#555555"
    owner: str = ""


@dataclass(frozen=True)
class Halo:
    """A coast: a wide soft outline drawn around regions before they are filled."""

    rings: tuple[tuple[Point, ...], ...]
    color: str
    width: float


@dataclass(frozen=True)
class Picture:
    """An image file placed on the board (background or centre art)."""

    rect: Rect
    file: str


@dataclass(frozen=True)
class Texture:
    """A fine pattern over the board's background (a `texture` layer): thin lines or dots `spacing` mm apart."""

    rect: Rect
    pattern: str  # linen, dots, waves
    color: str
    spacing: float


@dataclass(frozen=True)
class Compass:
    centre: Point
    radius: float
    color: str
    letters: tuple[str, str, str, str]  # N E S W in the board's language


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    color: str
    owner: str = ""


@dataclass(frozen=True)
class Glyph:
    """An icon of the game's icon table (by name, as ``:name:`` in card text), `height` mm tall, centred."""

    centre: Point
    height: float
    name: str
    color: str
    owner: str = ""

    @property
    def rect(self) -> Rect:
        return centred(self.centre, self.height, self.height)


@dataclass(frozen=True)
class Mark:
    centre: Point
    radius: float
    text: str
    kind: str  # reconstructed, unknown
    owner: str = ""


@dataclass(kw_only=True)
class Scene:
    width: float
    height: float
    items: list = field(default_factory=list)  # paint order
    problems: list[str] = field(default_factory=list)  # drawing failures: labels that do not fit or overlap
    warnings: list[str] = field(default_factory=list)  # layout of the content: links hidden under other spaces
    errors: list[str] = field(default_factory=list)  # what must not be printed: text below the minimum size
    folder: Path | None = None  # the game folder (a Path) that image layers are relative to; set by the renderer

    @property
    def labels(self) -> list[Label]:
        return [i for i in self.items if isinstance(i, Label)]

    def lines(self, role: str | None = None) -> list[Line]:
        return [i for i in self.items if isinstance(i, Line) and (role is None or i.role == role)]


def value_text(value, lang: str) -> str:
    """A value as printed: Text in the language, None as '?'."""
    if value is None:
        return "?"
    if isinstance(value, Text):
        return value.get(lang)
    if value is True:
        return "✓"
    if value is False:
        return "–"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def values_line(values: dict, labels: dict, lang: str) -> str:
    parts = []
    for key, value in values.items():
        label = labels[key].get(lang) if key in labels else key.replace("_", " ").replace("-", " ")
        parts.append(f"{label}: {value_text(value, lang)}")
    return " · ".join(parts)


def _ink(fill: str | None) -> str:
    return "#ffffff" if fill and luminance(fill) < 0.45 else "#000000"


def _mark_kind(*provenances) -> str | None:
    for p in provenances:
        if p is not None:
            return p.kind if p.marked else None
    return None


def fit_block(
    parts: list[tuple[str, str, float]], box: Rect, measure: Measure, min_scale: float = 0.5, color: str = "#000000"
) -> tuple[tuple[TextRow, ...], Rect, bool]:
    """Fit stacked text parts (text, font, size) centred into `box`.

    Shrinks all parts together, tries the condensed face and a second line
    for long parts. Returns the rows, their bounding box and whether they fit.
    """
    scales = [1.0 - 0.05 * i for i in range(int((1.0 - min_scale) / 0.05) + 1)]
    attempt: tuple[list[tuple[str, str, float]], float, float] | None = None
    for scale in scales:
        for condensed, two_lines in ((False, False), (True, False), (True, True), (False, True)):
            lines = []
            for text, font, size in parts:
                face = (
                    COND if condensed and font == BODY else ("Condensed-Bold" if condensed and font == BOLD else font)
                )
                s = max(size * scale, min(size, MIN_SIZE))
                if two_lines and measure(text, face, s) > box.w:
                    split = min(
                        two_line_splits(text),
                        key=lambda ab: max(measure(ab[0], face, s), measure(ab[1], face, s)),
                        default=None,
                    )
                    lines += [(t, face, s) for t in split] if split else [(text, face, s)]
                else:
                    lines.append((text, face, s))
            width = max(measure(t, f, s) for t, f, s in lines)
            height = sum(s * PT * LEADING for _, _, s in lines)
            attempt = lines, width, height
            if width <= box.w and height <= box.h:
                return _rows(lines, box, width, height, color) + (True,)
    assert attempt is not None  # there is at least one scale
    lines, width, height = attempt
    return _rows(lines, box, width, height, color) + (False,)


def _rows(lines, box: Rect, width: float, height: float, color: str) -> tuple[tuple[TextRow, ...], Rect]:
    cx, cy = box.centre
    top = cy - height / 2
    rows = []
    for text, font, size in lines:
        line_h = size * PT * LEADING
        rows.append(TextRow(text=text, font=font, size=size, x=cx, baseline=top + line_h * 0.78, color=color))
        top += line_h
    return tuple(rows), Rect(cx - width / 2, cy - height / 2, width, height)


def _compass_letters(lang: str) -> tuple[str, str, str, str]:
    letters = _word("compass", lang)  # N E S W
    return letters[0], letters[1], letters[2], letters[3]


@dataclass(frozen=True)
class BoardContext:
    """What the rest of a game says about one of its boards (none of it in the board's own model).

    `held` maps component ids to their card size in mm, for spaces with `size_from` (drawn with a card-shaped
    place of that size); `pools` maps space ids to the supplies they keep (`rulepress.layout.placement.pools`);
    `counts` maps component ids to their known number of cards or tiles (printed on a `pile` type's places).
    """

    held: dict[str, tuple[float, float]] = field(default_factory=dict)
    pools: dict[str, list[dict]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)


@dataclass(kw_only=True)
class _Work:
    """What the phases of `board_scene` share: the board and its look-ups, and what the earlier phases placed."""

    board: Any
    lang: str
    measure: Measure
    context: BoardContext
    scene: Scene
    types: dict
    groups: dict
    by_id: dict
    chrome: float  # title, legend and note grow with the board
    rects: dict[str, Rect] = field(default_factory=dict)
    shapes: dict[str, str] = field(default_factory=dict)
    anchors: dict = field(default_factory=dict)
    segments: list[tuple[Point, Point]] = field(default_factory=list)  # every link line: boxes avoid them
    roads: list[tuple[str, tuple[Point, Point]]] = field(default_factory=list)
    link_labels: list[tuple] = field(default_factory=list)  # (role, owner, text, p, q): placed last
    labels: list[Label] = field(default_factory=list)
    obstacles: list[Rect] = field(default_factory=list)  # what title, legend and note keep clear of
    placed: list[Rect] = field(default_factory=list)  # the boxes placed so far
    inset: float = 0.0  # mm: title, legend and note stay this far inside a frame

    @property
    def inside(self) -> Rect:
        W, H, inset = self.board.size.width, self.board.size.height, self.inset
        return Rect(3 + inset, 3 + inset, W - 6 - 2 * inset, H - 6 - 2 * inset)


def board_scene(board, lang: str, measure: Measure, context: BoardContext | None = None) -> Scene:
    """Everything drawn on `board` in language `lang`, with what the rest of the game says about it (`context`;
    none: a board on its own). The phases, in drawing order: the spaces' geometry, the ground (paper or sea,
    textures, frame, coast, regions), the group panels and plates, the links, the spaces with their labels,
    the boxes placed where they cover the least (title, pictures, attribution, legend, note), the links' labels,
    and the checks of what was set."""
    W, H = board.size.width, board.size.height
    work = _Work(
        board=board,
        lang=lang,
        measure=measure,
        context=context or BoardContext(),
        scene=Scene(width=W, height=H),
        types={t.id: t for t in board.space_types},
        groups={g.id: g for g in board.groups},
        by_id={s.id: s for s in board.spaces},
        chrome=min(1.5, max(0.6, min(W, H) / 297)),
    )
    _space_geometry(work)  # links need it; the spaces are drawn after the links
    _ground(work)
    panel_labels = _panels(work.scene, board, work.rects, lang, measure)
    _plates(work.scene, board, work.rects, work.shapes)
    _links(work)
    _links_under_spaces(work)
    work.labels = list(panel_labels)
    for space in board.spaces:
        _space(work, space)
    work.obstacles = list(work.rects.values()) + [label.box for label in panel_labels]  # a panel's name stays uncovered
    frames = [layer.width + 1.6 for layer in board.layers if layer.kind == "frame"]
    work.inset = max(frames) + 1.0 if frames else 0.0
    _title(work)
    _placed_layers(work)
    _attribution(work)
    _legend_box(work)
    _note(work)
    _link_label_boxes(work)
    work.scene.items.extend(work.labels)
    _check_labels(work.scene, work.labels)
    return work.scene


def _space_geometry(work: _Work) -> None:
    """Each space's rectangle, shape and label anchor (an outlined region's at its pole of inaccessibility)."""
    board, held = work.board, work.context.held
    for space in board.spaces:
        if space.outline:
            x0, y0, x1, y1 = regions.bounds(space.outline)
            work.rects[space.id] = Rect(x0, y0, x1 - x0, y1 - y0)
            work.shapes[space.id] = "outline"
            found = regions.label_anchor(space.outline)
            work.anchors[space.id] = (
                regions.Anchor(space.anchor[0], space.anchor[1], found.room) if space.anchor else found
            )
            continue
        w, h = space.size or board.space_size
        if space.size_from and held and space.size_from in held:
            w, h = (v + 8.0 for v in held[space.size_from])
        work.rects[space.id] = centred(space.pos, w, h)
        stype = work.types.get(space.type)
        work.shapes[space.id] = stype.shape if stype else "rect"


def _ground(work: _Work) -> None:
    """The paper or sea, textures and the frame, then the land (`_land`)."""
    board, scene = work.board, work.scene
    W, H = board.size.width, board.size.height
    sea = next((layer.color for layer in board.layers if layer.kind == "sea"), "#ffffff")
    scene.items.append(
        Shape(rect=Rect(0, 0, W, H), shape="box", fill=sea, stroke="#999999", stroke_width=0.2, owner="frame")
    )
    for layer in board.layers:
        if layer.kind == "texture":  # over the paper or sea, under everything else
            scene.items.append(Texture(Rect(0, 0, W, H), layer.pattern, layer.color, layer.width))
    for layer in board.layers:
        if layer.kind == "frame":
            scene.items += _frame(Rect(0, 0, W, H).grown(-layer.width), layer.color)
    _land(work)


def _land(work: _Work) -> None:
    """Over the ground: a picture of the whole board or the coasts, the regions, and their groups' outlines."""
    board, scene = work.board, work.scene
    W, H = board.size.width, board.size.height
    outlined = [s for s in board.spaces if s.outline]
    for layer in board.layers:
        if layer.kind == "image" and layer.file and not layer.pos:
            scene.items.append(Picture(Rect(0, 0, W, H), layer.file))
        elif layer.kind == "coast" and outlined:
            rings = tuple(tuple(map(tuple, ring)) for s in outlined for ring in s.outline)
            scene.items.append(Halo(rings, layer.color, layer.width))
    for space in outlined:  # regions lie under the links that cross the water
        scene.items.append(_region(space, work.types.get(space.type), work.groups.get(space.group)))
    for group in board.groups:  # a continent's outline, drawn over its territories' borders
        members = [s.outline for s in outlined if s.group == group.id]
        if len(members) > 1:
            scene.items.append(
                Region(
                    rings=regions.union_rings(members),
                    fill=None,
                    stroke=shade(group.color, 0.35),
                    stroke_width=0.55,
                    owner=f"group:{group.id}",
                )
            )


def _frame(outer: Rect, color: str) -> list[Shape]:
    """A board's frame: a double rule, a bold outer line and a thin one inside it."""
    return [
        Shape(rect=outer, shape="box", fill=None, stroke=color, stroke_width=FRAME_BOLD, owner="border"),
        Shape(rect=outer.grown(-1.6), shape="box", fill=None, stroke=color, stroke_width=FRAME_THIN, owner="border"),
    ]


def _links(work: _Work) -> None:
    """Every link: a road between two places, a line off the edge for a link that wraps around the board, a
    crossing over the water between two regions (a land border shows as their shared edge), or a line."""
    board, scene, lang, by_id = work.board, work.scene, work.lang, work.by_id
    link_types = {t.id: t for t in board.link_types}
    for link in board.links:
        ltype = link_types.get(link.type)
        style = ltype.style if ltype else "solid"
        color = ltype.color if ltype else "#333333"
        dash = DASH if style.startswith("dashed") else None
        arrow = style.endswith("arrow")
        ra, rb = work.rects[link.a], work.rects[link.b]
        owner = f"{link.a}--{link.b}"
        if ltype is not None and ltype.road and not link.wrap and not (by_id[link.a].outline or by_id[link.b].outline):
            ga, gb = by_id[link.a].group, by_id[link.b].group
            group = work.groups.get(ga) if ga is not None and ga == gb else None
            pa, pb = _road(scene, ltype, ra, rb, work.shapes[link.a], work.shapes[link.b], group, arrow, owner)
            work.segments.append((pa, pb))
            work.roads.append((owner, (pa, pb)))
            if link.label:
                work.link_labels.append(("link", owner, link.label.get(lang), pa, pb))
            continue
        if link.wrap:
            _wrapped_link(work, link, color, dash, owner)
            continue
        if by_id[link.a].outline and by_id[link.b].outline:
            if not dash and not arrow:
                continue  # a land border: the shared edge of the two regions shows it
            pa, pb = regions.water_crossing(by_id[link.a].outline, by_id[link.b].outline)
        else:
            pa = boundary_point(ra, work.shapes[link.a], rb.centre)
            pb = boundary_point(rb, work.shapes[link.b], ra.centre)
        if arrow:
            head = arrow_head(pa, pb)
            end = shorten(pa, pb, 2.5)
            scene.items.append(Line((pa, end), color, LINK_WIDTH, dash, "link", owner))
            scene.items.append(Polygon(head, color, owner))
        else:
            scene.items.append(Line((pa, pb), color, LINK_WIDTH, dash, "link", owner))
        work.segments.append((pa, pb))
        if link.label:
            work.link_labels.append(("link", owner, link.label.get(lang), pa, pb))


def _wrapped_link(work: _Work, link, color: str, dash, owner: str) -> None:
    """A link around the board: from each end a line to the nearer edge, named after the space at the other."""
    W, by_id = work.board.size.width, work.by_id
    for here, there, other in ((link.a, link.b, link.b), (link.b, link.a, link.a)):
        rh, rt = work.rects[here], work.rects[there]
        edge_x = 0.0 if rh.centre[0] <= rt.centre[0] else W
        if by_id[here].outline:
            ya, yb = work.anchors[here].y, (work.anchors[there].y if there in work.anchors else rt.centre[1])
            start = regions.toward_edge(by_id[here].outline, edge_x, (ya + yb) / 2)
            edge = (edge_x, start[1])
        else:
            edge = (edge_x, (rh.centre[1] + rt.centre[1]) / 2)
            start = boundary_point(rh, work.shapes[here], edge)
        work.scene.items.append(Line((start, edge), color, LINK_WIDTH, dash, "link", owner))
        work.segments.append((start, edge))
        name = _space_title(by_id[other], work.lang)
        text = f"← {name}" if edge_x == 0 else f"{name} →"
        work.link_labels.append(("edge", owner, text, edge, start))


def _links_under_spaces(work: _Work) -> None:
    """A warning for each road or link line that runs under a space it does not join."""
    scene, by_id = work.scene, work.by_id
    for owner, (pa, pb) in work.roads:
        ends = owner.split("--")
        for other, rect in work.rects.items():
            if other not in ends and not by_id[other].outline and segment_hits_rect(pa, pb, rect.grown(-0.5)):
                scene.warnings.append(f"road {owner} runs under space {other!r}")
    for line in scene.lines("link"):
        ends = line.owner.split("--")
        if any(by_id[end].outline for end in ends if end in by_id):
            continue  # lines between regions run over the water by construction
        for other, rect in work.rects.items():
            if (
                other not in ends
                and not by_id[other].outline
                and segment_hits_rect(line.points[0], line.points[-1], rect.grown(-0.5))
            ):
                scene.warnings.append(f"link {line.owner} runs under space {other!r}")


def _space(work: _Work, space) -> None:
    """One space: a region's labels, or the shape with its card place, supplies, spots, mark, icon and text."""
    scene, held = work.scene, work.context.held
    rect, shape = work.rects[space.id], work.shapes[space.id]
    stype, group = work.types.get(space.type), work.groups.get(space.group)
    fill = _fill(space, stype, group)
    if space.outline:
        work.labels += _region_labels(
            scene, space, stype, group, work.anchors[space.id], work.board, work.lang, work.measure
        )
        return
    pattern = _pattern(space, stype, group)
    scene.items.append(
        Shape(
            rect=rect,
            shape=shape,
            fill=fill,
            stroke="#333333",
            stroke_width=0.3,
            hatched=pattern == "hatched",
            hatch_color=shade(fill, 0.55),
            owner=space.id,
            dotted=pattern == "dotted",
        )
    )
    inner = _inner(rect, shape)
    if space.size_from and held and space.size_from in held and shape == "rect":
        inner = _card_place(scene, space, stype, rect, fill, held[space.size_from])
    if work.context.pools and space.id in work.context.pools and shape != "circle":
        found, inner = _pools(scene, space, work.context.pools[space.id], inner, fill, work.lang, work.measure)
        work.labels += found
    spots_key = stype.spots if stype else None
    if spots_key and isinstance(space.values.get(spots_key), int) and space.values[spots_key] > 0:
        inner = _spots(scene, space, space.values[spots_key], inner, fill, spot_radius(stype))
    open_inner, markbox = inner, None
    mark = _mark_kind(space.provenance, group.provenance if group else None)
    if mark:
        markbox, inner = _space_mark(work, space, mark, rect, shape, inner)
    icon = space.icon or (stype.icon if stype is not None else None)
    count = _pile_count(space, stype, held, work.context.counts)
    if icon:
        room = open_inner if shape != "circle" else inner
        work.labels += _icon_field(
            scene, space, stype, work.board, room, markbox, shape, fill, icon, work.lang, work.measure, count
        )
        return
    parts = _space_text(work, space, stype, rect, shape, spots_key, count)
    if parts:
        rows, box, fits = fit_block(parts, inner, work.measure, min_scale=0.55, color=_ink(fill))
        if not fits:
            scene.problems.append(f"label of space {space.id!r} does not fit its {rect.w:g} x {rect.h:g} mm shape")
        work.labels.append(Label(rows, box, "space", space.id, None, fits))


def _card_place(scene: Scene, space, stype, rect: Rect, fill: str, size: tuple[float, float]) -> Rect:
    """The outline of the card or tile a space holds (a pile's cards offset behind it); the room inside it."""
    card = centred(rect.centre, *size)  # the place: the card or tile's own outline

    def outline(box: Rect, light: float, width: float, owner: str) -> Shape:
        return Shape(
            rect=box, shape="card", fill=shade(fill, light), stroke=shade(fill, 0.5), stroke_width=width, owner=owner
        )

    if stype is not None and stype.pile:  # the cards below the top one, offset behind it
        for step in (2, 1):
            below = Rect(card.x + step * PILE_STEP, card.y + step * PILE_STEP, card.w, card.h)
            scene.items.append(outline(below, 1.2, PILE_LINE, f"pile:{space.id}"))
    scene.items.append(outline(card, 1.45, PLACE_LINE, f"place:{space.id}"))
    return card.grown(-1.5)


def _space_mark(work: _Work, space, mark: str, rect: Rect, shape: str, inner: Rect) -> tuple[Rect, Rect]:
    """A reconstructed or unknown space's mark in its corner; the mark's box and the room left for the text."""
    centre = (rect.right - MARK_RADIUS - 0.6, rect.y + MARK_RADIUS + 0.6)
    if shape == "circle":
        centre = (rect.centre[0] + rect.w * 0.33, rect.centre[1] - rect.h * 0.33)
    work.scene.items.append(Mark(centre, MARK_RADIUS, MARK_TEXT[mark], mark, space.id))
    markbox = centred(centre, 2 * MARK_RADIUS, 2 * MARK_RADIUS)
    if shape != "circle":  # keep the text centred: give up the mark's height at top and bottom
        d = max(0.0, markbox.bottom + 0.2 - inner.y)
        inner = Rect(inner.x, inner.y + d, inner.w, max(1.0, inner.h - 2 * d))
    work.labels.append(Label((), markbox, "mark", space.id))
    return markbox, inner


def _space_text(work: _Work, space, stype, rect: Rect, shape: str, spots_key, count) -> list[tuple[str, str, float]]:
    """The lines of a space's label: its number, name (or its type's word), values and pile count."""
    lang = work.lang
    parts = []
    text_h = rect.h * (0.7 if shape == "circle" else 1.0)
    if space.number is not None:
        parts.append((str(space.number), BOLD, _clamp(text_h * 0.7, 8, 16) if space.name else _clamp(text_h, 9, 20)))
    if space.name:
        parts.append(
            (
                space.name.get(lang),
                BOLD if space.number is None else BODY,
                _clamp(text_h * 0.5, 6, 11) if space.number is None else _clamp(text_h * 0.4, 6, 8),
            )
        )
    if stype is not None and stype.label and not space.name:
        parts.append((_type_word(stype, lang), BODY, _clamp(text_h * 0.3, 6, 7.5)))
    shown = {k: v for k, v in space.values.items() if k != spots_key}
    if shown:
        parts.append((values_line(shown, work.board.value_labels, lang), COND, _clamp(text_h * 0.3, 6, 7.5)))
    if count:
        parts.append((count, BOLD, _clamp(text_h * 0.3, 7, 10)))
    return parts


def _title(work: _Work) -> None:
    """The board's name: in its cartouche, or in a box placed where it covers the least, at the top."""
    board, scene, measure = work.board, work.scene, work.measure
    W, H, inset = board.size.width, board.size.height, work.inset
    title = board.name.get(work.lang)
    title_size = _clamp(min(W, H) * 0.055, 10, 26)
    cartouche = next((layer for layer in board.layers if layer.kind == "cartouche" and layer.pos and layer.size), None)
    if cartouche:
        frame = centred(cartouche.pos, *cartouche.size)
        scene.items.append(
            Shape(rect=frame, shape="box", fill="#fbf6e9", stroke=cartouche.color, stroke_width=0.8, owner="cartouche")
        )
        scene.items.append(
            Shape(
                rect=frame.grown(-1.4),
                shape="box",
                fill=None,
                stroke=cartouche.color,
                stroke_width=0.3,
                owner="cartouche",
            )
        )
        rows, title_box, fits = fit_block([(title, BOLD, title_size)], frame.grown(-3), measure, 0.4)
        if not fits:
            scene.problems.append("the title does not fit its cartouche")
        work.labels.append(Label(rows, title_box, "title", board.id))
        work.placed.append(frame)
        return
    title_w = measure(title, BOLD, title_size)
    title_box, _ = place_box(
        title_w,
        title_size * PT * LEADING,
        Rect(4 + inset, 3 + inset, W - 8 - 2 * inset, H - 6 - 2 * inset),
        work.obstacles,
        work.segments,
        (W / 2, 0),
    )
    row = TextRow(
        text=title, font=BOLD, size=title_size, x=title_box.centre[0], baseline=title_box.y + title_size * PT * 0.95
    )
    work.labels.append(Label((row,), title_box, "title", board.id))
    work.placed.append(title_box)


def _placed_layers(work: _Work) -> None:
    """The layers set at a place of their own: compass, emblem, picture."""
    scene = work.scene
    for layer in work.board.layers:
        if layer.kind == "compass" and layer.pos:
            radius = (layer.size[0] / 2) if layer.size else 12.0
            scene.items.append(Compass(layer.pos, radius, layer.color, _compass_letters(work.lang)))
            work.placed.append(centred(layer.pos, 2 * radius + 8, 2 * radius + 8))
        elif layer.kind == "emblem" and layer.icon and layer.pos:
            height = layer.size[1] if layer.size else 40.0
            scene.items.insert(_under_spaces(scene), Glyph(layer.pos, height, layer.icon, layer.color, "emblem"))
            work.placed.append(centred(layer.pos, height, height))
        elif layer.kind == "image" and layer.file and layer.pos:
            w, h = layer.size or (60.0, 60.0)
            scene.items.append(Picture(centred(layer.pos, w, h), layer.file))
            work.placed.append(centred(layer.pos, w, h))


def _attribution(work: _Work) -> None:
    """The board's attribution (a map's data source), small, where it covers the least, towards a corner."""
    board = work.board
    if not board.attribution:
        return
    W, H, inset = board.size.width, board.size.height, work.inset
    text = board.attribution if isinstance(board.attribution, str) else board.attribution.get(work.lang)
    size = MIN_SIZE
    w, h = work.measure(text, BODY, size) + 2, size * PT * LEADING + 1
    box, _ = place_box(
        w,
        h,
        Rect(2 + inset, 2 + inset, W - 4 - 2 * inset, H - 4 - 2 * inset),
        work.obstacles + work.placed,
        work.segments,
        (W, H),
        step=2.0,
        pad=0.5,
    )
    row = TextRow(
        text=text,
        font=BODY,
        size=size,
        x=box.x + 1,
        baseline=box.y + 0.5 + size * PT * 0.95,
        color="#333333",
        align="left",
    )
    work.labels.append(Label((row,), box, "attribution", board.id))
    work.placed.append(box)


def _legend_box(work: _Work) -> None:
    """The legend, where it covers the least, towards the bottom left."""
    board, scene = work.board, work.scene
    if not board.legend:
        return
    legend = _legend(board, work.lang, work.measure, work.chrome, scene)
    if not legend:
        return
    rows_h = sum(r[2] for r in legend)
    width = max(r[3] for r in legend) + 6
    box, score = place_box(
        width, rows_h + 4, work.inside, work.obstacles + work.placed, work.segments, (0, board.size.height)
    )
    if score:
        scene.problems.append(f"the legend ({width:.0f} x {rows_h + 4:.0f} mm) covers part of the board")
    _paint_legend(scene, work.labels, legend, box)
    work.placed.append(box)


def _note(work: _Work) -> None:
    """The board's note (after the mark of a reconstructed or unknown board), towards the bottom right."""
    board, scene, lang, measure = work.board, work.scene, work.lang, work.measure
    W, H = board.size.width, board.size.height
    mark = board.provenance.kind if board.provenance.marked else None
    note_text = board.note.get(lang) if board.note else ""
    if mark:
        note_text = (_word(f"board-{mark}", lang) + (". " + note_text if note_text else "")).strip()
    if not note_text:
        return
    size = max(MIN_SIZE, 6.5 * work.chrome)
    width = min(W * 0.45, max(60.0, W * 0.3))
    lines = wrap(note_text, width - 4, measure, BODY, size)
    height = len(lines) * size * PT * LEADING + 3
    real_w = max(measure(line, BODY, size) for line in lines) + 4
    box, score = place_box(real_w, height, work.inside, work.obstacles + work.placed, work.segments, (W, H))
    if score:
        scene.problems.append("the note covers part of the board")
    scene.items.append(Shape(rect=box, shape="box", fill="#ffffff", stroke="#999999", stroke_width=0.2, owner="note"))
    rows = tuple(
        TextRow(
            text=line,
            font=BODY,
            size=size,
            x=box.x + 2,
            baseline=box.y + 1.5 + (i + 0.78) * size * PT * LEADING,
            align="left",
        )
        for i, line in enumerate(lines)
    )
    work.labels.append(Label(rows, box.grown(-0.5), "note", board.id))
    work.placed.append(box)


def _link_label_boxes(work: _Work) -> None:
    """Link labels and edge names: each slides along its line to the spot that covers the least."""
    taken = [lab.box for lab in work.labels] + work.obstacles
    for role, owner, text, p, q in work.link_labels:
        size = max(LINK_LABEL_PT if role == "link" else MIN_SIZE, 6 * work.chrome)
        w, h = work.measure(text, COND, size) + 1.2, size * PT * LEADING + 0.6
        box = _link_label_spot(work, role, p, q, w, h, taken)
        row = TextRow(
            text=text, font=COND, size=size, x=box.centre[0], baseline=box.y + 0.3 + size * PT * 0.95, color="#000000"
        )
        work.labels.append(Label((row,), box, role, owner, "#ffffff"))
        taken.append(box)


def _link_label_spot(work: _Work, role: str, p: Point, q: Point, w: float, h: float, taken: list[Rect]) -> Rect:
    """The box of one link label (`role` link) or edge name (`role` edge), `w` by `h` mm, covering the least of
    `taken`."""
    W, inset = work.board.size.width, work.inset
    best: tuple[Rect, float] | None = None
    for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8) if role == "link" else (0.0,):
        cx, cy = point_along(p, q, t)
        if role == "edge":
            x = inset + 1.5 if p[0] == 0 else W - w - inset - 1.5  # inside the frame, where there is one
            box = Rect(x, cy - h - 0.8, w, h)
        else:
            box = centred((cx, cy), w, h)
        clash = sum(box.overlap_area(r) for r in taken)
        if best is None or clash < best[1]:
            best = (box, clash)
        if clash == 0:
            break
    assert best is not None  # the first place tried is the best so far
    box, clash = best
    if clash and role == "edge":  # try below the line instead
        below = Rect(box.x, box.y + h + 1.6, w, h)
        if sum(below.overlap_area(r) for r in taken) < clash:
            box = below
    return box


def _check_labels(scene: Scene, labels: list[Label]) -> None:
    """Errors for writing under the smallest readable size, problems for labels that overlap."""
    for label in labels:
        for row in label.rows:
            if row.size < MIN_SIZE - 1e-6:
                scene.errors.append(
                    f"{label.role} {label.owner!r}: text {row.text!r} is {row.size:.1f} pt, "
                    f"smaller than {MIN_SIZE:g} pt"
                )
    for a_index, a in enumerate(labels):
        for b in labels[a_index + 1 :]:
            if a.box.intersects(b.box) and not _nested(a, b):
                scene.problems.append(f"labels overlap: {a.role} {a.owner!r} and {b.role} {b.owner!r}")


FRAME_BOLD = 0.9  # mm: the outer rule of a board's frame
FRAME_THIN = 0.3  # mm: its inner rule
PLACE_LINE = 0.45  # mm: outline of a card or tile's place
PANEL_PAD = 4.5  # mm: a group's panel reaches this far beyond its spaces
PANEL_NAME_ROOM = 9.0  # mm: the least radius of free room inside a panel for its name there (else along its top)
ROAD_RIM = 1.0  # mm: a road is as wide as its fields plus this on each side
ROAD_SHADE = 0.8  # a road inside a group: its colour darkened by this factor
ROAD_TINT = 1.6  # a road between groups: the link colour lightened by this factor
ROAD_GAP = 12.0  # mm: spaces nearer than this get their arrowhead in the gap between them


def _road(scene: Scene, ltype, ra: Rect, rb: Rect, sa: str, sb: str, group, arrow: bool, owner: str):
    """A link painted as a road under its spaces (`LinkType.road`): neighbours in a row or column are joined
    by a band as wide as the narrower of them plus a rim, in the group's colour darkened; other pairs by a
    band of `road_width` from centre to centre (the link colour lightened between groups). An arrow style
    puts a small head on the road: in the gap between near neighbours, at the far space's edge otherwise.
    Returns the ends of the visible part (for label placement)."""
    color = shade(group.color, ROAD_SHADE) if group is not None else shade(ltype.color, ROAD_TINT)
    (ax, ay), (bx, by) = ra.centre, rb.centre
    pa, pb = boundary_point(ra, sa, rb.centre), boundary_point(rb, sb, ra.centre)
    if abs(ay - by) < 0.5 or abs(ax - bx) < 0.5:
        # a box's band reaches its far edge (so the road rims it); a round space's only its centre
        (r0, s0), (r1, s1) = sorted(((ra, sa), (rb, sb)), key=lambda rs: rs[0].centre)
        if abs(ay - by) < 0.5:  # side by side in a row: the band spans both, as tall as the lower one
            top, bottom = max(ra.y, rb.y), min(ra.bottom, rb.bottom)
            x0 = r0.centre[0] if s0 == "circle" else r0.x
            x1 = r1.centre[0] if s1 == "circle" else r1.right
            band = Rect(x0, top, x1 - x0, bottom - top)
        else:  # one above the other
            left, right = max(ra.x, rb.x), min(ra.right, rb.right)
            y0 = r0.centre[1] if s0 == "circle" else r0.y
            y1 = r1.centre[1] if s1 == "circle" else r1.bottom
            band = Rect(left, y0, right - left, y1 - y0)
        scene.items.append(
            Shape(
                rect=band.grown(ROAD_RIM),
                shape="rect",
                fill=color,
                stroke=None,
                stroke_width=0.0,
                owner=f"road:{owner}",
            )
        )
    elif ltype.road_stones:
        width = ltype.road_width or 0.4 * min(ra.w, ra.h, rb.w, rb.h)
        for centre in stepping_stones(pa, pb, width):
            scene.items.append(
                Shape(
                    rect=centred(centre, width, width),
                    shape="circle",
                    fill=color,
                    stroke=shade(color, 0.75),
                    stroke_width=0.25,
                    owner=f"road:{owner}",
                )
            )
    else:
        width = ltype.road_width or 0.4 * min(ra.w, ra.h, rb.w, rb.h)
        scene.items.append(Line((ra.centre, rb.centre), color, width, None, "road", owner))
    if arrow:
        gap = ((pb[0] - pa[0]) ** 2 + (pb[1] - pa[1]) ** 2) ** 0.5
        if gap <= ROAD_GAP:
            length = min(3.2, max(1.2, gap * 0.8))
            tip = point_along(pa, pb, 0.5 + length / 2 / (gap or 1.0))
            head = arrow_head(pa, tip, length, length * 1.3)
            scene.items.append(Polygon(head, shade(color, 0.45), f"road:{owner}"))
        else:
            scene.items.append(Polygon(arrow_head(pa, pb, 4.0, 5.0), ltype.color, f"road:{owner}"))
    return pa, pb


STONE_PITCH = 1.8  # stepping stones: centre to centre, in stone diameters (at least)


def stepping_stones(pa: Point, pb: Point, diameter: float) -> list[Point]:
    """Centres of round stones `diameter` across, evenly along the open stretch from `pa` to `pb` (the two
    spaces' edges), at least `STONE_PITCH` diameters apart, the first and last a diameter from the ends."""
    gap = ((pb[0] - pa[0]) ** 2 + (pb[1] - pa[1]) ** 2) ** 0.5
    usable = gap - 2 * diameter
    if usable < 0:
        return []
    n = int(usable // (STONE_PITCH * diameter)) + 1
    if n == 1:
        return [point_along(pa, pb, 0.5)]
    return [point_along(pa, pb, (diameter + usable * k / (n - 1)) / gap) for k in range(n)]


def _panels(scene: Scene, board, rects: dict[str, Rect], lang: str, measure: Measure):
    """A pale panel under the spaces of each group with `panel: true`, its name written where the spaces
    leave the most room inside it (a loop's middle), else along its top edge. Returns the panels and the
    names' labels."""
    labels: list[Label] = []
    for group in board.groups:
        if not group.panel:
            continue
        panel = _panel_rect(board, rects, group.id)
        if panel is None:
            continue
        scene.items.append(
            Shape(
                rect=panel,
                shape="panel",
                fill=shade(group.color, 1.72),
                stroke=shade(group.color, 0.7),
                stroke_width=0.35,
                owner=f"panel:{group.id}",
            )
        )
        ink = shade(group.color, 0.42) if luminance(group.color) > 0.3 else shade(group.color, 0.6)
        name = group.name.get(lang)
        free = shapely.box(panel.x, panel.y, panel.right, panel.bottom).difference(
            shapely.union_all([shapely.box(r.x, r.y, r.right, r.bottom).buffer(2.0) for r in rects.values()])
        )
        parts = regions.parts(free) if not free.is_empty else []
        room = None
        best = max(
            ((p, polylabel(p, tolerance=0.5)) for p in parts),
            key=lambda pc: pc[0].boundary.distance(pc[1]),
            default=None,
        )
        if best is not None:
            radius = best[0].boundary.distance(best[1])
            if radius >= PANEL_NAME_ROOM:
                room = centred((best[1].x, best[1].y), radius * 1.8, radius * 1.4)
        if room is not None:
            rows, box, fits = fit_block([(name, BOLD, 16.0)], room, measure, min_scale=0.5, color=ink)
            labels.append(Label(rows, box, "panel", group.id, None, fits))
        elif (tab := _tab(name, panel, measure)) and not any(tab.intersects(r) for r in _others(board, rects, group)):
            scene.items.append(
                Shape(
                    rect=tab,
                    shape="panel",
                    fill=group.color,
                    stroke=shade(group.color, 0.6),
                    stroke_width=0.35,
                    owner=f"tab:{group.id}",
                )
            )
            text_ink = _ink(group.color)
            row = TextRow(
                text=name,
                font=BOLD,
                size=TAB_PT,
                x=tab.x + TAB_SIDE,
                baseline=tab.y + 1.0 + TAB_PT * PT * 0.95,
                color=text_ink,
                align="left",
            )
            labels.append(Label((row,), tab.grown(-0.5), "panel", group.id))
        else:
            size = _clamp((PANEL_PAD - 1.0) / PT / 1.05, MIN_SIZE, 9.0)
            row = TextRow(
                text=name,
                font=BOLD,
                size=size,
                x=panel.x + 3.0,
                baseline=panel.y + PANEL_PAD - 1.0,
                color=ink,
                align="left",
            )
            box = Rect(panel.x + 3.0, panel.y + 0.5, measure(name, BOLD, size), PANEL_PAD - 1.0)
            labels.append(Label((row,), box, "panel", group.id))
    return labels


TAB_PT = 10.0  # pt: a panel's name on its tab (as large as a field's word, read across the table)
TAB_SIDE = 3.0  # mm: room left and right of the name on its tab
TAB_INDENT = 6.0  # mm: from the panel's left edge to its tab


def _tab(name: str, panel: Rect, measure: Measure) -> Rect:
    """The tab on a panel's top edge that carries its name (half above the edge, half on the panel's rim)."""
    h = TAB_PT * PT * LEADING + 2.0
    return Rect(panel.x + TAB_INDENT, panel.y - h / 2, measure(name, BOLD, TAB_PT) + 2 * TAB_SIDE, h)


def _others(board, rects: dict[str, Rect], group) -> list[Rect]:
    """What a group's name tab must not cover: the other spaces (with their plates), the other groups' panels."""
    plated = {t.id for t in board.space_types if t.plate}
    found = [
        rects[s.id].grown(PANEL_PAD if s.type in plated else 1.0)
        for s in board.spaces
        if s.group != group.id and not s.outline
    ]
    for other in board.groups:
        panel = _panel_rect(board, rects, other.id) if other.panel and other.id != group.id else None
        if panel is not None:
            found.append(panel)
    return found


def _panel_rect(board, rects: dict[str, Rect], group_id: str) -> Rect | None:
    """The panel of a group: its spaces' bounds (regions aside) grown by `PANEL_PAD`; None without spaces."""
    members = [rects[s.id] for s in board.spaces if s.group == group_id and not s.outline]
    if not members:
        return None
    x0, y0 = min(r.x for r in members), min(r.y for r in members)
    x1, y1 = max(r.right for r in members), max(r.bottom for r in members)
    return Rect(x0, y0, x1 - x0, y1 - y0).grown(PANEL_PAD)


PILE_STEP = 1.2  # mm: how far each card below the top one of a pile shows
PILE_LINE = 0.3  # mm: their outlines


def _under_spaces(scene: Scene) -> int:
    """Where in the paint order an emblem goes: after the background (paper, texture, frame, panels, plates),
    before the first road, link or space, so it lies under everything a player reads."""
    for k, item in enumerate(scene.items):
        if isinstance(item, (Line, Polygon, Region, Halo)) or (
            isinstance(item, Shape) and not item.owner.startswith(("frame", "border", "panel:", "plate:"))
        ):
            return k
    return len(scene.items)


def _pile_count(space, stype, held, counts) -> str:
    """The text a pile's place prints for the number of its cards or tiles (`× 24`), or '' (no pile, not a
    place, or the count unknown)."""
    if stype is None or not stype.pile or not space.size_from or not held or space.size_from not in held:
        return ""
    number = (counts or {}).get(space.size_from)
    return f"\u00d7 {number}" if number else ""


def _plates(scene: Scene, board, rects: dict[str, Rect], shapes: dict[str, str]) -> None:
    """A pale plate in the fill's colour under each space whose type has `plate: true`, as far beyond it as a
    panel reaches beyond its group, round for a round space."""
    types = {t.id: t for t in board.space_types}
    groups = {g.id: g for g in board.groups}
    for space in board.spaces:
        stype = types.get(space.type)
        if stype is None or not stype.plate or space.outline:
            continue
        fill = _fill(space, stype, groups.get(space.group))
        shape = "circle" if shapes[space.id] == "circle" else "panel"
        scene.items.append(
            Shape(
                rect=rects[space.id].grown(PANEL_PAD),
                shape=shape,
                fill=shade(fill, 1.72),
                stroke=shade(fill, 0.7),
                stroke_width=0.35,
                owner=f"plate:{space.id}",
            )
        )


def _pools(scene: Scene, space, entries: list[dict], inner: Rect, fill: str, lang: str, measure: Measure):
    """One slot per kind of piece a space keeps, the piece's size plus 1 mm, in rows at the bottom of the
    space, each outlined in the kind's colour with its title. Returns the slots' labels and the room left."""
    labels = []
    gap = 2.0
    bottom = inner.bottom
    for entry in reversed(entries):
        w, h = (v + 1.0 for v in entry["size"])
        slots = entry["slots"]
        cols = max(1, min(len(slots), int((inner.w + gap) // (w + gap))))
        rows = -(-len(slots) // cols)
        block_h = rows * h + (rows - 1) * gap
        if block_h > inner.h * 0.8:
            scene.problems.append(f"the supply on space {space.id!r} does not fit its {inner.w:g} x {inner.h:g} mm")
        top = bottom - block_h
        for k, slot in enumerate(slots):
            row, col = divmod(k, cols)
            in_row = min(cols, len(slots) - row * cols)
            x = inner.centre[0] - (in_row * w + (in_row - 1) * gap) / 2 + col * (w + gap)
            rect = Rect(x, top + row * (h + gap), w, h)
            color = slot["color"] or shade(fill, 0.45)
            scene.items.append(
                Shape(
                    rect=rect,
                    shape="circle" if entry["round"] else "card",
                    fill=shade(color, 1.8),
                    stroke=color,
                    stroke_width=PLACE_LINE,
                    owner=f"slot:{space.id}:{entry['component']}",
                )
            )
            title = slot["title"].get(lang) or ""
            if title:
                text_color = color if luminance(color) < 0.45 else shade(color, 0.5)
                rows_, box, fits = fit_block([(title, BOLD, 14.0)], rect.grown(-1.0), measure, 0.4, text_color)
                labels.append(Label(rows_, box, "slot", f"{space.id}:{entry['component']}:{k}", None, fits))
        bottom = top - gap
    return labels, Rect(inner.x, inner.y, inner.w, max(1.0, bottom - inner.y))


ICON_MIN = 4.0  # mm: an icon smaller than this is left out (the word still says what the field is)
ICON_MAX = 18.0  # mm: the tallest icon on a field
PLACE_ICON_MAX = 30.0  # mm: the tallest icon in a card or tile's place (a large, empty card outline)
PLACE_ICON_SHADE = 0.5  # a place's icon: its field's colour darkened by this factor


def _type_word(stype, lang: str) -> str:
    """The word a space type prints on its spaces: its `word`, else its name."""
    return (stype.word or stype.name).get(lang)


def _shifted(rows: tuple[TextRow, ...], box: Rect, dy: float) -> tuple[tuple[TextRow, ...], Rect]:
    rows = tuple(
        TextRow(text=r.text, font=r.font, size=r.size, x=r.x, baseline=r.baseline + dy, color=r.color, align=r.align)
        for r in rows
    )
    return rows, Rect(box.x, box.y + dy, box.w, box.h)


def _icon_field(
    scene: Scene,
    space,
    stype,
    board,
    inner: Rect,
    markbox: Rect | None,
    shape: str,
    fill: str,
    icon: str,
    lang,
    measure,
    count: str = "",
) -> list[Label]:
    """A field painted like a printed board's: its number (or name) at the top, the type's icon in the middle,
    the type's word (and printed values) at the bottom, each as large as the field allows. A wide, low field
    (one with a row of spots under its text) puts the icon left of the text instead. A reconstructed mark in
    the top corner keeps the top line out of its column."""
    ink = _ink(fill)
    aside = markbox.w + 0.6 if markbox is not None and markbox.intersects(inner) else 0.0
    text_h = inner.h
    top_parts = []
    if space.number is not None:
        top_parts.append((str(space.number), BOLD, _clamp(text_h * 0.65, 9, 18)))
    bottom_parts = []
    if space.name and space.number is None:
        top_parts.append((space.name.get(lang), BOLD, _clamp(text_h * 0.42, 7, 12)))
    elif space.name:  # a numbered field's own name goes under the icon, where the whole width is free
        bottom_parts.append((space.name.get(lang), BODY, _clamp(text_h * 0.3, 6.5, 9)))
    if stype is not None and stype.label and not space.name:
        bottom_parts.append((_type_word(stype, lang), BOLD, _clamp(text_h * 0.34, 6.5, 10)))
    shown = {k: v for k, v in space.values.items() if stype is None or k != stype.spots}
    if shown:
        bottom_parts.append((values_line(shown, board.value_labels, lang), COND, _clamp(text_h * 0.28, 6, 8)))
    if count:  # a pile's number of cards, under its icon
        bottom_parts.append((count, BOLD, _clamp(text_h * 0.3, 7, 10)))
    icon_color = ink if luminance(fill) < 0.45 else _icon_ink(fill)
    if (
        space.size_from and luminance(fill) >= 0.45
    ):  # a place's large icon: tone on tone, a silhouette of what lies there
        icon_color = shade(fill, PLACE_ICON_SHADE)
    if inner.w >= 2.0 * inner.h:  # wide and low: icon left, text right of it
        height = min(inner.h - 0.4, ICON_MAX, inner.w * 0.3)
        text_room = Rect(inner.x + height + 1.5, inner.y, inner.w - height - 1.5 - aside, inner.h)
        rows, box, fits = fit_block(top_parts + bottom_parts, text_room, measure, min_scale=0.6, color=ink)
        if not fits:
            scene.problems.append(f"label of space {space.id!r} does not fit its {inner.w:g} x {inner.h:g} mm room")
        if height >= ICON_MIN:
            left = max(inner.x, box.x - 1.5 - height)
            scene.items.append(Glyph((left + height / 2, inner.centre[1]), height, icon, icon_color, space.id))
        return [Label(rows, box, "space", space.id, None, fits)]
    labels = []
    top = inner.y
    bottom = inner.bottom
    fits_all = True
    for parts, at_top in ((top_parts, True), (bottom_parts, False)):
        if not parts:
            continue
        want = sum(size * PT * LEADING for _, _, size in parts)
        narrow = aside if at_top else 0.0
        room = Rect(inner.x + narrow, inner.y, inner.w - 2 * narrow, min(inner.h * 0.5, want * 2.1))
        rows, box, fits = fit_block(parts, room, measure, min_scale=0.6, color=ink)
        fits_all = fits_all and fits
        dy = (top - box.y) if at_top else (bottom - box.bottom)
        rows, box = _shifted(rows, box, dy)
        if at_top:
            top = box.bottom
        else:
            bottom = box.y
        labels.append(Label(rows, box, "space", space.id, None, fits))
    if not fits_all:
        scene.problems.append(f"label of space {space.id!r} does not fit its {inner.w:g} x {inner.h:g} mm shape")
    tallest = PLACE_ICON_MAX if space.size_from else ICON_MAX
    height = min(bottom - top - 0.8, inner.w * (0.8 if shape == "circle" else 0.6), tallest)
    if height >= ICON_MIN:
        scene.items.append(Glyph((inner.centre[0], (top + bottom) / 2), height, icon, icon_color, space.id))
    return labels


def _icon_ink(fill: str) -> str:
    """An icon on a light field: a dark shade of the field's own colour (near black on white)."""
    dark = shade(fill, 0.3)
    return dark if luminance(dark) < 0.25 else "#1e1e1e"


GREY_STEP = 0.04  # smallest difference in brightness (0..1) between two fills that a greyscale print keeps apart


def greyscale_clashes(board) -> list[tuple[tuple, tuple, float, float]]:
    """Pairs of different fills painted on the board's spaces that a greyscale print makes (nearly) the same
    grey: ((kind, index) of each, with kind 'space_types' or 'groups', and their brightness). A fill comes from
    the space type's colour, else from its group's; the same colour used twice is meant to look the same."""
    used: dict[tuple, str] = {}
    type_index = {t.id: k for k, t in enumerate(board.space_types)}
    group_index = {g.id: k for k, g in enumerate(board.groups)}
    types = {t.id: t for t in board.space_types}
    groups = {g.id: g for g in board.groups}
    for space in board.spaces:
        stype = types.get(space.type)
        if stype is not None and stype.color:
            used.setdefault(("space_types", type_index[stype.id]), stype.color.lower())
        elif space.group in groups:
            used.setdefault(("groups", group_index[space.group]), groups[space.group].color.lower())
    keys = sorted(used)
    found = []
    for a_index, a in enumerate(keys):
        for b in keys[a_index + 1 :]:
            la, lb = luminance(used[a]), luminance(used[b])
            if used[a] != used[b] and abs(la - lb) < GREY_STEP:
                found.append((a, b, la, lb))
    return found


def _fill(space, stype, group) -> str:
    return space.fill or (stype.color if stype and stype.color else None) or (group.color if group else "#ffffff")


def _pattern(space, stype, group) -> str:
    """The space's own pattern, else its type's (when not solid), else its group's."""
    if space.pattern:
        return space.pattern
    if stype and stype.pattern != "solid":
        return stype.pattern
    return group.pattern if group else "solid"


def _region(space, stype, group) -> Region:
    fill = _fill(space, stype, group)
    pattern = _pattern(space, stype, group)
    rings = tuple(tuple(map(tuple, ring)) for ring in space.outline)
    return Region(
        rings=rings,
        fill=fill,
        stroke="#3a3a3a",
        stroke_width=0.3,
        pattern=pattern,
        pattern_color=shade(fill, 0.6),
        owner=space.id,
    )


def _region_labels(scene: Scene, space, stype, group, anchor, board, lang: str, measure: Measure) -> list[Label]:
    """Name (and values) of a region at its anchor, with the marker spot under it."""
    fill = _fill(space, stype, group)
    size = _clamp(anchor.room * 0.75, REGION_NAME_PT, REGION_NAME_MAX)  # read across the table; larger in room to spare
    parts = [(space.name.get(lang) if space.name else _space_title(space, lang), BOLD, size)]
    if space.values:
        parts.append((values_line(space.values, board.value_labels, lang), COND, 6.5))
    marker = bool(stype and stype.marker) or space.marker is not None
    width = _clamp(anchor.room * 2.2, 24, 44)
    height = max(10.0, 2 * size * PT * LEADING + 0.6)
    spot_h = 2 * MARKER_RADIUS + 1.0 if marker and space.marker is None else 0.0
    top = anchor.y - (height + spot_h) / 2
    box = Rect(anchor.x - width / 2, top, width, height)
    rows, text_box, fits = fit_block(parts, box, measure, min_scale=REGION_NAME_MIN / size)
    if not fits:
        scene.problems.append(
            f"label of region {space.id!r} does not fit in {width:.0f} x {height:.0f} mm at its anchor"
        )
    found = [Label(rows, text_box, "space", space.id, None, fits, halo=shade(fill, 1.55))]
    spot = None
    if marker:
        centre = space.marker or (anchor.x, text_box.bottom + 0.8 + MARKER_RADIUS)
        spot = centred(centre, 2 * MARKER_RADIUS, 2 * MARKER_RADIUS)
    leader = _leader(space.outline, [text_box] + ([spot] if spot and not space.marker else []))
    if leader:
        scene.items.append(Line(leader, shade(fill, 0.45), LEADER_WIDTH, None, "leader", space.id))
    if spot:
        scene.items.append(
            Shape(
                rect=spot,
                shape="circle",
                fill="#ffffff",
                stroke=shade(fill, 0.5),
                stroke_width=0.35,
                owner=f"marker:{space.id}",
            )
        )
    mark = _mark_kind(space.provenance)
    if mark:
        centre = (text_box.right + MARK_RADIUS + 0.5, text_box.y + MARK_RADIUS)
        scene.items.append(Mark(centre, MARK_RADIUS, MARK_TEXT[mark], mark, space.id))
    return found


def _leader(outline, boxes: list[Rect]) -> tuple[Point, Point] | None:
    """A leader line for a region label set beside its region (e.g. in the sea next to a small island):
    from the label's boxes to 1 mm inside the nearest of the region's main polygons (at least a quarter
    of the largest: not a islet); None when they touch."""
    polygons = regions.parts(regions.geometry(outline))
    region = shapely.union_all([p for p in polygons if p.area >= polygons[0].area / 4])
    label = shapely.union_all([shapely.box(b.x, b.y, b.right, b.bottom) for b in boxes])
    if region.distance(label) < LEADER_GAP:
        return None
    start, end = nearest_points(label, region)
    dx, dy = end.x - start.x, end.y - start.y
    length = (dx * dx + dy * dy) ** 0.5
    return (start.x, start.y), (end.x + dx / length, end.y + dy / length)


def spot_radius(stype) -> float:
    """Radius in mm of the spots a space type draws (its `spot_size`, or `SPOT_RADIUS`)."""
    return stype.spot_size / 2 if stype is not None and stype.spot_size else SPOT_RADIUS


def _spots(scene: Scene, space, count: int, inner: Rect, fill: str, radius: float = SPOT_RADIUS) -> Rect:
    """`count` round spots in a row at the bottom of a space; returns the room left for text."""
    d = 2 * radius
    gap = 1.0
    n = min(count, max(1, int((inner.w + gap) // (d + gap))))
    row_w = n * d + (n - 1) * gap
    y = inner.bottom - radius - 0.3
    x0 = inner.centre[0] - row_w / 2 + radius
    ink = shade(fill, 0.45) if luminance(fill) > 0.45 else "#ffffff"
    for i in range(n):
        scene.items.append(
            Shape(
                rect=centred((x0 + i * (d + gap), y), d, d),
                shape="circle",
                fill="#ffffff",
                stroke=ink,
                stroke_width=0.3,
                owner=f"spot:{space.id}",
            )
        )
    return Rect(inner.x, inner.y, inner.w, max(1.0, inner.h - d - 0.6))


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def _nested(a: Label, b: Label) -> bool:
    """Legend rows sit inside the legend: not an overlap."""
    return a.role == b.role == "legend"


def _space_title(space, lang: str) -> str:
    if space.name:
        return space.name.get(lang)
    return str(space.number) if space.number is not None else space.id


def _inner(rect: Rect, shape: str) -> Rect:
    """The part of a shape where text may go."""
    if shape == "circle":
        return centred(rect.centre, rect.w * 0.7, rect.h * 0.7)
    if shape == "region":
        pad = min(rect.w, rect.h) * 0.12
        return Rect(rect.x + pad, rect.y + 0.8, rect.w - 2 * pad, rect.h - 1.6)
    return Rect(rect.x + 1.0, rect.y + 0.8, rect.w - 2.0, rect.h - 1.6)


def _legend(board, lang: str, measure: Measure, base: float, scene: Scene) -> list[tuple]:
    """Rows of the legend: (kind, payload, height mm, width mm)."""
    size = max(MIN_SIZE, 7 * base)
    row_h = size * PT * LEADING + 1.2
    swatch = 6.0
    rows = [("head", _word("legend", lang), row_h + 0.5, measure(_word("legend", lang), BOLD, size + 1))]

    def text_row(kind, text, payload):
        rows.append((kind, (text, payload), row_h, swatch + 2 + measure(text, BODY, size)))

    for g in board.groups:
        members = [s for s in board.spaces if s.group == g.id]
        if not g.values and (g.panel or (members and all(s.name for s in members))):
            continue  # its name is printed on its panel, or each of its spaces prints its own name
        text = g.name.get(lang)
        if g.values:
            text += " – " + values_line(g.values, board.value_labels, lang)
        text_row("group", text, g)
    for t, names in _distinct(
        _drawn_types(board), lambda t: (t[0].color, t[0].pattern, t[0].shape, t[0].marker, t[1]), lang
    ):
        if t[0].label or all(s.name for s in board.spaces if s.type == t[0].id):
            continue  # its spaces print their word or their own name: the board says it where it matters
        if names not in {row[1][0] for row in rows[1:]}:  # one entry per name (a type named like its group)
            text_row("type", names, t)
    used_links = {link.type for link in board.links}
    links = [t for t in board.link_types if t.id in used_links and not t.road]  # a road shows its way itself
    for t, names in _distinct(links, lambda t: (t.style, t.color), lang):
        text_row("link", names, t)
    kinds = {i.kind for i in scene.items if isinstance(i, Mark)}
    for kind in ("reconstructed", "unknown"):
        if kind in kinds:
            text_row("mark", _word(kind, lang), kind)
    return rows if len(rows) > 1 else []


def _drawn_types(board) -> list[tuple]:
    """(space type, the fill its spaces are painted with) for each type with a look of its own (a lone type only by colour or pattern);
    white for a pattern laid over several group colours.

    A type without colour, pattern, shape or marker is drawn in its group's colour and is
    already in the legend as that group; the swatch takes the fill a space of the type gets,
    so legend and board cannot disagree."""
    groups = {g.id: g for g in board.groups}
    several = len({s.type for s in board.spaces}) > 1  # a shape or marker tells types apart only among others
    found = []
    for t in board.space_types:
        spaces = [s for s in board.spaces if s.type == t.id]
        if spaces and (t.color or t.pattern != "solid" or (several and (t.shape != "rect" or t.marker))):
            fills = {_fill(s, t, groups.get(s.group)) for s in spaces}
            # a pattern over its spaces' group colours: the swatch shows the pattern on white, not one group's colour
            found.append((t, fills.pop() if len(fills) == 1 else "#ffffff"))
    return found


def _distinct(items: list, style, lang: str) -> list[tuple]:
    """Each distinct drawing style once, with the names of all items drawn that way."""
    seen: dict = {}
    for item in items:
        seen.setdefault(style(item), []).append(item)

    def name(i) -> str:
        return (i[0] if isinstance(i, tuple) else i).name.get(lang)

    return [(same[0], " / ".join(dict.fromkeys(name(i) for i in same))) for same in seen.values()]


def _swatch(rect: Rect, shape: str, fill: str, pattern: str) -> Shape:
    """A legend's sample of a group's or space type's fill, with its pattern."""
    return Shape(
        rect=rect,
        shape=shape,
        fill=fill,
        stroke="#333333",
        stroke_width=0.2,
        hatched=pattern == "hatched",
        hatch_color=shade(fill, 0.55),
        dotted=pattern == "dotted",
        owner="legend",
    )


def _paint_legend(scene: Scene, labels: list[Label], rows: list[tuple], box: Rect) -> None:
    scene.items.append(
        Shape(rect=box, shape="box", fill="#ffffff", stroke="#777777", stroke_width=0.25, owner="legend")
    )
    y = box.y + 2
    x = box.x + 3
    for kind, payload, height, width in rows:
        size = (height - 1.2) / PT / LEADING
        if kind == "head":
            size = (height - 1.7) / PT / LEADING
            row = TextRow(text=payload, font=BOLD, size=size + 1, x=x, baseline=y + height * 0.72, align="left")
            labels.append(Label((row,), Rect(x, y, width, height), "legend", "head"))
            y += height
            continue
        text, item = payload
        sw = Rect(x, y + 0.6, 6.0, height - 1.2)
        if kind == "group":
            scene.items.append(_swatch(sw, "rect", item.color, item.pattern))
        elif kind == "type":
            item, fill = item
            scene.items.append(_swatch(sw, item.shape if item.shape != "region" else "rect", fill, item.pattern))
        elif kind == "link":
            dash = DASH if item.style.startswith("dashed") else None
            mid = sw.y + sw.h / 2
            scene.items.append(
                Line(
                    ((sw.x, mid), (sw.right - (1.5 if item.style.endswith("arrow") else 0), mid)),
                    item.color,
                    LINK_WIDTH,
                    dash,
                    "legend",
                    item.id,
                )
            )
            if item.style.endswith("arrow"):
                scene.items.append(Polygon(arrow_head((sw.x, mid), (sw.right, mid), 2.2, 1.8), item.color, "legend"))
        elif kind == "mark":
            scene.items.append(Mark((sw.x + 3, sw.y + sw.h / 2), MARK_RADIUS, MARK_TEXT[item], item, "legend"))
        row = TextRow(text=text, font=BODY, size=size, x=x + 8, baseline=y + height * 0.68, align="left")
        labels.append(Label((row,), Rect(x + 8, y, width - 8, height), "legend", kind))
        y += height


def board_segments(scene: Scene) -> list[tuple[Point, Point]]:
    """The link lines of a scene as segments (for tests and checks)."""
    return [(line.points[0], line.points[-1]) for line in scene.lines("link")]


__all__ = [
    "Scene",
    "Label",
    "Shape",
    "Line",
    "Polygon",
    "Mark",
    "Glyph",
    "Region",
    "Halo",
    "Picture",
    "Compass",
    "Texture",
    "TextRow",
    "board_scene",
    "fit_block",
    "greyscale_clashes",
    "values_line",
]
