"""Line breaks inside words: after hyphens, and at pyphen's hyphenation points of the text's language only."""

from rulepress.text.hyphenate import breaks, hard_breaks, soft_breaks


def test_hard_breaks_come_after_each_inner_hyphen_longest_first():
    assert hard_breaks("Trumpfzahl-Karten-Stapel") == [
        ("Trumpfzahl-Karten-", "Stapel"),
        ("Trumpfzahl-", "Karten-Stapel"),
    ]
    assert hard_breaks("-Karte") == [] and hard_breaks("Karte-") == []


def test_soft_breaks_follow_the_language_and_each_part_of_a_compound():
    pairs = soft_breaks("Meeresgrund-Wettrennen", "de")
    heads = [head for head, _ in pairs]
    assert "Meeres" in heads and "Meeresgrund-Wett" in heads
    assert all(head + tail == "Meeresgrund-Wettrennen" for head, tail in pairs)
    assert "Meeresgrun" not in heads  # the ReportLab hyphenator offset pyphen's points past the hyphen
    assert soft_breaks("reinforcements", "en") and soft_breaks("reinforcements", None) == []
    assert soft_breaks("Nachziehstapel", "xx") == []  # a language pyphen does not know: no guesses


def test_breaks_offers_hyphens_before_hyphenation_points():
    pairs = breaks("de")("Trumpffarbe-Karten")
    assert pairs[0] == ("Trumpffarbe-", "Karten")
    assert breaks(None)("Trumpffarbe-Karten") == [("Trumpffarbe-", "Karten")]


def test_english_is_hyphenated_american_by_default_british_where_asked():
    """en is pyphen's en_US (Webster-style breaks), en-GB the British patterns: the review's bad breaks
    ("territ-ory", "negat-ive", "reconstruc-ted") are British ones."""
    heads = lambda word, lang: {head for head, _ in soft_breaks(word, lang)}  # noqa: E731
    assert heads("territory", "en") == {"ter", "terri"}
    assert heads("negative", "en") == {"neg", "nega"}
    assert "reconstruc" not in heads("reconstructed", "en") and "recon" in heads("reconstructed", "en")
    assert "territ" in heads("territory", "en-GB")


def test_no_fragment_is_shorter_than_the_minimum():
    for word, lang in (("Altenburg", "en"), ("Stralsunder", "de"), ("Zusatzarmeen", "de"), ("reconstructed", "en")):
        for head, tail in soft_breaks(word, lang):
            assert len(tail) >= 3 and len(head) >= (3 if lang == "de" else 2), (word, head, tail)
    assert ("Altenbur", "g") not in soft_breaks("Altenburg", "en") and soft_breaks("Stralsunder", "de")


def test_german_compounds_break_at_their_joints_not_just_after_them():
    assert soft_breaks("Westeuropa", "de") == [("West", "europa")]
    assert soft_breaks("Kurzregeln", "de") == [("Kurz", "regeln")]
    assert soft_breaks("Zusatzarmeen", "de") == [("Zusatz", "armeen")]
    assert ("Angriffs", "würfel") in soft_breaks("Angriffswürfel", "de")
