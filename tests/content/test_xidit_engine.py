"""Tests of content/xidit: the city-tile phase engine (seed 001), its agreement with the
mat's tile flows and the ambiguity register, and the pairing of examples."""

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulepress.model import load_game
from rulepress.model.engine import load_engine

GAME = Path(__file__).resolve().parents[2] / "content" / "xidit"


def _load_engine():
    """The engine as Rulepress itself loads it."""
    return load_engine(load_game(GAME))


E = _load_engine()
Phase, Slot, Tile, units = E.Phase, E.Slot, E.Tile, E.units


@pytest.fixture(scope="module")
def content():
    return load_game(GAME)


# --- Units from the barracks -----------------------------------------------------------


def test_fill_never_substitutes_another_class():
    assert E.fill_from_barracks(units("A", "A", "B"), units("A", "C", "C")) == (("A",), ("C", "C"))
    assert E.fill_from_barracks(units("A", "B"), units("A", "A", "B", "C")) == (("A", "B"), ("A", "C"))
    assert E.fill_from_barracks(units("B"), ()) == ((), ())


classes = st.lists(st.sampled_from("ABCD"), max_size=8).map(lambda xs: units(*xs))


@given(classes, classes)
def test_fill_takes_each_class_only_from_its_own_stock(needs, barracks):
    placed, left = E.fill_from_barracks(needs, barracks)
    assert Counter(placed) + Counter(left) == Counter(barracks)
    for cls in "ABCD":
        assert Counter(placed)[cls] == min(Counter(needs)[cls], Counter(barracks)[cls])
    assert placed == tuple(sorted(placed)) and left == tuple(sorted(left))


# --- Removing tiles ---------------------------------------------------------------------


def test_last_recruit_removes_the_tile_onto_the_recruit_discard():
    state = Phase(cities=(("c", Slot("recruit", "t1", units("A"))),), recruit_discard=("t9",), threat_stack=("t5",))
    after = E.remove_recruit(E.recruit_unit(state, "c", "A"), "c")
    assert after.city("c") is None and after.recruit_discard == ("t1", "t9")
    assert state.city("c").units == ("A",)  # the old state is untouched


def test_removal_is_refused_while_units_remain_or_the_side_is_wrong():
    state = Phase(
        cities=(("c", Slot("recruit", "t1", units("A"))),),
    )
    with pytest.raises(ValueError, match="still has units"):
        E.remove_recruit(state, "c")
    with pytest.raises(ValueError, match="no threat tile"):
        E.remove_threat(state, "c")
    with pytest.raises(ValueError, match="no unit of class"):
        E.recruit_unit(state, "c", "B")
    with pytest.raises(KeyError):
        state.city("elsewhere")


def test_eliminated_threat_goes_onto_the_threat_discard():
    after = E.remove_threat(
        Phase(cities=(("c", Slot("threat", "t2")),), threat_discard=("t3",), recruit_stack=("t5",)), "c"
    )
    assert after.city("c") is None and after.threat_discard == ("t2", "t3")


def test_a_stack_left_empty_is_made_as_soon_as_a_tile_is_discarded():
    after = E.remove_threat(Phase(cities=(("c", Slot("threat", "t2")),), next_recruit="t1", threat_stack=("t3",)), "c")
    assert (after.next_recruit, after.recruit_stack, after.threat_discard) == ("t1", ("t2",), ())
    after = E.remove_recruit(
        Phase(cities=(("c", Slot("recruit", "t1")),), next_threat="t5", recruit_stack=("t4",)), "c"
    )
    assert (after.threat_stack, after.recruit_discard) == (("t1",), ())


# --- Stacks and next-tile spaces ------------------------------------------------------------


def test_empty_stack_is_made_from_the_other_discard_turned_over():
    state = Phase(threat_discard=("t8", "t7", "t6"), recruit_discard=("t1",))
    after = E.refill_stack(state, "recruit")
    assert after.recruit_stack == ("t6", "t7", "t8") and after.threat_discard == ()
    assert after.recruit_discard == ("t1",)  # its own discard is never used
    kept = E.refill_stack(state, "recruit", flip_order="kept")
    assert kept.recruit_stack == ("t8", "t7", "t6")
    threat = E.refill_stack(state, "threat")
    assert threat.threat_stack == ("t1",) and threat.recruit_discard == ()


