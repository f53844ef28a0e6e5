"""Tests of content/anti-monopoly-3: the rules engine, its agreement with the board
data, and the worked examples of both rule texts run against the engine."""

import doctest
import itertools
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulepress.check.examples import code_of
from rulepress.model import load_game
from rulepress.model.engine import load_engine, namespace
from rulepress.model.rules_text import steps, term_refs

GAME = Path(__file__).resolve().parents[2] / "content" / "anti-monopoly-3"


def _load_engine():
    """The engine as Rulepress itself loads it."""
    return load_engine(load_game(GAME))


E = _load_engine()
rolls = st.integers(1, 6)


@pytest.fixture(scope="module")
def content():
    return load_game(GAME)


# --- A / B: rolling, next lane, meeting ---------------------------------------------


def test_a_one_may_be_rolled_again():
    assert E.roll_options(1) == ["move", "reroll"]
    assert all(E.roll_options(r) == ["move"] for r in range(2, 7))
    with pytest.raises(ValueError):
        E.roll_options(7)


def test_yellow_8_plus_5_reaches_the_negotiation_field():
    assert E.negotiation_reached(8, 5, E.LANE_LENGTHS["yellow"])
    assert not E.negotiation_reached(8, 4, 12)
    assert E.overshoots(8, 6, 12) and not E.overshoots(8, 5, 12)


@given(st.integers(1, 12), rolls, st.integers(8, 14))
def test_a_roll_is_short_exact_or_too_high(position, roll, length):
    if position > length:
        return
    short = position + roll <= length
    assert short + E.negotiation_reached(position, roll, length) + E.overshoots(position, roll, length) == 1


@given(st.integers(1, 12), st.integers(0, 40))
def test_loop_stays_on_the_lane_and_wraps(position, steps):
    new = E.advance_on_loop(position, steps, 12)
    assert 1 <= new <= 12
    assert E.advance_on_loop(position, steps + 12, 12) == new
    assert E.advance_on_loop(12, 1, 12) == 1


def test_meeting_stops_at_the_first_fitting_roll():
    result = E.atom_meeting(8, 6, [5, 5, 5], 12)
    assert result == E.MeetingResult(True, 1, "negotiation", 0)


def test_failed_meeting_moves_x_on_and_the_bomb_forward():
    assert E.atom_meeting(8, 6, [1, 3, 6], 12) == E.MeetingResult(False, 3, 2, 1)
    assert E.atom_meeting(8, 6, [1, 3, 6], 12, meeting_move="y-first-roll").position == 9
    with pytest.raises(ValueError):
        E.atom_meeting(8, 5, [1, 2, 3], 12)  # exact roll: no meeting
    with pytest.raises(ValueError):
        E.atom_meeting(8, 6, [1, 2], 12)  # a failure needs three rolls
    with pytest.raises(ValueError):
        E.atom_meeting(8, 6, [1, 2, 3], 12, meeting_move="other")


@given(st.integers(7, 12), rolls, st.lists(rolls, min_size=3, max_size=3))
def test_meeting_succeeds_exactly_when_a_roll_fits(position, first, meeting):
    if not E.overshoots(position, first, 12):
        return
    result = E.atom_meeting(position, first, meeting, 12)
    needed = 13 - position
    assert result.reached == (needed in meeting)
    assert result.bomb == (0 if result.reached else 1)


# --- cooperation deck ------------------------------------------------------------------


@pytest.mark.parametrize("players, sets", [(2, 3), (3, 4), (4, 5), (5, 6), (6, 6)])
def test_sets_per_player_count_with_the_six_player_exception(players, sets):
    assert E.coop_sets(players) == sets
    deck = E.coop_deck(players)
    assert Counter(deck) == {v: sets for v in range(1, 6)}
    assert E.coop_deck_size(players) == 5 * sets
    assert E.coop_deck_size(players, with_sixes=True) == 6 * sets
    assert E.coop_field_cards(players) == (0 if players == 6 else 5)


def test_deck_never_needs_more_than_the_box():
    for players in range(2, 7):
        assert E.coop_deck_size(players, with_sixes=True) <= 36
    with pytest.raises(ValueError):
        E.coop_deck(7)


# --- D. crisis ---------------------------------------------------------------------------


