"""Tests of content/risk: the rules engine, its map constants against boards.yaml,
the components, the worked examples of both rule texts and the quick-reference template."""

from __future__ import annotations

import ast
import re
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2.sandbox import SandboxedEnvironment

from rulepress.check.examples import check_example, code_of
from rulepress.model import load_game
from rulepress.model.engine import load_engine

GAME_DIR = Path(__file__).resolve().parents[2] / "content" / "risk"


def _load_engine():
    """The engine as Rulepress itself loads it."""
    return load_engine(load_game(GAME_DIR))


engine = _load_engine()


@pytest.fixture(scope="module")
def content():
    return load_game(GAME_DIR)


@pytest.fixture(scope="module")
def board(content):
    (board,) = content.game.boards
    return board


# --- cards -------------------------------------------------------------------


def test_trade_in_values_of_sets_1_to_10():
    assert [engine.trade_in_armies(n) for n in range(1, 11)] == [4, 6, 8, 10, 12, 15, 20, 25, 30, 35]


@given(st.integers(min_value=6, max_value=10_000))
def test_every_set_after_the_sixth_is_worth_five_more(n):
    assert engine.trade_in_armies(n + 1) - engine.trade_in_armies(n) == 5


@pytest.mark.parametrize("bad", [0, -1])
def test_trade_in_counts_sets_from_one(bad):
    with pytest.raises(ValueError):
        engine.trade_in_armies(bad)


@given(st.integers(min_value=0, max_value=50))
def test_must_trade_exactly_from_the_hand_limit(hand):
    assert engine.must_trade(hand) == (hand >= 5)


def test_hand_limit_rejects_negative_hands():
    with pytest.raises(ValueError):
        engine.must_trade(-1)


def test_territory_bonus_under_both_readings():
    assert [engine.territory_bonus(n, territory_bonus="per-card") for n in range(4)] == [0, 2, 4, 6]
    assert [engine.territory_bonus(n, territory_bonus="max-two-per-turn") for n in range(4)] == [0, 2, 2, 2]
    assert engine.territory_bonus(3) == 6  # default is the reading the content uses


@pytest.mark.parametrize("args", [(4, "per-card"), (-1, "per-card"), (1, "per-set")])
def test_territory_bonus_rejects_bad_input(args):
    with pytest.raises(ValueError):
        engine.territory_bonus(args[0], territory_bonus=args[1])


def test_default_reading_is_the_one_the_content_chooses(content):
    (amb,) = [a for a in content.game.ambiguities if a.engine_option == "territory_bonus"]
    assert content.game.engine_options["territory_bonus"] == amb.used == "per-card"
    assert {r.id for r in amb.readings} == set(engine.TERRITORY_BONUS_READINGS)
    assert amb.edition_variant


# --- battle --------------------------------------------------------------------


def test_attack_needs_two_armies():
    assert [engine.can_attack(n) for n in range(4)] == [False, False, True, True]


@given(st.integers(min_value=0, max_value=1000))
def test_dice_limits_follow_the_army_requirements(armies):
    attack = engine.max_attack_dice(armies)
    defence = engine.max_defence_dice(armies)
    assert 0 <= attack <= 3 and 0 <= defence <= 2
    assert attack == 0 or armies >= attack + 1  # one army more than dice
    assert attack == min(3, max(0, armies - 1))
    assert (defence == 2) == (armies >= 2)
    assert (attack > 0) == engine.can_attack(armies)


def test_resolve_roll_examples():
    assert engine.resolve_roll([6, 3, 1], [5, 3]) == (1, 1)  # tie on the second pair
    assert engine.resolve_roll([4, 4, 2], [4]) == (1, 0)  # only one pair compared
    assert engine.resolve_roll([1], [6, 6]) == (1, 0)
    assert engine.resolve_roll([2, 6], [1, 5]) == (0, 2)  # dice are sorted before comparing
    assert engine.resolve_roll([3, 3, 3], [3, 3]) == (2, 0)


