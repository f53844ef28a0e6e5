"""The rules website on a phone (390 px) and a desktop (1280 px) in real headless Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from test_site_browser import _open, contents  # noqa: F401  (session fixture)

# ruff: noqa: F811 (the tests take the imported fixture `contents` as a parameter)

PAGES = ("index", "rules", "glossary", "ambiguities", "gallery", "downloads")


@pytest.fixture()
def phone(driver):
    driver.set_window_size(390, 844)
    yield driver
    driver.set_window_size(1200, 1000)


def test_no_page_is_wider_than_a_phone_and_search_is_in_the_first_screen(phone, server, contents):
    for content in contents[:2]:
        for lang in ("de", "en"):
            for page in PAGES:
                _open(phone, f"{server}/site/{lang}/{content.id}/{page}.html")
                width = phone.execute_script("return document.documentElement.scrollWidth")
                assert width <= 390, (content.id, lang, page, width)
                box = phone.find_element(By.CSS_SELECTOR, '.rp-search input[name="q"]')
                assert box.is_displayed() and box.rect["y"] + box.rect["height"] < 844, (page, box.rect)
                nav = [
                    a.get_attribute("href").rsplit("/", 1)[-1]
                    for a in phone.find_elements(By.CSS_SELECTOR, ".rp-game-nav a")
                ]
                assert nav == [f"{p}.html" for p in PAGES], nav


def test_example_is_readable_without_code_and_its_id_links_to_itself(phone, server, contents):
    content = next(c for c in contents if c.rules["de"].examples)
    example = content.rules["de"].examples[-1]
    _open(phone, f"{server}/site/de/{content.id}/rules.html")
    box = phone.find_element(By.ID, f"{content.id}-example-{example.id}")
    assert "Ergebnis" in box.text and "von der Regel-Engine geprüft" in box.text
    assert ">>>" not in box.text  # the code is folded away
    assert not box.find_element(By.CSS_SELECTOR, "details.rp-code pre").is_displayed()
    link = box.find_element(By.CSS_SELECTOR, "a.rp-example-id")
    assert link.get_attribute("href").endswith(f"#{content.id}-example-{example.id}")


@pytest.mark.parametrize(
    "page,anchor_of",
    [
        ("glossary", lambda c: f"{c.id}-term-{c.game.glossary[0].id}"),
        ("ambiguities", lambda c: f"{c.id}-amb-{c.game.ambiguities[0].id}"),
    ],
)
def test_language_switch_keeps_the_term_or_ambiguity(driver, server, contents, page, anchor_of):
    content = next(c for c in contents if c.game.glossary and c.game.ambiguities)
    anchor = anchor_of(content)
    _open(driver, f"{server}/site/de/{content.id}/{page}.html#{anchor}")
    driver.execute_script("arguments[0].click()", driver.find_element(By.CSS_SELECTOR, '.rp-switcher a[hreflang="en"]'))
    _open(driver, driver.current_url)
    assert driver.current_url == f"{server}/site/en/{content.id}/{page}.html#{anchor}"
    assert driver.find_element(By.ID, anchor).is_displayed()


def test_search_lists_sections_for_short_words_and_the_switch_keeps_the_query(driver, server, contents):
    content = contents[0]
    section = next(s for s in content.rules["de"].sections if s.parent)
    word = max((w for w in section.title.split() if w.isalpha()), key=len)
    _open(driver, f"{server}/site/de/search.html?q={word}")
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".rp-section-results a"))
    hrefs = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".rp-section-results a")]
    assert any(h.endswith(f"/{content.id}/rules.html#{content.id}-{section.id}") for h in hrefs), (word, hrefs)
    driver.execute_script("arguments[0].click()", driver.find_element(By.CSS_SELECTOR, '.rp-switcher a[hreflang="en"]'))
    WebDriverWait(driver, 10).until(lambda d: "/site/en/" in d.current_url)
    assert driver.current_url.endswith(f"/site/en/search.html?q={word}")


AXE = Path(__file__).resolve().parents[2] / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing ({AXE}): ./dev.sh test installs it from npm")
    return AXE.read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [390, 1280])
def test_axe_finds_no_serious_or_critical_violation(driver, server, contents, axe_source, width):
    content = contents[0]
    pages = [f"site/{lang}/{content.id}/{page}.html" for lang in ("de", "en") for page in PAGES] + [
        "site/index.html",
        "site/de/index.html",
        "site/de/search.html?q=Karte",
        "site/404.html",
    ]
    if width > 390:
        pages = pages[:2] + pages[-4:]  # the layout differs little on a desktop: a smaller sample
    else:  # every game's downloads page: the most varied list of the site
        pages += [f"site/{lang}/{c.id}/downloads.html" for c in contents[1:] for lang in ("de", "en")]
    driver.set_window_size(width, 900)
    problems = []
    try:
        for page in pages:
            _open(driver, f"{server}/{page}")
            driver.execute_script(axe_source)
            result = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map("
                "v => [v.id, v.impact, v.nodes.length, v.nodes[0].target.join(' ')])));"
            )
            problems += [(page, *v) for v in result if v[1] in ("serious", "critical")]
    finally:
        driver.set_window_size(1200, 1000)
    assert not problems, problems


def test_long_titles_leave_search_and_the_start_of_the_text_in_the_first_screen(phone, server, contents):
    """For every game and page kind with text: the search box and the first paragraph start within 844 px."""
    for content in contents:
        for lang in ("de", "en"):
            for page in ("index", "rules"):
                _open(phone, f"{server}/site/{lang}/{content.id}/{page}.html")
                box = phone.find_element(By.CSS_SELECTOR, '.rp-search input[name="q"]')
                assert box.is_displayed() and box.rect["y"] + box.rect["height"] < 844, (content.id, page, box.rect)
                title = phone.find_element(By.CSS_SELECTOR, "article h1")
                text = phone.find_element(By.CSS_SELECTOR, "article h1 ~ p, article section p, article ul li")
                assert title.rect["height"] < 130, (content.id, lang, page, title.rect)  # at most 3 lines
                assert text.rect["y"] + 20 < 844, (content.id, lang, page, text.rect)


def test_opened_example_code_needs_no_sideways_scrolling(phone, server, contents):
    """Long doctest lines wrap in the folded code view: no code block scrolls sideways at 390 px."""
    for content in contents:
        _open(phone, f"{server}/site/en/{content.id}/rules.html")
        wide = phone.execute_script("""
            document.querySelectorAll('details.rp-code').forEach(d => d.open = true);
            const pres = [...document.querySelectorAll('details.rp-code pre')];
            return [pres.length, pres.filter(p => p.scrollWidth > p.clientWidth + 1).map(p => p.textContent.slice(0, 60))];""")
        assert wide[0] == len(content.rules["en"].examples) and wide[1] == [], (content.id, wide)


def test_downloads_page_on_a_phone_offers_the_print_and_play_set_first(phone, server, contents):
    """Every game's downloads page at 390 px: nothing wider than the screen, and the first bundle's
    ZIP (the print-and-play set for A4) in the first screen."""
    for content in contents:
        for lang in ("de", "en"):
            _open(phone, f"{server}/site/{lang}/{content.id}/downloads.html")
            width = phone.execute_script("return document.documentElement.scrollWidth")
            assert width <= 390, (content.id, lang, width)
            button = phone.find_elements(By.CSS_SELECTOR, ".rp-bundle-zip button.rp-zip")[0]
            assert button.get_attribute("data-rp-zip") == f"{content.id}-print-and-play.{lang}.a4.zip"
            assert button.is_displayed() and button.rect["y"] + button.rect["height"] <= 844, (content.id, button.rect)
