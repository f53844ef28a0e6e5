"""Pieces fit where they are put: a component's `placed_on` spaces checked against the piece's size.

A component says which board spaces its pieces, tokens or tiles are put on (`placed_on`: spaces by id,
or every space of a type or group; on the space itself, on one of its counted spots or on its marker
spot). The piece's footprint (a printed token's or card's size, a standee's foot, a pawn's base) must
fit the place's shape: inside a box, inside a circle, or inside the largest circle a region holds.
Each placement that does not fit, or names a board, space, type or group that does not exist, is a
problem at its line. `footprint`, `place_shape` and `fits` are pure geometry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rulepress.errors import ContentError, Problem
from rulepress.layout import layouts as layout_data
from rulepress.layout.boardscene import MARKER_RADIUS, spot_radius
from rulepress.layout.regions import label_anchor

TOLERANCE = 0.05  # mm
POOL_MAX = 12  # places drawn at most for a supply of one kind of piece


@dataclass(frozen=True)
class Outline:
    """A footprint or a place: a box `w` x `h` mm, round (an ellipse in that box) or not."""

    w: float
    h: float
    round: bool

    def words(self) -> str:
        if self.round and abs(self.w - self.h) < 1e-9:
            return f"a {self.w:.1f} mm circle"
        return f"{'an ellipse' if self.round else 'a box'} of {self.w:.1f} × {self.h:.1f} mm"


def fits(piece: Outline, place: Outline) -> bool:
    """True when `piece` lies inside `place` in some quarter turn."""
    if not place.round:  # a box holds a piece whose box it holds
        return any(w <= place.w + TOLERANCE and h <= place.h + TOLERANCE for w, h in _turns(piece))
    room = min(place.w, place.h)  # the largest circle in the place's ellipse
    need = max(piece.w, piece.h) if piece.round else math.hypot(piece.w, piece.h)
    return need <= room + TOLERANCE


def _turns(piece: Outline) -> list[tuple[float, float]]:
    return [(piece.w, piece.h), (piece.h, piece.w)]


def footprint(content, comp) -> Outline | None:
    """What a piece of `comp` covers on the board (None when its size is not known: counted only)."""
    piece = comp.piece
    if comp.printed_pieces and piece is not None:
        w, h = piece.size.width, piece.size.height
        if piece.form == "token":
            return Outline(w, h, piece.shape == "circle")
        if piece.form == "standee":
            return Outline(w, 2 * piece.base, False)  # the base tabs folded out to both sides
        return Outline(w, h, False)  # a pawn stands on its base panel
    if comp.printed and comp.kind != "money":
        try:
            layout = layout_data.load_layout(comp.layout or "basic-card", content.folder)
            w, h = layout_data.resolve_size(comp.size, layout, content.folder)
        except ContentError:
            return None  # reported by the layout checks
        return Outline(w, h, layout.shape == "circle")
    return None


def place_shape(board, space, on: str, held: dict[str, tuple[float, float]]) -> Outline | str:
    """The shape a piece is put on (or why the space has no such place)."""
    types = {t.id: t for t in board.space_types}
    stype = types.get(space.type) if space.type else None
    if on == "spot":
        key = stype.spots if stype else None
        if not key or not isinstance(space.values.get(key), int) or space.values[key] <= 0:
            return "has no spots (its type's `spots` value)"
        d = 2 * spot_radius(stype)
        return Outline(d, d, True)
    if on == "marker":
        if not (stype and stype.marker) and space.marker is None:
            return "has no marker spot"
        return Outline(2 * MARKER_RADIUS, 2 * MARKER_RADIUS, True)
    if space.outline:
        radius = label_anchor(space.outline).room
        return Outline(2 * radius, 2 * radius, True)
    w, h = space.size or board.space_size
    if space.size_from and space.size_from in held:
        w, h = (v + 8.0 for v in held[space.size_from])
    return Outline(w, h, bool(stype and stype.shape == "circle"))


def _held_sizes(content) -> dict[str, tuple[float, float]]:
    sizes = {}
    for comp in content.game.components:
        outline = footprint(content, comp) if comp.printed else None
        if outline is not None:
            sizes[comp.id] = (outline.w, outline.h)
    return sizes


def placement_problems(content) -> list[Problem]:
    """A problem at each `placed_on` entry whose pieces do not fit, or that names what does not exist."""
    game = content.game
    boards = {b.id: b for b in game.boards}
    held = _held_sizes(content)
    problems = []
    for i, comp in enumerate(game.components):
        for j, place in enumerate(comp.placed_on):
            key: tuple[str | int, ...] = ("components", i, "placed_on", j)

            def report(part: tuple[str | int, ...], message: str, key=key) -> None:
                path, line, col = content.locate(key + part)
                problems.append(Problem(path, line, col, ".".join(map(str, key + part)), message))

            board = boards.get(place.board) if place.board else (game.boards[0] if len(game.boards) == 1 else None)
            if board is None:
                known = ", ".join(boards) or "none"
                report(("board",) if place.board else (), f"name the board (`board`; boards: {known})")
                continue
            spaces = _chosen(board, place, report)
            piece = footprint(content, comp)
            if piece is None:
                report((), f"{comp.kind} {comp.id} has no printed size to check on {board.id}: give it a `piece`")
                continue
            misfits = []
            for space in spaces:
                shape = place_shape(board, space, place.at, held)
                if isinstance(shape, str):
                    report(("at",), f"space {space.id} of {board.id} {shape}")
                elif not fits(piece, shape):
                    misfits.append((space, shape))
            if misfits:
                space, shape = misfits[0]
                where = {"space": "the space", "spot": "its spots", "marker": "its marker spot"}[place.at]
                report(
                    (),
                    f"{comp.kind} {comp.id} ({piece.words()}) does not fit {len(misfits)} of the {len(spaces)} "
                    f"spaces of board {board.id} it is put on, e.g. {space.id}: {where} is {shape.words()}; make "
                    "the pieces smaller or the places larger",
                )
    return problems


def _chosen(board, place, report) -> list:
    """The spaces a placement names (unknown ids reported)."""
    by_id = {s.id: s for s in board.spaces}
    chosen = []
    for k, space_id in enumerate(place.spaces):
        if space_id in by_id:
            chosen.append(by_id[space_id])
        else:
            report(("spaces", k), f"unknown space {space_id!r} on board {board.id}")
    for field, ids in (("type", {t.id for t in board.space_types}), ("group", {g.id for g in board.groups})):
        wanted = getattr(place, field)
        if wanted is None:
            continue
        if wanted not in ids:
            report((field,), f"unknown {field} {wanted!r} on board {board.id}; {field}s: {', '.join(sorted(ids))}")
            continue
        chosen += [s for s in board.spaces if getattr(s, field) == wanted and s not in chosen]
    return chosen


def pools(content, board) -> dict[str, list[dict]]:
    """The supplies a board's spaces keep (`placed_on` with `pool: true`): per space id, one entry per
    component with its name, the piece's size and shape, and one slot per kind of piece (card: title,
    colour). Plain data (the build's key holds it); spaces that do not exist are left out (`check` says so)."""
    found: dict[str, list[dict]] = {}
    only = len(content.game.boards) == 1
    for comp in content.game.components:
        for place in comp.placed_on:
            if not place.pool or place.at != "space":
                continue
            if (place.board or (board.id if only else None)) != board.id:
                continue
            piece = footprint(content, comp)
            if piece is None:
                continue
            slots = [
                {"title": dict(card.title.items()) if card.title else {}, "color": card.color, "count": card.qty}
                for card in comp.cards
            ]
            if len(slots) <= 1:  # one kind: a place for each piece (up to POOL_MAX), untitled (the space names them)
                count = slots[0]["count"] if slots else (comp.count or 1)
                color = slots[0]["color"] if slots else None
                slots = [{"title": {}, "color": color, "count": 1}] * max(1, min(count, POOL_MAX))
            entry = {
                "component": comp.id,
                "name": dict(comp.name.items()),
                "size": [piece.w, piece.h],
                "round": piece.round,
                "slots": slots,
            }
            for space in _chosen(board, place, lambda *_args: None):
                found.setdefault(space.id, []).append(entry)
    return found
