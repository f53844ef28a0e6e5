"""Pictures of worked examples: what a ``:picture:`` line asks to draw, and the values it draws.

A worked example may name pictures drawn from its own scenario, one ``:picture:`` line each, among
the options at the top of its doctest block::

    ```{doctest} ex-battle
    :picture: dice attack, defence; colors=red | white; labels=attacker | defender
    :picture: board map armies; arrows=moves
    >>> attack, defence = [6, 3, 1], [5, 3]
    ...

A line is ``KIND [BOARD] EXPRESSION`` followed by ``; name=value`` options. The expression is Python
evaluated in the example's namespace after its statements ran (so it names the scenario's variables);
kinds:

- ``cards EXPR`` (also ``tiles``): card, tile or token ids of the game's printed components. A string is
  one card, a list of strings one group of cards; records (dataclasses, named tuples) give the card
  ids among their fields; ``a, b`` draws one group per part. Option ``labels=first | second`` names the
  groups; ``side=back`` draws the back faces (double-sided tiles).
- ``dice EXPR``: numbers rolled; one group per part like cards. Options ``colors=red | white``,
  ``labels=...``, ``sides=N`` (default 6: faces 1 to 6 drawn with pips).
- ``board BOARD EXPR``: an excerpt of board BOARD with what lies on its spaces: a mapping
  space id -> pieces (a number: that many armies; a name; a list of names: a pile, top first) or
  a list of space ids (shown ringed). Options ``arrows=EXPR`` (each ``(from, to)``, a path
  ``(from, over, ..., to)``, a number at the end: how many move), ``show=EXPR`` (more space ids the excerpt includes), ``labels=caption``.
- ``track BOARD EXPR``: markers on a track: a mapping marker name -> space id or space number
  (numbers of the spaces of ``group=ID`` if given). Options ``arrows=``, ``show=``, ``labels=``.

`parse_picture` reads one line (the loader calls it; syntax problems at the line); `resolve` turns the
evaluated values into a `Picture`'s plain data (JSON-able), checked against the game: a card id, a
board, a space or a die face that does not exist is a `PictureProblem`. Pure: no drawing, no running.
"""

from __future__ import annotations

import ast
import dataclasses
from dataclasses import dataclass, field

KINDS = ("cards", "tiles", "dice", "board", "track")
OPTIONS = {
    "cards": ("labels", "side"),
    "tiles": ("labels", "side"),
    "dice": ("labels", "colors", "sides"),
    "board": ("labels", "arrows", "show"),
    "track": ("labels", "arrows", "show", "group"),
}
EXPRESSION_OPTIONS = ("arrows", "show")  # options whose value is evaluated like the picture's expression
MAX_ITEMS = 24  # cards, dice or spaces one picture draws at most


class PictureProblem(ValueError):
    """A picture that cannot be drawn: its line is wrong or its values name nothing of the game."""


@dataclass(frozen=True)
class PictureSpec:
    """One ``:picture:`` line as written: kind, board (board and track), expression, options."""

    kind: str
    expression: str
    board: str = ""
    options: tuple[tuple[str, str], ...] = ()
    line: int = 0  # file line of the ``:picture:`` option

    def option(self, name: str, default: str = "") -> str:
        return dict(self.options).get(name, default)

    def expressions(self) -> dict[str, str]:
        """The Python expressions of the picture: its own (``value``) and its expression options."""
        found = {"value": self.expression}
        found.update({name: text for name, text in self.options if name in EXPRESSION_OPTIONS})
        return found


def parse_picture(text: str, line: int = 0) -> PictureSpec:
    """A ``:picture:`` option's value as a `PictureSpec`; PictureProblem saying what is wrong."""
    head, *rest = [part.strip() for part in text.split(";")]
    kind, _, tail = head.partition(" ")
    if kind not in KINDS:
        raise PictureProblem(f"unknown picture kind {kind!r} (known: {', '.join(KINDS)})")
    board = ""
    if kind in ("board", "track"):
        board, _, tail = tail.strip().partition(" ")
        if not board or not tail.strip():
            raise PictureProblem(f"`:picture: {kind}` needs a board id and an expression: {kind} BOARD EXPRESSION")
    expression = tail.strip()
    if not expression:
        raise PictureProblem(f"`:picture: {kind}` needs an expression naming what to draw")
    options = []
    for part in rest:
        name, equals, value = (x.strip() for x in part.partition("="))
        if not equals or not value:
            raise PictureProblem(f"picture option {part!r} must be written name=value")
        if name not in OPTIONS[kind]:
            raise PictureProblem(f"`{kind}` pictures have no option {name!r} (options: {', '.join(OPTIONS[kind])})")
        options.append((name, value))
    spec = PictureSpec(kind, expression, board, tuple(options), line)
    for name, source in spec.expressions().items():
        try:
            ast.parse(source, mode="eval")
        except SyntaxError as exc:
            where = "the expression" if name == "value" else f"option {name}"
            raise PictureProblem(f"{where} {source!r} is no Python expression ({exc.msg})") from None
    if spec.option("sides") and not spec.option("sides").isdigit():
        raise PictureProblem(f"sides={spec.option('sides')!r} must be a whole number")
    return spec