def test_crisis_outcomes():
    assert E.crisis("1", 3) == E.CrisisResult(-1, 0, -3, 0, 2)
    assert E.crisis("2a", 5) == E.CrisisResult(2, 2, 2, 2, -1)
    assert E.crisis("2b", 1, y_steps=2) == E.CrisisResult(-2, 2, 0, 3, 3)
    with pytest.raises(ValueError):
        E.crisis("2b", 4, y_steps=4)
    with pytest.raises(ValueError):
        E.crisis("3", 4)
    with pytest.raises(ValueError):
        E.crisis("1", 7)


@given(st.integers(1, 6), st.integers(1, 3))
def test_crisis_payments_follow_the_card(value, y_steps):
    assert E.crisis("1", value).x_money == -value
    assert E.crisis("2b", value, y_steps=y_steps).y_money == value + 2


# --- E. monopoly --------------------------------------------------------------------------


def test_monopoly_payout_and_bomb_moves():
    assert E.monopoly_payout("red-10", 4) == 8
    assert [E.monopoly_bomb_moves(f) for f in ("yellow-10", "blue-8", "red-10")] == [1, 2, 2]
    with pytest.raises(ValueError):
        E.monopoly_bomb_moves("yellow-9")


def test_monopoly_choices_per_reading():
    assert E.monopoly_choices(2, 1, 3, monopoly_choices="short-rules") == ["collect", "nothing"]
    assert E.monopoly_choices(2, 1, 3, monopoly_choices="rule-e") == ["collect"]
    assert E.monopoly_choices(0, 3, 3) == ["collect", "accuse"]
    assert E.monopoly_choices(3, 9, 3) == ["extra-turn"]
    assert E.monopoly_broken(3) and not E.monopoly_broken(2)
    assert E.accusation_price(4) == 4 and E.accusation_price(4, on_green_1=True) == 8


# --- F. negotiation --------------------------------------------------------------------------


def test_negotiation_rolls():
    assert E.negotiation(1) == E.negotiation(2) == (0, 2)
    assert [E.negotiation(r) for r in range(3, 7)] == [(r, -1) for r in range(3, 7)]


def test_negotiation_probabilities_sum_to_one():
    dist = E.negotiation_distribution()
    assert sum(dist.values()) == 1
    assert dist[(0, 2)] == Fraction(1, 3)


# --- G. bomb -------------------------------------------------------------------------------------


@given(st.integers(0, 24), st.lists(st.integers(-10, 10), max_size=8), st.sampled_from(E.BOMB_READINGS))
def test_bomb_always_stays_on_the_spiral(position, moves, reading):
    assert 0 <= E.bomb_turn(position, moves, reading) <= 24
    for fields in moves:
        assert 0 <= E.move_bomb(position, fields, reading) <= 24


@given(st.integers(1, 24), st.lists(st.integers(0, 5), min_size=1, max_size=6))
def test_capped_reading_moves_at_most_one_forward_per_turn(position, moves):
    assert position - E.bomb_turn(position, moves, "cap-one-per-turn") <= 1
    assert E.bomb_turn(position, moves, "as-stated") == max(0, position - sum(moves))


def test_bomb_limits_and_zero():
    assert E.move_bomb(23, -2) == 24
    assert E.move_bomb(1, 5) == 0 and E.game_lost(0) and not E.game_lost(1)
    assert E.bomb_turn(1, [2, -5]) == 0  # Zero ends the game at once
    with pytest.raises(ValueError):
        E.move_bomb(25, 1)
    with pytest.raises(ValueError):
        E.move_bomb(10, 1, bomb_moves="other")


def test_red_fields_once_per_game():
    for field in E.RED_FIELDS:
        assert E.red_field_triggered(field, already_used=False)
        assert not E.red_field_triggered(field, already_used=True)
        assert E.red_field_success(field) == min(24, field + 5)
    assert not E.red_field_triggered(max(E.RED_FIELDS) + 1, already_used=False)
    assert E.disarmament_possible(E.DANGER_FIELD) and not E.disarmament_possible(E.DANGER_FIELD + 1)


# --- H. no money -------------------------------------------------------------------------------


