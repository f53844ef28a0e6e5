"""Printing a rules page from the browser, and rule numbers on the site: Chromium's own PDF (CDP
``Page.printToPDF``) holds the rules without the site's furniture; every rule number has its permalink, the
anchor the rulebook names, and the search finds a paragraph by its number."""

from __future__ import annotations

import base64
import io
import urllib.request

import pytest
from conftest import content_dir
from pypdf import PdfReader
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from rulepress.model import load_games, numbering
from rulepress.model.loader import find_games


@pytest.fixture(scope="module")
def game(site_output):
    games = load_games(content_dir()) if find_games(content_dir()) else []
    return next(c for c in games if "de" in c.rules and any(s.numbered for s in c.rules["de"].sections))


def _open(driver, url):
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def _printed(driver) -> str:
    pdf = driver.execute_cdp_cmd("Page.printToPDF", {"printBackground": False, "preferCSSPageSize": False})
    reader = PdfReader(io.BytesIO(base64.b64decode(pdf["data"])))
    return "\n".join(page.extract_text() or "" for page in reader.pages)


def test_printing_a_rules_page_gives_the_document_only(driver, server, game):
    _open(driver, f"{server}/site/de/{game.id}/rules.html")
    skip = driver.execute_script("const a = document.querySelector('.skip-to-content'); return a ? a.textContent : ''")
    text = _printed(driver)
    first = game.rules["de"].sections[0]
    assert first.title.split("{")[0].strip()[:12] in text
    if skip.strip():
        assert skip.strip() not in text  # "Zum Inhalt springen" is not printed
    assert "English" not in text  # no language switch
    for number in [n.number for s in game.rules["de"].sections for n in s.numbered][:5]:
        assert number in text
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        styles = driver.execute_script(
            """const box = document.querySelector('.rp-example');
            const hidden = sel => [...document.querySelectorAll(sel)].every(e => getComputedStyle(e).display === 'none');
            return [box ? getComputedStyle(box).breakInside : 'avoid',
                    hidden('.sidebar-drawer, .toc-drawer, .skip-to-content, .rp-permalink, .mobile-header')];"""
        )
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert styles == ["avoid", True]


def test_every_rule_number_has_its_permalink_and_is_found_by_the_search(driver, server, game):
    html = urllib.request.urlopen(f"{server}/site/en/{game.id}/rules.html", timeout=10).read().decode()
    numbers = [n.number for s in game.rules["en"].sections for n in s.numbered]
    for number in numbers:
        target = numbering.anchor(number)
        assert f'id="{target}" href="#{target}"' in html, number
    number = numbers[-1]
    _open(driver, f"{server}/site/en/search.html?q={urllib.request.quote(number)}")
    WebDriverWait(driver, 30).until(
        lambda d: (
            d.find_elements(By.CSS_SELECTOR, "#search-results ul.search li a")
            or d.execute_script("return typeof Search !== 'undefined' && Search._pulse_status === -1")
        )
    )
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#search-results ul.search li a")]
    assert any(f"/{game.id}/rules.html#index-" in (link or "") for link in links), links
