"""Example results for people: mappings under named columns, negative numbers with a minus sign, card names."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

from rulepress import paths
from rulepress.model import load_games, scenario
from rulepress.site import sources
from rulepress.text.words import strings


def test_labels_name_the_key_and_value_columns_of_a_mapping():
    reader = scenario.Reader(strings()["de"], "de")
    source = (
        ">>> victory_points(scores)\n{1: 5, 2: 0}\n>>> PLAYERS, MONEY\n((2, 6), 1500)\n>>> score(x).points\n{3: -1}\n"
    )
    labels = scenario.part_labels("Spieler | Siegpunkte; Spieler [range] | Geld")
    text = "\n".join(scenario.results_markdown(source, reader, labels))
    assert "1. | Spieler | Siegpunkte |\n   |---|---|\n   | 1 | 5 |\n   | 2 | 0 |" in text
    assert "| Spieler | 2–6 |" in text and "| Geld | 1\\.500 |" in text  # the next group went to the tuple
    assert "3. |  |  |\n   |---|---|\n   | 3 | −1 |" in text  # no group left: a table without headings


def test_a_mapping_with_pairs_as_keys_takes_column_names():
    reader = scenario.Reader(strings()["en"], "en")
    source = ">>> battle_odds(3, 2)\n{(0, 2): Fraction(1445, 3888), (1, 1): Fraction(2611, 7776)}\n"
    text = "\n".join(scenario.results_markdown(source, reader, [["losses (attacker, defender)", "chance"]]))
    assert (
        "| losses \\(attacker, defender\\) | chance |\n|---|---|\n"
        '| 0, 2 | <abbr class="rp-exact" tabindex="0" title="1445/3888">37\\.2%</abbr> |\n'
        '| 1, 1 | <abbr class="rp-exact" tabindex="0" title="2611/7776">33\\.6%</abbr> |'
    ) in text


def test_a_mapping_of_records_takes_no_column_names():
    reader = scenario.Reader(strings()["en"], "en")
    source = ">>> plan()\n{1: Slot(side='a')}\n>>> PLAYERS, MONEY\n((2, 6), 1)\n"
    text = "\n".join(scenario.results_markdown(source, reader, [["players [range]", "money"]]))
    assert "| players | 2–6 |" in text  # the group was kept for the statement it names


def test_negative_numbers_and_fractions_carry_a_minus_sign():
    reader = scenario.Reader(strings()["en"], "en")
    assert scenario.inline(-1500, reader) == "−1,500"
    assert scenario.inline(scenario.parse_value("Fraction(-1, 3)"), reader) == "−1/3"
    assert scenario.inline((0, -2.5), reader) == "0, −2.5"


def test_no_result_on_the_built_site_shows_a_card_id_or_a_short_form_of_one(bundled_build):
    """A result names a game's things (cards, tiles, regions) by their names, never by an id or the
    short form of an id (``pe01`` for ``pe01-hecker``)."""
    out, _result = bundled_build
    for content in load_games(paths.BUNDLED_CONTENT):
        for lang in ("de", "en"):
            names = sources.thing_names(content.game, lang)
            ids = {i for i, name in names.items() if name and name != i}
            soup = BeautifulSoup(
                (out / "site" / lang / content.id / "rules.html").read_text(encoding="utf-8"), "html.parser"
            )
            for box in soup.select(".rp-example .rp-results"):
                words = set(re.findall(r"[\w-]+", box.get_text(" ")))
                raw = sorted(
                    w
                    for w in words  # codes with a digit: plain words may be ids of glossary terms
                    if re.search(r"\d", w) and (w in ids or any(i.startswith(w + "-") for i in ids))
                )
                assert not raw, (content.id, lang, box.find_parent(class_="rp-example").get("id"), raw)


def test_printed_rows_become_a_table_under_the_labels_and_other_lines_stay_apart():
    reader = scenario.Reader(strings()["de"], "de")
    source = ">>> for n in (2, 3):\n...     print(n, n * 3, f(n))\n2 6 7/12\n3 9 -1.5\n>>> print(text)\nerste Zeile\nzweite\n"
    text = "\n".join(scenario.results_markdown(source, reader, [["Spieler", "Schwelle", "Chance"]]))
    assert "1. | Spieler | Schwelle | Chance |\n   |---|---|---|\n   | 2 | 6 | 7/12 |\n   | 3 | 9 | −1,5 |" in text
    assert "2. erste Zeile\\\nzweite" in text  # two lines, not run together into one


def test_a_statements_trailing_comment_captions_its_result():
    reader = scenario.Reader(strings()["de"], "de")
    source = (
        ">>> HAND_LIMIT  # Kartenlimit\n5\n>>> f('#')  # doctest: +ELLIPSIS\n'#'\n"
        ">>> [g(x)  # Siegpunkte\n...  for x in (1, 2)]\n{1: 5, 2: 0}\n"
    )
    text = "\n".join(scenario.results_markdown(source, reader))
    assert "1. *Kartenlimit:* 5" in text
    assert "2. \\#\n" in text  # a doctest directive is no caption, a '#' in a string neither
    assert "3. *Siegpunkte:*\n\n   |  |  |\n   |---|---|\n   | 1 | 5 |" in text  # a table below its caption
    assert scenario.caption("f(1)  # mit 1 Karte") == "mit 1 Karte" and scenario.caption("f(1)") == ""


def test_a_failed_statement_shows_what_the_engine_computed_and_the_expected_value_struck_out():
    reader = scenario.Reader(strings()["en"], "en")
    source = ">>> move(3, 2)  # where it ends\n13\n>>> table()  # the table\n[(1, 2), (3, 4)]\n"
    text = "\n".join(scenario.results_markdown(source, reader, None, {0: "12\n", 1: "[(1, 2), (3, 5)]\n"}))
    assert "```{container} rp-computed\n   **✗ Computed by the rules engine:** 12\n" in text
    assert "**Written in this example \\(does not match\\):** <del>13</del>" in text
    assert "```{container} rp-expected rp-struck" in text and "| 3 | 5 |" in text and "| 3 | 4 |" in text
    passed = "\n".join(scenario.results_markdown(source, reader))
    assert "rp-computed" not in passed and "13" in passed


def test_a_probability_reads_as_a_percentage_in_the_page_s_language():
    from fractions import Fraction

    assert scenario.percent(Fraction(1445, 3888), "de") == "37,2\xa0%"
    assert scenario.percent(Fraction(1445, 3888), "en") == "37.2%"
    assert scenario.percent(Fraction(1, 7776), "fr").startswith("0,013")
    text, _ = scenario.result_markdown("Fraction(3, 2)", scenario.Reader(strings()["en"], "en"))
    assert text == "3/2"  # more than 1: no probability
