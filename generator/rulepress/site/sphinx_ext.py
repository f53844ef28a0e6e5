"""A small Sphinx extension for the rules website: language switch, game navigation, theme words.

Every language build has the same page names, so the same page in another
language is ``<site>/<lang>/<pagename>.html``; a game's pages switch between the
game's own languages (``rulepress_game_languages``, for a game not written in every
language of the site), every other page between all languages of the site. For every HTML page this adds
to the template context: ``rp_alternates`` (language, name, relative link; the
templates turn them into ``<link rel="alternate" hreflang>`` tags and the
switcher), ``rp_game_nav`` (the pages of the game the page belongs to, shown
at the top of every page of that game), ``rp_strings`` (Rulepress's own
words in the page's language) and ``rp_draft`` (while worked examples fail, the
draft banner every page shows, with links to the games' failed examples). The theme writes a few labels without gettext
(aria labels of its buttons); `translate_literals` replaces those in the pages
written by this build.
"""

from __future__ import annotations

import re
from pathlib import Path

GAME_PAGES = ("index", "rules", "glossary", "ambiguities", "gallery", "downloads")


def alternates(pagename: str, current: str, languages: list[str], names: dict[str, str]) -> list[dict]:
    """Links from `pagename` in `current` to the same page in every language (relative)."""
    up = "../" * (pagename.count("/") + 1)
    return [
        {"lang": lang, "name": names.get(lang, lang), "href": f"{up}{lang}/{pagename}.html", "current": lang == current}
        for lang in languages
    ]


def game_nav(pagename: str, docnames: set[str], labels: dict[str, str]) -> list[dict]:
    """The pages of the game `pagename` belongs to (``<game>/<page>``), as relative links; [] elsewhere."""
    if pagename.count("/") != 1:
        return []
    game, current = pagename.split("/")
    return [
        {"label": labels.get(page, page), "href": f"{page}.html", "current": page == current}
        for page in GAME_PAGES
        if f"{game}/{page}" in docnames
    ]


def draft_context(draft: dict, up: str) -> dict:
    """The draft banner of a page (``rulepress_draft``: its words and the overview page of each game with failed
    examples, relative to the language's root), its links relative to a page `up` folders below it; {} for none."""
    if not draft:
        return {}
    return dict(draft, games=[dict(game, href=up + game["href"]) for game in draft.get("games", [])])


MAIN = ('<article role="main" id="furo-main-content">', '<article id="furo-main-content">')


def translate_literals(html: str, literals: dict[str, str]) -> str:
    """Replace the theme's fixed English snippets (``aria-label="..."``, icon titles) by their translation,
    and move the main landmark from the theme's article to the page text inside it (``<div
    role="main">`` in page.html), so the search's page summaries leave out the top bar."""
    html = html.replace(*MAIN)
    for english, translated in sorted(literals.items()):
        html = html.replace(english, translated)
    return html


def _page_context(app, pagename, templatename, context, doctree):
    config = app.config
    strings = config.rulepress_strings
    owner = pagename.split("/")[0] if "/" in pagename else ""
    languages = config.rulepress_game_languages.get(owner, config.rulepress_languages)
    context["rp_alternates"] = alternates(pagename, config.language, languages, config.rulepress_language_names)
    context["rp_chooser"] = "../" * (pagename.count("/") + 1) + "index.html"
    context["rp_choose_language"] = config.rulepress_choose_language
    context["rp_strings"] = strings
    context["rp_draft"] = draft_context(config.rulepress_draft, "../" * pagename.count("/"))
    context["rp_game_nav"] = game_nav(pagename, set(app.env.found_docs), strings.get("pages", {}))
    game = pagename.split("/")[0] if pagename.count("/") == 1 else ""
    printed = config.rulepress_printed
    context["rp_print_css"] = css_string(printed.get(game) or printed.get("", ""))  # in every printed page's margin
    context["rp_game_id"] = game  # the search started on a game's page looks in that game first
    context["rp_game_title"] = (
        app.env.titles[f"{game}/index"].astext() if game and f"{game}/index" in app.env.titles else ""
    )
    app.rp_written = getattr(app, "rp_written", set()) | {pagename}


OG_URL = re.compile(r'<meta property="og:url" content="[^"]*" />\n?')


def without_relative_og_url(html: str) -> str:
    """The page without its og:url: without a site URL (``--site-url``) it could only be relative, which
    link previews reject."""
    return OG_URL.sub("", html)


def _finished(app, exception):
    literals = app.config.rulepress_strings.get("theme_literals") or {}
    if exception is not None or app.builder.format != "html":
        return
    absolute = bool(app.config.html_baseurl)
    for pagename in sorted(getattr(app, "rp_written", ())):
        path = Path(app.outdir) / f"{pagename}.html"
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            new = translate_literals(text, literals)
            new = new if absolute else without_relative_og_url(new)
            if new != text:
                path.write_text(new, encoding="utf-8")


def setup(app):
    app.add_config_value("rulepress_languages", ["de", "en"], "html")
    app.add_config_value("rulepress_language_names", {}, "html")
    app.add_config_value("rulepress_game_languages", {}, "html")  # game id -> its languages (when not the site's)
    app.add_config_value("rulepress_choose_language", "", "html")
    app.add_config_value("rulepress_strings", {}, "html")
    app.add_config_value("rulepress_printed", {}, "html")  # game id ("" for other pages) -> the printed pages' line
    app.add_config_value("rulepress_draft", {}, "html")  # worked examples fail: the banner on every page
    app.add_config_value("rulepress_code", "", "env")  # Rulepress's code version: a change rebuilds every page
    app.connect("html-page-context", _page_context)
    app.connect("build-finished", _finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "2"}


def css_string(text: str) -> str:
    """`text` as the inside of a CSS string: every character but ASCII letters, digits and spaces as a hex
    escape, so nothing in it can close the string, the rule or the style element."""
    return "".join(c if c == " " or (c.isascii() and c.isalnum()) else f"\\{ord(c):x} " for c in text)