@pytest.mark.parametrize(
    "attacker, defender", [([], [1]), ([1, 2, 3, 4], [1]), ([1], []), ([1], [1, 2, 3]), ([7], [1]), ([1], [0])]
)
def test_resolve_roll_rejects_impossible_rolls(attacker, defender):
    with pytest.raises(ValueError):
        engine.resolve_roll(attacker, defender)


dice = st.integers(min_value=1, max_value=6)


@given(st.lists(dice, min_size=1, max_size=3), st.lists(dice, min_size=1, max_size=2), st.randoms())
def test_roll_properties(attacker, defender, rnd):
    lost_a, lost_d = engine.resolve_roll(attacker, defender)
    assert lost_a + lost_d == min(len(attacker), len(defender))
    assert lost_a <= 2
    shuffled_a, shuffled_d = attacker[:], defender[:]
    rnd.shuffle(shuffled_a)
    rnd.shuffle(shuffled_d)
    assert engine.resolve_roll(shuffled_a, shuffled_d) == (lost_a, lost_d)
    if max(attacker) <= min(defender):  # the defender wins every tie
        assert lost_d == 0


@given(st.integers(min_value=1, max_value=3), st.integers(min_value=1, max_value=2))
@settings(max_examples=20, deadline=None)
def test_battle_odds_sum_to_one_and_cover_the_compared_pairs(a, d):
    odds = engine.battle_odds(a, d)
    assert sum(odds.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in odds.values())
    assert {x + y for x, y in odds} == {min(a, d)}
    assert list(odds) == sorted(odds)


def test_battle_odds_known_values():
    assert engine.battle_odds(1, 1) == {(0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}
    assert engine.battle_odds(3, 2) == {
        (0, 2): Fraction(2890, 7776),
        (1, 1): Fraction(2611, 7776),
        (2, 0): Fraction(2275, 7776),
    }
    assert engine.battle_odds(2, 2)[(2, 0)] == Fraction(581, 1296)


def _independent_odds(a, d):
    """The probability that the attacker's best die beats the defender's best, by counting maxima."""
    wins = sum(1 for roll in product(range(1, 7), repeat=a + d) if max(roll[:a]) > max(roll[a:]))
    return Fraction(wins, 6 ** (a + d))


@pytest.mark.parametrize("a", [1, 2, 3])
def test_one_pair_odds_match_an_independent_count(a):
    assert engine.battle_odds(a, 1)[(0, 1)] == _independent_odds(a, 1)


@pytest.mark.parametrize("args", [(0, 1), (4, 1), (1, 0), (1, 3)])
def test_battle_odds_rejects_impossible_dice(args):
    with pytest.raises(ValueError):
        engine.battle_odds(*args)


# --- map -----------------------------------------------------------------------


def test_map_has_42_territories_in_6_continents_and_83_borders():
    assert len(engine.TERRITORIES) == len(set(engine.TERRITORIES)) == 42
    sizes = {c: len(members) for c, (_, members) in engine.CONTINENTS.items()}
    assert sizes == {"north-america": 9, "south-america": 4, "europe": 7, "africa": 6, "asia": 12, "australia": 4}
    bonus = {c: b for c, (b, _) in engine.CONTINENTS.items()}
    assert bonus == {"north-america": 5, "south-america": 2, "europe": 5, "africa": 3, "asia": 7, "australia": 2}
    pairs = [frozenset(p) for p in engine.BORDERS]
    assert len(pairs) == len(set(pairs)) == 83
    assert all(len(p) == 2 and p <= set(engine.TERRITORIES) for p in pairs)
    assert engine.SEA_LINKS <= set(pairs)


def test_adjacency_is_symmetric_and_connected():
    for t in engine.TERRITORIES:
        for n in engine.neighbours(t):
            assert t in engine.neighbours(n)
    assert sum(len(engine.neighbours(t)) for t in engine.TERRITORIES) == 2 * 83
    seen, todo = set(), ["alaska"]
    while todo:
        t = todo.pop()
        if t not in seen:
            seen.add(t)
            todo.extend(engine.neighbours(t))
    assert seen == set(engine.TERRITORIES)


def test_seed_neighbour_examples():
    assert engine.neighbours("greenland") == ["iceland", "northwest-territory", "ontario", "quebec"]
    assert len(engine.neighbours("north-africa")) == 6
    assert {"egypt", "western-europe", "brazil"} < set(engine.neighbours("north-africa"))
    assert "kamchatka" in engine.neighbours("alaska")
    with pytest.raises(ValueError):
        engine.neighbours("atlantis")
    with pytest.raises(ValueError):
        engine.is_sea_link("alaska", "siam")


def test_continent_bonus():
    assert engine.continent_bonus(engine.TERRITORIES) == 24
    assert engine.continent_bonus(engine.CONTINENTS["asia"][1][:-1]) == 0
    assert engine.continent_bonus(engine.CONTINENTS["australia"][1] + engine.CONTINENTS["africa"][1]) == 5


territories = st.sampled_from(sorted(engine.TERRITORIES))


@given(st.sets(territories, min_size=1))
def test_fortify_reaches_only_owned_neighbours_and_is_symmetric(owned):
    for start in owned:
        reach = engine.fortify_reachable(start, owned)
        assert set(reach) == set(engine.neighbours(start)) & owned
        for target in reach:
            assert start in engine.fortify_reachable(target, owned)


def test_fortify_over_a_dashed_sea_line_and_not_from_foreign_territory():
    assert engine.fortify_reachable("greenland", {"greenland", "iceland", "quebec", "alberta"}) == ["iceland", "quebec"]
    assert engine.is_sea_link("greenland", "iceland")
    with pytest.raises(ValueError):
        engine.fortify_reachable("siam", {"india"})


def test_elimination():
    assert engine.is_eliminated(0) and engine.is_eliminated(set())
    assert not engine.is_eliminated(1) and not engine.is_eliminated(["siam"])
    with pytest.raises(ValueError):
        engine.is_eliminated(-1)


def test_engine_is_pure_python_without_io():
    tree = ast.parse((GAME_DIR / "engine.py").read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    }
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "collections", "dataclasses", "fractions", "functools", "itertools", "random"}
    called = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert not called & {"open", "print", "input", "exec", "eval"}


