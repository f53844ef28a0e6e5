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
keyword parameter named like the ambiguity's ``engine_option`` (defaulting to
this content's reading); Rulepress passes the reading chosen in game.yaml
``engine_options``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

SIDES = ("recruit", "threat")
PLAYERS = (3, 5)  # public fact (game box), not in the seed


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
    waiting: tuple[tuple[str, str], ...] = ()  # (city, side) left without a tile "for now", oldest first

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

    def with_city(self, name: str, slot: Slot | None) -> Phase:
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


CLASS_SHORTAGE_READINGS = ("as-far-as-held", "whole-class")


def fill_from_barracks(
    tile_needs, barracks, class_shortage: str = "as-far-as-held"
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Units placed on a new recruit tile and the barracks left.

    A missing unit leaves its place empty and is never replaced by a unit of
    another class. ``as-far-as-held``: each class is taken as far as the
    barracks hold it; ``whole-class``: a class the barracks cannot give in
    full counts as not available, and all its places stay empty.
    """
    if class_shortage not in CLASS_SHORTAGE_READINGS:
        raise ValueError(f"unknown reading {class_shortage!r}; readings: {', '.join(CLASS_SHORTAGE_READINGS)}")
    stock = Counter(barracks)
    placed: Counter[str] = Counter()
    for cls, need in Counter(tile_needs).items():
        take = min(need, stock[cls])
        if class_shortage == "whole-class" and take < need:
            take = 0
        placed[cls] += take
        stock[cls] -= take
    return tuple(sorted(placed.elements())), tuple(sorted(stock.elements()))


PARTIAL_REFILL_READINGS = ("never", "when-back")


def top_up(missing, barracks, partial_refill: str = "never") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Units placed later on a recruit tile that was filled only in part (its `missing` units), and the
    barracks left, once units are back in the barracks.

    ``never``: seed 001 fills a tile when it is placed; its empty places stay empty. ``when-back``
    (reconstructed): each empty place takes a unit of its own class as soon as the barracks hold one
    (never one of another class, as when the tile is placed).
    """
    if partial_refill not in PARTIAL_REFILL_READINGS:
        raise ValueError(f"unknown reading {partial_refill!r}; readings: {', '.join(PARTIAL_REFILL_READINGS)}")
    if partial_refill == "never":
        return (), tuple(sorted(barracks))
    return fill_from_barracks(missing, barracks, class_shortage="as-far-as-held")  # a place is filled unit by unit


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


def remove_recruit(
    state: Phase,
    city: str,
    flip_order: str = "reversed",
    refill_timing: str = "as-soon-as-empty",
    class_shortage: str = "as-far-as-held",
) -> Phase:
    """The last unit of `city` was recruited: its recruit tile goes on top of the recruit discard pile.

    An empty threat stack waiting for tiles is then refilled at once (see `settle`).
    """
    slot = state.city(city)
    if slot is None or slot.side != "recruit":
        raise ValueError(f"{city} has no recruit tile")
    if slot.units:
        raise ValueError(f"{city} still has units to recruit: {', '.join(slot.units)}")
    return settle(
        replace(state.with_city(city, None), recruit_discard=(slot.tile,) + state.recruit_discard),
        flip_order,
        refill_timing,
        class_shortage=class_shortage,
    )


UNITLESS_TILE_READINGS = ("removed-at-once", "stays")


def recruit_finished(state: Phase, city: str, recruited: bool, unitless_tile: str = "removed-at-once") -> bool:
    """Must the recruit tile of `city` be removed now (see `remove_recruit`)?

    Seed 001 removes it when a player recruits its last unit (`recruited`: a
    unit was just recruited there). A tile the barracks could not give a single
    unit has no last unit to recruit: ``removed-at-once`` (reconstructed) treats
    it as recruited out; ``stays`` keeps it on the city, by the letter.
    """
    if unitless_tile not in UNITLESS_TILE_READINGS:
        raise ValueError(f"unknown reading {unitless_tile!r}; readings: {', '.join(UNITLESS_TILE_READINGS)}")
    slot = state.city(city)
    if slot is None or slot.side != "recruit":
        raise ValueError(f"{city} has no recruit tile")
    if slot.units:
        return False
    return recruited or unitless_tile == "removed-at-once"


THREAT_UNITS_READINGS = ("not-modelled", "to-barracks")


def remove_threat(
    state: Phase,
    city: str,
    flip_order: str = "reversed",
    refill_timing: str = "as-soon-as-empty",
    provided=(),
    threat_units: str = "not-modelled",
    class_shortage: str = "as-far-as-held",
) -> Phase:
    """The threat of `city` was eliminated: its tile goes on top of the threat discard pile.

    `provided` are the units the player gave for it. ``not-modelled``: where they
    go is settled outside phase three, so the barracks stay as they are;
    ``to-barracks``: they go back to the barracks. An empty recruit stack
    waiting for tiles is then refilled at once (see `settle`).
    """
    if threat_units not in THREAT_UNITS_READINGS:
        raise ValueError(f"unknown reading {threat_units!r}; readings: {', '.join(THREAT_UNITS_READINGS)}")
    slot = state.city(city)
    if slot is None or slot.side != "threat":
        raise ValueError(f"{city} has no threat tile")
    if threat_units == "to-barracks":
        state = replace(state, barracks=tuple(sorted(state.barracks + tuple(provided))))
    return settle(
        replace(state.with_city(city, None), threat_discard=(slot.tile,) + state.threat_discard),
        flip_order,
        refill_timing,
        class_shortage=class_shortage,
    )


# --- Stacks and next-tile spaces ---------------------------------------------------


def refill_stack(state: Phase, side: str, flip_order: str = "reversed") -> Phase:
    """Refill the empty `side` stack by turning the OTHER side's discard pile over as a whole.

    ``reversed``: turning a pile over puts its bottom tile on top.
    ``kept``: the order of the pile is kept. An empty discard pile leaves the
    stack empty; a stack that is not empty is left as it is.
    """
    if state.stack(side):
        return state
    source = state.discard(other(side))
    if flip_order == "reversed":
        new_stack = tuple(reversed(source))
    elif flip_order == "kept":
        new_stack = source
    else:
        raise ValueError(f"unknown reading {flip_order!r}")
    return replace(state, **{f"{side}_stack": new_stack, f"{other(side)}_discard": ()})


REFILL_TIMING_READINGS = ("as-soon-as-empty", "when-needed")


def settle(
    state: Phase,
    flip_order: str = "reversed",
    refill_timing: str = "as-soon-as-empty",
    class_shortage: str = "as-far-as-held",
) -> Phase:
    """Make good what was left empty "for now" (seed 001: "zunächst leer"), as soon as tiles allow.

    An empty stack is made as soon as the other discard pile holds tiles; a
    next-tile space left empty takes the top tile of its stack as soon as the
    stack is made again; a city waiting for a tile gets the next tile of its
    side as soon as one waits (oldest waiting city first).
    ``as-soon-as-empty``: stacks are made at once; ``when-needed``: an empty
    stack is made only when a tile is to be drawn from it, so tiles discarded
    in between are turned over with it.
    """
    if refill_timing not in REFILL_TIMING_READINGS:
        raise ValueError(f"unknown reading {refill_timing!r}; readings: {', '.join(REFILL_TIMING_READINGS)}")
    for side in SIDES:
        if refill_timing == "when-needed":
            if state.next(side) is None:  # a tile is needed now: the stack is made if it must be
                state = refill_next(state, side, flip_order=flip_order, refill_timing=refill_timing)
        elif not state.stack(side):
            state = refill_stack(state, side, flip_order=flip_order)
            if state.stack(side) and state.next(side) is None:
                state = refill_next(state, side, flip_order=flip_order, refill_timing=refill_timing)
    for city, side in state.waiting:
        if state.next(side) is not None and state.city(city) is None:
            state = replace(state, waiting=tuple(w for w in state.waiting if w != (city, side)))
            state = place_next(
                state,
                city,
                side,
                empty_next="stays-empty",
                flip_order=flip_order,
                refill_timing=refill_timing,
                class_shortage=class_shortage,
            )
    return state


def refill_next(
    state: Phase, side: str, flip_order: str = "reversed", refill_timing: str = "as-soon-as-empty"
) -> Phase:
    """Put the top tile of the `side` stack onto the next-tile space.

    An empty stack is refilled first; a stack that runs empty is refilled at
    once (``as-soon-as-empty``) or only at the next draw (``when-needed``).
    If no tile can be found, the next-tile space stays empty.
    """
    if state.next(side) is not None:
        return state
    state = refill_stack(state, side, flip_order=flip_order)
    stack = state.stack(side)
    if not stack:
        return state
    state = replace(state, **{f"next_{side}": stack[0], f"{side}_stack": stack[1:]})
    if refill_timing == "when-needed":
        return state
    return refill_stack(state, side, flip_order=flip_order)


def place_next(
    state: Phase,
    city: str,
    side: str,
    empty_next: str = "stays-empty",
    flip_order: str = "reversed",
    refill_timing: str = "as-soon-as-empty",
    class_shortage: str = "as-far-as-held",
) -> Phase:
    """Bring the tile from the `side` next-tile space onto the empty `city`.

    A recruit tile is filled with units from the barracks (no substitutes).
    Then the next-tile space is refilled from its stack. If the next-tile
    space is empty, ``stays-empty`` leaves the city without a tile for now:
    it waits and gets the next tile of its side as soon as one is waiting
    (see `settle`); ``draw-from-stack`` takes the top tile of the stack
    instead, and a city that finds none there stays empty.
    """
    if state.city(city) is not None:
        raise ValueError(f"{city} still holds a tile")
    tile_id = state.next(side)
    if tile_id is None:
        if empty_next == "stays-empty":
            if (city, side) in state.waiting:
                return state
            return replace(state, waiting=state.waiting + ((city, side),))
        if empty_next != "draw-from-stack":
            raise ValueError(f"unknown reading {empty_next!r}")
        state = refill_next(state, side, flip_order=flip_order, refill_timing=refill_timing)
        tile_id = state.next(side)
        if tile_id is None:
            return state
    state = replace(state, **{f"next_{side}": None})
    if side == "recruit":
        placed, left = fill_from_barracks(state.tile(tile_id).recruit, state.barracks, class_shortage=class_shortage)
        state = replace(state.with_city(city, Slot("recruit", tile_id, placed)), barracks=left)
    else:
        state = state.with_city(city, Slot("threat", tile_id))
    return refill_next(state, side, flip_order=flip_order, refill_timing=refill_timing)


def replace_tile(
    state: Phase,
    city: str,
    side: str,
    empty_next: str = "stays-empty",
    flip_order: str = "reversed",
    refill_timing: str = "as-soon-as-empty",
    provided=(),
    threat_units: str = "not-modelled",
    class_shortage: str = "as-far-as-held",
) -> Phase:
    """The whole step: remove the finished tile of `city` and bring the next one of the same side
    (`provided`: the units given for an eliminated threat, see `remove_threat`)."""
    if side == "recruit":
        state = remove_recruit(
            state, city, flip_order=flip_order, refill_timing=refill_timing, class_shortage=class_shortage
        )
    else:
        state = remove_threat(
            state,
            city,
            flip_order=flip_order,
            refill_timing=refill_timing,
            provided=provided,
            threat_units=threat_units,
            class_shortage=class_shortage,
        )
    return place_next(
        state,
        city,
        side,
        empty_next=empty_next,
        flip_order=flip_order,
        refill_timing=refill_timing,
        class_shortage=class_shortage,
    )


def tile_count(state: Phase) -> int:
    """Tiles anywhere in the phase state (stacks, next spaces, discards, cities); transitions keep it."""
    piles = state.recruit_stack + state.recruit_discard + state.threat_stack + state.threat_discard
    nexts = [t for t in (state.next_recruit, state.next_threat) if t is not None]
    return len(piles) + len(nexts) + sum(1 for _, slot in state.cities if slot is not None)


REPLACE_WHEN_READINGS = ("at-once", "in-phase-three")


def manage_tiles(
    state: Phase,
    finished,
    replace_when: str = "at-once",
    empty_next: str = "stays-empty",
    flip_order: str = "reversed",
    refill_timing: str = "as-soon-as-empty",
    class_shortage: str = "as-far-as-held",
) -> Phase:
    """Replace the tiles of the `finished` cities, given as (city, side) in the order they were finished.

    ``at-once`` (the seed's "sofort"): each tile is removed and replaced
    before the next one is dealt with. ``in-phase-three`` (the heading of the
    passage, "Phase drei"): every finished tile is removed first, then each
    city gets its new tile, in the same order. The two differ when a stack
    runs empty: the discard pile turned over then holds more or fewer tiles.
    """
    finished = list(finished)
    if replace_when == "at-once":
        for city, side in finished:
            state = replace_tile(  # no units are handed over here, so no reading of threat_units can matter
                state,
                city,
                side,
                empty_next=empty_next,
                flip_order=flip_order,
                refill_timing=refill_timing,
                threat_units="not-modelled",
                class_shortage=class_shortage,
            )
        return state
    if replace_when != "in-phase-three":
        raise ValueError(f"unknown reading {replace_when!r}; readings: {', '.join(REPLACE_WHEN_READINGS)}")
    for city, side in finished:
        state = (remove_recruit if side == "recruit" else remove_threat)(
            state, city, flip_order=flip_order, refill_timing=refill_timing, class_shortage=class_shortage
        )
    for city, side in finished:
        if state.city(city) is None:
            state = place_next(
                state,
                city,
                side,
                empty_next=empty_next,
                flip_order=flip_order,
                refill_timing=refill_timing,
                class_shortage=class_shortage,
            )
    return state
