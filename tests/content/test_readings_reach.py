"""Readings reach every call: each engine option, switched, changes every public engine function that
depends on it, and no function calls a reading-dependent function without handing its reading on."""

from __future__ import annotations

import ast
import inspect

import pytest

from rulepress import paths
from rulepress.model import load_games
from rulepress.model.engine import chosen_readings, engine_functions, load_engine

GAMES = {content.id: content for content in load_games(paths.BUNDLED_CONTENT)}


def _option_users(content):
    """Function name -> the engine options it takes, for every function of the engine module."""
    module = load_engine(content)
    options = set(chosen_readings(content))
    found = {}
    for name, function in vars(module).items():
        if inspect.isfunction(function) and function.__module__ == module.__name__:
            taken = options & set(inspect.signature(function).parameters)
            if taken:
                found[name] = taken
    return module, found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_call_drops_a_reading(game):
    """Every call of a reading-dependent function inside the engine passes each of its options on
    (a literal reading is allowed: it is then a deliberate choice written in the code)."""
    content = GAMES[game]
    module, users = _option_users(content)
    aliases = {n: f.__name__ for n, f in vars(module).items() if inspect.isfunction(f) and n != f.__name__}
    tree = ast.parse((content.folder / "engine.py").read_text(encoding="utf-8"))
    dropped = []
    for outer in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
        for call in [n for n in ast.walk(outer) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]:
            callee = aliases.get(call.func.id, call.func.id)
            if callee not in users:
                continue
            positional = list(inspect.signature(getattr(module, callee)).parameters)[: len(call.args)]
            passed = {k.arg for k in call.keywords} | set(positional)
            if None in passed:  # **options
                continue
            for option in sorted(users.get(callee, ())):
                if option not in passed:
                    dropped.append(f"{outer.name} calls {callee} without {option}")
    assert dropped == []


# For each engine option: a call of every public function that takes it, with arguments under which
# another reading gives another result ({function: (args, kwargs)}). Functions whose result does not
# change for any input are named with None and the reason.
CASES: dict[str, dict[str, dict]] = {
    "revolution-1848": {},
    "risk": {},
    "xidit": {},
    "anti-monopoly-3": {},
}


def _e(game):
    return load_engine(GAMES[game])


