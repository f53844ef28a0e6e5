"""Boards as PDF: the whole board on one page at full size, and tiled onto home paper.

Per board and language `plan` makes:

- ``<game>/board-<id>.<lang>.pdf``: one page of the board's own size (kind 'board', paper None);
- ``<game>/board-<id>.<lang>.<paper>.tiled.pdf`` per paper: an assembly page showing
  how the tiles fit, then one page per tile with glue margin, registration marks and
  its row/column label (kind 'board', paper set);
- ``<game>/board-<id>.<lang>.preview.png``: a small picture of the whole board for the
  website gallery (kind 'board-png'; see `board_png`).

The drawing comes from `rulepress.layout.boardscene` (pure); this module only paints
scene items with ReportLab and arranges pages.
"""

from __future__ import annotations

import io
from pathlib import Path

from rulepress import i18n
from rulepress.draw.boardpaint import (
    Painter,
    board_canvas,
    board_context,
    board_word,
    content_scene,
    measure,
    scene_for,
)
from rulepress.errors import ContentErrors, Problem
from rulepress.layout.boardscene import (
    BoardContext,
    Compass,
    Label,
    Mark,
    Scene,
    Texture,
)
from rulepress.layout.mapcheck import check_board
from rulepress.layout.paper import MM, PAPERS
from rulepress.layout.tiling import TilePlan, mark_placements, plan_tiles
from rulepress.model import view
from rulepress.model.sourcefile import inside
from rulepress.options import BoardOptions
from rulepress.render import Artifact
from rulepress.text import fonts

PNG_WIDTH_PX = 1400  # gallery picture width
EDGE_CLEAR = 5.0  # mm from the paper edge that no mark or word of a tile page comes nearer than
CROSS_ARM = 3.0  # mm from the centre of a registration cross on a covered glue strip to its arms' ends
FINE_CROSS_ARM = 2.0  # mm, the hairline cross on the strip laid over a neighbour's (stays on the board)
FINE_CROSS_LINE = 0.2  # pt
GREYSCALE_RULE = "greyscale-fills"  # fills that print as one grey (`rulepress.model.formats`)


def write_full(board, lang: str, target, scene: Scene | None = None) -> dict:
    """The whole board on one page of its own size."""
    scene = scene or scene_for(board, lang)
    c = board_canvas(
        target if isinstance(target, io.IOBase) else str(target),
        board.size.width,
        board.size.height,
        board.name.get(lang),
    )
    Painter(c, board.size.height, scene.folder).scene(scene)
    c.showPage()
    c.save()
    return {"pages": 1}


def write_tiled(board, lang: str, paper: str, overlap: float, target, scene: Scene | None = None) -> dict:
    """Assembly page, then one page per tile."""
    scene = scene or scene_for(board, lang)
    W, H = board.size.width, board.size.height
    plan = plan_tiles(W, H, PAPERS[paper], overlap=overlap)
    sheet = plan.paper
    c = board_canvas(str(target), sheet.width, sheet.height, board.name.get(lang))
    c.beginForm("board", 0, 0, W * MM, H * MM)
    Painter(c, H, scene.folder).scene(scene)
    c.endForm()
    # the assembly page shows the board shrunk: without its texts, which would print far below 6 pt
    c.beginForm("overview", 0, 0, W * MM, H * MM)
    shapes_only = Scene(
        width=scene.width,
        height=scene.height,
        items=[i for i in scene.items if not isinstance(i, (Label, Mark, Compass, Texture))],
    )
    Painter(c, H, scene.folder).scene(shapes_only)
    c.endForm()
    _assembly_page(c, plan, board, lang)
    for tile in plan.tiles:
        _tile_page(c, plan, tile, board, lang)
    c.save()
    return {"pages": 1 + len(plan.tiles)}


