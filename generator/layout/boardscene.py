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

from rulepress.layout.boardgeom import (PT, Measure, Point, Rect, arrow_head, boundary_point, centred, luminance,
                                        place_box, point_along, segment_hits_rect, shade, shorten, two_line_splits,
                                        wrap)

BODY, BOLD, COND = "Body", "Body-Bold", "Condensed"
LEADING = 1.18  # line height / font size
DASH = (2.6, 1.6)  # mm on, mm off
LINK_WIDTH = 0.5  # mm
MARK_RADIUS = 1.5  # mm
MIN_SIZE = 4.2  # pt: smallest text shrinking may reach

WORDS = {  # the renderer's own words (not game-specific)
    "legend": {"de": "Legende", "en": "Legend"},
    "reconstructed": {"de": "rekonstruiert (nicht in den Quellen belegt)", "en": "reconstructed (not stated in the sources)"},
    "unknown": {"de": "unbekannt", "en": "unknown"},
    "board-reconstructed": {"de": "Plan rekonstruiert", "en": "Board reconstructed"},
    "board-unknown": {"de": "Plan unbekannt", "en": "Board unknown"},
}
MARK_TEXT = {"reconstructed": "\u2248", "unknown": "?"}  # never a letter in a circle: that reads as (R)


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Shape:
    rect: Rect
    shape: str  # rect, circle, region, box
    fill: str | None
    stroke: str | None = "#333333"
    stroke_width: float = 0.3
    hatched: bool = False
    hatch_color: str = "#555555"
    owner: str = ""


@dataclass(frozen=True)
class Line:
    points: tuple[Point, ...]
    color: str
    width: float = LINK_WIDTH
    dash: tuple[float, float] | None = None
    role: str = "link"  # link, legend
    owner: str = ""


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    color: str
    owner: str = ""


@dataclass(frozen=True)
class Mark:
    centre: Point
    radius: float
    text: str
    kind: str  # reconstructed, unknown
    owner: str = ""


@dataclass
class Scene:
    width: float
    height: float
    items: list = field(default_factory=list)  # paint order
    problems: list[str] = field(default_factory=list)  # drawing failures: labels that do not fit or overlap
    warnings: list[str] = field(default_factory=list)  # layout of the content: links hidden under other spaces

    @property
    def labels(self) -> list[Label]:
        return [i for i in self.items if isinstance(i, Label)]

    def lines(self, role: str | None = None) -> list[Line]:
        return [i for i in self.items if isinstance(i, Line) and (role is None or i.role == role)]


def value_text(value, lang: str) -> str:
    """A value as printed: Text in the language, None as '?'."""
    if value is None:
        return "?"
    if hasattr(value, "get") and hasattr(value, "de"):
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


def fit_block(parts: list[tuple[str, str, float]], box: Rect, measure: Measure, min_scale: float = 0.5,
              color: str = "#000000") -> tuple[tuple[TextRow, ...], Rect, bool]:
    """Fit stacked text parts (text, font, size) centred into `box`.

    Shrinks all parts together, tries the condensed face and a second line
    for long parts. Returns the rows, their bounding box and whether they fit.
    """
    scales = [1.0 - 0.05 * i for i in range(int((1.0 - min_scale) / 0.05) + 1)]
    attempt = None
    for scale in scales:
        for condensed, two_lines in ((False, False), (True, False), (True, True), (False, True)):
            lines = []
            for text, font, size in parts:
                face = COND if condensed and font == BODY else ("Condensed-Bold" if condensed and font == BOLD else font)
                s = max(size * scale, min(size, MIN_SIZE))
                if two_lines and measure(text, face, s) > box.w:
                    split = min(two_line_splits(text), key=lambda ab: max(measure(ab[0], face, s), measure(ab[1], face, s)),
                                default=None)
                    lines += [(t, face, s) for t in split] if split else [(text, face, s)]
                else:
                    lines.append((text, face, s))
            width = max(measure(t, f, s) for t, f, s in lines)
            height = sum(s * PT * LEADING for _, _, s in lines)
            attempt = lines, width, height
            if width <= box.w and height <= box.h:
                return _rows(lines, box, width, height, color) + (True,)
    lines, width, height = attempt
    return _rows(lines, box, width, height, color) + (False,)


