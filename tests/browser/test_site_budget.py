"""The site's budgets in a real headless Chromium: every page fits a 390 px phone (CDP device emulation, DPR 3)
with tap targets of at least 24 px, a game's search shows results within 3 s on slow 4G, offline use stores
nothing until the reader chooses it and then holds both languages and the PDFs, a bundle's ZIP is made by
the page with the bytes Python writes, and each printed page names the game, its version and its date."""

from __future__ import annotations

import base64
import functools
import gzip
import http.server
import io
import json
import os
import threading
import time
import zipfile
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from rulepress.site import downloads

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 // 8, "uploadThroughput": 750_000 // 8}
TARGETS = """return [...document.querySelectorAll(
    'button, input, select, summary, .rp-topbar a, .rp-game-nav a, a.rp-permalink, a.rp-example-id, .rp-offline a')]
  .filter(e => e.offsetParent && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect(); return [e.className || e.tagName, e.textContent.trim().slice(0, 30), r.width, r.height]; })
  .filter(x => x[2] < 24 || x[3] < 24)"""


class _GzipHandler(http.server.SimpleHTTPRequestHandler):
    """A static server that sends text gzipped when the browser accepts it, as a web host does."""

    TEXT = {".html", ".css", ".js", ".json", ".svg", ".map", ".txt", ".webmanifest"}

    def send_head(self):
        path = self.translate_path(self.path)
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not path.endswith(tuple(self.TEXT)):
            return super().send_head()
        try:
            with open(path, "rb") as file:
                body = gzip.compress(file.read(), 6, mtime=0)
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def gzip_server(site_output):
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_GzipHandler, directory=str(site_output))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _open(driver, url):
    driver.get(url)
    WebDriverWait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")


@pytest.fixture()
def phone(driver):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    yield driver
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_every_page_fits_a_390_px_phone_and_its_tap_targets_are_24_px(phone, server, site_output):
    site = site_output / "site"
    # (the not-found pages link their files from the site's root, where a host serves them: not so here)
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html")
    assert len(pages) > 40, pages
    wide, small = [], []
    for page in pages:
        _open(phone, f"{server}/site/{page}")
        # (a phone's layout viewport grows to a page wider than the screen: the window's width tells it too)
        width = phone.execute_script("return Math.max(document.documentElement.scrollWidth, window.innerWidth)")
        if width > 390:
            wide.append((page, width))
        small += [(page, *target) for target in phone.execute_script(TARGETS)]
    assert not wide, wide
    assert not small, sorted({(x[1], x[2], round(x[4])) for x in small})


def test_a_game_s_search_shows_results_within_3_s_on_slow_4g(driver, gzip_server, site_output):
    server = gzip_server
    game = sorted(p.parent.name for p in (site_output / "site" / "en").glob("*/rules.html"))[0]
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW_4G)
    try:
        driver.get(f"{server}/site/en/search.html?q=turn&game={game}")
        WebDriverWait(driver, 30, poll_frequency=0.05).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, ".rp-hit-count")
        )
        seconds = driver.execute_script("return performance.now()") / 1000  # since the page was asked for
        loaded = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    finally:
        driver.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {**SLOW_4G, "latency": 0} | {"downloadThroughput": -1, "uploadThroughput": -1},
        )
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    parts = [name.rsplit("/", 1)[-1] for name in loaded if "/rp-sections/" in name]
    assert parts == [f"{game}.js"], parts  # only the game's part of the sections search
    assert seconds < 3, f"{seconds:.2f} s"


def _click(driver, selector: str) -> None:
    driver.execute_script("arguments[0].click()", driver.find_element(By.CSS_SELECTOR, selector))


def _registrations(driver) -> list:
    return driver.execute_async_script(
        "const done = arguments[0]; Promise.all([navigator.serviceWorker.getRegistrations(), caches.keys()])"
        ".then(([r, k]) => done([r.length, k]))"
    )


