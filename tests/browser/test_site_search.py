"""The sections search in a real headless Chromium, typed as players type: a typo finds its section and offers
"did you mean", a full question finds it though not every word matches, the search started on a game's page
lists that game (with a link to all games), the hit count is shown in the page's language, and a rule
paragraph's number goes straight to its anchor.

Queries are made from whatever site the session built (the bundled games or a scaffold game), not written for
one text.
"""

from __future__ import annotations

import json
import re
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from rulepress.site.sources import words as load_strings


def _entries(site_output, lang):
    """Every game's sections-search entries (one part per game, ``_static/rp-sections/<game>.js``)."""
    entries = []
    for part in sorted((site_output / "site" / lang / "_static" / "rp-sections").glob("*.js")):
        line = next(l for l in part.read_text(encoding="utf-8").splitlines() if l.startswith("window.RP_SECTIONS = "))
        entries += json.loads(line.removeprefix("window.RP_SECTIONS = ").removesuffix(";"))
    return entries


def _section_with_long_title_word(entries):
    """A rule section with a word of 6+ letters in its title that no other entry's title has."""
    for entry in entries:
        if not entry["page"].endswith("/rules"):
            continue
        for word in sorted(re.findall(r"[^\W\d_]{6,}", entry["label"]), key=len, reverse=True):
            if sum(word.lower() in e["label"].lower() for e in entries) == 1:
                return entry, word
    pytest.fail("no rule section has a title word of its own")


def _typo(word: str) -> str:
    """The word with two different neighbouring letters near its middle swapped, as fast thumbs do (two equal
    letters swapped would give the word itself)."""
    middle = len(word) // 2
    i = next(k for k in sorted(range(1, len(word)), key=lambda k: abs(k - middle)) if word[k] != word[k - 1])
    return word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :]


def _run(driver, server, lang, query, game=""):
    params = {"q": query, **({"game": game} if game else {})}
    driver.get(f"{server}/site/{lang}/search.html?{urllib.parse.urlencode(params)}")
    WebDriverWait(driver, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".rp-section-results") or "#r-" in d.current_url
    )


def _hits(driver) -> list[str]:
    return [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".rp-section-results ol li a")]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_typo_finds_the_section_and_offers_the_word(driver, server, site_output, lang):
    entries = _entries(site_output, lang)
    if not entries:
        pytest.skip(f"the session's site has no {lang} rules")
    entry, word = _section_with_long_title_word(entries)
    typo = _typo(word)
    _run(driver, server, lang, typo, entry["gid"])
    hits = _hits(driver)
    assert any(h.endswith(f"{entry['page']}.html#{entry['anchor']}") for h in hits[:3]), (typo, hits)
    offered = driver.find_element(By.CSS_SELECTOR, ".rp-did-you-mean a").text
    assert offered.lower() == word.lower() or offered.lower().startswith(word.lower()[:-2]), (typo, offered)
    count = driver.find_element(By.CSS_SELECTOR, ".rp-hit-count").text
    forms = load_strings(lang)["search_hits"]
    pattern = (forms[0] if len(hits) == 1 else forms[1]).replace("{n}", str(len(hits)))
    assert count == pattern, (count, pattern)


def test_a_question_in_full_finds_the_section_though_not_every_word_matches(driver, server, site_output):
    entries = [e for e in _entries(site_output, "en") if e["page"].endswith("/rules")]
    if not entries:
        pytest.skip("the session's site has no English rules")
    entry, word = _section_with_long_title_word(entries)
    question = f"what does the rulebook say about {word.lower()} when nobody xqzzy"
    _run(driver, server, "en", question, entry["gid"])
    hits = _hits(driver)
    assert any(h.endswith("#" + entry["anchor"]) for h in hits[:3]), (question, hits)


def test_the_game_the_search_starts_on_comes_first_with_a_link_to_all_games(driver, server, site_output):
    entries = _entries(site_output, "en")
    games = sorted({e["gid"] for e in entries})
    game = games[-1]
    _run(driver, server, "en", entries[-1]["label"].split()[-1], game)
    assert all(f"/{game}/" in h for h in _hits(driver))
    everywhere = driver.find_element(By.CSS_SELECTOR, ".rp-scope a")
    assert "game=" not in everywhere.get_attribute("href")
    assert everywhere.text == load_strings("en")["search_all_games"]


def test_a_rule_number_goes_to_the_rule_paragraph(driver, server, site_output):
    entries = [e for e in _entries(site_output, "de") if e.get("rules")]
    if not entries:
        pytest.skip("the session's site has no numbered rule paragraphs")
    entry = entries[-1]
    number = entry["rules"][-1]
    _run(driver, server, "de", number, entry["gid"])
    WebDriverWait(driver, 10).until(lambda d: "#r-" in d.current_url)
    assert driver.current_url.endswith(f"{entry['page']}.html#r-{number.replace('.', '-')}")
    target = driver.find_element(By.ID, f"r-{number.replace('.', '-')}")
    assert target.is_displayed()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_each_hit_says_what_kind_of_entry_it_is_as_its_page_is_named(driver, server, site_output, lang):
    entries = _entries(site_output, lang)
    entry = next(e for e in entries if e["page"].endswith("/glossary"))
    _run(driver, server, lang, entry["label"], entry["gid"])
    pages = load_strings(lang)["pages"]
    items = driver.find_elements(By.CSS_SELECTOR, ".rp-section-results ol li")
    kinds = [i.find_element(By.CSS_SELECTOR, ".rp-kind").text for i in items]
    assert pages["glossary"] in kinds
    assert set(kinds) <= {pages["rules"], pages["glossary"], pages["ambiguities"]}
    for item in items:  # the label goes with its link: the glossary's label on a glossary page's link
        link = item.find_element(By.CSS_SELECTOR, "a").get_attribute("href")
        label = item.find_element(By.CSS_SELECTOR, ".rp-kind").text
        page = link.split(".html")[0].rsplit("/", 1)[-1]
        assert label == pages[page]


def test_the_sidebar_search_on_a_desktop_looks_in_the_game_whose_page_it_is_typed_on(driver, server, site_output):
    from selenium.webdriver.common.keys import Keys

    entry = next(e for e in _entries(site_output, "en") if e["page"].endswith("/rules"))
    metrics = {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        driver.get(f"{server}/site/en/{entry['page']}.html")
        box = driver.find_element(By.CSS_SELECTOR, "input.sidebar-search")
        assert box.is_displayed()  # a desktop window: the sidebar's search, not the top bar's
        box.send_keys("rules", Keys.ENTER)
        WebDriverWait(driver, 20).until(lambda d: "search.html" in d.current_url)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert f"game={entry['gid']}" in driver.current_url
    _run(driver, server, "en", "rules", entry["gid"])
    assert all(f"/{entry['gid']}/" in h for h in _hits(driver))
