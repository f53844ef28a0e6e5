"""The benchmark's injection rule (benchmarks/translation_corpus.py): which swaps are translator mistakes."""

import importlib.util
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "translation_corpus.py"
_SPEC = importlib.util.spec_from_file_location("translation_corpus", _PATH)
corpus = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("translation_corpus", corpus)  # its dataclasses look their module up
_SPEC.loader.exec_module(corpus)


@pytest.mark.parametrize(
    "kind, sentence, changed, lang, counterpart, other_lang, carried, answered",
    [
        # a permission says the same with 'all' and 'any': the counterpart is still answered
        (
            "quantifiers",
            "All knights may enter.",
            "Any knights may enter.",
            "en",
            "Alle Ritter dürfen eintreten.",
            "de",
            True,
            False,
        ),
        # ... and a comparison
        (
            "quantifiers",
            "A knight is stronger than all pawns.",
            "A knight is stronger than any pawns.",
            "en",
            "Ein Ritter ist stärker als alle Bauern.",
            "de",
            True,
            False,
        ),
        # a bare 'any' is no 'every': a mistake under both rules
        ("quantifiers", "Every coin rolls.", "Any coin rolls.", "en", "Jede Münze rollt.", "de", True, True),
        # 'each' said once more elsewhere is no answer where the sentence said it twice
        (
            "each-one",
            "After all rounds, each knight scores.",
            "After all rounds, one knight scores.",
            "en",
            "Nach allen Runden wertet jeder Ritter.",
            "de",
            True,
            True,
        ),
        # 'then' is counted as 'after': 'davor' no longer answers it
        (
            "before-after",
            "Ziehe 2 Felder und danach 1 Feld weiter.",
            "Ziehe 2 Felder und davor 1 Feld weiter.",
            "de",
            "Move 2 spaces, then 1 more.",
            "en",
            True,
            True,
        ),
    ],
)
def test_a_swap_is_a_mistake_where_the_changed_sentence_no_longer_answers_the_counterpart(
    kind, sentence, changed, lang, counterpart, other_lang, carried, answered
):
    assert corpus._carried(kind, sentence, changed, lang, counterpart, other_lang) is carried
    assert corpus._carried(kind, sentence, changed, lang, counterpart, other_lang, answered=True) is answered


def test_a_word_the_lexicon_reads_as_no_signal_is_not_swapped():
    assert corpus._silent("The knight cannot wait any longer.", "any ", "en")
    assert not corpus._silent("The knight may take any coin.", "any ", "en")


@pytest.mark.parametrize(
    "text, a, b, others, expected",
    [
        # members of one coordination: exchanging them changes no meaning
        ("It combines melding, bidding, and trick-taking.", "melding", "trick-taking", ["bidding"], True),
        ("It combines melding, bidding, and trick-taking.", "melding", "bidding", [], True),
        ('Eine Kombination aus der "Zieh 2"- und der "Farbwahl"-Karte.', "Zieh 2", "Farbwahl", [], True),
        ('A combination of the "draw 2" and "wild" cards.', "draw 2", "wild", [], True),
        ("Le pion ou la tour.", "pion", "tour", [], True),
        # anything else between them: a mistake
        ("Move the pawn to the tower.", "pawn", "tower", [], False),
        ("Take the card from the display and replace it with a card from the pile.", "display", "pile", [], False),
    ],
)
def test_terms_of_one_coordination(text, a, b, others, expected):
    assert corpus._coordinated(text, a, b, others) is expected


def test_exchanging_the_members_of_a_coordination_is_no_mistake_under_the_answered_rule():
    from rulepress.check import terms
    from rulepress.check.align import Unit

    glossary = terms.parse({"meld": {"en": "melding", "de": "Melden"}, "bid": {"en": "bidding", "de": "Reizen"}}, "t")
    line = "It combines melding and bidding."
    unit = Unit(1, line, "sentence")
    found = corpus._term_mistakes(glossary, [unit], [line], "en", "Es verbindet Melden und Reizen.", "de", "en")
    exchanged = [m for m in found if m.kind == "exchanged terms"]
    assert [(m.carried, m.kept("counterpart"), m.kept("answered")) for m in exchanged] == [(True, True, False)]