def _rows(lines, box: Rect, width: float, height: float, color: str) -> tuple[tuple[TextRow, ...], Rect]:
    cx, cy = box.centre
    top = cy - height / 2
    rows = []
    for text, font, size in lines:
        line_h = size * PT * LEADING
        rows.append(TextRow(text, font, size, cx, top + line_h * 0.78, color))
        top += line_h
    return tuple(rows), Rect(cx - width / 2, cy - height / 2, width, height)


def board_scene(board, lang: str, measure: Measure) -> Scene:
    """Everything drawn on `board` in language `lang`."""
    W, H = board.size.width, board.size.height
    scene = Scene(W, H)
    groups = {g.id: g for g in board.groups}
    types = {t.id: t for t in board.space_types}
    link_types = {t.id: t for t in board.link_types}
    chrome = min(1.5, max(0.6, min(W, H) / 297))  # title, legend, note grow with the board

    # spaces: geometry first (links need it), drawn after the links
    rects, shapes = {}, {}
    by_id = {s.id: s for s in board.spaces}
    for space in board.spaces:
        w, h = space.size or board.space_size
        rects[space.id] = centred(space.pos, w, h)
        stype = types.get(space.type)
        shapes[space.id] = stype.shape if stype else "rect"

    scene.items.append(Shape(Rect(0, 0, W, H), "box", "#ffffff", "#999999", 0.2, owner="frame"))

    # links
    segments = []
    link_label_requests = []
    for index, link in enumerate(board.links):
        ltype = link_types.get(link.type)
        style = ltype.style if ltype else "solid"
        color = ltype.color if ltype else "#333333"
        dash = DASH if style.startswith("dashed") else None
        arrow = style.endswith("arrow")
        ra, rb = rects[link.a], rects[link.b]
        owner = f"{link.a}--{link.b}"
        if link.wrap:
            for here, there, other in ((link.a, link.b, link.b), (link.b, link.a, link.a)):
                rh, rt = rects[here], rects[there]
                edge_x = 0.0 if rh.centre[0] <= rt.centre[0] else W
                edge = (edge_x, (rh.centre[1] + rt.centre[1]) / 2)
                start = boundary_point(rh, shapes[here], edge)
                scene.items.append(Line((start, edge), color, LINK_WIDTH, dash, "link", owner))
                segments.append((start, edge))
                name = _space_title(by_id[other], lang)
                text = f"← {name}" if edge_x == 0 else f"{name} →"
                link_label_requests.append(("edge", owner, text, edge, start))
            continue
        pa = boundary_point(ra, shapes[link.a], rb.centre)
        pb = boundary_point(rb, shapes[link.b], ra.centre)
        if arrow:
            head = arrow_head(pa, pb)
            end = shorten(pa, pb, 2.5)
            scene.items.append(Line((pa, end), color, LINK_WIDTH, dash, "link", owner))
            scene.items.append(Polygon(head, color, owner))
        else:
            scene.items.append(Line((pa, pb), color, LINK_WIDTH, dash, "link", owner))
        segments.append((pa, pb))
        if link.label:
            link_label_requests.append(("link", owner, link.label.get(lang), pa, pb))

    for line in scene.lines("link"):
        ends = line.owner.split("--")
        for other, rect in rects.items():
            if other not in ends and segment_hits_rect(line.points[0], line.points[-1], rect.grown(-0.5)):
                scene.warnings.append(f"link {line.owner} runs under space {other!r}")

    # spaces and their labels
    labels: list[Label] = []
    for space in board.spaces:
        rect, shape = rects[space.id], shapes[space.id]
        stype, group = types.get(space.type), groups.get(space.group)
        fill = (stype.color if stype and stype.color else None) or (group.color if group else "#ffffff")
        hatched = bool(stype and stype.pattern == "hatched")
        scene.items.append(Shape(rect, shape, fill, "#333333", 0.3, hatched, shade(fill, 0.55), owner=space.id))
        inner = _inner(rect, shape)
        mark = _mark_kind(space.provenance, group.provenance if group else None)
        if mark:
            centre = (rect.right - MARK_RADIUS - 0.6, rect.y + MARK_RADIUS + 0.6)
            if shape == "circle":
                centre = (rect.centre[0] + rect.w * 0.33, rect.centre[1] - rect.h * 0.33)
            scene.items.append(Mark(centre, MARK_RADIUS, MARK_TEXT[mark], mark, space.id))
            markbox = centred(centre, 2 * MARK_RADIUS, 2 * MARK_RADIUS)
            if shape != "circle":  # keep the text centred: give up the mark's height at top and bottom
                d = max(0.0, markbox.bottom + 0.2 - inner.y)
                inner = Rect(inner.x, inner.y + d, inner.w, max(1.0, inner.h - 2 * d))
            labels.append(Label((), markbox, "mark", space.id))
        parts = []
        text_h = rect.h * (0.7 if shape == "circle" else 1.0)
        if space.number is not None:
            parts.append((str(space.number), BOLD, _clamp(text_h * 0.7, 8, 16) if space.name else _clamp(text_h, 9, 20)))
        if space.name:
            parts.append((space.name.get(lang), BOLD if space.number is None else BODY,
                          _clamp(text_h * 0.5, 6, 11) if space.number is None else _clamp(text_h * 0.4, 5.5, 8)))
        if space.values:
            parts.append((values_line(space.values, board.value_labels, lang), COND, _clamp(text_h * 0.3, 4.5, 6.5)))
        if parts:
            rows, box, fits = fit_block(parts, inner, measure, min_scale=0.55, color=_ink(fill))
            if not fits:
                scene.problems.append(f"label of space {space.id!r} does not fit its {rect.w:g} x {rect.h:g} mm shape")
            labels.append(Label(rows, box, "space", space.id, None, fits))

    obstacles = list(rects.values())
    placed: list[Rect] = []

    # title, legend, note: boxes placed where they cover the least
    title = board.name.get(lang)
    mark = board.provenance.kind if board.provenance.marked else None
    title_size = _clamp(min(W, H) * 0.055, 10, 26)
    title_w = measure(title, BOLD, title_size)
    title_box, _ = place_box(title_w, title_size * PT * LEADING, Rect(4, 3, W - 8, H - 6), obstacles, segments,
                             (W / 2, 0))
    labels.append(Label((TextRow(title, BOLD, title_size, title_box.centre[0], title_box.y + title_size * PT * 0.95),),
                        title_box, "title", board.id))
    placed.append(title_box)

    if board.legend:
        legend = _legend(board, lang, measure, chrome, scene)
        if legend:
            rows_h = sum(r[2] for r in legend)
            width = max(r[3] for r in legend) + 6
            box, score = place_box(width, rows_h + 4, Rect(3, 3, W - 6, H - 6), obstacles + placed, segments, (0, H))
            if score:
                scene.problems.append(f"the legend ({width:.0f} x {rows_h + 4:.0f} mm) covers part of the board")
            _paint_legend(scene, labels, legend, box)
            placed.append(box)

    note_text = board.note.get(lang) if board.note else ""
    if mark:
        note_text = (WORDS[f"board-{mark}"][lang] + (". " + note_text if note_text else "")).strip()
    if note_text:
        size = 6.5 * chrome
        width = min(W * 0.45, max(60.0, W * 0.3))
        lines = wrap(note_text, width - 4, measure, BODY, size)
        height = len(lines) * size * PT * LEADING + 3
        real_w = max(measure(line, BODY, size) for line in lines) + 4
        box, score = place_box(real_w, height, Rect(3, 3, W - 6, H - 6), obstacles + placed, segments, (W, H))
        if score:
            scene.problems.append("the note covers part of the board")
        scene.items.append(Shape(box, "box", "#ffffff", "#999999", 0.2, owner="note"))
        rows = tuple(TextRow(line, BODY, size, box.x + 2, box.y + 1.5 + (i + 0.78) * size * PT * LEADING, align="left")
                     for i, line in enumerate(lines))
        labels.append(Label(rows, box.grown(-0.5), "note", board.id))
        placed.append(box)

    # link labels and edge names: slide along the line to a free spot
    taken = [lab.box for lab in labels] + obstacles
    for role, owner, text, p, q in link_label_requests:
        size = 6 * chrome
        w, h = measure(text, COND, size) + 1.2, size * PT * LEADING + 0.6
        best = None
        for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8) if role == "link" else (0.0,):
            cx, cy = point_along(p, q, t)
            if role == "edge":
                x = 1.5 if p[0] == 0 else W - w - 1.5
                box = Rect(x, cy - h - 0.8, w, h)
            else:
                box = centred((cx, cy), w, h)
            clash = sum(box.overlap_area(r) for r in taken)
            if best is None or clash < best[1]:
                best = (box, clash)
            if clash == 0:
                break
        box, clash = best
        if clash and role == "edge":  # try below the line instead
            below = Rect(box.x, box.y + h + 1.6, w, h)
            if sum(below.overlap_area(r) for r in taken) < clash:
                box = below
        row = TextRow(text, COND, size, box.centre[0], box.y + 0.3 + size * PT * 0.95, "#000000")
        labels.append(Label((row,), box, role, owner, "#ffffff"))
        taken.append(box)

    scene.items.extend(labels)
    for a_index, a in enumerate(labels):
        for b in labels[a_index + 1:]:
            if a.box.intersects(b.box) and not _nested(a, b):
                scene.problems.append(f"labels overlap: {a.role} {a.owner!r} and {b.role} {b.owner!r}")
    return scene


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
    size = 7 * base
    row_h = size * PT * LEADING + 1.2
    swatch = 6.0
    rows = [("head", WORDS["legend"][lang], row_h + 0.5, measure(WORDS["legend"][lang], BOLD, size + 1))]

    def text_row(kind, text, payload):
        rows.append((kind, (text, payload), row_h, swatch + 2 + measure(text, BODY, size)))

    for g in board.groups:
        text = g.name.get(lang)
        if g.values:
            text += " – " + values_line(g.values, board.value_labels, lang)
        text_row("group", text, g)
    used_types = {s.type for s in board.spaces}
    types = [t for t in board.space_types if t.id in used_types]
    if len(types) > 1 or any(t.color or t.pattern != "solid" for t in types):
        for t in types:
            text_row("type", t.name.get(lang), t)
    used_links = {link.type for link in board.links}
    for t in board.link_types:
        if t.id in used_links:
            text_row("link", t.name.get(lang), t)
    kinds = {i.kind for i in scene.items if isinstance(i, Mark)}
    for kind in ("reconstructed", "unknown"):
        if kind in kinds:
            text_row("mark", WORDS[kind][lang], kind)
    return rows if len(rows) > 1 else []


