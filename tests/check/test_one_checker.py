"""The game-folder check (`rulepress check translations GAME`) and `--pair` are one checker: on the same two rule
texts they give the same verdict and the same findings of the aligned comparison, in a French/English and a
German/English game, for a negation, a number-word and a number edit (and none for a correct number word)."""

from __future__ import annotations

import pytest

from rulepress.check import translations
from rulepress.commands.check_translations import compare_files
from rulepress.model import load_game
from rulepress.scaffold import new_game

EDITS = {  # languages -> edit name -> (old, new) in the translation's rules, or None: no edit
    ("en", "fr"): {
        "unchanged": None,
        "negation": ("L'arrivée arrête le pion.", "L'arrivée n'arrête pas le pion."),
        "number word": ("depuis la case 3,", "depuis la case quatre,"),
        "correct number word": ("depuis la case 3,", "depuis la case trois,"),
        "number": ("depuis la case 3,", "depuis la case 5,"),
    },
    ("de", "en"): {
        "unchanged": None,
        "negation": ("The goal stops the piece.", "The goal does not stop the piece."),
        "number word": ("from space 3,", "from space four,"),
        "correct number word": ("from space 3,", "from space three,"),
        "number": ("from space 3,", "from space 5,"),
    },
}
CASES = [(langs, edit) for langs, edits in EDITS.items() for edit in edits]


def _both(tmp_path, langs, edit):
    """(findings of the game check in the rules files, findings of --pair) after `edit`."""
    folder = new_game("demo", tmp_path, languages=langs, table=False)
    source, target = langs
    change = EDITS[langs][edit]
    if change is not None:
        path = folder / f"rules.{target}.md"
        text = path.read_text(encoding="utf-8")
        assert change[0] in text
        path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    content = load_game(folder)
    game = [f for f in translations.report(content).undocumented if ".md" in f.path]
    paired = compare_files(folder / f"rules.{source}.md", folder / f"rules.{target}.md")
    return game, [f for p in paired for f in p.findings]


@pytest.mark.parametrize(("langs", "edit"), CASES, ids=[f"{'-'.join(langs)}-{edit}" for langs, edit in CASES])
def test_game_check_and_pair_give_the_same_verdict(tmp_path, langs, edit):
    game, paired = _both(tmp_path, langs, edit)
    wrong = edit in ("negation", "number word", "number")
    assert bool(game) is bool(paired) is wrong, ([str(f) for f in game], [str(f) for f in paired])
    kinds = {"number", "negation"}
    assert {(f.kind, f.line, f.path.rsplit("/", 1)[-1]) for f in game if f.kind in kinds} == {
        (f.kind, f.line, f.path.rsplit("/", 1)[-1]) for f in paired if f.kind in kinds
    }
    if wrong:
        assert {f.kind for f in paired} == {"negation" if edit == "negation" else "number"}
