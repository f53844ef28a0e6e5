"""Rules engine of the city-tile phase of Lords of Xidit (seed 001): an immutable state and pure transitions.

Its public names are the doctest namespace of the rule texts. Conventions:

- A tile is double-sided: its recruit side lists the units to recruit, its
  threat side the units needed to eliminate the threat (both as unit classes).
  The seed gives no tile values and no unit class names: examples use the
  placeholder classes ``A``, ``B``, ``C``.
- Piles are tuples of tile ids, TOP FIRST (index 0 is the tile on top).
- Units are multisets written as sorted tuples of class names, e.g.
  ``('A', 'A', 'B')``.
- Every transition returns a new `Phase`; nothing is changed in place.

Where the seed can be read in more than one way, the function takes a
``reading=`` keyword; ambiguities.yaml names the reading this content uses.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

SIDES = ("recruit", "threat")


@dataclass(frozen=True)
class Tile:
    """A double-sided tile: units to recruit on the front, units needed on the threat side."""

    id: str
    recruit: tuple[str, ...] = ()
    threat: tuple[str, ...] = ()


@dataclass(frozen=True)
class Slot:
    """What lies on a city space: a tile with one side up, and the units standing on it."""

    side: str
    tile: str
    units: tuple[str, ...] = ()


@dataclass(frozen=True)
class Phase:
    """The tile areas of the board, the cities and the barracks."""

    tiles: tuple[Tile, ...] = ()
    recruit_stack: tuple[str, ...] = ()
    next_recruit: str | None = None
    recruit_discard: tuple[str, ...] = ()
    threat_stack: tuple[str, ...] = ()
    next_threat: str | None = None
    threat_discard: tuple[str, ...] = ()
    cities: tuple[tuple[str, Slot | None], ...] = ()
    barracks: tuple[str, ...] = ()

    def tile(self, tile_id: str) -> Tile:
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(f"unknown tile {tile_id!r}")

    def city(self, name: str) -> Slot | None:
        for city, slot in self.cities:
            if city == name:
                return slot
        raise KeyError(f"unknown city {name!r}")

    def with_city(self, name: str, slot: Slot | None) -> "Phase":
        self.city(name)  # must exist
        return replace(self, cities=tuple((c, slot if c == name else s) for c, s in self.cities))

    def stack(self, side: str) -> tuple[str, ...]:
        return getattr(self, f"{_side(side)}_stack")

    def next(self, side: str) -> str | None:
        return getattr(self, f"next_{_side(side)}")

    def discard(self, side: str) -> tuple[str, ...]:
        return getattr(self, f"{_side(side)}_discard")


def _side(side: str) -> str:
    if side not in SIDES:
        raise ValueError(f"side must be 'recruit' or 'threat', not {side!r}")
    return side


def other(side: str) -> str:
    """The other side of a tile."""
    return "threat" if _side(side) == "recruit" else "recruit"


def units(*classes: str) -> tuple[str, ...]:
    """A multiset of units as a sorted tuple."""
    return tuple(sorted(classes))


# --- Units ---------------------------------------------------------------------

def fill_from_barracks(tile_needs, barracks) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Units placed on a new recruit tile and the barracks left.

    Each class is taken as far as the barracks hold it; a missing unit leaves
    its place empty and is never replaced by a unit of another class.
    """
    stock = Counter(barracks)
    placed = Counter()
    for cls, need in Counter(tile_needs).items():
        take = min(need, stock[cls])
        placed[cls] += take
        stock[cls] -= take
    return tuple(sorted(placed.elements())), tuple(sorted(stock.elements()))


def recruit_unit(state: Phase, city: str, unit_class: str) -> Phase:
    """A player recruits one unit of `unit_class` from the recruit tile of `city`."""
    slot = state.city(city)
    if slot is None or slot.side != "recruit":
        raise ValueError(f"{city} has no recruit tile")
    left = list(slot.units)
    if unit_class not in left:
        raise ValueError(f"no unit of class {unit_class!r} to recruit in {city}")
    left.remove(unit_class)
    return state.with_city(city, replace(slot, units=tuple(left)))


# --- Removing tiles ------------------------------------------------------------

def remove_recruit(state: Phase, city: str, flip_reading: str = "reversed") -> Phase:
    """The last unit of `city` was recruited: its recruit tile goes on top of the recruit discard pile.

    An empty threat stack waiting for tiles is then refilled at once (see `settle`).
    """
    slot = state.city(city)
    if slot is None or slot.side != "recruit":
        raise ValueError(f"{city} has no recruit tile")
    if slot.units:
        raise ValueError(f"{city} still has units to recruit: {', '.join(slot.units)}")
    return settle(replace(state.with_city(city, None), recruit_discard=(slot.tile,) + state.recruit_discard),
                  flip_reading)