def _paint_legend(scene: Scene, labels: list[Label], rows: list[tuple], box: Rect) -> None:
    scene.items.append(Shape(box, "box", "#ffffff", "#777777", 0.25, owner="legend"))
    y = box.y + 2
    x = box.x + 3
    for kind, payload, height, width in rows:
        size = (height - 1.2) / PT / LEADING
        if kind == "head":
            size = (height - 1.7) / PT / LEADING
            row = TextRow(payload, BOLD, size + 1, x, y + height * 0.72, align="left")
            labels.append(Label((row,), Rect(x, y, width, height), "legend", "head"))
            y += height
            continue
        text, item = payload
        sw = Rect(x, y + 0.6, 6.0, height - 1.2)
        if kind == "group":
            scene.items.append(Shape(sw, "rect", item.color, "#333333", 0.2, owner="legend"))
        elif kind == "type":
            fill = item.color or "#eeeeee"
            scene.items.append(Shape(sw, item.shape if item.shape != "region" else "rect", fill, "#333333", 0.2,
                                     item.pattern == "hatched", shade(fill, 0.55), owner="legend"))
        elif kind == "link":
            dash = DASH if item.style.startswith("dashed") else None
            mid = sw.y + sw.h / 2
            scene.items.append(Line(((sw.x, mid), (sw.right - (1.5 if item.style.endswith("arrow") else 0), mid)),
                                    item.color, LINK_WIDTH, dash, "legend", item.id))
            if item.style.endswith("arrow"):
                scene.items.append(Polygon(arrow_head((sw.x, mid), (sw.right, mid), 2.2, 1.8), item.color, "legend"))
        elif kind == "mark":
            scene.items.append(Mark((sw.x + 3, sw.y + sw.h / 2), MARK_RADIUS, MARK_TEXT[item], item, "legend"))
        row = TextRow(text, BODY, size, x + 8, y + height * 0.68, align="left")
        labels.append(Label((row,), Rect(x + 8, y, width - 8, height), "legend", kind))
        y += height


def board_segments(scene: Scene) -> list[tuple[Point, Point]]:
    """The link lines of a scene as segments (for tests and checks)."""
    return [(line.points[0], line.points[-1]) for line in scene.lines("link")]


__all__ = ["Scene", "Label", "Shape", "Line", "Polygon", "Mark", "TextRow", "board_scene", "fit_block",
           "values_line"]
