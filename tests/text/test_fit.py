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


def _lines(fitted) -> list[str]:
    """The wrapped lines of a fitted paragraph as text (a broken word's head ends with its hyphen)."""
    assert fitted.paragraph is not None
    lines = fitted.paragraph.blPara.lines
    if fitted.paragraph.blPara.kind == 0:
        return [" ".join(str(w) for w in line[1]) for line in lines]
    return [
        " ".join("".join(str(t) for t in w.text) if hasattr(w, "text") else str(w) for w in line.words)
        for line in lines
    ]


def test_a_hyphenated_title_breaks_at_its_hyphen_not_inside_a_word():
    """The 30 x 15 mm title box (13 pt, min 7) printed 'Meeresgrund-W / ette'."""
    fitted = fit("Meeresgrund-Wette", 30, 15, "Body-Bold", 13, 7, lang="de")
    assert _lines(fitted) == ["Meeresgrund-", "Wette"]
    assert fitted.size > 7 and not fitted.hyphenated
    chip = fit("Anklage-Chips", 18, 18, "Body-Bold", 13, 7, lang="de")
    assert _lines(chip) == ["Anklage-", "Chips"]


# compounds from public German rule texts (a quartet game's rules on Wikipedia, the NJET/MÜ rule booklet)
COMPOUNDS = [
    "Entscheidungsrunde",
    "Auftragskarten",
    "Zeitbegrenzung",
    "Nachziehstapel",
    "Kartenspielvariante",
    "Mehrspielermodus",
    "Trumpfzahl-Karten",
    "Übersichtskarten",
]


def test_words_shrink_to_the_minimum_before_they_are_broken():
    for word in COMPOUNDS:
        fitted = fit(word, 25, 20, "Body", 12, 6, lang="de")
        assert not fitted.hyphenated and fitted.line is not None or _lines(fitted)[0].endswith("-")
        assert fitted.size >= 6


def test_at_the_minimum_words_break_only_at_hyphenation_points_with_a_hyphen():
    import pyphen

    dictionary = pyphen.Pyphen(lang="de")
    for word in COMPOUNDS:
        fitted = fit(word, 13, 30, "Body", 10, 8, lang="de")
        assert fitted.size == 8 and fitted.hyphenated, word
        lines = _lines(fitted)
        assert len(lines) > 1 and all(line.endswith("-") for line in lines[:-1]), (word, lines)
        position = 0
        for line in lines[:-1]:
            if word[position:].startswith(line):  # after a hyphen of the word itself
                position += len(line)
                continue
            head = line[:-1]  # the hyphen was added at a hyphenation point of the word's part
            assert word[position:].startswith(head), (word, lines)
            position += len(head)
            part_start = word.rfind("-", 0, position) + 1
            part = word[part_start:].split("-")[0]
            assert position - part_start in dictionary.positions(part), (word, lines)
        assert word[position:] == lines[-1]


def test_a_word_that_fits_nowhere_overflows_naming_it():
    import pytest

    with pytest.raises(Overflow, match="Nachziehstapel"):
        fit("Nachziehstapel", 6, 30, "Body", 10, 9, lang="de")
    with pytest.raises(Overflow, match="Nachziehstapel"):  # no language: no hyphenation points
        fit("Nachziehstapel", 13, 30, "Body", 10, 8)