def _assembly_page(c, plan: TilePlan, board, lang: str) -> None:
    sheet = plan.paper
    margin = 12.0
    c.setFont("Body-Bold", 14)
    c.setFillColorRGB(0, 0, 0)
    title = f"{board.name.get(lang)} – {board_word('assembly', lang)}"
    c.drawString(margin * MM, (sheet.height - margin - 5) * MM, title)
    # instructions, wrapped
    from rulepress.layout.boardgeom import wrap

    text = board_word("howto", lang).format(overlap=i18n.decimal(plan.overlap, lang))
    lines = wrap(text, sheet.width - 2 * margin, measure, "Body", 8.5)
    c.setFont("Body", 8.5)
    y = sheet.height - margin - 12
    for line in lines:
        c.drawString(margin * MM, y * MM, line)
        y -= 4.2
    top = sheet.height - y + 4
    # the board scaled into the rest of the page, tiles outlined
    avail_w, avail_h = sheet.width - 2 * margin, sheet.height - top - margin - 8
    scale = min(avail_w / plan.board_width, avail_h / plan.board_height)
    ox = margin + (avail_w - plan.board_width * scale) / 2
    oy = top
    c.saveState()
    c.translate(ox * MM, (sheet.height - oy - plan.board_height * scale) * MM)
    c.scale(scale, scale)
    c.doForm("overview")
    c.restoreState()
    for tile in plan.tiles:
        x = ox + tile.x * scale
        yt = oy + tile.y * scale
        w, h = tile.width * scale, tile.height * scale
        c.saveState()
        c.setStrokeColorRGB(0.8, 0.1, 0.1)
        c.setLineWidth(0.8)
        c.rect(x * MM, (sheet.height - yt - h) * MM, w * MM, h * MM, stroke=1, fill=0)
        size = max(7.0, min(16.0, min(w, h) * 0.25 / (25.4 / 72)))
        label_w = measure(tile.label, "Body-Bold", size) + 2
        c.setFillColorRGB(1, 1, 1)
        c.rect(
            (x + w / 2 - label_w / 2) * MM,
            (sheet.height - yt - h / 2) * MM - size * 0.45,
            label_w * MM,
            size * 1.25,
            stroke=0,
            fill=1,
        )
        c.setFillColorRGB(0.8, 0.1, 0.1)
        c.setFont("Body-Bold", size)
        c.drawCentredString((x + w / 2) * MM, (sheet.height - yt - h / 2) * MM - size * 0.1, tile.label)
        c.restoreState()
    c.setFont("Body", 8)
    c.setFillColorRGB(0, 0, 0)
    summary = (
        f"{len(plan.tiles)} × {plan.paper.name.upper()} · {plan.rows} × {plan.cols} · "
        f"{plan.board_width:g} × {plan.board_height:g} mm"
    )
    c.drawString(margin * MM, (margin - 2) * MM, summary)
    c.showPage()


def _tile_page(c, plan: TilePlan, tile, board, lang: str) -> None:
    """One tile of a board on its page: the board's part in the tile's window, the glue and cut marks, the
    registration crosses and the words in the margins (which tile, its neighbours, where to cut and glue)."""
    _tile_window(c, plan, tile)
    neighbours = plan.neighbours(tile)
    c.saveState()
    c.setLineWidth(0.35)
    _tile_marks(c, plan, tile, neighbours)
    c.restoreState()
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    _tile_labels(c, plan, tile, board, lang, neighbours)
    _tile_edge_words(c, plan, tile, lang, neighbours)
    c.restoreState()
    c.showPage()


def _on_sheet(plan: TilePlan):
    """The paper's mm (top-left origin) to PDF points."""

    def pdf(x_mm: float, y_mm: float) -> tuple[float, float]:
        return x_mm * MM, (plan.paper.height - y_mm) * MM

    return pdf


def _tile_window(c, plan: TilePlan, tile) -> None:
    """The board's part that the tile shows, clipped to its window."""
    sheet, wx, wy = plan.paper, plan.window_x, plan.window_y
    c.saveState()
    clip = c.beginPath()
    clip.rect(wx * MM, (sheet.height - wy - tile.height) * MM, tile.width * MM, tile.height * MM)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate((wx - tile.x) * MM, (sheet.height - wy + tile.y - plan.board_height) * MM)
    c.doForm("board")
    c.restoreState()


