"""A numbered rule on the website links to the same rule in the printed rulebook of its language: the PDF's
named destination (``rulebook.en.a4.pdf#r-4-2``), read back from the built site and the copied PDF."""

from __future__ import annotations

import html
import re

import pikepdf
import pytest

LINK = re.compile(r'<a class="rp-book-link" href="([^"]+)"')
PERMALINK = re.compile(r'<a class="rp-permalink" id="(r-[0-9-]+)"')


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_numbered_rule_links_to_its_named_destination_in_the_printed_rulebook(bundled_build, lang):
    out, _result = bundled_build
    for page in sorted((out / "site" / lang).glob("*/rules.html")):
        text = page.read_text(encoding="utf-8")
        numbered = PERMALINK.findall(text)
        links = [html.unescape(href) for href in LINK.findall(text)]
        if not numbered:
            continue
        assert len(links) == len(numbered), page  # one link into the book for each numbered rule
        files = {href.split("#")[0] for href in links}
        assert len(files) == 1 and next(iter(files)).endswith(f".{lang}.a4.pdf"), (
            files
        )  # the book in the page's language
        book = (page.parent / next(iter(files))).resolve()
        assert book.is_file() and book.is_relative_to((out / "site" / "files").resolve()), book
        with pikepdf.open(book) as pdf:
            named = {str(key)[1:] for key in pdf.Root.Dests.keys()}
        assert [href.split("#")[1] for href in links] == numbered  # each to its own rule
        assert set(numbered) <= named, sorted(set(numbered) - named)[:5]