def test_refill_leaves_a_full_stack_and_an_empty_discard_alone():
    full = Phase(recruit_stack=("t1",), threat_discard=("t2",))
    assert E.refill_stack(full, "recruit") == full
    empty = Phase(recruit_discard=("t1",))
    assert E.refill_stack(empty, "recruit") == empty
    with pytest.raises(ValueError):
        E.refill_stack(empty, "recruit", flip_order="shuffled")
    with pytest.raises(ValueError):
        E.refill_stack(empty, "monster")


def test_refill_next_draws_and_refills_a_stack_that_runs_empty():
    after = E.refill_next(Phase(threat_stack=("t4",), recruit_discard=("t8", "t7")), "threat")
    assert (after.next_threat, after.threat_stack, after.recruit_discard) == ("t4", ("t7", "t8"), ())
    # an empty stack is refilled before drawing
    after = E.refill_next(Phase(recruit_discard=("t8", "t7")), "threat")
    assert (after.next_threat, after.threat_stack) == ("t7", ("t8",))
    # nothing anywhere: the space stays empty
    assert E.refill_next(Phase(), "recruit").next_recruit is None
    # an occupied space is not refilled
    assert E.refill_next(Phase(next_recruit="t1", recruit_stack=("t2",)), "recruit").recruit_stack == ("t2",)


def test_place_next_recruit_fills_it_and_moves_the_stack_up():
    state = Phase(
        tiles=(Tile("t3", recruit=units("A", "B")),),
        next_recruit="t3",
        recruit_stack=("t4", "t5"),
        cities=(("c", None),),
        barracks=units("A", "A", "B", "C"),
    )
    after = E.place_next(state, "c", "recruit")
    assert after.city("c") == Slot("recruit", "t3", ("A", "B"))
    assert (after.barracks, after.next_recruit, after.recruit_stack) == (("A", "C"), "t4", ("t5",))


def test_place_next_threat_takes_no_units():
    state = Phase(tiles=(Tile("t6", threat=units("A")),), next_threat="t6", cities=(("c", None),), barracks=("A",))
    after = E.place_next(state, "c", "threat")
    assert after.city("c") == Slot("threat", "t6") and after.barracks == ("A",)


def test_place_next_with_no_tile_waiting():
    state = Phase(cities=(("c", None),), recruit_stack=("t2",))
    assert E.place_next(state, "c", "recruit", empty_next="stays-empty").city("c") is None
    drawn = E.place_next(
        Phase(tiles=(Tile("t2"),), cities=(("c", None),), recruit_stack=("t2", "t3")),
        "c",
        "recruit",
        empty_next="draw-from-stack",
    )
    assert drawn.city("c").tile == "t2" and drawn.next_recruit == "t3"
    with pytest.raises(ValueError, match="still holds"):
        E.place_next(Phase(next_recruit="t1", cities=(("c", Slot("threat", "t9")),)), "c", "recruit")


def test_whole_step_from_the_rules():
    state = Phase(
        tiles=(Tile("t2", recruit=units("B", "C")),),
        cities=(("c", Slot("recruit", "t1")),),
        next_recruit="t2",
        recruit_stack=("t3",),
        threat_discard=("t5", "t4"),
        threat_stack=("t6",),
        barracks=units("B", "B"),
    )
    after = E.replace_tile(state, "c", "recruit")
    assert after.city("c") == Slot("recruit", "t2", ("B",))
    assert (after.next_recruit, after.recruit_stack, after.recruit_discard) == ("t3", ("t4", "t5"), ("t1",))


ids = [f"t{i}" for i in range(12)]


@st.composite
def phases(draw):
    """A random consistent phase: 12 tiles spread over piles, next spaces and 3 cities."""
    order = draw(st.permutations(ids))
    cut = sorted(draw(st.lists(st.integers(0, 12), min_size=3, max_size=3)))
    rs, td, rd = order[: cut[0]], order[cut[0] : cut[1]], order[cut[1] : cut[2]]
    rest = list(order[cut[2] :])
    cities = []
    for name in ("c1", "c2", "c3"):
        side = draw(st.sampled_from(["recruit", "threat"]))
        cities.append((name, Slot(side, rest.pop()) if rest else None))
    nr = rest.pop() if rest and draw(st.booleans()) else None
    nt = rest.pop() if rest and draw(st.booleans()) else None
    tiles = tuple(Tile(t, recruit=units(*draw(st.lists(st.sampled_from("AB"), max_size=3)))) for t in ids)
    return Phase(
        tiles=tiles,
        recruit_stack=tuple(rs),
        threat_discard=tuple(td),
        recruit_discard=tuple(rd),
        threat_stack=tuple(rest),
        next_recruit=nr,
        next_threat=nt,
        cities=tuple(cities),
        barracks=units(*draw(st.lists(st.sampled_from("ABC"), max_size=6))),
    )


