"""Raw HTML is found in every Markdown construct the website's MyST knows, at its line: paragraphs, headings,
lists, quotes, tables, footnotes, and the body and title of every directive (nested ones too).

Each construct is also rendered by myst-parser itself (docutils, the site's extensions): where MyST passes the
payload into the HTML as markup, the check must have refused it. That is what the check is for, and it shows
which constructs are real ways in (before this test, the directives' bodies and titles and a footnote's second
paragraph were not checked).
"""

from __future__ import annotations

import pytest
from docutils.core import publish_string
from myst_parser.parsers.docutils_ import Parser

from rulepress.text.safety import DIRECTIVES, html_tokens, sanitise

INLINE = '<img src=x onerror="window.pwned=1">'
BLOCK = "<script>window.pwned=2</script>"

# name -> Markdown with {p} where an inline payload goes (each on one line, so its line is known)
CONSTRUCTS = {
    "paragraph": "Text {p} more.",
    "second line of a paragraph": "Text\nmore {p}.",
    "line break": "Text  \nmore {p}.",
    "emphasis": "*a {p} b*",
    "strong": "**a {p} b**",
    "link text": "[a {p}](https://example.org)",
    "atx heading": "## Title {p}",
    "setext heading": "Title {p}\n=====",
    "blockquote": "> quoted {p}",
    "bullet list": "- item {p}",
    "ordered list": "3. item {p}",
    "nested list": "- a\n\n  - b {p}",
    "table cell": "| a | b |\n|---|---|\n| {p} | c |",
    "table head": "| a {p} | b |\n|---|---|\n| c | d |",
    "footnote": "Text[^n].\n\n[^n]: note {p}",
    "footnote second paragraph": "Text[^n].\n\n[^n]: note\n\n    more {p}",
    "admonition title": "```{admonition} Title {p}\nbody\n```",
    "directive argument": "```{note} {p}\nbody\n```",
    "directive after options": "```{note}\n:class: x\n\n{p}\n```",
    "directive after yaml options": "```{note}\n---\nclass: x\n---\n{p}\n```",
    "tilde fence": "~~~{tip}\n{p}\n~~~",
    "nested directive": "````{note}\n```{hint}\n{p}\n```\n````",
    "directive in a list": "- item\n\n  ```{note}\n  {p}\n  ```",
    "directive in a quote": "> ```{note}\n> {p}\n> ```",
    "directive in a footnote": "Text[^n].\n\n[^n]: note\n\n    ```{note}\n    {p}\n    ```",
    "flow step": "```{flow}\nstep {p}\n```",
    "block attributes": '{#x .y title="z"}\nText {p}',
} | {f"{{{name}}} body": f"```{{{name}}}\n{{p}}\n```" for name in sorted(DIRECTIVES - {"doctest", "admonition"})}

BLOCKS = {  # an HTML block (`BLOCK` on a line of its own)
    "top level": "{b}",
    "note": "```{note}\n{b}\n```",
    "admonition": "```{admonition} Title\n{b}\n```",
    "warning in a list": "1. item\n\n   ```{warning}\n   {b}\n   ```",
    "footnote": "Text[^n].\n\n[^n]: note\n\n    {b}",
    "nested": "`````{note}\n````{admonition} Inner\n```{tip}\n{b}\n```\n````\n`````",
}

NOT_ALLOWED = {  # directives and roles the website would run, wherever they stand
    "raw in a note": "````{note}\n```{raw} html\n{b}\n```\n````",
    "eval-rst in an admonition": "````{admonition} T\n```{eval-rst}\n.. raw:: html\n\n   {b}\n```\n````",
    "raw role in a note": "```{note}\nsee {raw}`html {b}`\n```",
    "raw role in a footnote": "Text[^n].\n\n[^n]: {raw}`html {b}`",
}