def _cases_1848():
    E = _e("revolution-1848")
    gen = E.Leader("general", "bund", 3, player=1, party="reaktionaere")
    fed = E.Army("z28", "bund", 9, player=1, leaders=(gen,))
    plain = E.Army("z30", "austria", 3, player=2, leaders=(E.Leader("pe35-windischgraetz", "austria", 3, player=2),))
    a = E.Army("z33", "prussia", 15, player=1, leaders=(E.Leader("pe41-wrangel", "prussia", 3, player=1),))
    b = E.Army("z29", "austria", 17, player=2, leaders=(E.Leader("pe35-windischgraetz", "austria", 3, player=2),))
    c = E.Army("z30", "austria", 10, player=3, leaders=(E.Leader("pe-radetzky", "austria", 4, player=3),))
    tie_a = E.Army("z33", "prussia", 15, player=1, leaders=(E.Leader("pe41-wrangel", "prussia", 3, player=1),))
    tie_b = E.Army("z29", "austria", 15, player=2, leaders=(E.Leader("pe35-windischgraetz", "austria", 3, player=2),))
    odd = E.Army("z33", "prussia", 7, player=2, leaders=(E.Leader("pe41-wrangel", "prussia", 3, player=2),))
    windisch = E.Leader("pe35-windischgraetz", "austria", 3, player=1)
    two_leaders = E.Army(
        "z33",
        "prussia",
        15,
        player=1,
        leaders=(E.Leader("w", "prussia", 3, player=1), E.Leader("p", "prussia", 2, player=1)),
    )
    schwarzenberg = E.Army("z29", "austria", 17, player=2, leaders=(E.Leader("s", "austria", 2, player=2),))
    small = E.Army("z31", "austria", 10, player=2, leaders=(E.Leader("r", "austria", 4, player=2),))
    liberal = E.Army("z30", "austria", 16, player=3, leaders=(E.Leader("l", "austria", 4, player=3, party="liberale"),))
    parties = {1: {"reaktionaere": 6}, 2: {"liberale": 6}, 3: {"demokraten": 4}, 4: {"republikaner": 2}}
    r = E.Round(seats=(1, 2, 3, 4))
    passed = E.act(r, 2, "pass")
    close = {1: {"liberale": 10}, 2: {"demokraten": 8}, 3: {"republikaner": 4}, 4: {"reaktionaere": -6}}
    three = {1: {"liberale": 10}, 2: {"demokraten": 8}, 3: {"republikaner": 4}}
    pair = [E.Leader("w", "prussia", 3, player=1), E.Leader("p", "prussia", 2, player=1)]
    mixed = E.Army(
        "z30",
        "austria",
        10,
        player=1,
        leaders=(E.Leader("l", "austria", 3, player=1, party="liberale"), E.Leader("r", "austria", 3, player=1)),
    )
    liberal_20 = E.Army(
        "z30", "austria", 16, player=1, leaders=(E.Leader("l", "austria", 4, player=1, party="liberale"),)
    )
    b_20 = E.Army("z29", "austria", 17, player=2, leaders=(E.Leader("w", "austria", 3, player=2),))
    democrat = E.Army(
        "z32", "prussia", 3, player=3, leaders=(E.Leader("d", "prussia", 2, player=3, party="demokraten"),)
    )
    small_1 = E.Army("z31", "austria", 10, player=1, leaders=(E.Leader("r", "austria", 4, player=1),))
    return {
        "bund_party": {
            "leader_party": ((gen,), {}),
            "score_trick": (([fed, plain],), {"red_cards": [11]}),
            "party_points": (([fed, plain],), {}),
        },
        "croatia_scope": {
            "croatia": ((windisch,), {"played_by": 2}),
            "croatia_applies": None,  # always used by the leader's own player: the scope never bites
        },
        "leader_cards": {
            "croatia": ((windisch,), {}),
            "may_affect_leader": (("z15-kroatien",), {"helps": True}),
            "croatia_applies": ((windisch,), {}),
        },
        "majority": {
            "holds_majority": ((20, 52, (18, 14)), {}),
            "is_stalemate": (({"liberale": {1: 5, 2: 3, 3: 3}},), {}),
            "score_trick": (([a, b, c],), {}),
        },
        "negative_rounding": {"halve": ((-7,), {}), "score_trick": (([odd],), {"red_cards": [11, 2]})},
        "party_tie": {"victory_points": ((parties,), {})},
        "red_halving": {"score_trick": (([a],), {"red_cards": [11]})},
        "red_order": {"score_trick": (([odd],), {"red_cards": [11]})},
        "refill_split": {"refill": ((2, 2), {}), "refill_choices": ((2, 2), {})},
        "stalemate_credit": {"score_trick": (([tie_a, tie_b],), {"red_cards": [11]})},
        "first_passer": {"act": ((passed, 4, "play", "z33"), {})},
        "stronger_army": {"score_trick": (([two_leaders, schwarzenberg],), {})},
        "red_applies": {"score_trick": (([a, small, liberal],), {"red_cards": [11]})},
        "negative_totals": {
            "victory_points": ((close,), {}),
            "has_absolute_majority": (
                ("liberale", {"liberale": 10, "demokraten": 8, "republikaner": 4, "reaktionaere": -6}),
                {},
            ),
        },
        "weakest_party": {"victory_points": ((three,), {})},
        "majority_tie": {"victory_points": (({1: {"liberale": 7}, 2: {"liberale": 7}, 3: {"republikaner": 4}},), {})},
        "leader_stacking": {"assign_armies": (([("z33", "prussia"), ("z28", "prussia")], pair), {})},
        "army_leader": {
            "score_trick": (([mixed],), {}),
            "party_points": (([mixed],), {}),
        },
        "trick_winner": {"score_trick": (([a, small_1, b],), {})},
        "army_any_time": {"act": ((passed, 2, "play", "z33"), {})},
        "stalemate_involved": {"score_trick": (([liberal_20, b_20, democrat],), {})},
        "federal_armies": {
            "check_army_flag": (("bund",), {}),
            "army_follows": (("bund", [gen]), {}),
            "assign_armies": (([("z28", "bund")], [gen]), {}),
            "score_trick": (([fed],), {}),
        },
    }