@given(phases(), st.sampled_from(["c1", "c2", "c3"]))
def test_replacing_a_tile_never_loses_or_creates_tiles(state, city):
    slot = state.city(city)
    if slot is None:
        return
    state = state.with_city(city, Slot(slot.side, slot.tile))  # all units recruited
    after = E.replace_tile(state, city, slot.side)
    assert E.tile_count(after) == E.tile_count(state)
    units_before = Counter(state.barracks)
    units_after = Counter(after.barracks) + Counter(after.city(city).units if after.city(city) else ())
    assert units_before == units_after
    if state.next(slot.side) is not None:
        assert after.city(city).tile == state.next(slot.side)
    # a stack is only empty when the other discard pile is empty too
    for side in E.SIDES:
        if not after.stack(side):
            assert not after.discard(E.other(side))


# --- Content agrees with the engine ------------------------------------------------------------


def test_mat_shows_every_tile_flow(content):
    board = content.game.boards[0]
    flows = {(link.a, link.b, link.type) for link in board.links}
    for side, other in (("recruit", "threat"), ("threat", "recruit")):
        assert (f"{side}-stack", f"next-{side}", "move") in flows
        assert (f"next-{side}", "city", "move") in flows
        assert ("city", f"{side}-discard", "move") in flows
        assert (f"{side}-discard", f"{other}-stack", "flip") in flows
    assert ("barracks", "city", "units") in flows
    assert all(link.label is not None for link in board.links)
    assert board.kind == "mat" and (board.size.width, board.size.height) == (420, 297)


def test_tiles_are_unknown_placeholders(content):
    tiles = next(c for c in content.game.components if c.id == "city-tiles")
    assert tiles.kind == "tiles" and tiles.count_unknown and tiles.provenance.kind == "unknown"
    assert [f.en for f in tiles.faces] == ["Recruit", "Threat"]
    assert all(c.values["units"] is None and c.back_face.values["needed"] is None for c in tiles.cards)


def test_chosen_readings_are_accepted_by_the_engine(content):
    options = content.game.engine_options
    assert E.refill_stack(Phase(threat_discard=("a", "b")), "recruit", flip_order=options["flip_order"]).recruit_stack
    assert E.place_next(Phase(cities=(("c", None),)), "c", "recruit", empty_next=options["empty_next"])
    for amb in content.game.ambiguities:
        if amb.engine_option:
            assert options[amb.engine_option] == amb.used


def test_examples_are_paired_in_both_languages(content):
    ids_by_lang = {lang: [e.id for e in text.examples] for lang, text in content.rules.items()}
    assert ids_by_lang["de"] == ids_by_lang["en"] and len(ids_by_lang["en"]) == 24


# --- "Empty for now" is not "empty for ever" --------------------------------------------------


def test_an_empty_next_space_is_filled_once_its_stack_is_made_again():
    state = Phase(cities=(("c", Slot("threat", "t2")),), threat_stack=("t3",))
    after = E.remove_threat(state, "c")
    assert (after.next_recruit, after.recruit_stack) == ("t2", ())
    # twice in a row: each refill moves up at once
    again = E.remove_threat(replace(after, cities=(("c", Slot("threat", "t7")),)), "c")
    assert again.next_recruit == "t2" and again.recruit_stack == ("t7",)


def test_waiting_cities_are_served_oldest_first_and_keep_waiting_without_tiles():
    tiles = tuple(Tile(t, recruit=units("A")) for t in ("t1", "t2", "t3", "t4"))
    state = Phase(
        tiles=tiles,
        barracks=units("A", "A"),
        cities=(
            ("n", Slot("recruit", "r1")),
            ("e", Slot("recruit", "r2")),
            ("s", Slot("threat", "t1")),
            ("w", Slot("threat", "t2")),
        ),
        next_threat="t3",
        threat_stack=("t4",),
    )
    start = E.tile_count(state)
    state = E.replace_tile(state, "n", "recruit")
    state = E.replace_tile(state, "e", "recruit")
    assert state.waiting == (("n", "recruit"), ("e", "recruit")) and state.city("n") is None
    state = E.replace_tile(state, "s", "threat")  # t1 becomes the recruit stack and goes to the oldest city
    assert state.city("n").tile == "t1" and state.city("n").units == ("A",) and state.waiting == (("e", "recruit"),)
    state = E.replace_tile(state, "w", "threat")
    assert state.city("e").tile == "t2" and state.waiting == ()
    # the threat side drew on the recruit discard pile (r1, r2) as its stack ran empty
    assert E.tile_count(state) == start == 6 and state.next_threat in ("r1", "r2")


