"""The meta description of a game's pages: plain text of the first rule paragraph, cut at a word."""

from __future__ import annotations

from rulepress.site.summary import game_description, plain_text, shortened


def test_plain_text_keeps_the_words_and_drops_marks_links_and_roles():
    text = "Each player rolls **two** [dice](#dice) and moves {term}`armies <army>`.\n\nSecond paragraph."
    assert plain_text(text) == "Each player rolls two dice and moves armies."
    assert plain_text("| a | b |\n|---|---|\n| 1 | 2 |\n") == ""  # a table is no summary


def test_shortened_cuts_at_a_word_with_an_ellipsis():
    assert shortened("short text", 50) == "short text"
    cut = shortened("one two three four five six seven", 16)
    assert cut == "one two three…" and len(cut) <= 16


def test_game_description_leads_with_title_edition_and_players():
    text = game_description("Risk", "1993 rules", "Players: 2–6", "Conquer the *world*.")
    assert text == "Risk (1993 rules) · Players: 2–6. Conquer the world."
    assert len(game_description("T", "", "", "word " * 100)) <= 200
