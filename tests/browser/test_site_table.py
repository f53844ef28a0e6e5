"""The rules website at the table, in a real headless Chromium on a phone-sized window: the language switch
keeps the paragraph being read and stays in reach, nothing scrolls sideways, tap targets are 44 × 44 px, and
the site opens again with the network cut once the reader chose to keep it (service worker)."""

from __future__ import annotations

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def _game_pages(site_output, lang):
    return sorted((site_output / "site" / lang).glob("*/rules.html"))


def _open(driver, url):
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def _phone(driver):
    driver.set_window_size(390, 844)
    width = driver.execute_script("return window.innerWidth")
    return width


def test_language_switch_keeps_the_paragraph_being_read_and_stays_in_reach(driver, server, site_output):
    rules = _game_pages(site_output, "de")[0]
    game = rules.parent.name
    _phone(driver)
    _open(driver, f"{server}/site/de/{game}/rules.html")
    anchors = driver.execute_script("return [...document.querySelectorAll('[role=main] [id^=\"r-\"]')].map(e => e.id)")
    assert len(anchors) >= 3, anchors
    chosen = anchors[len(anchors) // 2]
    driver.execute_script(
        # at once: the site scrolls smoothly, and a click during the animation would read a place on the way
        "const e = document.getElementById(arguments[0]);"
        " window.scrollTo({top: window.scrollY + e.getBoundingClientRect().top + 5, behavior: 'instant'})",
        chosen,
    )
    time.sleep(0.3)
    switch = driver.find_element(By.CSS_SELECTOR, ".rp-switcher a[data-rp-switch]")
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", switch)
    assert 0 <= top < 844, top  # still on screen far down the page
    expected = driver.execute_script("return arguments[0].getAttribute('href')", switch)
    switch.click()
    WebDriverWait(driver, 10).until(lambda d: f"/{game}/rules.html#" in d.current_url and "/site/en/" in d.current_url)
    assert driver.current_url.endswith("#" + chosen), (driver.current_url, chosen, expected)


def test_after_scrolling_by_hand_the_switch_leaves_the_anchor_the_page_was_opened_at(driver, server, site_output):
    rules = _game_pages(site_output, "de")[0]
    game = rules.parent.name
    driver.set_window_size(1200, 1000)
    _open(driver, f"{server}/site/de/{game}/rules.html")
    first = driver.execute_script("return document.querySelector('[role=main] [id^=\"r-\"]').id")
    _open(driver, f"{server}/site/de/{game}/rules.html#{first}")
    time.sleep(1.5)  # the theme's smooth scroll to the anchor
    ActionChains(driver).scroll_by_amount(0, 4000).perform()  # a real wheel: the reader moves on
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrollY") > 3000)
    time.sleep(1.5)
    reading = driver.execute_script(
        """return [...document.querySelectorAll('[role=main] [id^="r-"]')]
             .filter(e => e.getBoundingClientRect().top <= 8).map(e => e.id).pop()"""
    )
    assert reading and reading != first
    driver.execute_script(
        "arguments[0].click()", driver.find_element(By.CSS_SELECTOR, ".rp-switcher a[data-rp-switch]")
    )
    WebDriverWait(driver, 10).until(lambda d: "/site/en/" in d.current_url)
    assert not driver.current_url.endswith("#" + first), driver.current_url


def test_no_sideways_scrolling_and_tap_targets_of_44_px(driver, server, site_output):
    _phone(driver)
    for page in ("rules", "index", "downloads"):
        game = _game_pages(site_output, "de")[0].parent.name
        _open(driver, f"{server}/site/de/{game}/{page}.html")
        overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (page, overflow)
        small = driver.execute_script(
            """return [...document.querySelectorAll('.rp-topbar a, .rp-topbar button, .rp-topbar input, a.rp-example-id')]
                 .filter(e => e.offsetParent)
                 .map(e => { const r = e.getBoundingClientRect(); return [e.className || e.tagName, e.textContent.trim(), r.width, r.height]; })
                 .filter(x => x[2] < 44 || x[3] < 44)"""
        )
        assert small == [], (page, small)
        tabs = driver.find_elements(By.CSS_SELECTOR, ".rp-game-nav a")
        for tab in tabs:
            box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right]", tab)
            assert box[0] >= 0 and box[1] <= driver.execute_script("return window.innerWidth"), (tab.text, box)


def test_pages_open_with_the_network_cut(driver, server, site_output):
    game = _game_pages(site_output, "en")[0].parent.name
    _open(driver, f"{server}/site/en/{game}/index.html")
    driver.set_script_timeout(120)
    # offline use is the reader's choice: the rules pages of every language (the default choice)
    driver.execute_script("document.querySelector('.rp-offline-open').click()")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".rp-offline-choice button"))
    driver.execute_script("document.querySelector('.rp-offline-choice button[type=submit]').click()")
    WebDriverWait(driver, 120).until(lambda d: "(" in d.find_element(By.CSS_SELECTOR, ".rp-offline-status").text)
    state = driver.execute_async_script(
        "const done = arguments[0]; navigator.serviceWorker.ready.then(r => done(r.active && r.active.state))"
    )
    assert state in ("activating", "activated")
    online_text = {}
    for page in ("rules", "glossary"):
        _open(driver, f"{server}/site/en/{game}/{page}.html")
        online_text[page] = driver.find_element(By.CSS_SELECTOR, "article").text
    driver.execute_cdp_cmd("Network.enable", {})
    offline = {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}
    try:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
        for page in ("rules", "glossary"):
            _open(driver, f"{server}/site/en/{game}/{page}.html")
            assert driver.find_element(By.CSS_SELECTOR, "article").text == online_text[page], page
        _open(driver, f"{server}/site/en/search.html?q=rules&game={game}")
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".rp-hit-count"))
    finally:
        online = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", online)
        driver.execute_async_script(  # leave the browser as it was: nothing stored, no worker
            "const done = arguments[0]; localStorage.clear(); caches.keys().then(k => Promise.all(k.map(n => caches.delete(n))))"
            ".then(() => navigator.serviceWorker.getRegistrations()).then(r => Promise.all(r.map(x => x.unregister()))).then(done)"
        )