def test_draw_from_stack_reading_never_waits():
    state = Phase(cities=(("c", None),))
    assert E.place_next(state, "c", "recruit", empty_next="draw-from-stack").waiting == ()
    assert E.place_next(state, "c", "recruit").waiting == (("c", "recruit"),)
    assert E.place_next(E.place_next(state, "c", "recruit"), "c", "recruit").waiting == (("c", "recruit"),)


def test_at_once_and_phase_three_differ_only_when_a_stack_runs_empty():
    tiles = tuple(Tile(t, recruit=units("A")) for t in ("r2", "r3", "r4", "t1", "t9"))
    base = dict(
        tiles=tiles,
        cities=(("c1", Slot("recruit", "r1")), ("c2", Slot("threat", "t1"))),
        next_recruit="r2",
        threat_discard=("t9",),
        next_threat="t2",
        threat_stack=("t3",),
    )
    finished = [("c1", "recruit"), ("c2", "threat")]
    running_empty = Phase(recruit_stack=("r3",), **base)
    a = E.manage_tiles(running_empty, finished)
    b = E.manage_tiles(running_empty, finished, replace_when="in-phase-three")
    assert (a.recruit_stack, a.threat_discard) == (("t9",), ("t1",))
    assert (b.recruit_stack, b.threat_discard) == (("t9", "t1"), ())
    assert E.tile_count(a) == E.tile_count(b) == E.tile_count(running_empty)
    plenty = Phase(recruit_stack=("r3", "r4"), **base)
    assert E.manage_tiles(plenty, finished) == E.manage_tiles(plenty, finished, replace_when="in-phase-three")
    with pytest.raises(ValueError, match="unknown reading"):
        E.manage_tiles(plenty, finished, replace_when="later")


def test_player_count_equals_the_content(content):
    assert (content.game.players.min, content.game.players.max) == E.PLAYERS


def test_refill_timing_decides_which_discarded_tiles_are_turned_over():
    tiles = tuple(Tile(t, recruit=units("A")) for t in ("r2", "r3", "r4", "t1", "t9"))
    state = Phase(
        tiles=tiles,
        cities=(("c1", Slot("recruit", "r1")), ("c2", Slot("threat", "t1")), ("c3", Slot("recruit", "r0"))),
        next_recruit="r2",
        recruit_stack=("r3",),
        threat_discard=("t9",),
        next_threat="t2",
        threat_stack=("t3",),
    )
    soon = E.replace_tile(E.replace_tile(state, "c1", "recruit"), "c2", "threat")
    late = E.replace_tile(
        E.replace_tile(state, "c1", "recruit", refill_timing="when-needed"), "c2", "threat", refill_timing="when-needed"
    )
    assert (soon.recruit_stack, soon.threat_discard) == (("t9",), ("t1",))  # t9 alone was turned over at once
    assert (late.recruit_stack, late.threat_discard) == ((), ("t1", "t9"))  # nothing turned yet
    # the next draw from the recruit side: when needed, t1 and t9 are turned over together
    late = E.replace_tile(late, "c3", "recruit", refill_timing="when-needed")
    assert late.city("c3").tile == "r3" and late.next_recruit == "t9" and late.recruit_stack == ("t1",)
    assert E.tile_count(late) == E.tile_count(soon) == E.tile_count(state)
    with pytest.raises(ValueError, match="unknown reading"):
        E.settle(state, refill_timing="later")


def test_a_partly_filled_tile_is_topped_up_only_under_the_reconstructed_reading():
    missing, barracks = units("A", "A", "B"), units("A", "C")
    assert E.top_up(missing, barracks) == ((), ("A", "C"))
    assert E.top_up(missing, barracks, partial_refill="when-back") == (("A",), ("C",))
    assert E.top_up((), barracks, partial_refill="when-back") == ((), ("A", "C"))
    with pytest.raises(ValueError):
        E.top_up(missing, barracks, partial_refill="sometimes")