def remove_threat(state: Phase, city: str, flip_reading: str = "reversed") -> Phase:
    """The threat of `city` was eliminated: its tile goes on top of the threat discard pile.

    An empty recruit stack waiting for tiles is then refilled at once (see `settle`).
    """
    slot = state.city(city)
    if slot is None or slot.side != "threat":
        raise ValueError(f"{city} has no threat tile")
    return settle(replace(state.with_city(city, None), threat_discard=(slot.tile,) + state.threat_discard),
                  flip_reading)


# --- Stacks and next-tile spaces ---------------------------------------------------

def refill_stack(state: Phase, side: str, reading: str = "reversed") -> Phase:
    """Refill the empty `side` stack by turning the OTHER side's discard pile over as a whole.

    ``reversed``: turning a pile over puts its bottom tile on top.
    ``kept``: the order of the pile is kept. An empty discard pile leaves the
    stack empty; a stack that is not empty is left as it is.
    """
    if state.stack(side):
        return state
    source = state.discard(other(side))
    if reading == "reversed":
        new_stack = tuple(reversed(source))
    elif reading == "kept":
        new_stack = source
    else:
        raise ValueError(f"unknown reading {reading!r}")
    return replace(state, **{f"{side}_stack": new_stack, f"{other(side)}_discard": ()})


def settle(state: Phase, reading: str = "reversed") -> Phase:
    """Refill every empty stack that can be refilled: a stack left empty for want of
    tiles ("zunächst leer") is made as soon as the other discard pile holds tiles."""
    return refill_stack(refill_stack(state, "recruit", reading), "threat", reading)


def refill_next(state: Phase, side: str, reading: str = "reversed") -> Phase:
    """Put the top tile of the `side` stack onto the next-tile space.

    An empty stack is refilled first; a stack that runs empty is refilled at
    once. If no tile can be found, the next-tile space stays empty.
    """
    if state.next(side) is not None:
        return state
    state = refill_stack(state, side, reading)
    stack = state.stack(side)
    if not stack:
        return state
    state = replace(state, **{f"next_{side}": stack[0], f"{side}_stack": stack[1:]})
    return refill_stack(state, side, reading)


def place_next(state: Phase, city: str, side: str, reading: str = "stays-empty",
               flip_reading: str = "reversed") -> Phase:
    """Bring the tile from the `side` next-tile space onto the empty `city`.

    A recruit tile is filled with units from the barracks (no substitutes).
    Then the next-tile space is refilled from its stack. If the next-tile
    space is empty, ``stays-empty`` leaves the city without a tile;
    ``draw-from-stack`` takes the top tile of the stack instead.
    """
    if state.city(city) is not None:
        raise ValueError(f"{city} still holds a tile")
    tile_id = state.next(side)
    if tile_id is None:
        if reading == "stays-empty":
            return state
        if reading != "draw-from-stack":
            raise ValueError(f"unknown reading {reading!r}")
        state = refill_next(state, side, flip_reading)
        tile_id = state.next(side)
        if tile_id is None:
            return state
    state = replace(state, **{f"next_{side}": None})
    if side == "recruit":
        placed, left = fill_from_barracks(state.tile(tile_id).recruit, state.barracks)
        state = replace(state.with_city(city, Slot("recruit", tile_id, placed)), barracks=left)
    else:
        state = state.with_city(city, Slot("threat", tile_id))
    return refill_next(state, side, flip_reading)


def replace_tile(state: Phase, city: str, side: str, reading: str = "stays-empty",
                 flip_reading: str = "reversed") -> Phase:
    """The whole step: remove the finished tile of `city` and bring the next one of the same side."""
    if side == "recruit":
        state = remove_recruit(state, city, flip_reading)
    else:
        state = remove_threat(state, city, flip_reading)
    return place_next(state, city, side, reading, flip_reading)


def tile_count(state: Phase) -> int:
    """Tiles anywhere in the phase state (stacks, next spaces, discards, cities); transitions keep it."""
    piles = state.recruit_stack + state.recruit_discard + state.threat_stack + state.threat_discard
    nexts = [t for t in (state.next_recruit, state.next_threat) if t is not None]
    return len(piles) + len(nexts) + sum(1 for _, slot in state.cities if slot is not None)
