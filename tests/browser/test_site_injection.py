"""Nothing from content reaches a page as markup: a payload in every string field of a small game's model,
Markdown that looks harmless but is not, one built site, Chromium over every page.

The fixture game is the scaffold game (`rulepress new`) with a hostile payload appended to every string of its
YAML that the schema accepts it in (titles, names, notes, labels, glossary, ambiguities, layout literals...),
a rule paragraph with the Markdown that passes the checks (a ``javascript:`` link, an autolink) and one worked
example whose expected value is wrong (the site is then a draft: the banner on every page). The payload sets a
global flag if any of it runs.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError
from selenium.webdriver.common.by import By

from rulepress.build import BuildOptions, build
from rulepress.model import load_games
from rulepress.model.schema import Game
from rulepress.scaffold import new_game

PAYLOAD = (
    ' <script>window.pwned=1</script><img src=x onerror="window.pwned=2"><svg onload="window.pwned=3">'
    " {raw}`html <b class=rawpwn>raw</b>` [a](javascript:window.pwned=4) <!-- | *x* \"quote' \n\nsecond paragraph"
)
MARKDOWN = (
    "Links that must not run: [click](javascript:window.pwned=5), <javascript:window.pwned=6> and "
    "[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cucHduZWQ9Nzwvc2NyaXB0Pg==)."
)
AMBIGUITY = """ambiguities:
  - id: unclear
    section: moving
    title: {de: Unklar, en: Unclear}
    description: {de: Beschreibung, en: Description}
    sources: [none]
    readings:
      - id: one
        text: {de: Eins, en: One}
      - id: two
        text: {de: Zwei, en: Two}
    used: one