@given(st.integers(0, 50), st.integers(0, 20), st.booleans(), st.sampled_from(["double", "plain"]))
def test_payment_never_goes_negative(balance, amount, helped, reading):
    result = E.pay(balance, amount, helped=helped, broke_help=reading)
    assert result.balance >= 0
    if balance >= amount:
        assert result == E.Payment(balance - amount, 0, 0)
    elif helped:
        assert result.bomb == 0 and result.helpers_pay == (2 if reading == "double" else 1) * amount
    else:
        assert result == E.Payment(0, 1, 0)


# --- I. green lane -------------------------------------------------------------------------------


def test_hatched_fields_send_back_to_green_1():
    for field in range(1, E.GREEN_LENGTH + 1):
        hatched = field in E.GREEN_HATCHED
        assert E.green_landing(field, False) == ((1, 1) if hatched else (field, 0))
        assert E.green_landing(field, True) == (field, 0)
        assert E.may_accuse_instead_of_moving(field) == (not hatched)


# --- J. winning ------------------------------------------------------------------------------------


def test_goal_attempts():
    assert E.goal_attempt(3, [3], swap_done=False) == E.GoalAttempt("win", 3)
    assert E.goal_attempt(3, [6, 5, 4], swap_done=False).outcome == "swap"
    assert E.goal_attempt(3, [6, 5, 4], swap_done=True) == E.GoalAttempt("back", -4)
    with pytest.raises(ValueError):
        E.goal_attempt(3, [6, 5], swap_done=True)


