"""Gale-Church alignment: splits, joins, dropped sentences, headings with headings."""

from rulepress.check import align
from rulepress.check.pairs import Paragraph


def units(text: str, lang: str):
    return align.units([Paragraph(1, text)], lang)


def test_units_cut_sentences_items_and_cells_with_their_lines():
    found = align.units(
        [
            Paragraph(3, "# Title"),
            Paragraph(5, "One. Two here.\n- item a\n- item b"),
            Paragraph(9, "| A | B |\n|---|---|\n| x | No |"),
        ],
        "en",
    )
    assert [(u.line, u.kind, u.text) for u in found] == [
        (3, "heading", "Title"),
        (5, "sentence", "One."),
        (5, "sentence", "Two here."),
        (6, "item", "item a"),
        (7, "item", "item b"),
        (9, "cell", "A"),
        (9, "cell", "B"),
        (11, "cell", "x"),
        (11, "cell", "No"),
    ]


def test_a_split_sentence_is_a_one_to_two_bead():
    a = units("Jeder Spieler zieht 3 Karten und legt dann 2 davon ab. Danach ist der nächste Spieler dran.", "de")
    b = units("Each player draws 3 cards. Then they discard 2 of them. Then the next player goes.", "en")
    assert align.align(a, b) == [([0], [0, 1]), ([1], [2])]


def test_a_dropped_sentence_leaves_the_rest_aligned():
    a = units(
        "Lege 4 Karten aus. Der älteste Spieler beginnt das Spiel und spielt die erste Karte aus. Am Ende zählt ihr 7 Punkte.",
        "de",
    )
    b = units("Lay out 4 cards. At the end you count 7 points.", "en")
    beads = align.align(a, b)
    assert beads[0] == ([0], [0]) and beads[-1][1] == [1]  # the dropped sentence stands alone or joins a neighbour


def test_sections_of_bare_files_align_by_order_and_length():
    a = align.sections(
        [Paragraph(1, "# Eins"), Paragraph(2, "Text " * 20), Paragraph(4, "## Zwei"), Paragraph(5, "Mehr " * 5)]
    )
    b = align.sections(
        [Paragraph(1, "# One"), Paragraph(2, "Text " * 21), Paragraph(4, "## Two"), Paragraph(5, "More " * 5)]
    )
    assert align.align_sections(a, b, "de", "en") == [([0], [0]), ([1], [1])]
