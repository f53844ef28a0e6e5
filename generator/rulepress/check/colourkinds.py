"""Things a player tells apart by colour alone, and colour-blind players cannot (rule ``colour-vision``).

A *kind* is a set of things of one component or board that share a colour: the cards of a deck with
the same accent colour (a suit, a continent), one piece design (a player's colour), one banknote, a
board's group (continent, lane), space type or link type. Two kinds of the same component or board
are *confused* under a colour-vision deficiency when their colours, simulated for a dichromat
(deuteranopia, protanopia, tritanopia: Machado, Oliveira and Fernandes 2009, at full severity, by
`coloraide`), differ by less than `THRESHOLD` in CIEDE2000, and nothing else printed tells them apart.

Something else tells two kinds apart when a printed cue has one value on every thing of the first kind
and another value on every thing of the second: a symbol, icon, word, letter or number the card's
layout prints (a `{values.continent}` or `{symbol}` the layout binds), a piece's title, a board
group's panel label, a space type's pattern, icon or printed word, a link type's line style. A cue
that varies inside a kind (each territory's own name) labels the thing, not its kind, and does not
count. Each confusion is one problem, at the line of the second colour, naming both kinds and the
deficiency: a rule of format 3 (`rulepress.model.formats`), so a warning for all content until then.
Pure: reads the loaded game and its layouts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from coloraide import Color

from rulepress.errors import ContentError, ContentErrors, Problem
from rulepress.layout import layouts as layout_data
from rulepress.layout.binding import face_data, refs
from rulepress.layout.face import printed_cards

RULE = "colour-vision"
# CIEDE2000 below 10: the two colours read as "the same hue, a little lighter or darker" at a glance on a
# small printed area (2-3 times the just-noticeable difference for swatches side by side; palette checkers
# such as Viz Palette call colours under 10 apart confusable for small marks).
THRESHOLD = 10.0
DEFICIENCIES = {"deutan": "deuteranopia", "protan": "protanopia", "tritan": "tritanopia"}
NOT_CUES = {"color", "mark", "id", "name", "face", "image"}  # the same for every card or the colour itself


@dataclass(frozen=True)
class Kind:
    """Things of one colour: what a player calls them, the colour, the cues printed on all of them alike
    (cue name -> value; a cue that varies inside the kind is left out) and the key path of the colour."""

    name: str
    color: str
    cues: tuple[tuple[str, str], ...]
    key: tuple[str | int, ...]


@lru_cache(maxsize=4096)
def simulated(color: str, deficiency: str) -> Color:
    """`color` as a dichromat with `deficiency` sees it (Machado 2009, severity 1), clipped to sRGB."""
    return Color(color).filter(deficiency, method="machado").convert("srgb").clip()


@lru_cache(maxsize=16384)
def distance(a: str, b: str, deficiency: str) -> float:
    """CIEDE2000 difference of two #rrggbb colours as seen with `deficiency`."""
    return float(simulated(a, deficiency).delta_e(simulated(b, deficiency), method="2000"))


def told_apart(a: Kind, b: Kind) -> bool:
    """True when a cue printed alike on all of `a` and alike on all of `b` differs between them."""
    theirs = dict(b.cues)
    return any(name in theirs and theirs[name] != value for name, value in a.cues)


def confusions(kinds: list[Kind], where: str, locate) -> list[Problem]:
    """A warning for each pair of `kinds` (of one component or board, `where`) that a deficiency merges."""
    problems = []
    for a, b in combinations(kinds, 2):
        if a.color.lower() == b.color.lower() or told_apart(a, b):
            continue
        for deficiency, condition in DEFICIENCIES.items():
            delta = distance(a.color.lower(), b.color.lower(), deficiency)
            if delta < THRESHOLD:
                file, line, col = locate(b.key)
                message = (
                    f"{where}: {a.name} ({a.color}) and {b.name} ({b.color}) look alike with {condition} "
                    f"(CIEDE2000 {delta:.1f} < {THRESHOLD:g}) and nothing else printed tells them apart"
                )
                problems.append(Problem(file, line, col, ".".join(map(str, b.key)), message, RULE))
                break
    return problems


