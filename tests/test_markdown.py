"""The one Markdown parser (rulepress.markdown): emphasis spans as the parser reads them, for the checks."""

from __future__ import annotations

from rulepress.check.signals import emphasised_numbers
from rulepress.markdown import emphasised


def test_emphasis_spans_are_the_parsers_outermost_ones_with_code_and_roles_as_written():
    text = "Take **two** cards, *or `3` {term}`armies <army>`*, and __**four** more__.\n\n* a list item *is* no span"
    assert emphasised(text) == ["two", "or `3` {term}`armies <army>`", "four more", "is"]
    assert emphasised("a * lone star and 5 * 3 = 15") == []  # no emphasis: spaces inside the stars
    assert emphasised("**across\nlines**") == ["across lines"]


def test_numbers_in_emphasis_skip_code_and_ids_as_the_rest_of_the_check_reads_them():
    assert emphasised_numbers("Jeder erhält **2** Karten und *drei* Armeen", "de") == [2, 3]
    assert emphasised_numbers("*`4` cards* and **{ref}`rule-4-2`**", "en") == []
    assert emphasised_numbers("2 * 3 = 6", "en") == []