def _cases_risk():
    E = _e("risk")
    piles = E.set_aside(E.CardPiles(), ["alaska", "siam", "egypt", "peru"])
    onward_moves = [("greenland", "iceland", 2), ("iceland", "scandinavia", 2)]
    split_moves = [("greenland", "iceland", 2), ("greenland", "quebec", 2)]
    return {
        "first_sets": {"trade_in_armies": ((1,), {}), "trade_values": ((["A", "B"],), {})},
        "set_count": {"trade_values": ((["A", "B", "A", "C"],), {})},
        "north_africa_targets": {"attack_targets": (("north-africa",), {})},
        "reuse_order": {"draw_card": ((piles,), {})},
        "territory_bonus": {"territory_bonus": ((3,), {})},
        "fortify_moves": {
            "moves_allowed": ((), {}),
            "fortify": (
                ({"alaska": 3, "alberta": 3, "ontario": 1}, [("alaska", "alberta", 1), ("alberta", "ontario", 1)]),
                {},
            ),
            "may_fortify": (
                ({"alaska": 3, "alberta": 3, "ontario": 1}, [("alaska", "alberta", 1), ("alberta", "ontario", 1)]),
                {},
            ),
        },
        "took_part": {
            "movable_armies": (({"alaska": 4},), {"placed": {"alaska": 2}}),
            "fortify": (({"alaska": 4, "alberta": 1}, [("alaska", "alberta", 3)]), {"placed": {"alaska": 2}}),
            "may_fortify": (({"alaska": 4, "alberta": 1}, [("alaska", "alberta", 3)]), {"placed": {"alaska": 2}}),
        },
        "liberated": {"bonus_cards": ((["peru", "siam", "wild"], {"peru", "siam"}), {"captured": {"siam"}})},
        "fortify_steps": {
            "fortify": (({"greenland": 5, "iceland": 1, "scandinavia": 1}, onward_moves), {}),
            "may_fortify": (({"greenland": 5, "iceland": 1, "scandinavia": 1}, onward_moves), {}),
        },
        "eliminated_cards": {"take_cards": ((["alaska"], ["peru", "siam"], E.CardPiles()), {})},
        "occupy": {"occupy_range": ((6, 3), {})},
        "fortify_targets": {
            "fortify": (({"greenland": 5, "iceland": 1, "quebec": 1}, split_moves), {}),
            "may_fortify": (({"greenland": 5, "iceland": 1, "quebec": 1}, split_moves), {}),
        },
        "trade_time": {"may_trade": (("attack",), {})},
        "fought_count": {"fought_armies": (({"greenland": 5, "iceland": 1}, {"greenland": 2}), {})},
        "hand_limit": {
            "largest_hand": ((), {}),
            "may_take_card": ((5,), {}),
            "sets_to_trade": ((8,), {}),
        },
    }