# ---------------------------------------------------------------- the values a picture draws


@dataclass(frozen=True)
class Picture:
    """What one picture draws, as plain data (stored with the example's result; the renderers draw it).

    cards: `groups` of ``[component id, card id]``; dice: `groups` of faces; board: `pieces` as
    ``[space id, [piece, ...]]`` (a piece is a number of armies or a name; None: the space is ringed), `arrows` as
    ``[from, ..., to, count or None]``, `show` the spaces the excerpt includes."""

    kind: str  # cards, dice, board
    line: int
    groups: list = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    colors: list[str] = field(default_factory=list)
    side: str = "front"
    sides: int = 6
    board: str = ""
    pieces: list = field(default_factory=list)
    arrows: list = field(default_factory=list)
    show: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


def _labels(spec: PictureSpec) -> list[str]:
    return [p.strip() for p in spec.option("labels").split("|")] if spec.option("labels") else []


def _is_record(value) -> bool:
    return (dataclasses.is_dataclass(value) and not isinstance(value, type)) or (
        isinstance(value, tuple) and hasattr(value, "_fields")
    )


def _record_values(value) -> list:
    if dataclasses.is_dataclass(value):
        return [getattr(value, f.name) for f in dataclasses.fields(value)]
    return list(value)


def _strings_in(value, known: dict) -> list[str]:
    """The strings of `value` that are keys of `known`, walking records, sequences and mappings."""
    if isinstance(value, str):
        return [value] if value in known else []
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _strings_in(k, known) + _strings_in(v, known)]
    if _is_record(value):
        return [s for v in _record_values(value) for s in _strings_in(v, known)]
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
        return [s for v in items for s in _strings_in(v, known)]
    return []


def _parts(value) -> list:
    """The groups a value is drawn as: a plain list of strings or numbers is one group, a tuple or list of
    anything else one group per element."""
    if isinstance(value, (str, int, dict)) or _is_record(value) or value is None:
        return [value]
    if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int)) for v in value):
        return [value]
    if isinstance(value, (list, tuple)):
        return list(value)
    raise PictureProblem(f"cannot draw a {type(value).__name__} (give ids, numbers or records holding them)")


def card_index(game) -> dict[str, str]:
    """Card, tile and token id -> its component id, over the printed components (the first of equal ids)."""
    found: dict[str, str] = {}
    for comp in game.components:
        if comp.kind in ("deck", "tiles", "tokens"):
            for card in comp.cards:
                found.setdefault(card.id, comp.id)
    return found


def _cards(spec: PictureSpec, value, game) -> Picture:
    known = card_index(game)
    groups = []
    for part in _parts(value):
        if isinstance(part, str):
            ids = [part]
        elif isinstance(part, (list, tuple)) and all(isinstance(v, str) for v in part):
            ids = list(part)
        else:
            ids = _strings_in(part, known)
            if not ids:
                raise PictureProblem(f"{_short(part)} holds no card id of the game")
        for card_id in ids:
            if card_id not in known:
                raise PictureProblem(f"no card, tile or token has the id {card_id!r}")
        groups.append([[known[i], i] for i in ids])
    side = spec.option("side", "front")
    if side not in ("front", "back"):
        raise PictureProblem(f"side={side!r}: a card is drawn from its front or its back")
    if side == "back":
        cards = {c.id: c for comp in game.components for c in comp.cards}
        for group in groups:
            for _comp, card_id in group:
                if cards[card_id].back_face is None:
                    raise PictureProblem(f"card {card_id!r} has no back face of its own")
    return Picture("cards", spec.line, _limited(groups), _labels(spec), side=side)


def _dice(spec: PictureSpec, value) -> Picture:
    sides = int(spec.option("sides", "6"))
    groups = []
    for part in _parts(value):
        faces = [part] if isinstance(part, int) else part
        if not isinstance(faces, (list, tuple)) or not all(
            isinstance(f, int) and not isinstance(f, bool) for f in faces
        ):
            raise PictureProblem(f"dice show whole numbers, not {_short(part)}")
        for face in faces:
            if not 1 <= face <= sides:
                raise PictureProblem(f"a die with {sides} sides has no face {face}")
        groups.append(list(faces))
    colors = [c.strip() for c in spec.option("colors").split("|")] if spec.option("colors") else []
    for color in colors:
        if not _known_color(color):
            raise PictureProblem(f"colors: {color!r} is no colour (a name such as red or #rrggbb)")
    return Picture("dice", spec.line, _limited(groups), _labels(spec), colors, sides=sides)


