"""A small Sphinx extension for the rules website: the language switcher.

Both language builds have the same page names, so the same page in another
language is ``<site>/<lang>/<pagename>.html``. For every HTML page this adds
``rp_alternates`` (language, name, relative link) to the template context;
``templates/site/_templates/layout.html`` turns them into ``<link
rel="alternate" hreflang>`` tags and the switcher links (``switcher.js``
carries the rule anchor over).
"""

from __future__ import annotations


def alternates(pagename: str, current: str, languages: list[str], names: dict[str, str]) -> list[dict]:
    """Links from `pagename` in `current` to the same page in every language (relative)."""
    up = "../" * (pagename.count("/") + 1)
    return [{"lang": lang, "name": names.get(lang, lang), "href": f"{up}{lang}/{pagename}.html", "current": lang == current}
            for lang in languages]


def _page_context(app, pagename, templatename, context, doctree):
    config = app.config
    context["rp_alternates"] = alternates(pagename, config.language, config.rulepress_languages,
                                          config.rulepress_language_names)
    context["rp_chooser"] = "../" * (pagename.count("/") + 1) + "index.html"
    context["rp_choose_language"] = config.rulepress_choose_language


def setup(app):
    app.add_config_value("rulepress_languages", ["de", "en"], "html")
    app.add_config_value("rulepress_language_names", {}, "html")
    app.add_config_value("rulepress_choose_language", "", "html")
    app.connect("html-page-context", _page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