def _cases_am():
    E = _e("anti-monopoly-3")
    positions = {"Anna": E.GOAL_INDEX, "Ben": E.GOAL_INDEX - 3, "Cem": E.GOAL_INDEX - 9}
    money = {"Anna": 0, "Ben": 9, "Cem": 2}
    rank_pos = {"Anna": E.GOAL_INDEX - 3, "Ben": E.GOAL_INDEX - 1, "Cem": E.GOAL_INDEX - 5}
    rank_money = {"Anna": 5, "Ben": 3, "Cem": 1}
    return {
        "all_win_agreement": {"all_win": ((3, [4, 4, 3]), {"agreed": False})},
        "all_win_ranking": {
            "all_win_ranking": ((rank_pos, rank_money), {}),
            "world_peace_reached": (("Anna", positions, money), {"peace_winner": "all-win-most-peace"}),
        },
        "all_win_retry": {"may_propose_all_win": ((E.DANGER_FIELD, True), {})},
        "danger_reached": {
            "disarmament_possible": ((2,), {}),
            "may_propose_all_win": ((2, False), {}),
        },
        "peace_winner": {"world_peace_reached": (("Anna", positions, money), {})},
        "red_field_spent": {"red_field_spent": ((True, False), {})},
        "green_one": {"double_price_accusations": ((1,), {})},
        "reroll": {"roll_options": ((1,), {"rerolled": True})},
        "short_payment": {"pay": ((2, 3), {})},
        "help_basis": {"pay": ((2, 3), {"helped": True})},
        "swap_once": {"goal_attempt": ((4, [6, 5, 2], True), {"swapped_this_round": False})},
        "six_player_deck": {
            "coop_sets": ((6,), {}),
            "coop_deck": ((6,), {}),
            "coop_deck_size": ((6,), {}),
            "coop_field_cards": ((6,), {}),
        },
        "win_requires_broken": {"win_allowed": (("all-win", False), {})},
        "bomb_moves": {"move_bomb": ((20, 3), {}), "bomb_turn": ((20, [2, 3]), {})},
        "accusation_spots": {"accusation_spots_total": ((), {}), "chips_left": ((0,), {})},
        "broke_help": {"pay": ((2, 5), {"helped": True})},
        "coop_refresh": {
            "coop_refresh_due": (([1, 2, 3, 4, 5], [1]), {}),
            "refresh_coop": (([1, 2, 3, 4, 5], [], [2, 5, 1, 3, 4]), {}),
        },
        "monopoly_choices": {"monopoly_choices": ((0, 1, 3), {})},
        "red_field_mover": {"red_field_event": ((sorted(E.RED_FIELDS)[0], 3, [3]), {})},
        "meeting_move": {"atom_meeting": ((8, 6, [1, 3, 6], 12), {})},
        "red_field_caller": {
            "red_field_caller": (
                ({"Anna": 22, "Ben": 22, "Cem": 5}, ["Anna", "Ben", "Cem"], "Cem"),
                {"money": {"Anna": 1, "Ben": 2}},
            )
        },
        "swap_ties": {
            "swap_order": (
                ({"Anna": 30, "Ben": 5, "Cem": 5}, ["Anna", "Ben", "Cem"], "Anna"),
                {"money": {"Ben": 1, "Cem": 4}},
            )
        },
        "swap_first": {
            "swap_order": (({"Anna": 30, "Ben": 20, "Cem": 10, "Dora": 5}, ["Anna", "Ben", "Cem", "Dora"], "Ben"), {})
        },
        "crisis_fields": {"field_applies": (("crisis",), {})},
        "meeting_negotiation": {"meeting_negotiation_roll": ((E.atom_meeting(8, 6, [2, 5], 12),), {})},
        "red_field_steps": {
            "red_field_step_chooser": ((E.red_field_event(sorted(E.RED_FIELDS)[0], 3, [3], steps=6),), {})
        },
        "red_field_sixes": {
            "red_field_numbers": ((True,), {}),
            "red_field_event": ((sorted(E.RED_FIELDS)[0], 6, [6]), {"with_sixes": True}),
        },
    }


