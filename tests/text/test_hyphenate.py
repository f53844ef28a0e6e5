"""Line breaks inside words: after hyphens, and at pyphen's hyphenation points of the text's language only."""

from rulepress.text.hyphenate import breaks, hard_breaks, soft_breaks


def test_hard_breaks_come_after_each_inner_hyphen_longest_first():
    assert hard_breaks("Trumpfzahl-Karten-Stapel") == [
        ("Trumpfzahl-Karten-", "Stapel"),
        ("Trumpfzahl-", "Karten-Stapel"),
    ]
    assert hard_breaks("-Karte") == [] and hard_breaks("Karte-") == []


def test_soft_breaks_follow_the_language_and_each_part_of_a_compound():
    pairs = soft_breaks("Meeresgrund-Wette", "de")
    heads = [head for head, _ in pairs]
    assert "Meeres" in heads and "Meeresgrund-Wet" in heads
    assert all(head + tail == "Meeresgrund-Wette" for head, tail in pairs)
    assert "Meeresgrun" not in heads  # the ReportLab hyphenator offset pyphen's points past the hyphen
    assert soft_breaks("reinforcements", "en") and soft_breaks("reinforcements", None) == []
    assert soft_breaks("Nachziehstapel", "xx") == []  # a language pyphen does not know: no guesses


def test_breaks_offers_hyphens_before_hyphenation_points():
    pairs = breaks("de")("Trumpffarbe-Karten")
    assert pairs[0] == ("Trumpffarbe-", "Karten")
    assert breaks(None)("Trumpffarbe-Karten") == [("Trumpffarbe-", "Karten")]