def _tile_marks(c, plan: TilePlan, tile, neighbours: dict) -> None:
    """Glue strips, cut marks at the window's corners and registration crosses."""
    pdf = _on_sheet(plan)
    wx, wy, ww, wh = plan.window_x, plan.window_y, tile.width, tile.height
    # glue strips: right and bottom edges that a neighbour covers (dashed line where its edge goes)
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    c.setDash([3, 2], 0)
    if "right" in neighbours:
        x = wx + neighbours["right"].x - tile.x
        c.line(*pdf(x, wy - 3), *pdf(x, wy + wh + 3))
    if "bottom" in neighbours:
        y = wy + neighbours["bottom"].y - tile.y
        c.line(*pdf(wx - 3, y), *pdf(wx + ww + 3, y))
    c.setDash([], 0)
    # cut marks at the window corners (trim the white margin where a neighbour lies left or above),
    # ending 5 mm from the paper edge at the least
    reach = max(1.5, min(6.0, plan.window_x - EDGE_CLEAR, plan.window_y - EDGE_CLEAR))
    for cx in (wx, wx + ww):
        for cy in (wy, wy + wh):
            dx = -1 if cx == wx else 1
            dy = -1 if cy == wy else 1
            c.line(*pdf(cx + dx * 0.5, cy), *pdf(cx + dx * reach, cy))
            c.line(*pdf(cx, cy + dy * 0.5), *pdf(cx, cy + dy * reach))
    # registration crosses at the same board points on both tiles of an overlap: bold and ringed on the
    # glue strip a neighbour covers, a hairline on the strip laid over the neighbour's
    c.setStrokeColorRGB(0, 0, 0)
    for kind, sx, sy in mark_placements(plan, tile):
        px, py = pdf(sx, sy)
        if kind == "cross":
            c.circle(px, py, 1.6 * MM, stroke=1, fill=0)
            arm = CROSS_ARM
        else:
            c.saveState()
            c.setLineWidth(FINE_CROSS_LINE)
            arm = FINE_CROSS_ARM
        c.line(px - arm * MM, py, px + arm * MM, py)
        c.line(px, py - arm * MM, px, py + arm * MM)
        if kind != "cross":
            c.restoreState()


def _tile_labels(c, plan: TilePlan, tile, board, lang: str, neighbours: dict) -> None:
    """Under the window: the tile's name, its row and column of the board, its neighbours, how to align it."""
    pdf = _on_sheet(plan)
    wx, wy, ww, wh = plan.window_x, plan.window_y, tile.width, tile.height
    c.setFont("Body-Bold", 11)
    footer_y = wy + wh + 6.5
    heading = f"{board_word('tile', lang)} {tile.label}"
    c.drawString(*pdf(wx, footer_y), heading)
    heading_w = measure(heading, "Body-Bold", 11) + 3
    c.setFont("Body", 7)
    where = (
        f"{board_word('row', lang)} {tile.label.rstrip('0123456789')} {board_word('of', lang)} {plan.rows}, "
        f"{board_word('col', lang)} {tile.col + 1} {board_word('of', lang)} {plan.cols} · {board.name.get(lang)}"
    )
    c.drawString(*pdf(wx + heading_w, footer_y), where)
    near = " ".join(
        f"{ {'left': '←', 'right': '→', 'top': '↑', 'bottom': '↓'}[side] }{t.label}" for side, t in neighbours.items()
    )
    if near:
        c.drawRightString(*pdf(wx + ww, footer_y), f"{board_word('neighbours', lang)}: {near}")
        c.setFont("Body", 6.5)
        c.drawString(*pdf(wx, footer_y + 3.6), board_word("align", lang))


def _tile_edge_words(c, plan: TilePlan, tile, lang: str, neighbours: dict) -> None:
    """Along the window's edges: where to cut (a neighbour left or above) and where a neighbour is glued."""
    pdf = _on_sheet(plan)
    wx, wy, ww, wh = plan.window_x, plan.window_y, tile.width, tile.height
    c.setFont("Body", 6)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    if "left" in neighbours:
        c.saveState()
        c.translate(*pdf(wx - 1.0, wy + wh / 2))
        c.rotate(90)
        c.drawCentredString(0, 0, f"✂ {board_word('cut', lang)} ({board_word('tile', lang)} {tile.label})")
        c.restoreState()
    if "top" in neighbours:
        c.drawCentredString(*pdf(wx + ww / 2, wy - 1.0), f"✂ {board_word('cut', lang)}")
    glue = f"{board_word('glue', lang)} {i18n.decimal(plan.overlap, lang)} mm"
    if "right" in neighbours:
        c.saveState()
        c.translate(*pdf(wx + ww + 2.2, wy + wh / 2))
        c.rotate(90)
        c.drawCentredString(0, 0, f"{glue} → {neighbours['right'].label}")
        c.restoreState()
    if "bottom" in neighbours:
        c.drawCentredString(*pdf(wx + ww / 2, wy + wh + 2.6), f"{glue} ↓ {neighbours['bottom'].label}")


def board_png(board, lang: str, target: Path, width_px: int = PNG_WIDTH_PX, scene: Scene | None = None) -> dict:
    """A preview PNG of the whole board (website gallery), rasterised with pypdfium2 (no system tools); its
    DPI tag says the real resolution at the board's size (about 70 dpi for a 500 mm board: a preview, named so,
    not a file to print from: the board's PDFs are)."""
    import pypdfium2 as pdfium

    buffer = io.BytesIO()
    write_full(board, lang, buffer, scene)
    pdf = pdfium.PdfDocument(buffer.getvalue())
    try:
        page = pdf[0]
        scale = width_px / page.get_width()
        image = page.render(scale=scale).to_pil().convert("RGB")
        dpi = round(width_px / (board.size.width / 25.4), 1)
        image.save(target, format="PNG", dpi=(dpi, dpi))
        page.close()
    finally:
        pdf.close()
    return {"pages": 1}