def _cases_xidit():
    E = _e("xidit")
    state = E.Phase(cities=(("city", E.Slot("threat", "t2")),), recruit_stack=("t5",), barracks=E.units("C"))
    given = {"provided": E.units("A", "B")}
    # a recruit tile asking for A, A, B while the barracks hold one A: the readings of class_shortage differ
    needs = (E.Tile("r0"), E.Tile("t0"), E.Tile("r1", recruit=E.units("A", "A", "B")))
    short = {"tiles": needs, "next_recruit": "r1", "barracks": E.units("A", "C", "C")}
    fresh = E.Phase(cities=(("city", None),), **short)
    finished = E.Phase(cities=(("city", E.Slot("recruit", "r0")),), **short)
    waiting = {"waiting": (("other", "recruit"),)}
    after_recruit = E.Phase(cities=(("city", E.Slot("recruit", "r0")), ("other", None)), **short, **waiting)
    after_threat = E.Phase(cities=(("city", E.Slot("threat", "t0")), ("other", None)), **short, **waiting)
    return {
        "threat_units": {
            "remove_threat": ((state, "city"), given),
            "replace_tile": ((state, "city", "threat"), given),
        },
        "partial_refill": {"top_up": ((E.units("A", "B"), E.units("A", "C")), {})},
        "unitless_tile": {"recruit_finished": ((finished, "city", False), {})},
        "class_shortage": {
            "fill_from_barracks": ((E.units("A", "A", "B"), E.units("A", "C", "C")), {}),
            "place_next": ((fresh, "city", "recruit"), {}),
            "replace_tile": ((finished, "city", "recruit"), {}),
            "manage_tiles": ((finished, [("city", "recruit")]), {}),
            "settle": ((E.Phase(cities=(("other", None),), **short, **waiting),), {}),
            "remove_recruit": ((after_recruit, "city"), {}),
            "remove_threat": ((after_threat, "city"), {}),
        },
    }


CASES.update(
    {"revolution-1848": _cases_1848(), "risk": _cases_risk(), "anti-monopoly-3": _cases_am(), "xidit": _cases_xidit()}
)
READING_IDS = {
    (game, a.engine_option): [r.id for r in a.readings]
    for game, content in GAMES.items()
    for a in content.game.ambiguities
    if a.engine_option
}


def _outcome(function, args, kwargs):
    """The result, or the refusal (a reading that forbids the move changes the result too)."""
    try:
        return ("value", function(*args, **kwargs))
    except ValueError as refused:
        return ("refused", str(refused))


@pytest.mark.parametrize(
    "game, option",
    sorted((game, option) for game, options in CASES.items() for option in options),
)
def test_switching_the_option_changes_every_function_that_takes_it(game, option):
    content = GAMES[game]
    module = load_engine(content)
    chosen = chosen_readings(content)[option]
    others = [r for r in READING_IDS[(game, option)] if r != chosen]
    takers = {n for n, f in engine_functions(module).items() if option in inspect.signature(f).parameters}
    cases = CASES[game][option]
    assert takers == set(cases), f"every public function that takes {option} has a case"
    for name, case in cases.items():
        if case is None:
            continue
        args, kwargs = case
        function = getattr(module, name)
        base = _outcome(function, args, kwargs | {option: chosen})
        changed = [r for r in others if _outcome(function, args, kwargs | {option: r}) != base]
        assert changed, f"{name}: no other reading of {option} changes its result"


# Options whose functions work on whole tile states; their readings are shown by worked examples
# (`rulepress check examples` reports a reading that changes none: rule reading-shown).
SHOWN_BY_EXAMPLES_ONLY = {
    ("xidit", "empty_next"),
    ("xidit", "flip_order"),
    ("xidit", "refill_timing"),
    ("xidit", "replace_when"),
}


def test_every_option_is_switched_here_or_named_as_shown_by_examples():
    options = {(game, option) for game, content in GAMES.items() for option in chosen_readings(content)}
    covered = {(game, option) for game, cases in CASES.items() for option in cases}
    assert options - covered == SHOWN_BY_EXAMPLES_ONLY