# --- the board in boards.yaml equals the engine's map ------------------------------


def test_board_links_equal_engine_borders(board):
    links = [frozenset((l.a, l.b)) for l in board.links]
    assert len(board.links) == 83
    assert set(links) == {frozenset(p) for p in engine.BORDERS}
    assert {frozenset((l.a, l.b)) for l in board.links if l.type == "sea"} == engine.SEA_LINKS
    assert {l.type for l in board.links} == {"land", "sea"}
    assert [(l.a, l.b) for l in board.links if l.wrap] == [("alaska", "kamchatka")]
    assert {t.id: t.style for t in board.link_types} == {"land": "solid", "sea": "dashed"}


def test_board_adjacency_is_symmetric(board):
    adjacency: dict[str, set[str]] = {s.id: set() for s in board.spaces}
    for link in board.links:
        adjacency[link.a].add(link.b)
        adjacency[link.b].add(link.a)
    assert all(a in adjacency[b] for a, ns in adjacency.items() for b in ns)
    assert {t: sorted(ns) for t, ns in adjacency.items()} == {t: engine.neighbours(t) for t in engine.TERRITORIES}


def test_board_groups_are_the_continents(board):
    assert {g.id: g.values["bonus"] for g in board.groups} == {c: b for c, (b, _) in engine.CONTINENTS.items()}
    members = {c: {s.id for s in board.spaces if s.group == c} for c in engine.CONTINENTS}
    assert members == {c: set(ms) for c, (_, ms) in engine.CONTINENTS.items()}
    assert board.size.width == 594 and board.size.height == 420


def test_every_territory_is_a_real_outline_inside_the_board(board):
    """42 regions drawn from Natural Earth coastlines: many vertices each, inside the board, none overlapping."""
    from rulepress.layout import regions

    shapes = {}
    for s in board.spaces:
        assert s.outline, s.id
        points = sum(len(ring) for ring in s.outline)
        assert points >= 15, (s.id, points)
        x0, y0, x1, y1 = regions.bounds(s.outline)
        assert 0 <= x0 and x1 <= board.size.width and 0 <= y0 and y1 <= board.size.height
        shapes[s.id] = regions.geometry(s.outline)
        assert shapes[s.id].area > 20, s.id  # mm²: even Iceland is a visible island
    assert sum(len(ring) for s in board.spaces for ring in s.outline) > 4000
    ids = sorted(shapes)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            assert shapes[a].intersection(shapes[b]).area < 0.5, (a, b)