def _known_color(color: str) -> bool:
    from reportlab.lib import colors

    try:
        colors.toColor(color)
    except ValueError:
        return False
    return True


def _board(game, board_id: str):
    board = next((b for b in game.boards if b.id == board_id), None)
    if board is None:
        raise PictureProblem(f"no board has the id {board_id!r} (boards: {', '.join(b.id for b in game.boards)})")
    return board


def _space(board, space_id) -> str:
    if not isinstance(space_id, str) or not any(s.id == space_id for s in board.spaces):
        raise PictureProblem(f"board {board.id!r} has no space {space_id!r}")
    return space_id


def _piece(value) -> list:
    """The pieces on one space: numbers (armies) and names; None and empty piles are nothing."""
    if value is None:
        return []
    if isinstance(value, bool):
        raise PictureProblem(f"a piece is a number or a name, not {value!r}")
    if isinstance(value, (int, str)):
        return [value]
    if isinstance(value, (list, tuple)) and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value):
        return list(value)
    raise PictureProblem(f"a piece is a number or a name (or a list of them), not {_short(value)}")


def _arrows(board, value) -> list:
    """Arrows as [space, ..., count or None]: a path through two or more spaces, a number at its end the count."""
    arrows = []
    for item in value or ():
        path = list(item) if isinstance(item, (list, tuple)) else []
        count = path.pop() if path and isinstance(path[-1], int) and not isinstance(path[-1], bool) else None
        if len(path) < 2:
            raise PictureProblem(f"an arrow is (from, to), (from, ..., to) or (from, to, count), not {_short(item)}")
        arrows.append([*(_space(board, s) for s in path), count])
    return arrows


def _board_picture(spec: PictureSpec, values: dict, game) -> Picture:
    board = _board(game, spec.board)
    value = values["value"]
    pieces: list[list]
    if isinstance(value, dict):
        pieces = [[_space(board, k), _piece(v)] for k, v in value.items()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        pieces = [[_space(board, k), None] for k in (sorted(value) if isinstance(value, (set, frozenset)) else value)]
    else:
        pieces = [[_space(board, value), None]]
    return Picture(
        "board",
        spec.line,
        labels=_labels(spec),
        board=board.id,
        pieces=_limited(pieces),
        arrows=_arrows(board, values.get("arrows")),
        show=[_space(board, s) for s in values.get("show") or ()],
    )


def _track_picture(spec: PictureSpec, values: dict, game) -> Picture:
    board = _board(game, spec.board)
    group = spec.option("group")
    if group and not any(g.id == group for g in board.groups):
        raise PictureProblem(f"board {board.id!r} has no group {group!r}")
    value = values["value"]
    if not isinstance(value, dict):
        raise PictureProblem(f"a track picture is a mapping marker -> space or number, not {_short(value)}")
    spaces: dict[str, list] = {}
    for marker, where in value.items():
        if isinstance(where, int) and not isinstance(where, bool):
            matches = [s.id for s in board.spaces if s.number == where and (not group or s.group == group)]
            if len(matches) != 1:
                within = f" of group {group!r}" if group else ""
                raise PictureProblem(
                    f"board {board.id!r} has {'no' if not matches else 'more than one'} space number {where}{within}"
                    + ("" if matches or group else " (name the track with group=ID)")
                )
            space = matches[0]
        else:
            space = _space(board, where)
        spaces.setdefault(space, []).extend(_piece(marker))
    return Picture(
        "board",
        spec.line,
        labels=_labels(spec),
        board=board.id,
        pieces=[[s, p] for s, p in spaces.items()],
        arrows=_arrows(board, values.get("arrows")),
        show=[_space(board, s) for s in values.get("show") or ()],
    )


def _limited(items: list) -> list:
    if len(items) > MAX_ITEMS or sum(len(i) if isinstance(i, list) else 1 for i in items) > MAX_ITEMS * 2:
        raise PictureProblem(f"a picture draws at most {MAX_ITEMS} things")
    return items


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def resolve(spec: PictureSpec, values: dict, game) -> Picture:
    """The picture `spec` draws, given its evaluated `values` (``value`` and its expression options) and
    the game model; PictureProblem when a value names nothing of the game or cannot be drawn."""
    if spec.kind in ("cards", "tiles"):
        return _cards(spec, values["value"], game)
    if spec.kind == "dice":
        return _dice(spec, values["value"])
    if spec.kind == "board":
        return _board_picture(spec, values, game)
    return _track_picture(spec, values, game)