def board_path(game: str, board_id: str, lang: str, paper: str | None = None, png: bool = False) -> str:
    """Output path convention of the board files (relative to the output folder)."""
    if png:
        return f"{game}/board-{board_id}.{lang}.preview.png"
    if paper:
        return f"{game}/board-{board_id}.{lang}.{paper}.tiled.pdf"
    return f"{game}/board-{board_id}.{lang}.pdf"


def plan(content, options: BoardOptions) -> list[Artifact]:
    """Artifacts for every board of a game, per language (and paper for the tiled PDFs): the tiled PDFs
    belong to the print-and-play bundle of their paper, the board on one sheet and its PNG to the board's."""
    game = content.game
    overlap = options.overlap
    artifacts = []
    for index, board in enumerate(game.boards):
        context = board_context(content, board)
        held = context.held
        shared: dict = {"held": {k: held[k] for k in sorted(held) if any(s.size_from == k for s in board.spaces)}}
        if context.pools:  # only then, so a board without supplies keeps its key
            shared["pools"] = context.pools
        if context.counts:  # likewise
            shared["counts"] = context.counts
        shared["images"] = {
            layer.file: _digest(content.folder / layer.file)
            for layer in board.layers
            if layer.kind == "image" and layer.file
        }
        scenes = _Scenes(board, context, content.locate(("boards", index)), f"boards.{index}", content.folder)
        for lang in game.languages:
            data = view.in_language(board, lang) | shared  # the board in `lang`: an edit in another leaves it
            artifacts.append(
                Artifact(
                    game=game.id,
                    kind="board",
                    path=board_path(game.id, board.id, lang),
                    inputs={"board": data, "lang": lang},
                    write=_bind(write_full, scenes, board, lang),
                    lang=lang,
                    bundles=("board",),
                )
            )
            for paper in options.papers:
                artifacts.append(
                    Artifact(
                        game=game.id,
                        kind="board",
                        path=board_path(game.id, board.id, lang, paper),
                        inputs={"board": data, "lang": lang, "paper": paper, "overlap": overlap},
                        write=_bind(write_tiled, scenes, board, lang, paper, overlap),
                        lang=lang,
                        paper=paper,
                        bundles=("play",),
                    )
                )
            artifacts.append(
                Artifact(
                    game=game.id,
                    kind="board-png",
                    path=board_path(game.id, board.id, lang, png=True),
                    inputs={"board": data, "lang": lang, "width_px": PNG_WIDTH_PX},
                    write=_bind_png(scenes, board, lang, PNG_WIDTH_PX),
                    lang=lang,
                    bundles=("board",),
                )
            )
    return artifacts


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "missing"


class _Scenes:
    """The scenes of one board, computed once per language for the artifacts of one plan."""

    def __init__(
        self,
        board,
        context: BoardContext | None = None,
        where: tuple = ("", None, None),
        key: str = "",
        folder: Path | None = None,
    ):
        self.board = board
        self.context = context
        self.folder = folder
        self.where = where
        self.key = key
        self.done: dict[str, Scene] = {}

    def get(self, lang: str) -> Scene:
        if lang not in self.done:
            scene = scene_for(self.board, lang, self.context)
            if scene.errors:
                raise ContentErrors(
                    [
                        Problem(self.where[0], self.where[1], self.where[2], self.key, f"[{lang}] {e}")
                        for e in scene.errors
                    ]
                )
            scene.folder = self.folder
            self.done[lang] = scene
        return self.done[lang]


def _bind(function, scenes: _Scenes, board, lang: str, *args):
    def write(tmp: Path):
        return function(board, lang, *args, tmp, scene=scenes.get(lang))

    return write


def _bind_png(scenes: _Scenes, board, lang: str, width_px: int):
    def write(tmp: Path):
        return board_png(board, lang, tmp, width_px, scene=scenes.get(lang))

    return write


def _layer_image_problems(content, i: int, board) -> list[Problem]:
    """Image layers whose file is outside the game folder, missing or no readable picture."""
    from rulepress.layout.pictures import PictureError, picture_size

    problems = []
    for k, layer in enumerate(board.layers):
        if layer.kind != "image" or not layer.file:
            continue
        key = ("boards", i, "layers", k, "file")
        path = inside(content.folder, layer.file)
        try:
            if path is None:
                raise PictureError("is outside the game folder")
            picture_size(path)
        except PictureError as exc:
            problems.append(_problem_at(content, key, f"image {layer.file!r} {exc}"))
    return problems