def test_drawn_borders_are_exactly_the_83_declared_borders(board):
    """Land links share an edge, sea links cross water, and no two territories touch without a link."""
    from rulepress.layout.mapcheck import touching

    touch = set(touching({s.id: s.outline for s in board.spaces}))
    land = {frozenset((l.a, l.b)) for l in board.links if l.type == "land"}
    sea = {frozenset((l.a, l.b)) for l in board.links if l.type == "sea"}
    assert len(land) + len(sea) == 83
    assert touch == land
    assert not touch & sea


# --- components ---------------------------------------------------------------------


def test_territory_deck(content, board):
    deck = next(c for c in content.game.components if c.id == "territory-cards")
    assert deck.count == deck.total() == 44
    names = {s.id: s.name for s in board.spaces}
    groups = {g.id: g.name for g in board.groups}
    continent_of = {t: c for c, (_, ms) in engine.CONTINENTS.items() for t in ms}
    territory_cards = [c for c in deck.cards if c.id in names]
    assert len(territory_cards) == 42
    assert Counter(c.values["symbol"].en for c in territory_cards) == {"Infantry": 14, "Cavalry": 14, "Artillery": 14}
    for card in territory_cards:
        assert card.values["territory"] == names[card.id]
        assert card.values["continent"] == groups[continent_of[card.id]]
        assert card.provenance.kind == "reconstructed" and "round-robin" in card.provenance.note
    (wild,) = [c for c in deck.cards if c.id not in names]
    assert wild.qty == 2
    assert deck.provenance.kind == "public"


def test_counted_components(content):
    comps = {c.id: c for c in content.game.components}
    assert comps["dice"].count == 5
    # the count is not in the sources: printed as a generous set, its values and colours reconstructed
    assert comps["armies"].count_unknown and comps["armies"].provenance.kind == "reconstructed"
    assert comps["mission-cards"].provenance.kind == "public"
    assert comps["board"].board == "map"
    assert (content.game.players.min, content.game.players.max) == (2, 6)


# --- worked examples of the rule texts --------------------------------------------------


def test_examples_are_the_same_in_both_languages(content):
    de, en = content.rules["de"], content.rules["en"]
    assert [e.id for e in de.examples] == [e.id for e in en.examples]
    assert [s.id for s in de.sections] == [s.id for s in en.sections]
    for a, b in zip(de.examples, en.examples):
        assert a.readings() == b.readings(), a.id  # labels (:labels:) are each language's own words
        assert len(a.options.get("labels", "").split("|")) == len(b.options.get("labels", "").split("|")), a.id
        assert a.caption and b.caption, f"{a.id} needs a sentence before it"
    module = load_engine(content)
    for a, b in zip(de.examples, en.examples):  # same code, same language-neutral outcome (refusals, localized results)
        sa, sb = check_example(content, module, a).statements, check_example(content, module, b).statements
        assert [(code_of(s.source), s.outcome) for s in sa] == [(code_of(s.source), s.outcome) for s in sb], a.id


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_worked_example_passes(content, lang):
    examples = content.rules[lang].examples
    assert len(examples) >= 20
    module = load_engine(content)
    for example in examples:  # as `rulepress check examples` runs them (refusals, localized results, readings)
        result = check_example(content, module, example)
        assert result.passed, result.message()


# --- quick reference template ------------------------------------------------------------


def _percent(lang):
    def fmt(value, digits=1):
        text = f"{float(value) * 100:.{digits}f}"
        return f"{text.replace('.', ',')} %" if lang == "de" else f"{text}%"

    return fmt