def kinds(items: list[tuple[str, str, dict[str, str], tuple]]) -> list[Kind]:
    """`items` (name, colour, printed cues, colour key) grouped by colour: one Kind per colour, named after
    its first thing, keeping the cues that are the same on every thing of that colour."""
    by_color: dict[str, list[tuple[str, str, dict[str, str], tuple]]] = {}
    for item in items:
        by_color.setdefault(item[1].lower(), []).append(item)
    found = []
    for group in by_color.values():
        names = set().union(*(set(cues) for _, _, cues, _ in group))
        alike = {n: group[0][2].get(n, "") for n in names if len({cues.get(n, "") for _, _, cues, _ in group}) == 1}
        first = group[0]
        name = first[0] if len(group) == 1 else f"{first[0]} and the other {len(group) - 1} of its colour"
        found.append(Kind(name, first[1], tuple(sorted(alike.items())), first[3]))
    return found


def _printed_refs(comp, folder) -> set[str] | None:
    """The references a component's front layout prints (None when its layout cannot be read: reported
    by the layout check)."""
    try:
        layout = layout_data.load_layout(comp.layout or "basic-card", folder)
    except (ContentError, ContentErrors):
        return None
    if not layout.elements:  # the classic stack: title, text and the value lines
        return {"title", "text"} | {f"values.{n}" for c in comp.cards for n in c.values}
    found: set[str] = set()
    for key in ("elements", "back_face_elements"):
        for el in getattr(layout, key) or []:
            for value in el.templates().values():
                found.update(refs(str(value)))
            if getattr(el, "icon", None):
                found.update(refs(str(el.icon)))
    return found - NOT_CUES


def component_kinds(content, i: int, lang: str) -> list[Kind]:
    """The colour kinds of component `i` (cards, tiles, tokens, banknotes, piece designs)."""
    comp = content.game.components[i]
    if comp.printed_pieces:
        icon = comp.piece.icon or ""
        items = [
            (f"piece {c.title.get(lang) if c.title else c.id}", c.color, _piece_cues(c, lang, icon),
             ("components", i, "cards", j, "color"))
            for j, c in enumerate(comp.cards) if c.color
        ]  # fmt: skip
        return kinds(items)
    if not comp.printed:
        return []
    printed = _printed_refs(comp, content.folder)
    if printed is None:
        return []
    items = []
    for j, card in enumerate(printed_cards(comp, content.game.languages)):
        if not card.color:
            continue
        data = face_data(card.front, comp, lang, card.id, None)
        cues = {ref: data.get(ref, "") for ref in printed}
        key = ("components", i, "denominations", j, "color") if comp.kind == "money" else (
            "components", i, "cards", j, "color")  # fmt: skip
        items.append((f"card {_title(card, lang) or card.id}", card.color, cues, key))
    return kinds(items)


def _title(card, lang: str) -> str:
    return card.title.get(lang) if card.title else ""


def _piece_cues(card, lang: str, icon: str) -> dict[str, str]:
    """What a piece prints besides its colour: its title, its text and the component's icon."""
    return {"title": _title(card, lang), "text": card.text.get(lang) if card.text else "", "icon": icon}


def board_kinds(board, b: int, lang: str) -> list[list[Kind]]:
    """The colour kinds of board `b`: its groups, its space types with a colour of their own, its link types."""
    groups = [
        Kind(f"group {g.name.get(lang)}", g.color, (("label", g.name.get(lang) if g.panel else ""),
             ("pattern", g.pattern)), ("boards", b, "groups", j, "color"))
        for j, g in enumerate(board.groups)
    ]  # fmt: skip
    types = [
        Kind(f"space type {t.name.get(lang)}", t.color, _type_cues(t, lang), ("boards", b, "space_types", j, "color"))
        for j, t in enumerate(board.space_types)
        if t.color
    ]
    links = [
        Kind(f"link type {t.name.get(lang)}", t.color, (("style", t.style),), ("boards", b, "link_types", j, "color"))
        for j, t in enumerate(board.link_types)
    ]
    return [groups, types, links]


def _type_cues(t, lang: str) -> tuple[tuple[str, str], ...]:
    word = (t.word or t.name).get(lang) if t.label else ""
    return (("pattern", t.pattern), ("icon", t.icon or ""), ("word", word), ("shape", t.shape))


def colour_problems(content) -> list[Problem]:
    """Every colour-vision warning of a loaded game: its printed components and its boards."""
    game = content.game
    lang = game.source_language or game.languages[0]
    problems = []
    for i, comp in enumerate(game.components):
        problems += confusions(component_kinds(content, i, lang), f"{comp.kind} {comp.id}", content.locate)
    for b, board in enumerate(game.boards):
        for found in board_kinds(board, b, lang):
            problems += confusions(found, f"board {board.id}", content.locate)
    return problems
