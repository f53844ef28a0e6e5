"""Auto-shrink text fitting and inline icons."""

import pytest

from rulepress.text.fit import Overflow, fit
from rulepress.text.icons import UnknownIcon, replace_icons

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


def _chars(draw) -> list[tuple]:
    """Characters (text, x, y, font, size, colour) a drawing function puts on a page."""
    import io

    import pdfplumber
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, invariant=1)
    draw(c)
    c.save()
    with pdfplumber.open(buffer) as pdf:
        return [
            (
                ch["text"],
                round(ch["x0"], 2),
                round(ch["y0"], 2),
                ch["fontname"],
                round(ch["size"], 2),
                ch["non_stroking_color"],
            )
            for ch in pdf.pages[0].chars
        ]


@pytest.mark.parametrize(
    "markup, font, align",
    [
        ("Move 3 spaces forward.", "Body", "left"),
        ("Card 12", "Body-Bold", "center"),
        ("Strength: <b>3</b>", "Condensed", "left"),
        ("A &amp; B <i>it</i> x", "Body", "right"),
        ("Über <b>fett <i>beides</i></b> Ende", "Body", "center"),
    ],
)
def test_one_line_is_drawn_without_paragraph_exactly_where_paragraph_puts_it(markup, font, align):
    from rulepress.layout.paper import MM
    from rulepress.text.fit import paragraph

    fitted = fit(markup, 57, 20, font, 9, 6, 1.2, align, "#123456")
    assert fitted.paragraph is None and fitted.line is not None
    para = paragraph(markup, font, 9, 1.2, align, "#123456")
    _, height = para.wrap(57 * MM, 10_000)
    assert fitted.height == pytest.approx(height / MM)
    expected = _chars(lambda c: para.drawOn(c, 20, 300))
    assert len(expected) == len(
        markup.replace("&amp;", "&").replace("<b>", "").replace("</b>", "").replace("<i>", "").replace("</i>", "")
    )
    assert _chars(lambda c: fitted.draw(c, 20, 300)) == expected


@pytest.mark.parametrize(
    "markup", ['x <font color="#ff0000">red</font>', "one<br/>two", "two  spaces", LONG, "soft\xadhyphen"]
)
def test_everything_else_goes_through_paragraph(markup):
    fitted = fit(markup, 50, 40, "Body", 9, 5)
    assert fitted.line is None and fitted.paragraph is not None


def test_one_line_too_low_for_the_box_shrinks_then_overflows():
    fitted = fit("Short", 50, 3.5, "Body", 12, 6)  # 12 pt with 1.2 leading needs 5.1 mm
    assert fitted.line is not None and fitted.size * 1.2 * 25.4 / 72 <= 3.5 < (fitted.size + 0.5) * 1.2 * 25.4 / 72
    with pytest.raises(Overflow, match="even at 10 pt"):
        fit("Short", 50, 3.5, "Body", 12, 10)