@pytest.mark.parametrize("lang", ["de", "en"])
def test_quickref_template_prints_the_engine_odds(content, lang):
    env = SandboxedEnvironment()
    env.filters["percent"] = _percent(lang)
    text = env.from_string(content.quickref_texts[("summary", lang)]).render(
        engine=engine, lang=lang, game=content.game
    )
    rows = [line for line in text.splitlines() if re.match(r"^\| [123] : [12] \|", line)]
    assert len(rows) == 6
    for row, (a, d) in zip(rows, [(a, d) for a in (1, 2, 3) for d in (1, 2)]):
        odds = engine.battle_odds(a, d)
        for p in odds.values():
            assert _percent(lang)(p) in row
    for n in range(1, 6):
        assert f"| {n} | {engine.trade_in_armies(n)} | {n + 5} | {engine.trade_in_armies(n + 5)} |" in text
    assert "| 5 | 12 | 10 | 35 |" in text


# --- trading: the count of sets, the draw pile and the hand limit ------------------


def test_ninth_and_tenth_set_and_every_later_one():
    assert engine.trade_in_armies(9) == 30 and engine.trade_in_armies(10) == 35
    # 20 sets traded by three players in turn: the count runs over the whole game
    values = engine.trade_values(["A", "B", "C"] * 6 + ["A", "B"])
    assert values[8:10] == [30, 35] and values[-1] == 15 + 5 * 14


def test_literal_player_count_only_moves_on_for_new_players():
    assert engine.trade_values(["A", "A", "A"], set_count="players") == [4, 4, 4]
    assert engine.trade_values(["A", "B", "A", "C", "B", "D"], set_count="players") == [4, 6, 6, 8, 8, 10]
    with pytest.raises(ValueError, match="unknown reading"):
        engine.trade_values(["A"], set_count="per-player")


def test_empty_pile_refilled_twice_keeps_every_card_once():
    piles = engine.CardPiles(draw=("a", "b"))
    first, piles = engine.draw_card(piles)
    second, piles = engine.draw_card(piles)
    assert (first, second, piles) == ("a", "b", engine.CardPiles())
    piles = engine.set_aside(piles, ["a", "b", "w"])  # a set is traded: the cards leave the game
    refill_one = []
    for _ in range(3):
        card, piles = engine.draw_card(piles, seed=1)
        refill_one.append(card)
    assert sorted(refill_one) == ["a", "b", "w"] and piles == engine.CardPiles()
    piles = engine.set_aside(piles, ["c", "d", "e"])
    card, piles = engine.draw_card(piles, seed=2)  # the second refill
    assert sorted((card,) + piles.draw) == ["c", "d", "e"] and piles.traded == ()
    assert engine.draw_card(engine.CardPiles(draw=("z",), traded=("a",))) == ("z", engine.CardPiles(traded=("a",)))


def test_refill_twice_as_traded_and_shuffled_is_deterministic():
    piles = engine.set_aside(engine.CardPiles(), ["c1", "c2", "c3", "c4"])
    order = []
    for _ in range(4):
        card, piles = engine.draw_card(piles, reuse_order="as-traded")
        order.append(card)
    assert order == ["c1", "c2", "c3", "c4"] and piles == engine.CardPiles()
    piles = engine.set_aside(piles, order)  # traded again: the second refill
    again = [engine.draw_card(piles, reuse_order="as-traded")[0]]
    assert again == ["c1"]
    shuffled_a = engine.draw_card(engine.set_aside(engine.CardPiles(), order), seed=7)[1].draw
    shuffled_b = engine.draw_card(engine.set_aside(engine.CardPiles(), order), seed=7)[1].draw
    assert shuffled_a == shuffled_b and len(shuffled_a) == 3
    assert engine.draw_card(engine.CardPiles()) == (None, engine.CardPiles())


@pytest.mark.parametrize("reading, largest", [("five-at-all-times", 5), ("english-1993", 6)])
def test_hand_never_exceeds_its_limit_over_many_turns(reading, largest):
    """Turn after turn: trade when forced, take one card; the hand stays within the limit."""
    hand = 0
    for turn in range(40):
        if engine.must_trade(hand):
            hand -= 3
        assert engine.may_take_card(hand, hand_limit=reading)
        hand += 1
        assert hand <= largest
        gained = 4 if turn == 20 else 0  # an eliminated opponent hands over his cards
        hand += gained
        hand -= 3 * engine.sets_to_trade(hand, hand_limit=reading)
        assert hand <= (5 if reading == "five-at-all-times" else 6)
    assert not engine.may_take_card(5) and engine.may_take_card(5, hand_limit="english-1993")


