"""The ambiguity registers of the bundled games: every entry linked to its rule section, every
engine option a keyword of the engine defaulting to this edition's reading, and the issue's
contradictions registered."""

from __future__ import annotations

import inspect

import pytest

from rulepress import paths
from rulepress.check.readings import register_links, unlinked_entries
from rulepress.model import load_games
from rulepress.model.engine import load_engine, public_names

GAMES = {content.id: content for content in load_games(paths.BUNDLED_CONTENT)}


def keyword_defaults(module) -> dict[str, set]:
    """keyword name -> the defaults it has in the engine's public functions."""
    found: dict[str, set] = {}
    for value in public_names(module).values():
        if inspect.isfunction(value):
            for name, parameter in inspect.signature(value).parameters.items():
                if parameter.default is not inspect.Parameter.empty:
                    found.setdefault(name, set()).add(parameter.default)
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_ambiguity_links_a_section_of_both_texts(game):
    content = GAMES[game]
    for amb in content.game.ambiguities:
        assert amb.section, f"{game}: {amb.id} names no rule section"
        for text in content.rules.values():
            assert text.section(amb.section) is not None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_register_entry_is_linked_from_the_rules_in_every_language(game):
    """Issue 42: 29 of 64 entries were decided in the rules with no link to the register."""
    content = GAMES[game]
    assert [p.key for p in unlinked_entries(content)] == []
    assert register_links(content) == []
    assert len(content.game.ambiguities) >= 5  # the test sees a register at all


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_engine_option_is_a_keyword_defaulting_to_the_reading_used(game):
    content = GAMES[game]
    defaults = keyword_defaults(load_engine(content))
    for amb in content.game.ambiguities:
        if amb.engine_option:
            assert amb.engine_option in defaults, f"{game}: no engine function takes {amb.engine_option}="
            assert defaults[amb.engine_option] == {amb.used}, (game, amb.engine_option, defaults[amb.engine_option])
            assert content.game.engine_options.get(amb.engine_option, amb.used) == amb.used


REQUIRED = {
    "risk": {
        "hand-limit": "hand_limit",
        "fortify-moves": "fortify_moves",
        "reuse-order": "reuse_order",
        "set-count": "set_count",
        "took-part": "took_part",
        "territory-bonus": "territory_bonus",
    },
    "revolution-1848": {"croatia-leaders": "leader_cards", "first-passer": "first_passer"},
    "anti-monopoly-3": {
        "coop-refresh": "coop_refresh",
        "accusation-spots": "accusation_spots",
        "peace-winner": "peace_winner",
        "all-win-ranking": "all_win_ranking",
        "win-requires-broken": "win_requires_broken",
    },
    "xidit": {"replace-when": "replace_when", "empty-next": "empty_next"},
}


@pytest.mark.parametrize("game", sorted(REQUIRED))
def test_the_contradictions_of_the_seeds_are_registered_with_two_readings(game):
    registered = {a.id: a for a in GAMES[game].game.ambiguities}
    for amb_id, option in REQUIRED[game].items():
        amb = registered[amb_id]
        assert amb.engine_option == option and len(amb.readings) >= 2
        assert all(r.text.de and r.text.en for r in amb.readings)
