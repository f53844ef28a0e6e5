"""Auto-shrink text fitting and inline icons."""

import pytest

from generator.text.fit import Overflow, fit
from generator.text.icons import UnknownIcon, replace_icons

LONG = "Move forward and take a card. " * 6


def test_short_text_keeps_its_size():
    fitted = fit("Move <b>2</b> spaces", 50, 10, "Body", 9, 6)
    assert fitted.size == 9
    assert fitted.height <= 10


def test_long_text_shrinks_but_not_below_minimum():
    fitted = fit(LONG, 50, 25, "Body", 10, 5)
    assert 5 <= fitted.size < 10
    assert fitted.height <= 25 + 1e-6
    with pytest.raises(Overflow, match="even at 7 pt"):
        fit(LONG * 4, 50, 25, "Body", 10, 7)


def test_icons_become_glyphs_and_unknown_icons_are_errors():
    assert replace_icons("Take :star: now", {"star": "\u2605"}) == "Take \u2605 now"
    assert replace_icons("time 10: 30", {}) == "time 10: 30"
    with pytest.raises(UnknownIcon, match=":moon:"):
        replace_icons("a :moon: b", {"star": "*"})