def test_sets_to_trade_by_reading():
    assert [engine.sets_to_trade(n) for n in range(12)] == [0] * 6 + [1, 1, 1, 2, 2, 2]
    assert [engine.sets_to_trade(n, hand_limit="english-1993") for n in range(12)] == [0] * 6 + [1, 1, 2, 2, 2, 3]
    with pytest.raises(ValueError):
        engine.sets_to_trade(-1)


# --- fortifying --------------------------------------------------------------------------


def test_fortify_in_many_territories_at_once_and_one_step_only():
    armies = {"greenland": 4, "iceland": 3, "quebec": 1, "scandinavia": 1}
    after = engine.fortify(armies, [("greenland", "quebec", 3), ("iceland", "scandinavia", 2)])
    assert after == {"greenland": 1, "iceland": 1, "quebec": 4, "scandinavia": 3}
    assert sum(after.values()) == sum(armies.values())
    # armies that arrived in Iceland may not move on to Scandinavia
    with pytest.raises(ValueError, match="only 0 armies of 'iceland'"):
        engine.fortify(
            {"greenland": 4, "iceland": 1, "scandinavia": 1},
            [("greenland", "iceland", 2), ("iceland", "scandinavia", 1)],
        )


def test_fortify_refuses_fighters_strangers_and_non_neighbours():
    armies = {"greenland": 4, "iceland": 1, "alberta": 1}
    with pytest.raises(ValueError, match="only 1 armies"):
        engine.fortify(armies, [("greenland", "iceland", 2)], fought={"greenland": 2})
    with pytest.raises(ValueError, match="do not border"):
        engine.fortify(armies, [("greenland", "alberta", 1)])
    with pytest.raises(ValueError, match="own territories"):
        engine.fortify(armies, [("greenland", "quebec", 1)])
    with pytest.raises(ValueError, match="one fortifying move"):
        engine.fortify(armies, [("greenland", "iceland", 1), ("greenland", "iceland", 1)], fortify_moves="one-move")
    assert engine.fortify(armies, [("greenland", "iceland", 3)], fortify_moves="one-move")["iceland"] == 4


def test_placed_reinforcements_are_locked_only_by_the_literal_reading():
    armies = {"ural": 6, "siberia": 1}
    assert engine.movable_armies(armies, placed={"ural": 3}) == {"ural": 5, "siberia": 0}
    assert engine.movable_armies(armies, placed={"ural": 3}, took_part="fought-or-placed") == {"ural": 2, "siberia": 0}
    assert (
        engine.movable_armies(armies, fought={"ural": 4}, placed={"ural": 3}, took_part="fought-or-placed")["ural"] == 0
    )


def test_player_count_and_cards_equal_the_content(content):
    assert (content.game.players.min, content.game.players.max) == engine.PLAYERS
    deck = next(c for c in content.game.components if c.id == "territory-cards")
    assert deck.count == engine.TERRITORY_CARDS + engine.WILD_CARDS


def test_first_two_sets_are_public_or_unknown():
    assert [engine.trade_in_armies(n, first_sets="unknown") for n in (1, 2, 3)] == [None, None, 8]
    assert [engine.trade_in_armies(n) for n in (1, 2)] == [4, 6]


def test_attack_targets_under_both_readings_of_the_north_africa_list():
    assert engine.attack_targets("north-africa") == engine.neighbours("north-africa")
    assert engine.attack_targets("north-africa", north_africa_targets="exhaustive") == [
        "brazil",
        "egypt",
        "western-europe",
    ]
    assert engine.attack_targets("greenland", north_africa_targets="exhaustive") == engine.neighbours("greenland")


def test_armies_moving_into_a_captured_territory_under_both_readings():
    assert engine.occupy_range(4, 3) == (3, 3)
    assert engine.occupy_range(4, 3, occupy="at-least-one") == (1, 3)
    assert engine.occupy_range(2, 1) == engine.occupy_range(2, 1, occupy="at-least-one") == (1, 1)
    for armies, dice in [(3, 3), (1, 1), (5, 0)]:  # more dice than the armies allow, or none
        with pytest.raises(ValueError):
            engine.occupy_range(armies, dice)
    with pytest.raises(ValueError):
        engine.occupy_range(6, 3, occupy="all")


