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


def test_units_follow_the_markdown_parser_not_the_look_of_a_line():
    """A setext heading and a section's bare title are headings; '18. März' inside a paragraph starts no
    list (an ordered list not starting at 1 cannot interrupt a paragraph); a list item's continuation line
    belongs to the item; a quoted paragraph is a sentence without its '>'."""
    found = align.units(
        [
            Paragraph(1, "Spielende", heading=True),
            Paragraph(3, "Rules\n====="),
            Paragraph(6, "Das Turnier endet am\n18. März."),
            Paragraph(9, "- Draw two cards\nand keep one.\n- Pass."),
            Paragraph(13, "> Never the last card."),
        ],
        "de",
    )
    assert [(u.line, u.kind, u.text) for u in found] == [
        (1, "heading", "Spielende"),
        (3, "heading", "Rules"),
        (6, "sentence", "Das Turnier endet am 18. März."),
        (9, "item", "Draw two cards and keep one."),
        (11, "item", "Pass."),
        (13, "sentence", "Never the last card."),
    ]


def test_a_setext_heading_starts_a_section_of_a_bare_file():
    found = align.sections([Paragraph(1, "Intro."), Paragraph(3, "Setup", heading=True), Paragraph(6, "Deal.")])
    assert [(s.title, s.line, len(s.paragraphs)) for s in found] == [("", 1, 1), ("Setup", 3, 2)]


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


def test_a_heading_saying_a_number_keeps_its_section_with_the_one_saying_it_too():
    """A section left out of the other text before one whose heading says a number ('Zweimal würfeln' /
    'Rolling twice'): the heading decides which of the two goes with the other text's section, even where
    that section is as long as both (here a longer translation)."""
    a = align.sections(
        [
            Paragraph(1, "## Rückwärts ziehen"),
            Paragraph(2, "Du darfst auch rückwärts ziehen, aber nicht über den Start hinaus. " * 2),
            Paragraph(4, "## Zweimal würfeln"),
            Paragraph(5, "Wer keinen Läufer auf dem Brett hat, würfelt zweimal und nimmt die höhere Zahl. " * 3),
        ]
    )
    b = align.sections(
        [
            Paragraph(1, "## Rolling twice"),
            Paragraph(2, "If you have no pawn on the board, roll twice and take the higher number. " * 6),
        ]
    )
    assert align.align_sections(a, b, "de", "en") == [([0], []), ([1], [0])]


def test_of_two_neighbours_of_like_length_the_one_saying_the_same_signals_is_kept():
    """A sentence dropped next to one of like length: the one left goes with the counterpart whose signals
    (here 'müssen' / 'have to') it says, and the other is left over, not the other way round."""
    a = units(
        "In diesem schönen Spiel bringt man die eigenen Figuren möglichst schnell vom Start über das Brett ins Ziel. "
        "Dabei versucht man, die Figuren der anderen zu schlagen, damit sie wieder von vorn anfangen müssen.",
        "de",
    )
    b = units(
        "While doing so, you try to hit the other players' pieces so that they have to start again from the start.",
        "en",
    )
    assert align.align(a, b, ratio=1.0) == [([0], []), ([1], [0])]  # the ratio of the whole texts