def _line(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def _myst_html(text: str) -> str:  # docutils' writer: the site's Sphinx writes directives alike
    """`text` rendered by myst-parser (docutils HTML writer, the site's ``attrs_block``), the body only."""
    html = publish_string(
        text,
        parser=Parser(),
        writer="html5",
        settings_overrides={"myst_enable_extensions": ["attrs_block"], "output_encoding": "unicode", "report_level": 5},
    )
    return html[html.index("<body>") : html.index("</body>")]


@pytest.mark.parametrize("name", sorted(CONSTRUCTS))
def test_inline_html_is_found_in_every_construct_at_its_line(name):
    text = CONSTRUCTS[name].replace("{p}", INLINE)
    found = [(line, html.strip()) for _kind, line, _end, html in html_tokens(text)]  # alone on a line: a block
    assert (_line(text, "pwned"), INLINE) in found, found


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_html_blocks_are_found_inside_directives_and_footnotes(name):
    text = BLOCKS[name].replace("{b}", BLOCK)
    found = [(kind, line, html.strip()) for kind, line, _end, html in html_tokens(text)]
    assert ("block", _line(text, "pwned"), BLOCK) in found, found


@pytest.mark.parametrize("name", sorted(NOT_ALLOWED))
def test_forbidden_directives_and_roles_are_found_inside_allowed_ones(name):
    text = NOT_ALLOWED[name].replace("{b}", BLOCK)
    kinds = {(kind, line) for kind, line, _end, _html in html_tokens(text)}
    line = _line(text, "{raw}`" if "role" in name else "```{raw}" if "raw" in name else "```{eval-rst}")
    assert (("role" if "role" in name else "fence"), line) in kinds, kinds


def test_what_myst_would_publish_as_markup_is_refused():
    """Every construct MyST turns into markup with the payload live is one the check refuses; the directives'
    bodies and titles and footnotes are among them (they passed the check before)."""
    live = set()
    for name, text in [(n, t.replace("{p}", INLINE)) for n, t in CONSTRUCTS.items()] + [
        (n, t.replace("{b}", BLOCK)) for n, t in BLOCKS.items()
    ]:
        html = _myst_html(text)
        if "<img src=x onerror=" in html or "<script>window.pwned" in html:
            live.add(name)
            assert html_tokens(text), f"{name}: MyST publishes the payload and the check passes it"
    assert {"admonition title", "{note} body", "directive after options", "nested directive"} <= live
    assert {"footnote second paragraph", "note", "nested"} <= live
    assert len(live) >= 30, sorted(live)


def test_code_is_not_html_even_inside_a_directive():
    text = "```{note}\nUse `<b>` here:\n\n    <script>indented code</script>\n```\n\n```{doctest} e\n>>> '<b>'\n```\n"
    assert html_tokens(text) == ()


def test_allowed_tags_are_sanitised_inside_directives_and_footnotes():
    hostile = '<b onclick="window.pwned=1">bold</b>'
    for name, template in CONSTRUCTS.items():
        text = template.replace("{p}", hostile)
        out = sanitise(text, ["b"])
        assert "onclick" not in out and out.count("<b>bold</b>") == 1, (name, out)
        assert all(html in ("<b>", "</b>") for _k, _l, _e, html in html_tokens(out)), (name, out)
        if name not in ("flow step", "{flow} body", "{seealso} body"):  # Rulepress's and Sphinx's: not in docutils
            assert "<b>bold</b>" in _myst_html(out) and "onclick" not in _myst_html(out), name
    block = '```{note}\n- item\n\n  <div onclick="x"><b>bold</b></div>\n```'
    assert sanitise(block, ["b"]) == "```{note}\n- item\n\n  <b>bold</b>\n```"


def test_front_matter_is_refused_it_would_be_the_pages_settings():
    text = '---\nmyst:\n  html_meta:\n    "http-equiv=refresh": "0;url=https://example.org"\n---\n(goal)=\n# Goal\n'
    assert [(kind, line) for kind, line, _end, _html in html_tokens(text)] == [("front", 1)]
    assert html_tokens("(goal)=\n# Goal\n\nText.\n\n---\n\nMore.\n") == ()  # a rule between paragraphs stays
    assert sanitise(text, ["b"]) == text