@given(st.lists(st.text(min_size=1, max_size=3), min_size=2, max_size=6, unique=True))
def test_position_swap_pairs_front_with_back(order):
    swapped = E.position_swap(order)
    n = len(order)
    for i, player in enumerate(order):
        assert swapped[n - 1 - i] == player
    assert E.position_swap(swapped) == order
    if n % 2:
        assert swapped[n // 2] == order[n // 2]
    assert set(E.swap_compensation(order)) == set(order[: n // 2])


def test_all_win_thresholds():
    assert [E.all_win_threshold(n) for n in range(2, 7)] == [6, 9, 12, 15, 18]
    assert not E.all_win(2, [3, 3]) and E.all_win(2, [3, 4])
    with pytest.raises(ValueError):
        E.all_win(3, [6, 6])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_win_probability_matches_enumeration(players):
    throws = list(itertools.product(range(1, 7), repeat=players))
    wins = sum(sum(t) > E.all_win_threshold(players) for t in throws)
    assert E.all_win_probability(players) == Fraction(wins, len(throws))


@pytest.mark.parametrize("dice", range(1, 7))
def test_dice_sum_probabilities_sum_to_one(dice):
    dist = E.dice_sum_distribution(dice)
    assert sum(dist.values()) == 1
    assert min(dist) == dice and max(dist) == 6 * dice


def test_probabilities_rise_with_players():
    values = [E.all_win_probability(n) for n in range(2, 7)]
    assert values == sorted(values) and all(Fraction(1, 2) < v < 1 for v in values)


def test_track_index_counts_negotiation_fields_once():
    assert E.track_index("yellow", 13) == E.track_index("blue", 0) == 13
    assert E.track_index("green", E.GREEN_LENGTH + 1) == E.GOAL_INDEX
    assert E.advance_by_money(E.GOAL_INDEX - 3, 5, E.GOAL_INDEX) == (E.GOAL_INDEX, 2)
    assert E.advance_by_money(10, 2, E.GOAL_INDEX) == (12, 0)


# --- content agrees with the engine -----------------------------------------------------------


def _board(content):
    return content.game.boards[0]


def test_board_lanes_match_engine_constants(content):
    board = _board(content)
    by_group = Counter(s.group for s in board.spaces if s.number is not None and s.group != "spiral")
    assert {g: by_group[g] for g in E.LANE_LENGTHS} == E.LANE_LENGTHS
    assert by_group["green"] == E.GREEN_LENGTH
    types = {s.id: s.type for s in board.spaces}
    assert {i for i, t in types.items() if t == "monopoly"} == set(E.MONOPOLY_BOMB_MOVES)
    assert {int(i.split("-")[1]) for i, t in types.items() if t == "hatched"} == set(E.GREEN_HATCHED)
    assert {int(i.split("-")[1]) for i, t in types.items() if t == "spiral-red"} == set(E.RED_FIELDS)
    assert types[f"bomb-{E.DANGER_FIELD}"] == "danger" and types["green-1"] == "action"
    spiral = [s for s in board.spaces if s.group == "spiral"]
    assert len(spiral) == E.BOMB_START + 1


def test_board_spaces_are_inside_and_do_not_overlap(content):
    board = _board(content)
    boxes = []
    for s in board.spaces:
        w, h = s.size or board.space_size
        x, y = s.pos
        assert w / 2 <= x <= board.size.width - w / 2 and h / 2 <= y <= board.size.height - h / 2, s.id
        boxes.append((s.id, x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    for (a, ax0, ay0, ax1, ay1), (b, bx0, by0, bx1, by1) in itertools.combinations(boxes, 2):
        assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, f"{a} overlaps {b}"


def test_reconstructed_spaces_are_marked(content):
    for s in _board(content).spaces:
        if s.type in ("crisis", "monopoly", "hatched", "spiral-red", "danger") or (
            s.type == "action" and s.id != "green-1"
        ):
            assert s.provenance is not None and s.provenance.marked, s.id


def test_components_match_the_seed(content):
    comps = {c.id: c for c in content.game.components}
    coop = comps["cooperation"]
    assert Counter(c.values["value"] for c in coop.cards) == {v: 6 for v in range(1, 7)}
    assert all(c.text.de == c.text.en == str(c.values["value"]) for c in coop.cards)  # the big printed value
    assert comps["action"].total() == 24 and comps["action"].provenance.kind == "unknown"
    assert all(c.text is None for c in comps["action"].cards)
    assert comps["money"].total() == 50 and comps["accusation-chips"].total() == 10
    assert comps["accusation-chips"].total() >= 3 * len(E.MONOPOLY_BOMB_MOVES)


# --- worked examples of the rule texts --------------------------------------------------------


def _namespace(content, example):
    """The example's namespace under its readings (`:reading:` on top of the chosen ones)."""
    return namespace(content, E, readings=example.readings())


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rule_examples_run(content, lang):
    parser, failures = doctest.DocTestParser(), []
    examples = content.rules[lang].examples
    assert len(examples) >= 25
    for example in examples:
        test = parser.get_doctest(example.source, _namespace(content, example), example.id, example.path, example.line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        result = runner.run(test, out=failures.append)
        assert result.attempted > 0
    assert not failures, "".join(failures)


def test_examples_are_the_same_in_both_languages(content):
    de, en = content.rules["de"], content.rules["en"]
    assert [e.id for e in de.examples] == [e.id for e in en.examples]
    uncaptioned = [[(code_of(s.code), s.expected) for s in steps(e.source)] for e in de.examples + en.examples]
    assert uncaptioned[: len(de.examples)] == uncaptioned[len(de.examples) :]  # captions are each language's words
    assert any(d.source != e.source for d, e in zip(de.examples, en.examples))  # the captions differ
    assert all(e.caption for e in de.examples + en.examples)


def test_engine_options_are_readings_the_engine_accepts(content):
    opts = content.game.engine_options
    assert E.move_bomb(20, 2, bomb_moves=opts["bomb_moves"]) in (18, 19)
    E.atom_meeting(8, 6, [1, 1, 1], 12, meeting_move=opts["meeting_move"])
    E.monopoly_choices(0, 0, 3, monopoly_choices=opts["monopoly_choices"])
    E.goal_attempt(3, [6, 6, 6], True, swap_once=opts["swap_once"])
    E.pay(0, 3, helped=True, broke_help=opts["broke_help"])
    readings = {a.engine_option: {r.id for r in a.readings} for a in content.game.ambiguities if a.engine_option}
    assert set(opts) == set(readings)


def _numbers(text):
    return sorted(re.findall(r"\d+", text))


def test_both_languages_state_the_same_numbers(content):
    de, en = content.rules["de"], content.rules["en"]
    assert [s.id for s in de.sections] == [s.id for s in en.sections]
    for section in de.sections:
        other = en.section(section.id)
        assert _numbers("\n".join(section.paragraphs())) == _numbers("\n".join(other.paragraphs())), section.id
    quick = {lang: (GAME / f"quickref.{lang}.md").read_text(encoding="utf-8") for lang in ("de", "en")}
    assert _numbers(quick["de"]) == _numbers(quick["en"])


def test_glossary_references_use_the_term_or_an_alias(content):
    terms = {t.id: t for t in content.game.glossary}
    for lang, text in content.rules.items():
        for section in text.sections:
            for shown, term_id in term_refs(section.body):
                term = terms[term_id]
                accepted = {getattr(term, lang).lower()} | {a.lower() for a in term.aliases.get(lang, [])}
                assert shown.strip('"„“').lower() in accepted, (lang, section.id, shown)


# --- Components, start, action fields, refresh, chips, red field, green lane, winning ------------


def test_component_counts_and_player_range_equal_the_content(content):
    counts = {c.id: c.count for c in content.game.components}
    assert counts == E.COMPONENTS
    assert (content.game.players.min, content.game.players.max) == E.PLAYERS
    money = next(c for c in content.game.components if c.id == "money")
    assert sum(d.count for d in money.denominations) == 50


@pytest.mark.parametrize("players", range(2, 7))
def test_start_money_always_fits_the_box(players):
    deal = E.start_money(players)
    assert deal["each"] == 5 and deal["dealt"] + deal["bank"] == 50 and deal["bank"] >= 20


def test_start_player_and_ties():
    assert E.start_player({"A": 1, "B": 2}) == "B"
    assert E.start_player({"A": 5, "B": 5, "C": 5}) == ("A", "B", "C")
    assert E.turn_order([1, 2, 3], 3) == [3, 1, 2]
    with pytest.raises(ValueError):
        E.start_player({"A": 7})


def test_action_deck_cycles_back_to_its_first_card():
    deck = tuple(f"a{i}" for i in range(1, 25))
    drawn = []
    for _ in range(25):
        card, deck = E.draw_action(deck)
        drawn.append(card)
    assert drawn[:24] == [f"a{i}" for i in range(1, 25)] and drawn[24] == "a1" and len(deck) == 24


def test_coop_refresh_under_both_readings_keeps_every_card():
    # reshuffle: 5 played + 5 on the field become 5 in hand + 5 on the field, deterministic by seed
    first = E.refresh_coop([5, 4, 3, 2, 1], [], [1, 1, 2, 3, 4], seed=3)
    again = E.refresh_coop([5, 4, 3, 2, 1], [], [1, 1, 2, 3, 4], seed=3)
    assert first == again and len(first[0]) == 5 and first[1] == ()
    assert sorted(first[0] + first[2]) == sorted([5, 4, 3, 2, 1, 1, 1, 2, 3, 4])
    # not due: nothing changes
    assert E.refresh_coop([1, 2], [3, 4, 5], [9]) == ((3, 4, 5), (1, 2), (9,))
    # turn-over: only a complete set comes back, twice in a row
    hand, face_up, field = E.refresh_coop([1, 2, 3, 4, 5, 1, 2, 3, 4, 5], [], [], coop_refresh="turn-over")
    assert hand == (1, 2, 3, 4, 5) and sorted(face_up) == [1, 2, 3, 4, 5]
    assert E.refresh_coop(face_up, hand, field, coop_refresh="turn-over")[0] == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5)
    assert not E.coop_refresh_due([1, 2, 3, 4, 6], [], coop_refresh="turn-over")
    with pytest.raises(ValueError, match="unknown reading"):
        E.coop_refresh_due([], [], coop_refresh="never")


def test_field_instructions_void_from_four_players():
    assert [E.field_instruction_applies(True, n) for n in range(2, 7)] == [True, True, False, False, False]
    assert all(E.field_instruction_applies(False, n) for n in range(2, 7))


def test_chips_and_spots(content):
    board = content.game.boards[0]
    monopoly_spaces = [s for s in board.spaces if s.type == "monopoly"]
    assert len(monopoly_spaces) == len(E.MONOPOLY_FIELDS) == 3
    assert E.chips_left(0) == (10, 9) and E.chips_left(9) == (1, 0)
    assert E.chips_left(10, accusation_spots="ten-spots") == (0, 0)
    with pytest.raises(ValueError):
        E.chips_left(10)


def test_red_field_event_once_and_readings():
    for position in range(0, 25):
        event = E.red_field_event(position, 2, [2], steps=7)
        assert event.triggered == (position in E.RED_FIELDS)
        assert event.bomb_position == (min(24, position + 5) if event.triggered else position)
    assert E.red_field_event(9, 2, [2], red_field_mover="leading-player").mover == "leading"
    assert not E.red_field_event(9, 2, [2], already_used=True).triggered
    for bad in ({"named": 6}, {"named": 2, "steps": 4}):
        with pytest.raises(ValueError):
            E.red_field_event(9, asked_hand=[2], **{"named": 2, **bad})


def test_green_lane_is_drawn_right_to_left_in_the_order_of_play(content):
    board = content.game.boards[0]
    green = sorted((s for s in board.spaces if s.group == "green" and s.number), key=lambda s: s.number)
    xs = [s.pos[0] for s in green]
    assert E.GREEN_DIRECTION == "right-to-left" and xs == sorted(xs, reverse=True) and len(green) == E.GREEN_LENGTH
    assert E.green_move(1, 6) == 7


def test_who_may_win_before_all_monopolies_are_broken():
    assert E.win_allowed("one-wins", True) and E.win_allowed("all-win", True)
    assert not E.win_allowed("one-wins", False) and E.win_allowed("all-win", False)
    assert not E.win_allowed("all-win", False, win_requires_broken="every-win")


def test_all_win_ranking_ties_and_money_at_the_goal():
    goal = E.GOAL_INDEX
    positions = {"A": goal - 2, "B": goal - 2, "C": goal - 10}
    assert E.all_win_ranking(positions, {"A": 1, "B": 1, "C": 20}) == [("C",), ("A", "B")]
    assert E.all_win_ranking(positions, {"A": 1, "B": 1, "C": 20}, all_win_ranking="position-only") == [
        ("A", "B"),
        ("C",),
    ]
    peace = E.world_peace_reached("A", {"A": goal, "B": goal - 1}, {"A": 0, "B": 0}, peace_winner="all-win-most-peace")
    assert peace == E.PeaceResult(("A", "B"), "A")


def test_all_win_agreement_readings():
    assert E.all_win(2, [4, 3]) and E.all_win(2, [4, 3], agreed=False)  # rule J: the dice alone
    assert not E.all_win(2, [], agreed=False, all_win_agreement="all-agree")
    assert E.all_win(2, [], all_win_agreement="all-agree")
    assert not E.all_win(2, [6, 6], agreed=False, all_win_agreement="agree-and-roll")
    assert not E.all_win(2, [3, 3], all_win_agreement="agree-and-roll")


def test_six_player_deck_and_refusal_payment_readings():
    assert E.coop_sets(6) == 6 and E.coop_sets(6, six_player_deck="seven-sets") == 7
    assert E.coop_sets(3, six_player_deck="seven-sets") == E.coop_sets(3) == 4
    assert "refusal_payment" not in E.crisis.__code__.co_varnames  # both readings pay the same: no option


def test_level_pawns_at_the_front_name_the_number_by_turn_order_or_money():
    seats = ["Anna", "Ben", "Cem", "Dora"]
    level = {"Anna": 22, "Ben": 22, "Cem": 5, "Dora": 3}
    assert E.red_field_caller(level, seats, "Cem") == "Anna"  # Cem, Dora, then Anna
    assert E.red_field_caller(level, seats, "Ben") == "Ben"  # the player on turn first
    money = {"Anna": 1, "Ben": 2}
    assert E.red_field_caller(level, seats, "Cem", money, red_field_caller="money") == "Ben"
    assert E.red_field_caller(level, seats, "Cem", {}, red_field_caller="money") == "Anna"  # equal money
    assert E.red_field_caller({**level, "Dora": 30}, seats, "Cem") == "Dora"  # no tie: the pawn ahead
    with pytest.raises(ValueError):
        E.red_field_caller({"Anna": 1}, seats, "Cem")
    with pytest.raises(ValueError):
        E.red_field_caller(level, seats, "Cem", red_field_caller="dice")


def test_pawns_sharing_a_field_in_the_position_swap():
    seats = ["Anna", "Ben", "Cem", "Dora"]
    positions = {"Anna": 30, "Ben": 20, "Cem": 5, "Dora": 5}
    assert E.swap_order(positions, seats, "Anna") == ["Anna", "Ben", "Cem", "Dora"]
    assert E.swap_order(positions, seats, "Cem") == ["Cem", "Anna", "Ben", "Dora"]  # the failed player first
    money = {"Cem": 1, "Dora": 4}
    assert E.swap_order(positions, seats, "Anna", money, swap_ties="money") == ["Anna", "Ben", "Dora", "Cem"]
    assert E.position_swap(E.swap_order(positions, seats, "Anna")) == ["Dora", "Cem", "Ben", "Anna"]


@given(st.permutations(["Anna", "Ben", "Cem", "Dora", "Emil"]), st.sampled_from(["Anna", "Ben", "Cem", "Dora", "Emil"]))
def test_the_failed_player_changes_places_with_the_last_wherever_he_stands(seats, failed):
    """Issue 42: the engine swapped the failed player with the last, the glossary the front pawn; now both
    say the failed player (reading failed-player), and front-pawn pairs the pawns by position."""
    positions = {p: 10 * (i + 1) for i, p in enumerate(seats)}  # distinct fields, seats[-1] in front
    last = min(positions, key=positions.get)
    after = E.position_swap(E.swap_order(positions, seats, failed))
    if failed != last:
        assert after[0] == last and after[-1] == failed
    by_position = E.position_swap(E.swap_order(positions, seats, failed, swap_first="front-pawn"))
    assert by_position == sorted(seats, key=positions.get)


def test_who_rolls_and_chooses_after_a_meeting_and_on_the_red_field():
    met = E.atom_meeting(8, 6, [2, 5], lane_length=12)
    failed = E.atom_meeting(8, 6, [1, 3, 6], lane_length=12)
    assert E.meeting_negotiation_roll(met) and not E.meeting_negotiation_roll(failed)
    assert not E.meeting_negotiation_roll(met, meeting_negotiation="no-roll")
    shown = E.red_field_event(8, named=3, asked_hand=[3], steps=7)
    assert E.red_field_step_chooser(shown) == "asked"
    assert E.red_field_step_chooser(shown, red_field_steps="caller-chooses") == "leading"
    leading = E.red_field_event(8, named=3, asked_hand=[3], red_field_mover="leading-player")
    assert E.red_field_step_chooser(leading) == "leading"
    assert E.red_field_step_chooser(E.red_field_event(8, named=2, asked_hand=[3])) is None
    with pytest.raises(ValueError):
        E.red_field_step_chooser(shown, red_field_steps="dice")
    with pytest.raises(ValueError):
        E.meeting_negotiation_roll(met, meeting_negotiation="maybe")


def test_fields_reached_by_moves_that_are_no_roll():
    assert [E.field_applies(m) for m in E.MOVE_KINDS] == [True, True, True, False]
    assert [E.field_applies(m, crisis_fields="ignore") for m in E.MOVE_KINDS] == [True, True, False, False]
    with pytest.raises(ValueError):
        E.field_applies("jump")


def test_the_number_named_on_the_red_field_with_the_sixes_under_both_readings():
    assert E.red_field_numbers() == E.red_field_numbers(red_field_sixes="card-values") == (1, 2, 3, 4, 5)
    assert E.red_field_numbers(with_sixes=True) == (1, 2, 3, 4, 5)
    assert E.red_field_numbers(with_sixes=True, red_field_sixes="card-values") == (1, 2, 3, 4, 5, 6)
    with pytest.raises(ValueError, match="between 1 and 5"):
        E.red_field_event(8, named=6, asked_hand=[6], with_sixes=True)
    event = E.red_field_event(8, named=6, asked_hand=[6], with_sixes=True, red_field_sixes="card-values")
    assert event.success and event.bomb_position == 13
    with pytest.raises(ValueError, match="between 1 and 5"):  # without the sixes no reading allows a 6
        E.red_field_event(8, named=6, asked_hand=[6], red_field_sixes="card-values")
    with pytest.raises(ValueError, match="unknown reading"):
        E.red_field_numbers(True, red_field_sixes="any")
