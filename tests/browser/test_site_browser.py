"""The rules website in a real headless Chromium: rule pages, language switch, search, links.

The site is built once per session (the bundled games, or a scaffold game when
there are none) and served from the output folder as a static root.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
from conftest import content_dir
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from rulepress.model import load_games
from rulepress.model.loader import find_games
from rulepress.model.rules_text import strip_term_refs

SHOTS = None  # set to a folder path to keep screenshots while developing


def _contents(site_output):
    if find_games(content_dir()):
        return load_games(content_dir())
    return load_games(next(site_output.parent.glob("scaffold-content*")))


@pytest.fixture(scope="session")
def contents(site_output):
    return [c for c in _contents(site_output) if {"de", "en"} <= set(c.rules)]


def _open(driver, url):
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def _search(driver, server, lang, query, expect: str | None = None) -> list[str]:
    """Run the site's own search page; return the result links (absolute URLs).

    Sphinx shows results one by one (fetching each page for its summary): stop waiting
    when the search is finished or, if given, once a result links to the page `expect`.
    """
    _open(driver, f"{server}/site/{lang}/search.html?q={urllib.request.quote(query)}")

    def links(d):
        return [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, "#search-results ul.search li a")]

    # the results box appears when the search starts; the pulse stops (-1) when it is finished
    WebDriverWait(driver, 30).until(
        lambda d: (
            d.execute_script(
                "return !!document.getElementById('search-results') && typeof Search !== 'undefined' && Search._pulse_status === -1"
            )
            or (expect and expect in [_page(u) for u in links(d)])
        )
    )
    return links(driver)


def _page(url: str) -> str:
    return urlparse(url).path


def _deep_section(content):
    """A rule section below the first one (a nested one if there is), to land on a real anchor."""
    sections = content.rules["de"].sections
    nested = [s for s in sections if s.parent]
    return (nested or sections)[len(nested or sections) // 2]


@pytest.mark.parametrize("lang,other", [("de", "en"), ("en", "de")])
def test_rule_page_and_language_switch_keep_the_rule(driver, server, contents, lang, other):
    content = contents[0]
    section = _deep_section(content)
    anchor = f"{content.id}-{section.id}"
    _open(driver, f"{server}/site/{lang}/{content.id}/rules.html#{anchor}")
    heading = driver.find_element(By.ID, anchor).find_element(
        By.XPATH, "./ancestor-or-self::section[1]/*[self::h2 or self::h3 or self::h4 or self::h5 or self::h6][1]"
    )
    assert heading.text.startswith(section.number + " ")
    assert driver.find_elements(By.CSS_SELECTOR, f'link[rel="alternate"][hreflang="{other}"]')
    driver.execute_script(
        "arguments[0].click()", driver.find_element(By.CSS_SELECTOR, f'.rp-switcher a[hreflang="{other}"]')
    )
    WebDriverWait(driver, 10).until(lambda d: f"/site/{other}/" in d.current_url)
    assert driver.current_url == f"{server}/site/{other}/{content.id}/rules.html#{anchor}"
    target = driver.find_element(By.ID, anchor)
    other_section = content.rules[other].section(section.id)
    assert other_section.number in target.find_element(By.XPATH, "./ancestor-or-self::section[1]").text
    assert strip_term_refs(other_section.title) in target.find_element(By.XPATH, "./ancestor-or-self::section[1]").text
    if SHOTS:
        driver.save_screenshot(f"{SHOTS}/switch-{lang}.png")


def test_search_german_umlaut_word_finds_the_rules(driver, server, contents):
    content = contents[0]
    text = "\n".join(strip_term_refs(s.body) for s in content.rules["de"].sections)
    words = [w for w in re.findall(r"\b\w*[äöüÄÖÜ]\w*\b", text) if len(w) >= 6]
    assert words, "the German rules have no word with an umlaut"
    word = sorted(set(words), key=lambda w: (-words.count(w), w))[0]
    expect = f"/site/de/{content.id}/rules.html"
    results = _search(driver, server, "de", word, expect)
    assert expect in [_page(u) for u in results], (word, results)
    if SHOTS:
        driver.save_screenshot(f"{SHOTS}/search-umlaut.png")


def _compound_pairs(contents):
    """(part, compound, game) where a German glossary keyword is only part of a longer word of the rules."""
    for content in contents:
        text = strip_term_refs("\n".join(s.title + "\n" + s.body for s in content.rules["de"].sections))
        words = set(re.findall(r"\w+", text))
        for term in content.game.glossary:
            for part in term.keywords.get("de", []):
                if " " in part or len(part) < 5:
                    continue
                root = part.lower().rstrip("en")
                if any(w.lower().startswith(root) for w in words):
                    continue  # also a word of its own: finding it would prove nothing
                compounds = sorted(w for w in words if root in w.lower())
                if compounds:
                    yield part, compounds[0], content


@pytest.mark.parametrize("part,compound", [("Karte", "Kooperationskarte"), ("Punkte", "Siegpunkte")])
def test_search_compound_part_named_in_issue(driver, server, contents, part, compound):
    pages = [c for c in contents if compound.lower() in "\n".join(s.body.lower() for s in c.rules["de"].sections)]
    assert pages, f"the bundled rules must use {compound!r} for this check"
    results = [_page(u) for u in _search(driver, server, "de", part, f"/site/de/{pages[0].id}/rules.html")]
    for content in pages[:1]:
        assert f"/site/de/{content.id}/rules.html" in results, (part, results)


def test_search_compound_part_that_is_never_a_word_of_its_own(driver, server, contents):
    pairs = list(_compound_pairs(contents))
    assert pairs, "the bundled glossaries must have a keyword that occurs only inside compounds"
    part, compound, content = pairs[0]
    expect = f"/site/de/{content.id}/rules.html"
    results = [_page(u) for u in _search(driver, server, "de", part, expect)]
    assert expect in results, (part, compound, results)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_search_rule_id_finds_the_rule(driver, server, contents, lang):
    content = contents[0]
    section = _deep_section(content)
    results = _search(driver, server, lang, section.id, f"/site/{lang}/{content.id}/rules.html")
    assert any(_page(u) == f"/site/{lang}/{content.id}/rules.html" for u in results), (section.id, results)
    if SHOTS:
        driver.save_screenshot(f"{SHOTS}/search-id-{lang}.png")


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        for name in ("href", "src"):
            if attrs.get(name) and not (tag == "link" and attrs.get("rel") == "canonical"):
                self.links.append(attrs[name])


def _fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, b""


def test_every_internal_link_resolves(driver, server):
    """Crawl the site from the language chooser; every link, image and anchor must exist."""
    start = f"{server}/site/index.html"
    seen_pages: dict[str, set[str]] = {}
    pending = [start]
    checked: dict[str, int] = {}
    anchors: list[tuple[str, str, str]] = []
    while pending:
        page = pending.pop()
        if page in seen_pages:
            continue
        status, body = _fetch(page)
        assert status == 200, page
        parser = _Links()
        parser.feed(body.decode("utf-8"))
        seen_pages[page] = parser.ids
        for link in parser.links:
            url, fragment = urldefrag(urljoin(page, link))
            if not url.startswith(server):
                continue
            url = url.split("?")[0]
            if fragment and url.endswith(".html"):
                anchors.append((page, url, fragment))
            if url.endswith(".html") and "/site/" in url:
                pending.append(url)
            elif url not in checked:
                checked[url] = _fetch(url)[0]
    broken = sorted(u for u, s in checked.items() if s != 200)
    assert not broken, broken
    missing = sorted({(p, u, f) for p, u, f in anchors if u in seen_pages and f not in seen_pages[u]})
    assert not missing, missing[:10]
    assert len(seen_pages) >= 10
    # every page of both languages was reached, and the downloads were among the checked files
    assert any(u.endswith(".pdf") for u in checked)
    _open(driver, start)
    assert driver.find_elements(By.CSS_SELECTOR, 'a[hreflang="de"]') and driver.find_elements(
        By.CSS_SELECTOR, 'a[hreflang="en"]'
    )


HOSTILE_ALLOWED = (
    'Jeder <b onmouseover="window.pwned=1">fett</b> und H<sub>2</sub>O, '
    '<img src="x" onerror="window.pwned=2" alt="Bild"> und '
    '<a href="javascript:window.pwned=3" onclick="window.pwned=4">Link</a>.'
)


def test_allowed_html_is_sanitised_and_runs_nothing(driver, tmp_path):
    """A game that allows a few tags (site.allow_html) keeps them, but no handler or javascript: link survives."""
    import functools
    import http.server
    import importlib.util
    import threading

    spec = importlib.util.spec_from_file_location("browser_conftest", Path(__file__).with_name("conftest.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _QuietHandler = module._QuietHandler  # noqa: N806 - the class, named as in conftest

    from rulepress.build import BuildOptions, build
    from rulepress.scaffold import new_game

    content = tmp_path / "content"
    folder = new_game("demo", content, table=False)
    (folder / "game.yaml").write_text(
        (folder / "game.yaml").read_text(encoding="utf-8") + "site:\n  allow_html: [b, sub, img, a]\n", encoding="utf-8"
    )
    rules = folder / "rules.de.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            "Wer zuerst das Ziel erreicht, gewinnt.", "Wer zuerst das Ziel erreicht, gewinnt. " + HOSTILE_ALLOWED
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    build(BuildOptions(content=content, out=out, kinds=("site",)))
    page = (out / "site" / "de" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert "<b>fett</b>" in page and "H<sub>2</sub>O" in page
    assert "onmouseover" not in page and "onerror" not in page and "javascript:" not in page and "onclick" not in page
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(out)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        _open(driver, f"http://127.0.0.1:{httpd.server_address[1]}/site/de/demo/rules.html")
        bold = driver.find_element(By.XPATH, "//b[text()='fett']")
        from selenium.webdriver import ActionChains

        ActionChains(driver).move_to_element(bold).perform()
        driver.find_element(By.LINK_TEXT, "Link").click()
        assert driver.execute_script("return window.pwned === undefined")
    finally:
        httpd.shutdown()
        httpd.server_close()


class _NotFoundHandler(http.server.SimpleHTTPRequestHandler):
    """A static host that answers a missing page with the site's 404.html, as GitHub Pages and Netlify do."""

    def log_message(self, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        body = (Path(self.directory) / "site" / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def test_the_404_page_links_work_at_any_depth(driver, site_output):
    handler = functools.partial(_NotFoundHandler, directory=str(site_output))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        for missing in ("/site/en/nothing.html", "/site/de/some/deeper/page.html", "/site/404.html"):
            _open(driver, base + missing)
            links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "main a")]
            assert links, missing
            for link in links:  # the site here is served below /site/: every link lands on a page that exists
                assert urlparse(link).path.startswith("/site/"), (missing, link)
                with urllib.request.urlopen(link) as answer:
                    assert answer.status == 200, (missing, link)
    finally:
        httpd.shutdown()
        httpd.server_close()
