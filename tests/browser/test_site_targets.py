"""Tap targets on a phone (390 px): the rule permalink is at least 24 x 24 CSS px (WCAG 2.5.8; it was 7 x 13 px)
and keeps its paragraph's line height; no page of a small game's site is wider than the phone."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest
from selenium.webdriver.common.by import By

from rulepress.build import BuildOptions, build
from rulepress.scaffold import new_game


@pytest.fixture(scope="module")
def small_site(tmp_path_factory):
    content = tmp_path_factory.mktemp("targets-content")
    new_game("demo", content, table=False)
    out = tmp_path_factory.mktemp("targets-out")
    build(BuildOptions(content=content, out=out, kinds=("site",)))
    site = out / "site"
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    )
    httpd.RequestHandlerClass.log_message = lambda *args: None  # type: ignore[method-assign]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield site, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_the_rule_permalink_is_a_24_px_target_that_keeps_the_line_height(driver, small_site):
    _site, base = small_site
    driver.set_window_size(390, 844)
    try:
        driver.get(f"{base}/en/demo/rules.html")
        links = driver.find_elements(By.CSS_SELECTOR, "a.rp-permalink")
        assert len(links) >= 2
        for link in links:
            box = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", link)
            assert box["width"] >= 24 and box["height"] >= 24, box
        heights = driver.execute_script(
            """return [...document.querySelectorAll('article p')].filter(p => p.textContent.trim()).map(p => {
                const line = parseFloat(getComputedStyle(p).lineHeight);
                const lines = p.getClientRects()[0].height / line;
                return {lines, link: !!p.querySelector('a.rp-permalink')};
            });"""
        )
        with_link = [h["lines"] for h in heights if h["link"]]
        assert with_link and all(abs(n - round(n)) < 0.05 for n in with_link), heights  # whole lines: no taller line
    finally:
        driver.set_window_size(1200, 1000)


def test_no_page_of_a_small_site_is_wider_than_a_phone(driver, small_site):
    site, base = small_site
    driver.set_window_size(390, 844)
    try:
        for page in sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")):
            driver.get(f"{base}/{page}")
            width = driver.execute_script("return document.documentElement.scrollWidth")
            assert width <= 390, (page, width)
    finally:
        driver.set_window_size(1200, 1000)