def test_offline_use_is_the_reader_s_choice_and_then_holds_both_languages_and_the_pdfs(driver, server, site_output):
    site = site_output / "site"
    listed = json.loads((site / "offline.json").read_text(encoding="utf-8"))
    game = sorted(p.parent.name for p in (site / "en").glob("*/rules.html"))[0]
    driver.set_script_timeout(300)
    _open(driver, f"{server}/site/en/{game}/index.html")
    time.sleep(1)
    assert _registrations(driver) == [0, []]  # nothing registered or stored by opening pages
    _open(driver, f"{server}/site/de/{game}/rules.html")
    assert _registrations(driver) == [0, []]
    _click(driver, ".rp-offline-open")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".rp-offline-choice label"))
    labels = [label.text for label in driver.find_elements(By.CSS_SELECTOR, ".rp-offline-choice label")]
    sizes = [
        downloads.size_text(listed[part]["bytes"], "de", {"size_kb": "{n} kB", "size_mb": "{n} MB"})
        for part in ("pages", "prints")
    ]
    assert len(labels) == 2 and all(size.split()[-1] in label for size, label in zip(sizes, labels)), (labels, sizes)
    prints = driver.find_element(By.CSS_SELECTOR, '.rp-offline-choice input[name="prints"]')
    if not prints.is_selected():
        driver.execute_script("arguments[0].click()", prints)
    _click(driver, '.rp-offline-choice button[type="submit"]')
    WebDriverWait(driver, 300).until(lambda d: "(" in d.find_element(By.CSS_SELECTOR, ".rp-offline-status").text)
    count, keys = _registrations(driver)
    assert count == 1 and keys == ["rulepress-offline"]
    pdf = next(url for url in listed["prints"]["files"] if url.endswith(".pdf"))
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0},
    )
    try:
        for lang in ("en", "de"):
            _open(driver, f"{server}/site/{lang}/{game}/rules.html")
            assert driver.find_element(By.CSS_SELECTOR, "article h1").text, lang
        status = driver.execute_async_script(
            "const done = arguments[1]; fetch(arguments[0]).then(r => r.arrayBuffer().then(b => done([r.status, b.byteLength]))).catch(e => done(String(e)))",
            f"{server}/site/{pdf}",
        )
        assert status == [200, (site / pdf).stat().st_size], status
    finally:
        driver.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )
        _click(driver, ".rp-offline-open")
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".rp-offline-remove"))
        _click(driver, ".rp-offline-remove")
        WebDriverWait(driver, 10).until(lambda d: _registrations(d) == [0, []])


def test_the_page_makes_a_bundle_s_zip_with_the_bytes_python_writes(driver, server, site_output):
    site = site_output / "site"
    game = sorted(p.parent.name for p in (site / "en").glob("*/downloads.html"))[0]
    _open(driver, f"{server}/site/en/{game}/downloads.html")
    button = driver.find_element(By.CSS_SELECTOR, ".rp-bundle-zip button.rp-zip")
    assert button.is_displayed()
    entries = json.loads(button.get_attribute("data-rp-files"))
    driver.set_script_timeout(60)
    made = driver.execute_async_script(
        """const [entries, done] = arguments;
        Promise.all(entries.map(([name, href]) => fetch(href).then(r => r.arrayBuffer()).then(b => [name, new Uint8Array(b)])))
          .then(files => window.RPZip.zip(files).arrayBuffer())
          .then(b => { let s = ""; new Uint8Array(b).forEach(c => { s += String.fromCharCode(c); }); done(btoa(s)); });""",
        entries,
    )
    data = base64.b64decode(made)
    page = site / "en" / game / "downloads.html"
    files = [(name, (page.parent / href).resolve()) for name, href in entries]
    expected = io.BytesIO()
    target = site_output / "python.zip"
    downloads.write_zip(target, files)
    expected.write(target.read_bytes())
    target.unlink()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        assert [(i.filename, archive.read(i)) for i in archive.infolist()] == [(n, f.read_bytes()) for n, f in files]
    assert data == expected.getvalue()


def test_every_printed_page_names_the_game_its_version_and_date(driver, server, site_output):
    from rulepress.i18n import long_date
    from rulepress.model import history, load_games

    content = next(c for c in load_games(_content_dir()) if c.game.version and history.current(c.game))
    release = history.current(content.game)
    for lang in ("de", "en"):
        _open(driver, f"{server}/site/{lang}/{content.id}/rules.html")
        pdf = driver.execute_cdp_cmd("Page.printToPDF", {"printBackground": False})
        data = base64.b64decode(pdf["data"])
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) >= 2
        for number, printed in enumerate(reader.pages, 1):
            text = " ".join((printed.extract_text() or "").split())
            assert content.game.version in text and long_date(release.date, lang) in text, (lang, number, text[-300:])
        with pdfplumber.open(io.BytesIO(data)) as printed_pdf:  # the line stands in the margin, under the text
            for number, page in enumerate(printed_pdf.pages, 1):
                margin = page.height - 16 * 72 / 25.4
                words = page.extract_words()
                below = [w for w in words if w["top"] >= margin]
                assert content.game.version in " ".join(w["text"] for w in below), (lang, number)
                assert all(w["bottom"] <= margin for w in words if w["top"] < margin), (lang, number)


def _content_dir() -> Path:
    """The games the browser tests built (as tests/browser/conftest.py chooses them: a module of that name
    elsewhere in the suite may be the one imported as `conftest`)."""
    from rulepress import paths

    return Path(os.environ.get("RULEPRESS_SITE_TEST_CONTENT", paths.BUNDLED_CONTENT))
