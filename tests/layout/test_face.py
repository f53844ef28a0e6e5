"""Face content: card texts to paragraph markup (with the shortcut for plain one-liners)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulepress.layout.face import card_markup
from rulepress.text.markup import inline


@pytest.mark.parametrize(
    "text",
    [
        "Move 3 spaces forward.",
        "Ziehe 3 Felder vor.",
        'Tom\'s "bag" (a/b) 50% +2 -- ok',
        "Über: ja; nein?",
        "Roll **two** dice.",
        "*a*",
        "- a list",
        "1. first",
        "# heading",
        "a_b_c",
        "x  \ny",
        "A & B",
        "a <b>",
        "{term}`Zug <turn>` now",
        "`code`",
        "> quote",
        "see [x](y)",
    ],
)
def test_card_markup_is_inline_markup(text):
    assert card_markup(text) == inline(text)


@settings(max_examples=150, deadline=None)
@given(st.text(st.sampled_from("aZü9 .,;:?'\"()/%+=-_*#&<>`[]{}!\\\n"), min_size=1, max_size=30))
def test_card_markup_equals_markdown_for_any_text(text):
    assert card_markup(text) == inline(text)


def test_original_content_has_no_mark_and_marks_are_words_not_symbols():
    from rulepress.layout.boardscene import MARK_TEXT
    from rulepress.layout.face import mark_for
    from rulepress.model.schema import Provenance

    assert mark_for(Provenance(kind="original"), "de") is None
    assert mark_for(Provenance(kind="reconstructed"), "de") == "rekonstruiert"
    assert not any(text.isalpha() for text in MARK_TEXT.values())  # a letter in a circle reads as (R) or (C)
