"""Tests of content/revolution-1848: the rules engine (seed 002, army-card rules), its
agreement with the card data and the ambiguity register, and the pairing of examples."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulepress.model import load_game
from rulepress.model.engine import load_engine

GAME = Path(__file__).resolve().parents[2] / "content" / "revolution-1848"


def _load_engine():
    """The engine as Rulepress itself loads it."""
    return load_engine(load_game(GAME))


E = _load_engine()
L, A = E.Leader, E.Army


@pytest.fixture(scope="module")
def content():
    return load_game(GAME)


# --- Drawing after a trick ------------------------------------------------------


@pytest.mark.parametrize(
    "person, extra, expected",
    [
        (2, 2, (1, 1, 0)),  # passed from the start with 2 + 2
        (0, 2, (2, 2, 0)),  # only two extra cards
        (3, 2, (0, 0, 1)),  # five cards: free choice
        (2, 1, (1, 1, 1)),  # three cards: one of each, then a free one
        (4, 2, (0, 0, 0)),  # six cards: nothing
    ],
)
def test_the_five_refill_cases_of_the_seed(person, extra, expected):
    r = E.refill(person, extra)
    assert (r.person, r.extra, r.free) == expected


def test_free_reading_differs_only_for_two_draws():
    assert E.refill(2, 2, refill_split="free-within-limits") == E.Refill(0, 0, 2)
    assert E.refill(0, 2, refill_split="free-within-limits") == E.Refill(2, 2, 0)
    assert E.refill(2, 1, refill_split="free-within-limits") == E.Refill(1, 1, 1)
    with pytest.raises(ValueError):
        E.refill(1, 1, refill_split="any")
    with pytest.raises(ValueError):
        E.refill(-1, 0)


@given(st.integers(0, 8), st.integers(0, 8), st.sampled_from(["pairs", "free-within-limits"]))
def test_refill_respects_every_limit(person, extra, reading):
    r = E.refill(person, extra, reading)
    assert r.total == max(0, min(6 - person - extra, 4))
    for p, x in E.refill_choices(person, extra, reading):
        assert p <= 2 and x <= 2 and p + x == r.total
        assert person + extra + p + x <= max(6, person + extra)


# --- Leaders and armies -----------------------------------------------------------


def test_own_flag_beats_a_stronger_foreign_leader():
    leaders = [L("Wrangel", "prussia", 3, 1), L("Radetzky", "austria", 4, 2)]
    assert E.army_follows("prussia", leaders).leaders == ("Wrangel",)
    assert E.army_follows("austria", leaders).player == 2
    # no leader of its flag: strength alone decides
    assert E.army_follows("bund", leaders).leaders == ("Radetzky",)


def test_leaders_of_one_flag_at_one_player_add_up():
    leaders = [L("Radetzky", "austria", 4, 2), L("Schwarzenberg", "austria", 2, 1), L("Windischgrätz", "austria", 3, 1)]
    follow = E.army_follows("austria", leaders)
    assert (follow.player, follow.military, follow.leaders) == (1, 5, ("Schwarzenberg", "Windischgrätz"))


def test_equal_leaders_leave_the_choice_to_the_playing_player():
    tied = E.army_follows("prussia", [L("Wrangel", "prussia", 3, 1), L("X", "prussia", 3, 4)])
    assert isinstance(tied, tuple) and [c.player for c in tied] == [1, 4]
    assert E.army_follows("austria", []) is None
    with pytest.raises(ValueError):
        E.army_follows("bavaria", [])
    with pytest.raises(ValueError):
        L("Nobody", "bavaria", 1)


leader_st = st.builds(
    L, st.sampled_from(["a", "b", "c", "d"]), st.sampled_from(E.FLAGS), st.integers(1, 8), st.integers(1, 4)
)


@given(st.sampled_from(E.FLAGS), st.lists(leader_st, min_size=1, max_size=8))
def test_army_goes_to_the_strongest_of_its_pool(flag, leaders):
    result = E.army_follows(flag, leaders)
    winners = result if isinstance(result, tuple) else (result,)
    groups = E.commands(leaders)
    pool = [c for c in groups if c.flag == flag] or groups
    assert {w.military for w in winners} == {max(c.military for c in pool)}
    assert all(w in pool for w in winners)


def test_croatia_strengthens_only_black_yellow_leaders():
    assert E.croatia(L("Windischgrätz", "austria", 3)).military == 8
    assert E.croatia(L("Wrangel", "prussia", 3)).military == 3
    assert E.croatia(L("General", "bund", 2)).military == 2


# --- Scoring a trick with armies ------------------------------------------------------


def _example_1():
    return [
        A("z33", "prussia", 15, 1, (L("Wrangel", "prussia", 3, 1),)),
        A("z29", "austria", 17, 3, (L("Windischgrätz", "austria", 3, 3),)),
    ]


def test_halving_rounds_down():
    assert E.halve(15) == 7
    assert E.halve(-7) == -4 and E.halve(-7, negative_rounding="toward-zero") == -3
    with pytest.raises(ValueError):
        E.halve(3, negative_rounding="up")


def test_example_1_player_3_gets_19():
    result = E.score_trick(_example_1())
    assert result == E.TrickResult(3, "reaktionaere", {3: 19})


@pytest.mark.parametrize("reading, points", [("subtract-then-halve", 3), ("halve-each", 3), ("halve-army-only", -3)])
def test_example_2_under_every_reading(reading, points):
    armies = [A("z33", "prussia", 15, 1, (L("Prinz Wilhelm", "prussia", 2, 1),)), A("z29", "austria", 17, 3)]
    assert E.score_trick(armies, red_cards=[11], red_order=reading).points == {1: points}


def test_readings_differ_on_odd_numbers():
    army = [A("z33", "prussia", 13, 1, (L("Wrangel", "prussia", 3, 1),))]  # 16 army points
    assert E.score_trick(army, [5], red_order="subtract-then-halve").points == {1: 5}
    assert E.score_trick(army, [5], red_order="halve-each").points == {1: 6}


def test_red_cards_spare_non_reactionaries_and_the_federal_flag():
    republican = [A("z33", "prussia", 15, 2, (L("Sigel", "bund", 1, 2, party="republikaner"),))]
    assert E.score_trick(republican, [11]).points == {2: 8}
    federal_reactionary = [A("z33", "prussia", 15, 2, (L("General", "bund", 3, 2),))]
    assert E.score_trick(federal_reactionary, [11]).points == {2: 9}


def test_stronger_party_wins_and_unled_armies_do_nothing():
    armies = [
        A("z29", "austria", 17, 1, (L("Windischgrätz", "austria", 3, 1),)),
        A("z33", "prussia", 15, 2, (L("Hecker", "bund", 6, 2, party="republikaner"),)),
        A("z30", "prussia", 40, 3),
    ]
    assert E.score_trick(armies) == E.TrickResult(2, "republikaner", {2: 10})
    with pytest.raises(ValueError):
        E.score_trick([A("z30", "prussia", 40, 3)])


def test_equal_armies_or_parties_are_a_stalemate():
    a = A("z33", "prussia", 15, 1, (L("Wrangel", "prussia", 3, 1),))
    b = A("z29", "austria", 15, 2, (L("Windischgrätz", "austria", 3, 2),))
    assert E.score_trick([a, b]) == E.TrickResult(None, None, {1: 9, 2: 9}, stalemate=True)
    c = A("z29", "austria", 15, 2, (L("Hecker", "bund", 3, 2, party="republikaner"),))
    assert E.score_trick([a, c]).stalemate


def test_is_stalemate():
    assert E.is_stalemate({"liberale": {1: 8}, "demokraten": {2: 5, 3: 3}})
    assert E.is_stalemate({"liberale": {1: 4, 2: 4}, "demokraten": {3: 5}})
    assert not E.is_stalemate({"liberale": {1: 5, 2: 4}, "demokraten": {3: 5}})
    assert not E.is_stalemate({})


@given(
    st.lists(st.tuples(st.integers(1, 20), st.integers(1, 8), st.integers(1, 4)), min_size=1, max_size=5),
    st.lists(st.integers(0, 12), max_size=3),
)
def test_a_decided_trick_credits_the_halved_party_total(armies, red):
    built = [A(f"z{i}", "prussia", s, p, (L(f"l{i}", "prussia", m, p),)) for i, (s, m, p) in enumerate(armies)]
    result = E.score_trick(built, red)
    total = sum(s + m for s, m, _ in armies)
    held = {}
    for s, m, p in armies:
        held[p] = held.get(p, 0) + s + m
    assert result.stalemate == E.is_stalemate(E.party_points(built))
    if result.stalemate:
        assert sum(result.points.values()) <= total // 2 + len(armies)
    else:
        strongest = max(held.values())
        assert [p for p, v in held.items() if v == strongest] == [result.winner]
        assert result.points == {result.winner: (total - sum(red)) // 2}


@given(
    st.lists(
        st.tuples(
            st.integers(1, 20),
            st.integers(1, 8),
            st.integers(1, 4),
            st.sampled_from(E.PARTIES),
            st.sampled_from(["austria", "prussia", "bund"]),
        ),
        min_size=1,
        max_size=5,
    ),
    st.sampled_from(["most-points", "more-than-half"]),
)
def test_score_trick_and_is_stalemate_agree_on_every_table(armies, majority):
    """Defect 4 of issue 42: two armies of one player (10 + 10) lost to one stronger army (15) although
    is_stalemate said the first player held the majority."""
    built = [
        A(f"z{i}", flag, s, p, (L(f"l{i}", flag, m, p, party=party),))
        for i, (s, m, p, party, flag) in enumerate(armies)
    ]
    result = E.score_trick(built, majority=majority)
    assert result.stalemate == E.is_stalemate(E.party_points(built), majority=majority)


def test_a_players_two_armies_beat_one_stronger_army():
    one = A("z31", "austria", 6, 1, (L("a", "austria", 4, 1),))
    two = A("z32", "austria", 6, 1, (L("b", "prussia", 4, 1),))
    strong = A("z29", "austria", 12, 2, (L("c", "austria", 3, 2),))
    assert E.score_trick([one, two, strong]) == E.TrickResult(1, "reaktionaere", {1: 17})
    assert not E.is_stalemate(E.party_points([one, two, strong]))
    assert E.score_trick([one, two, strong], trick_winner="strongest-army").points == {2: 17}
    with pytest.raises(ValueError):
        E.score_trick([one], trick_winner="biggest")


def test_an_armys_party_does_not_depend_on_the_order_of_its_leaders():
    """Defect 3 of issue 42: equally strong liberal and reactionary leaders on Z30 gave {1: 7} one way
    round and {1: 1} the other."""
    liberal = L("lib", "austria", 3, 1, party="liberale")
    reactionary = L("rea", "austria", 3, 1)
    results = []
    for pair in ((liberal, reactionary), (reactionary, liberal)):
        with pytest.raises(E.Refusal) as refused:
            E.score_trick([A("z30", "austria", 10, 1, pair)], red_cards=[5])
        assert refused.value.code == "leader-choice"
        results.append(E.score_trick([A("z30", "austria", 10, 1, pair, chosen="lib")], red_cards=[5]))
    assert results[0] == results[1] == E.TrickResult(1, "liberale", {1: 8})
    stronger = L("strong", "austria", 4, 1)
    for pair in ((liberal, stronger), (stronger, liberal)):
        assert A("z30", "austria", 10, 1, pair).party == "reaktionaere"
    orders = [
        E.score_trick([A("z30", "austria", 10, 1, pair)], army_leader="first-assigned").party
        for pair in ((liberal, reactionary), (reactionary, liberal))
    ]
    assert orders == ["liberale", "reaktionaere"]


def test_only_an_army_led_under_the_federal_flag_escapes_red_cards():
    federal = L("fed", "bund", 2, 2)
    wrangel = L("wrangel", "prussia", 3, 2)
    led_by_wrangel = A("z33", "prussia", 15, 2, (federal, wrangel))
    assert not led_by_wrangel.bundesfahne
    assert E.score_trick([led_by_wrangel], red_cards=[11]).points == {2: 4}
    led_by_federal = A("z33", "prussia", 15, 2, (L("fed", "bund", 4, 2), wrangel))
    assert led_by_federal.bundesfahne
    assert E.score_trick([led_by_federal], red_cards=[11]).points == {2: 11}


def test_no_federal_army_under_the_reading_none():
    with pytest.raises(E.Refusal):
        E.army_follows("bund", [L("fed", "bund", 2, 1)], federal_armies="none")
    with pytest.raises(E.Refusal):
        E.assign_armies([("z28", "bund")], [], federal_armies="none")
    assert E.army_follows("bund", [L("fed", "bund", 2, 1), L("w", "prussia", 3, 2)]).leaders == ("fed",)


# --- Political scoring, end, final scoring --------------------------------------------


def test_louis_napoleon_example_sums_to_zero():
    assert E.political_score([6, 1, 2], [E.LOUIS_NAPOLEON]) == 0
    assert E.political_score([1], [E.LOUIS_NAPOLEON]) == -2


@given(st.lists(st.integers(1, 8), max_size=6), st.lists(st.integers(-5, 5), max_size=3))
def test_political_score_counts_negative_cards(values, modifiers):
    assert E.political_score(values, modifiers) == sum(values) + len(values) * sum(modifiers)


def test_game_end_by_player_count():
    assert [E.ablauf_needed(n) for n in (4, 3, 2)] == [4, 5, 6]
    assert E.game_over(4, {1: 4}) and not E.game_over(4, {1: 3, 2: 3})
    assert E.game_over(3, [5, 0, 0]) and not E.game_over(3, [4, 4, 4])
    assert E.game_over(2, [6, 0]) and not E.game_over(2, [5, 5])
    with pytest.raises(ValueError):
        E.ablauf_needed(5)


def test_the_absolute_majority_goes_to_the_strongest_party_whatever_the_order():
    """Defect 1 of issue 42: Liberals 12, Democrats 9, Republicans 2, Reactionaries -6 gave the 5 to
    the Democrat."""
    points = {1: {"liberale": 12}, 2: {"demokraten": 9}, 3: {"republikaner": 2}, 4: {"reaktionaere": -6}}
    for reading in E.NEGATIVE_TOTALS_READINGS:
        assert E.victory_points(points, negative_totals=reading) == {1: 5, 2: 0, 3: 0, 4: 0}
    close = {1: {"liberale": 10}, 2: {"demokraten": 8}, 3: {"republikaner": 4}, 4: {"reaktionaere": -6}}
    assert E.victory_points(close) == {1: 5, 2: 0, 3: 0, 4: 0}
    assert E.victory_points(close, negative_totals="positive-only") == {1: 4, 2: 3, 3: 2, 4: 0}


@given(st.permutations(E.PARTIES), st.lists(st.integers(-8, 20), min_size=4, max_size=4))
def test_final_scoring_does_not_depend_on_the_order_of_parties(order, values):
    points = {i + 1: {party: value} for i, (party, value) in enumerate(zip(order, values))}
    vp = E.victory_points(points)
    if 5 in vp.values():
        winner = next(p for p, v in vp.items() if v == 5)
        assert values[winner - 1] == max(values)


def test_fewer_than_four_scoring_parties():
    three = {1: {"liberale": 10}, 2: {"demokraten": 8}, 3: {"republikaner": 4}}
    assert E.victory_points(three) == {1: 4, 2: 3, 3: 2}
    assert E.victory_points(three, weakest_party="weakest-one") == {1: 4, 2: 3, 3: 1}


def test_victory_points_majority_ranks_and_ties():
    assert E.victory_points({1: {"liberale": 20}, 2: {"liberale": 9}, 3: {"reaktionaere": 10}}) == {1: 5, 2: 0, 3: 0}
    ranks = {1: {"republikaner": 10, "liberale": 3}, 2: {"reaktionaere": 5}, 3: {"demokraten": 4, "republikaner": -2}}
    assert E.victory_points(ranks) == {1: 5, 2: 3, 3: 2}
    tie = {1: {"reaktionaere": 6}, 2: {"reaktionaere": 6, "liberale": 5}, 3: {"demokraten": 8}}
    assert E.victory_points(tie) == {1: 4, 2: 6, 3: 3}
    # parties at 0 or below give nothing
    assert E.victory_points({1: {"liberale": 3, "demokraten": 0}, 2: {"reaktionaere": -1, "liberale": 1}}) == {
        1: 5,
        2: 0,
    }


def test_a_tie_for_the_absolute_majority_under_both_readings():
    tied = {1: {"liberale": 7}, 2: {"liberale": 7, "demokraten": 3}, 3: {"republikaner": 4}}
    assert E.victory_points(tied) == {1: 5, 2: 5, 3: 0}
    # liberals 14 (players 1 and 2 tied: 4 each), republicans 4 (3), democrats 3 (2)
    assert E.victory_points(tied, majority_tie="ranks-instead") == {1: 4, 2: 6, 3: 3}
    single = {1: {"liberale": 8}, 2: {"liberale": 7}, 3: {"republikaner": 4}}
    assert E.victory_points(single) == E.victory_points(single, majority_tie="ranks-instead") == {1: 5, 2: 0, 3: 0}
    with pytest.raises(ValueError, match="unknown reading"):
        E.victory_points(tied, majority_tie="nobody")


def test_equal_parties_under_both_readings():
    points = {1: {"liberale": 5}, 2: {"demokraten": 5}, 3: {"reaktionaere": 3}, 4: {"republikaner": 2}}
    assert E.victory_points(points, party_tie="shared-rank") == {1: 4, 2: 4, 3: 2, 4: 1}
    assert E.victory_points(points, party_tie="dense") == {1: 4, 2: 4, 3: 3, 4: 2}


@given(
    st.dictionaries(
        st.integers(1, 4), st.dictionaries(st.sampled_from(E.PARTIES), st.integers(-5, 20)), min_size=2, max_size=4
    )
)
def test_victory_points_are_bounded(points):
    vp = E.victory_points(points)
    assert set(vp) == set(points)
    assert all(v >= 0 for v in vp.values())
    assert max(vp.values()) <= 4 * len(E.PARTIES)  # equal parties may all share rank 1
    totals = [t for t in E.party_totals(points).values() if t > 0]
    if len(set(totals)) == len(totals):
        assert max(vp.values()) <= max(E.MAJORITY_VP, sum(E.RANK_VP))


# --- Content agrees with the engine -----------------------------------------------------


def _card(content, component, card):
    comp = next(c for c in content.game.components if c.id == component)
    return next(c for c in comp.cards if c.id == card)


def test_card_values_match_the_seed_examples(content):
    assert _card(content, "army-cards", "z29").values["military"] == 17
    assert _card(content, "army-cards", "z33").values["military"] == 15
    assert _card(content, "person-cards-known", "pe41-wrangel").values["military"] == 3
    assert _card(content, "person-cards-known", "pe35-windischgraetz").values["military"] == 3
    schwarzenberg = _card(content, "person-cards-known", "pe-schwarzenberg")
    assert schwarzenberg.values["military"] + 3 == 5 and schwarzenberg.provenance.kind == "reconstructed"
    assert _card(content, "extra-cards-known", "z15-kroatien").values["military"] == E.CROATIA_BONUS
    assert _card(content, "extra-cards-known", "z13").values["value"] == 11
    unknown = [
        c
        for c in next(c for c in content.game.components if c.id == "army-cards").cards
        if c.values["military"] is None
    ]
    assert [c.id for c in unknown] == ["z28", "z30", "z31", "z32", "z34"]
    assert all(c.provenance.kind == "unknown" for c in unknown)


def test_full_counts_are_public(content):
    counts = {c.id: c.count for c in content.game.components if c.kind == "other"}
    assert counts == {"ablauf-cards": 26, "person-cards-all": 42, "extra-cards-all": 34}


def test_chosen_readings_are_accepted_by_the_engine(content):
    options = content.game.engine_options
    assert E.refill(2, 2, refill_split=options["refill_split"]).total == 2
    assert E.halve(-7, negative_rounding=options["negative_rounding"]) == -4
    assert E.score_trick(_example_1(), red_order=options["red_order"]).points == {3: 19}
    assert E.victory_points({1: {"liberale": 1}}, party_tie=options["party_tie"]) == {1: 5}
    for amb in content.game.ambiguities:
        if amb.engine_option:
            assert options[amb.engine_option] == amb.used


def test_examples_are_paired_in_both_languages(content):
    ids = {lang: [e.id for e in text.examples] for lang, text in content.rules.items()}
    assert ids["de"] == ids["en"] and len(ids["de"]) >= 20


# --- Pushing, re-entry, protected leaders, cards leaving, choosing armies, stalemate ------------


def test_pushed_cards_go_under_the_pile_of_their_kind_and_the_player_stays_in():
    piles = {"person": ("pe09",), "extra": ("z01",)}
    hand, piles = E.push_under(("pe01", "pe02", "z15-kroatien"), "pe02", piles)
    hand, piles = E.push_under(hand, "z15-kroatien", piles)
    assert hand == ("pe01",) and piles == {"person": ("pe09", "pe02"), "extra": ("z01", "z15-kroatien")}
    state = E.act(E.act(E.Round((1, 2, 3)), 1, "push"), 1, "push")
    assert state.active == (1, 2, 3) and state.first_passer is None
    with pytest.raises(ValueError, match="not in the hand"):
        E.push_under(hand, "pe02", piles)
    with pytest.raises(ValueError, match="end of a trick"):
        E.push_under(hand, "pe01", piles, trick_over=True)


def test_every_army_card_brings_passed_players_back_but_other_cards_do_not():
    state = E.act(E.act(E.Round((1, 2, 3, 4)), 1, "pass"), 2, "pass")
    assert E.act(state, 3, "play", "z01").active == (3, 4)
    for card in E.ARMY_CARDS:
        assert E.act(state, 3, "play", card.upper()).active == (1, 2, 3, 4)
    with pytest.raises(ValueError, match="has passed"):
        E.act(state, 1, "play", "pe01")
    # passing again after re-entry: the first passer of the round is kept, or forgotten
    again = E.act(E.act(E.act(state, 3, "play", "z30"), 4, "pass"), 2, "pass")
    assert again.first_passer == 1 and again.passed == (4, 2)
    forgot = E.act(
        E.act(
            E.act(state, 3, "play", "z30", first_passer="since-last-army"), 4, "pass", first_passer="since-last-army"
        ),
        2,
        "pass",
        first_passer="since-last-army",
    )
    assert forgot.first_passer == 4


def test_extra_cards_and_leaders_under_both_readings():
    for reading in E.LEADER_CARDS_READINGS:
        assert E.may_affect_leader("Z-LOLA-MONTEZ", leader_cards=reading)
        assert E.may_affect_leader("z-bauernaufstand", helps=False, leader_cards=reading)
        assert not E.may_affect_leader("z01", helps=False, leader_cards=reading)
    assert E.croatia_applies(E.Leader("Wrangel", "prussia", 3)).military == 3
    assert E.croatia_applies(E.Leader("Windischgrätz", "austria", 3)).military == 8
    with pytest.raises(ValueError, match="unknown reading"):
        E.may_affect_leader("z01", leader_cards="never")


def test_cards_leaving_the_game():
    assert E.leaving_game(["z28", "z34", "pe01"]) == ["z28", "z34"]
    assert E.leaving_game(["z-sklaverei", "z-irische-hungersnot"]) == []
    assert E.leaving_game(["z-irische-hungersnot", "z-englisches-vorbild", "z-sklaverei"]) == [
        "z-irische-hungersnot",
        "z-englisches-vorbild",
    ]
    assert E.leaving_game(["z27", "z35"]) == []


def test_a_players_leaders_of_one_flag_spread_over_his_armies():
    """Defect 2 of issue 42: two Prussian leaders and two Prussian armies at one player left the
    second army without a leader."""
    leaders = [E.Leader("Wrangel", "prussia", 3, player=1), E.Leader("Wilhelm", "prussia", 2, player=1)]
    chosen = E.assign_armies([("z33", "prussia"), ("z28", "prussia")], leaders)
    assert chosen["z33"].leaders == ("Wrangel",) and chosen["z33"].military == 3
    assert chosen["z28"].leaders == ("Wilhelm",) and chosen["z28"].military == 2
    always = E.assign_armies([("z33", "prussia"), ("z28", "prussia")], leaders, leader_stacking="always")
    assert always["z33"].military == 5 and always["z28"] is None
    # more leaders than armies: they stack on one army
    assert E.assign_armies([("z33", "prussia")], leaders)["z33"].military == 5


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 3)), min_size=1, max_size=5), st.integers(1, 5))
def test_every_army_gets_a_leader_while_leaders_last(leaders, armies):
    built = [E.Leader(f"l{i}", "prussia", m, player=p) for i, (m, p) in enumerate(leaders)]
    chosen = E.assign_armies([(f"z{i}", "prussia") for i in range(armies)], built)
    led = [c for c in chosen.values() if c is not None]
    assert len(led) == min(armies, len(built))
    names = [n for c in led for n in c.leaders]
    assert len(names) == len(set(names))  # nobody leads two armies
    if armies >= len(built):  # no surplus: every leader leads an army of his own
        assert all(len(c.leaders) == 1 for c in led)


def test_strongest_command_chooses_first_and_foreign_leaders_take_the_rest():
    L = E.Leader
    leaders = [
        L("Radetzky", "austria", 4, player=2),
        L("Schwarzenberg", "austria", 2, player=1),
        L("Windischgrätz", "austria", 3, player=1),
        L("Wrangel", "prussia", 3, player=3),
    ]
    # player 1's two Austrians count together (5) and choose before Radetzky (4)
    chosen = E.assign_armies([("z29", "austria"), ("z30", "austria"), ("z31", "austria")], leaders)
    assert chosen["z29"].player == 1 and chosen["z30"].player == 2
    assert chosen["z31"].leaders == ("Wrangel",)  # no Austrian left: strength alone decides
    assert E.assign_armies([("z33", "prussia")], []) == {"z33": None}


def test_stalemate_replays_the_same_card_until_someone_wins():
    seats = (1, 2, 3, 4)
    state = E.act(E.act(E.Round(seats), 4, "pass"), 2, "pass")
    tie = E.TrickResult(None, None, {1: 4, 3: 4}, stalemate=True)
    after = E.after_trick(tie, state, "a01", ["a02"], {})
    assert (after.ablauf, after.opener, after.won) == ("a01", 1, {})  # left of player 4 is player 1
    win = E.TrickResult(2, "liberale", {2: 6})
    after = E.after_trick(win, state, after.ablauf, ["a02", "a03"], after.won)
    assert (after.ablauf, after.won) == ("a02", {2: 1})
    with pytest.raises(ValueError, match="nobody passed"):
        E.after_trick(tie, E.Round(seats), "a01", [], {})
    assert E.left_of(seats, 4) == 1 and E.left_of(seats, 1) == 2


def test_player_count_and_card_counts_equal_the_content(content):
    assert (content.game.players.min, content.game.players.max) == E.PLAYERS
    counts = {c.id: c.count for c in content.game.components}
    assert (counts["ablauf-cards"], counts["person-cards-all"], counts["extra-cards-all"]) == tuple(
        E.CARD_COUNTS.values()
    )
    assert counts["army-cards"] == len(E.ARMY_CARDS)


def test_red_card_total_beyond_the_army_goes_negative_and_rounds_down():
    army = E.Army("z33", "prussia", 5, player=4, leaders=(E.Leader("Wrangel", "prussia", 3, player=4),))
    assert E.score_trick([army], red_cards=[11, 6]).points == {4: -5}  # (8 - 17) / 2 = -4.5, rounded down
    assert E.score_trick([army], red_cards=[4, 4]).points == {4: 0}
    federal = E.Army("z30", "prussia", 5, player=2, leaders=(E.Leader("General", "bund", 3, player=2),))
    assert E.score_trick([federal], red_cards=[11, 6]).points == {2: 4}  # red cards spare the Bundesfahne


def test_only_players_still_in_play_an_army_card_unless_read_otherwise():
    state = E.act(E.Round(seats=(1, 2, 3)), 2, "pass")
    assert E.act(state, 3, "play", "z33").active == (1, 2, 3)
    with pytest.raises(E.Refusal):
        E.act(state, 2, "play", "z33")
    assert E.act(state, 2, "play", "z33", army_any_time="even-after-passing").active == (1, 2, 3)
    with pytest.raises(E.Refusal):  # a passed player still cannot play another card
        E.act(state, 2, "play", "pe01-hecker", army_any_time="even-after-passing")
    with pytest.raises(ValueError):
        E.act(state, 9, "pass")


def test_a_weaker_partys_army_takes_no_part_in_a_stalemate():
    lib = A("z30", "austria", 16, 1, (L("lib", "austria", 4, 1, party="liberale"),))
    rea = A("z29", "austria", 17, 2, (L("rea", "austria", 3, 2),))
    dem = A("z32", "prussia", 3, 3, (L("dem", "prussia", 2, 3, party="demokraten"),))
    assert E.score_trick([lib, rea, dem]) == E.TrickResult(None, None, {1: 10, 2: 10}, stalemate=True)
    assert E.score_trick([lib, rea, dem], stalemate_involved="all-armies").points == {1: 10, 2: 10, 3: 2}