def test_cards_of_an_eliminated_player_go_to_the_eliminator_or_aside():
    piles = engine.CardPiles(draw=("china",), traded=("ural",))
    hand, after = engine.take_cards(["alaska", "peru"], ["egypt", "wild", "siam", "japan"], piles)
    assert hand == ("alaska", "peru", "egypt", "wild", "siam", "japan") and after == piles
    assert engine.sets_to_trade(len(hand)) == 1
    hand, after = engine.take_cards(["alaska"], ["egypt", "wild"], piles, eliminated_cards="set-aside")
    assert hand == ("alaska",) and after == engine.CardPiles(draw=("china",), traded=("ural", "egypt", "wild"))
    with pytest.raises(ValueError):
        engine.take_cards([], [], piles, eliminated_cards="burned")


def test_one_territory_splits_its_armies_only_under_the_split_reading():
    armies = {"greenland": 6, "iceland": 1, "quebec": 1, "ontario": 1}
    split = [("greenland", "iceland", 2), ("greenland", "quebec", 2)]
    assert engine.fortify(armies, split) == {"greenland": 2, "iceland": 3, "quebec": 3, "ontario": 1}
    assert not engine.may_fortify(armies, split, fortify_targets="one-target")
    with pytest.raises(ValueError, match="'greenland' sends armies into more than one"):
        engine.fortify(armies, split, fortify_targets="one-target")
    # two moves into the same neighbour, and moves out of different territories, stay allowed
    armies["quebec"] = 3
    same = [("greenland", "iceland", 2), ("greenland", "iceland", 1), ("quebec", "ontario", 2)]
    after = engine.fortify(armies, same, fortify_targets="one-target")
    assert after == {"greenland": 3, "iceland": 4, "quebec": 1, "ontario": 3}
    with pytest.raises(ValueError, match="unknown reading"):
        engine.may_fortify(armies, split, fortify_targets="any")


def test_a_set_is_traded_mid_turn_only_over_the_limit_or_under_the_own_turn_reading():
    for phase in engine.TRADE_PHASES:
        assert engine.may_trade(phase, trade_time="own-turn")
        assert engine.may_trade(phase, over_limit=True)
        assert engine.may_trade(phase) == (phase == "start")
    with pytest.raises(ValueError, match="unknown phase"):
        engine.may_trade("end")
    with pytest.raises(ValueError, match="unknown reading"):
        engine.may_trade("start", trade_time="whenever")


def test_armies_that_fought_are_the_dice_rolled_or_the_whole_attacking_territory():
    armies = {"greenland": 5, "iceland": 2, "quebec": 1}
    # two dice from Greenland, no capture: 2 armies fought there, 3 did not
    assert engine.fought_armies(armies, {"greenland": 2}) == {"greenland": 2, "iceland": 0, "quebec": 0}
    assert engine.fought_armies(armies, {"greenland": 2}, fought_count="whole-territory")["greenland"] == 5
    # 3 dice from Greenland, Iceland captured with 2 armies moving in: they fought and are bound in Iceland only
    after = engine.fought_armies(armies, {"greenland": 3}, [("greenland", "iceland", 2)])
    assert after == {"greenland": 1, "iceland": 2, "quebec": 0}
    assert engine.movable_armies(armies, after) == {"greenland": 3, "iceland": 0, "quebec": 0}
    # never more bound than stand in a territory
    assert engine.fought_armies({"greenland": 2, "iceland": 1}, {"greenland": 3})["greenland"] == 2
    for attacks, occupied in [({"alaska": 2}, ()), ({"greenland": 4}, ()), ({}, [("greenland", "peru", 1)])]:
        with pytest.raises(ValueError):
            engine.fought_armies(armies, attacks, occupied)
    with pytest.raises(ValueError, match="unknown reading"):
        engine.fought_armies(armies, {}, fought_count="all")
