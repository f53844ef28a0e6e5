"""Components that share a back look the same from behind (`rulepress.layout.backs`), and print so."""

from __future__ import annotations

import copy

import pytest
import yaml

from rulepress.build import BuildOptions, build
from rulepress.layout.backs import shared_back_problems
from rulepress.model import load_game
from rulepress.scaffold import new_game

EXTRA = {
    "id": "extra",
    "kind": "deck",
    "name": {"de": "Zusatz", "en": "Extra"},
    "layout": "basic-card",
    "size": "poker",
    "back": "plain",
    "backs": [{"id": "plain", "title": {"de": "Stapel", "en": "Pile"}, "color": "#203060"}],
    "provenance": "reconstructed",  # a different mark on its fronts: never on the shared back
    "cards": [{"id": "x1", "title": {"de": "Eins", "en": "One"}}],
}


def _game(tmp_path, **change):
    """A game whose deck and `extra` share the back 'plain' (with `change` made to `extra`)."""
    content = tmp_path / "content"
    folder = new_game("backtest", content, table=False)
    game = yaml.safe_load((folder / "game.yaml").read_text())
    deck = copy.deepcopy(EXTRA) | {
        "id": "deck",
        "provenance": "seed",
        "cards": [{"id": "d1", "qty": 3, "title": {"de": "Karte", "en": "Card"}}],
    }
    extra = copy.deepcopy(EXTRA)
    for key, value in change.items():
        extra[key] = value
    game["components"] = [c for c in game["components"] if c["kind"] == "board"] + [deck, extra]
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    return content, folder


def test_components_with_the_same_back_pass_and_print_identical_backs(tmp_path):
    content, folder = _game(tmp_path)
    assert shared_back_problems(load_game(folder)) == []
    out = tmp_path / "out"
    build(BuildOptions(content=content, out=out, kinds=("cards", "exports"), papers=("a4",)))
    for lang in ("de", "en"):
        for kind in ("trim", "bleed"):
            deck = (out / "backtest" / f"deck.{lang}.images" / kind / "back-plain.png").read_bytes()
            extra = (out / "backtest" / f"extra.{lang}.images" / kind / "back-plain.png").read_bytes()
            assert deck == extra, (lang, kind)  # to the byte, although the fronts' provenance differs


@pytest.mark.parametrize(
    "change, part",
    [
        ({"size": "bridge"}, "size"),
        ({"backs": [{"id": "plain", "title": {"de": "Stapel", "en": "Pile"}, "color": "#602030"}]}, "colour"),
        ({"backs": [{"id": "plain", "title": {"de": "Anders", "en": "Other"}, "color": "#203060"}]}, "title"),
        ({"layout": "basic-tile", "size": "poker"}, "layout"),
    ],
)
def test_a_back_that_differs_is_a_problem_at_the_components_back(tmp_path, change, part):
    _content, folder = _game(tmp_path, **change)
    problems = shared_back_problems(load_game(folder))
    assert len(problems) == 1
    problem = problems[0]
    assert problem.path.endswith("game.yaml") and problem.line is not None
    assert problem.key.endswith(".back") and problem.rule == "shared-back"
    assert "extra shares the back 'plain' with deck" in problem.message and part in problem.message


def test_bundled_components_that_share_a_back_print_it_identically_in_every_output(bundled_build):
    """In the bundled build (the 1848 army cards are shuffled into the extra cards): for each back shared by
    several components, in each language, its trimmed and bleed pictures and the Tabletop Simulator back are
    the same bytes."""
    from rulepress import paths
    from rulepress.model import find_games

    out, _result = bundled_build
    shared = 0
    for folder in find_games(paths.BUNDLED_CONTENT):
        content = load_game(folder)
        assert shared_back_problems(content) == []
        users: dict[str, list[str]] = {}
        for comp in content.game.components:
            if comp.printed:
                for back_id in {card.back or comp.back for card in comp.cards if card.back_face is None} - {None}:
                    users.setdefault(back_id, []).append(comp.id)
        for back_id, comps in users.items():
            if len(comps) < 2:
                continue
            shared += 1
            for lang in content.game.languages:
                for kind in ("trim", "bleed"):
                    images = [out / content.id / f"{c}.{lang}.images" / kind / f"back-{back_id}.png" for c in comps]
                    assert len({p.read_bytes() for p in images}) == 1, (content.id, back_id, lang, kind)
                tts = [out / content.id / f"{c}.{lang}.tts" / "back.png" for c in comps]
                assert len({p.read_bytes() for p in tts}) == 1, (content.id, back_id, lang, "tts")
    assert shared >= 1  # the 1848 extra-card back at least