def _problem_at(content, key: tuple, message: str, rule: str = "") -> Problem:
    """A problem at the line of `key` in the game's files (its dotted key path named)."""
    where, row, column = content.locate(key)
    return Problem(where, row, column, ".".join(map(str, key)), message, rule=rule)


def _greyscale_warnings(content, i: int, board) -> list[Problem]:
    """A warning at a space type's (or group's) colour for each pair of fills that print as nearly the same grey."""
    from rulepress.layout.boardscene import greyscale_clashes

    found = []
    for a, b, la, lb in greyscale_clashes(board):

        def name(key) -> str:
            item = (board.space_types if key[0] == "space_types" else board.groups)[key[1]]
            return f"{'space type' if key[0] == 'space_types' else 'group'} {item.id}"

        at = max(a, b, key=lambda k: (k[0] == "space_types", k[1]))  # the type's colour, else the later group's
        other = b if at == a else a
        found.append(
            _problem_at(
                content,
                ("boards", i, *at, "color"),
                f"board {board.id}: the fill of {name(at)} ({la if at == a else lb:.2f}) prints as nearly the same grey "
                f"as {name(other)}'s ({lb if at == a else la:.2f}) in a greyscale copy",
                rule=GREYSCALE_RULE,  # a warning until the format that makes it an error (`formats.settle`)
            )
        )
    return found


def _icon_problems(content, i: int, board) -> list[Problem]:
    """A space type's icon that the game's icon table does not know (at the icon's line)."""
    from rulepress.draw.cardjobs import game_icons

    wanted = [(("space_types", k), t.icon) for k, t in enumerate(board.space_types) if t.icon]
    wanted += [(("spaces", k), s.icon) for k, s in enumerate(board.spaces) if s.icon]
    wanted += [(("layers", k), layer.icon) for k, layer in enumerate(board.layers) if layer.icon]
    if not wanted:
        return []
    table = game_icons(content.folder)
    return [
        _problem_at(
            content,
            ("boards", i, *where, "icon"),
            f"board {board.id}: unknown icon {icon!r}; icons: {', '.join(sorted(table))}",
        )
        for where, icon in wanted
        if icon not in table
    ]


def check(content, options: BoardOptions) -> list[Problem]:
    """Problems that would stop or spoil a board's build: a scene that cannot be laid out, a text the
    bundled fonts cannot show, a tiling that does not fit the paper with the chosen overlap."""
    problems: list[Problem] = []
    for i, board in enumerate(content.game.boards):
        broken = _layer_image_problems(content, i, board)
        if broken:
            problems.extend(broken)
            continue  # the board cannot be drawn with these pictures
        borders = _border_problems(content, i, board)
        if borders:
            problems.extend(borders)
            continue  # a scene cannot be laid out from broken outlines
        problems.extend(_greyscale_warnings(content, i, board))
        problems.extend(_icon_problems(content, i, board))
        problems.extend(_drawing_problems(content, i, board, options))
    return list(dict.fromkeys(problems))


def _border_problems(content, i: int, board) -> list[Problem]:
    """A map's drawn borders against its links (the geometry library's work), where its spaces have outlines."""
    found: list[Problem] = []
    if any(s.outline for s in board.spaces):
        check_board(board, lambda key, message: found.append(_problem_at(content, key, message)), ("boards", i))
    return found


def _drawing_problems(content, i: int, board, options: BoardOptions) -> list[Problem]:
    """A board's scene in each language that cannot be laid out or shows a letter the fonts do not have, and a
    paper it cannot be tiled on."""
    file, line, col = content.locate(("boards", i))
    found: list[Problem] = []

    def report(message: str) -> None:
        found.append(Problem(file, line, col, f"boards.{i}", f"board {board.id}: {message}"))

    for lang in content.game.languages:
        try:
            scene = content_scene(content, board, lang)  # the scene the build draws
        except ValueError as exc:
            report(f"cannot be laid out ({lang}): {exc}")
            continue
        for label in scene.labels:
            for row in label.rows:
                missing = fonts.missing_glyphs(row.text, row.font)
                if missing:
                    report(f"font {row.font} has no glyph for {' '.join(missing)} in {row.text!r}")
    for paper in options.papers:
        try:
            plan_tiles(board.size.width, board.size.height, PAPERS[paper], overlap=options.overlap)
        except ValueError as exc:
            report(f"cannot be tiled on {paper}: {exc}")
    return found