"""
GAME_FILES = ("game.yaml", "components.yaml", "boards.yaml", "glossary.yaml", "ambiguities.yaml")
NOT_TEXT = {
    "id",
    "layout",
    "extends",
    "source",
    "font",
    "file",
    "path",
    "image",
    "engine",
    "used",
    "section",
    "cards_from",
    "cards_sheet",
    "size",  # a size preset name (a choice the loader checks after the schema)
}


def _strings(data, path=()):
    """(path, value) of every string leaf of YAML data, keys that hold ids, files or references left out."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in NOT_TEXT:
                yield from _strings(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, (*path, index))
    elif isinstance(data, str):
        yield path, data


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def inject(folder: Path) -> int:
    """Append PAYLOAD to every string the schema takes it in; the number of strings changed."""
    files = {n: yaml.safe_load((folder / n).read_text(encoding="utf-8")) for n in GAME_FILES if (folder / n).is_file()}
    files = {name: data for name, data in files.items() if isinstance(data, dict)}
    owner = {key: name for name, data in files.items() for key in data}
    hostile = {(owner[path[0]], path) for name, data in files.items() for path, _value in _strings(data)}
    for name, path in hostile:
        _set(files[name], path, _get(files[name], path) + PAYLOAD)
    while True:  # put back what the schema refuses (ids, choices, patterns), until the game validates
        try:
            Game.model_validate({key: value for data in files.values() for key, value in data.items()})
            break
        except ValidationError as exc:
            refused = {tuple(error["loc"]) for error in exc.errors()}
        undone = {(n, p) for n, p in hostile if any(p == r[: len(p)] for r in refused)}
        assert undone, refused
        for name, path in undone:
            _set(files[name], path, _get(files[name], path)[: -len(PAYLOAD)])
        hostile -= undone
    for name, data in files.items():
        (folder / name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return len(hostile)


def _get(data, path):
    for key in path:
        data = data[key]
    return data


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    content = tmp_path_factory.mktemp("hostile-content")
    folder = new_game("demo", content, table=False)  # every text in YAML, where the payload walk finds it
    (folder / "ambiguities.yaml").write_text(AMBIGUITY, encoding="utf-8")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(  # a component note (two paragraphs once injected): it must stay inside its table cell
        game_yaml.read_text(encoding="utf-8").replace(
            "    name: {de: Zahlenkarten, en: Number cards}\n",
            "    name: {de: Zahlenkarten, en: Number cards}\n    note: {de: Hinweis, en: Note}\n",
        ),
        encoding="utf-8",
    )
    changed = inject(folder)
    for lang in ("de", "en"):
        rules = folder / f"rules.{lang}.md"
        text = rules.read_text(encoding="utf-8")
        # no pictures: a card whose title holds the payload cannot be drawn (an error at the picture's line)
        text = "".join(line for line in text.splitlines(True) if not line.startswith(":picture:"))
        rules.write_text(text.replace("\n4\n```", "\n5\n```") + "\n\n" + MARKDOWN + "\n", encoding="utf-8")
    out = tmp_path_factory.mktemp("hostile-out")
    build(BuildOptions(content=content, out=out, kinds=("site",)))
    return content, out, changed


def _model_strings(value, seen=None):
    """Every string of a loaded model (pydantic models, dicts, lists)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _model_strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _model_strings(item)
    elif hasattr(value, "model_dump"):
        yield from _model_strings(value.model_dump())


def test_the_payload_is_in_every_text_field_of_the_model(hostile_site):
    content, _out, changed = hostile_site
    game = load_games(content, None)[0].game
    hostile = [s for s in _model_strings(game) if "window.pwned" in s]
    assert changed >= 20 and len(hostile) >= changed  # titles, names, notes, glossary, ambiguities, labels...
    assert any("window.pwned" in game.title.get(lang) for lang in game.languages)


def test_no_page_runs_or_shows_the_payload_as_markup(driver, hostile_site):
    content, out, _changed = hostile_site
    components = load_games(content, None)[0].game.components
    site = out / "site"
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert len(pages) >= 14, pages
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    )
    httpd.RequestHandlerClass.log_message = lambda *args: None  # type: ignore[method-assign]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        for page in pages:
            driver.get(f"{base}/{page}")
            for link in driver.find_elements(By.CSS_SELECTOR, "a[href^='javascript:'], a[href^='data:']"):
                pytest.fail(f"{page}: a script link reached the page: {link.get_attribute('href')}")
            state = driver.execute_script(
                """return {
                    pwned: window.pwned,
                    inline: [...document.scripts].filter(s => s.textContent.includes('pwned')).length,
                    images: document.querySelectorAll('img[src="x"], img[onerror], svg[onload], b.rawpwn').length,
                    handlers: [...document.querySelectorAll('*')].filter(
                        e => [...e.attributes].some(a => a.name.startsWith('on'))).length,
                    h1: document.querySelectorAll('h1').length,
                    draft: document.querySelectorAll('.rp-draft').length,
                    text: document.body.innerText,
                }"""
            )
            assert state["pwned"] is None, f"{page}: the payload ran ({state['pwned']})"
            assert state["inline"] == 0 and state["images"] == 0 and state["handlers"] == 0, (page, state)
            assert state["draft"] >= 1, f"{page}: no draft banner although an example fails"
            if page.count("/") >= 1 and not page.endswith(("search.html", "genindex.html", "404.html")):
                assert state["h1"] == 1, f"{page}: the page structure broke ({state['h1']} headings 1)"
            if page.endswith("demo/index.html"):
                # every component is one row of the components table, its note (two paragraphs) inside it
                rows = driver.find_elements(By.CSS_SELECTOR, ".rp-table-scroll table tbody tr")
                assert len(rows) == len(components) and all(len(r.find_elements(By.TAG_NAME, "td")) == 3 for r in rows)
                assert "<script>window.pwned=1</script>" in rows[0].text  # shown as the text it is
                assert "second paragraph" in rows[0].find_element(By.TAG_NAME, "small").text  # the note, in its cell
            if page.endswith("demo/rules.html"):
                assert "<script>window.pwned=1</script>" in driver.find_element(By.TAG_NAME, "h1").text
                failed = driver.find_element(By.CSS_SELECTOR, ".rp-example.rp-failed")
                assert failed.find_element(By.CSS_SELECTOR, ".rp-computed").text.endswith("4")
                assert failed.find_element(By.CSS_SELECTOR, ".rp-expected del").text == "5"
    finally:
        httpd.shutdown()
        httpd.server_close()


# Raw HTML in every Markdown construct of a rule text, in a game that allows <b> and <a> (site.allow_html): the
# check passes what it allows, the site keeps the tags and drops what they carry (handlers, script addresses).
# Any other tag there is an error of `check content` (tests/text/test_text_safety.py, the bad-input case
# html-inside-directives), so this is all of raw HTML that can reach a page.
TAGGED = (
    '<b onclick="window.pwned=11" onmouseover="window.pwned=12">bold</b> <a href="javascript:window.pwned=13">a</a>'
)
CONSTRUCTS = [
    "Paragraph {p}.",
    "*Emphasis {p}* and **strong {p}**",
    "> Quote {p}",
    "- Item {p}\n\n  - Nested {p}",
    "3. Numbered {p}",
    "| Head {p} | B |\n|---|---|\n| Cell {p} | c |",
    "Footnote[^n].\n\n[^n]: Its text {p}\n\n    Its second paragraph {p}",
    "```{note}\nNote {p}\n```",
    "```{admonition} Title {p}\nBody {p}\n```",
    "```{warning}\n:class: x\n\nWarning {p}\n```",
    "````{tip}\n```{hint}\nNested {p}\n```\n````",
    "- Item\n\n  ```{important}\n  In a list {p}\n  ```",
    "```{flow}\nStep {p}\nNext step\n```",
    "~~~{caution}\nTilde {p}\n~~~",
    "```{seealso}\nSee {p}\n```",
]


@pytest.fixture(scope="module")
def allowed_html_site(tmp_path_factory):
    from rulepress.cli import main

    content = tmp_path_factory.mktemp("allowed-html-content")
    folder = new_game("demo", content, table=False)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "site:\n  allow_html: [b, a]\n", encoding="utf-8")
    body = "\n\n".join(c.replace("{p}", TAGGED) for c in CONSTRUCTS)
    for lang in ("de", "en"):
        rules = folder / f"rules.{lang}.md"
        rules.write_text(rules.read_text(encoding="utf-8") + "\n" + body + "\n", encoding="utf-8")
    assert main(["check", "content", "--content", str(content)]) == 0  # what the game allows passes the check
    out = tmp_path_factory.mktemp("allowed-html-out")
    build(BuildOptions(content=content, out=out, kinds=("site",)))
    return out / "site", body.count("<b ")


def test_allowed_tags_in_every_construct_reach_the_page_without_what_they_carry(driver, allowed_html_site):
    site, tagged = allowed_html_site
    assert tagged >= 15
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    )
    httpd.RequestHandlerClass.log_message = lambda *args: None  # type: ignore[method-assign]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        for lang in ("de", "en"):
            driver.get(f"http://127.0.0.1:{httpd.server_address[1]}/{lang}/demo/rules.html")
            state = driver.execute_script(
                """const bold = [...document.querySelectorAll('article b')].filter(b => b.textContent === 'bold');
                for (const b of bold) { b.dispatchEvent(new MouseEvent('mouseover')); b.click(); }
                for (const a of document.querySelectorAll('article a')) { if (a.textContent === 'a') a.click(); }
                return {
                    pwned: window.pwned, bold: bold.length,
                    handlers: [...document.querySelectorAll('*')].filter(
                        e => [...e.attributes].some(a => a.name.startsWith('on'))).length,
                    scripts: [...document.querySelectorAll('a[href]')].filter(
                        a => a.getAttribute('href').trim().toLowerCase().startsWith('javascript')).length,
                    notes: document.querySelectorAll('article .admonition').length,
                }"""
            )
            assert state["pwned"] is None, f"{lang}: the payload ran ({state['pwned']})"
            assert state["handlers"] == 0 and state["scripts"] == 0, (lang, state)
            assert state["bold"] == tagged, (lang, state)  # each tag on the page, in every construct
            assert state["notes"] >= 8, (lang, state)  # the directives are boxes on the page, not text
    finally:
        httpd.shutdown()
        httpd.server_close()
