"""The printed words of a real rulebook (Risk, both languages): hyphenation by language variant with minimum
fragments and German compound joints, and no internal names (example ids, seed file names) in print."""

from __future__ import annotations

import re

import pdfplumber
import pytest

from rulepress import paths
from rulepress.build import BuildOptions, build

GAME = "risk"


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    out = tmp_path_factory.mktemp("rulebook-print")
    build(
        BuildOptions(content=paths.BUNDLED_CONTENT, out=out, games=[GAME], papers=("a4", "letter"), kinds=("rulebook",))
    )
    texts = {"out": out}
    for lang in ("en", "de"):
        with pdfplumber.open(out / GAME / f"rulebook.{lang}.a4.pdf") as pdf:
            texts[lang] = [page.extract_text() or "" for page in pdf.pages]
    return texts


def broken_words(pages: list[str]) -> list[tuple[str, str]]:
    """(head, tail) of every word broken at a line end with a hyphen the line breaking added (the next line
    goes on in lower case)."""
    found = []
    for text in pages:
        lines = text.split("\n")
        for line, following in zip(lines, lines[1:]):
            head, tail = re.search(r"(\w+)-$", line), re.match(r"([a-zäöüß]\w*)", following.strip())
            if head and tail:
                found.append((head.group(1), tail.group(1)))
    return found


@pytest.mark.parametrize("lang, left", [("en", 2), ("de", 3)])
def test_broken_words_keep_their_minimum_fragments(books, lang, left):
    pairs = broken_words(books[lang])
    assert len(pairs) >= 5, pairs  # the book is hyphenated at all
    for head, tail in pairs:
        assert len(head) >= left and len(re.match(r"[^\W\d_]+", tail).group(0)) >= 3, (head, tail)
    said = {f"{head}-{tail}" for head, tail in pairs}
    assert not said & {"territ-ory", "negat-ive", "reconstruc-ted", "Altenbur-g", "S-tralsunder"}


def test_german_breaks_keep_clear_of_compound_joints(books):
    said = {f"{head}-{tail}" for head, tail in broken_words(books["de"])}
    assert not said & {"Zusatzarme-en", "Zusatzar-meen", "Westeu-ropa", "Kurzre-geln"}


def test_no_example_ids_or_seed_file_names_in_print(books):
    for lang, pages in ((lang, books[lang]) for lang in ("en", "de")):
        text = "\n".join(pages)
        assert not re.search(r"\b\d{3}_[0-9a-f]{16}\.txt\b", text), lang  # a seed's file name
        assert not re.search(r"^ex-[a-z0-9-]+$", text, re.MULTILINE), lang  # an example's id on its own line


def test_the_letter_booklet_prints_its_pages_at_100_percent(books):
    """Letter's booklet has half-letter pages (5.5 x 8.5 in), placed unscaled two to a side: its 8.8 pt body and
    8 pt small print stay that size on paper (an A5 page shrank to 94.4 % there)."""
    import pikepdf

    with pikepdf.open(books["out"] / GAME / "rulebook-booklet.en.letter.pdf") as pdf:
        page = pdf.pages[0]
        assert [round(float(v) / 72, 2) for v in page.mediabox[2:]] == [11.0, 8.5]
        scales = set()
        for operands, operator in pikepdf.parse_content_stream(page):
            if str(operator) == "cm":
                scales.add(round(float(operands[0]), 4))
        assert scales == {1.0}, scales
        forms = list(page.Resources.XObject.values())
        assert all([round(float(v) / 72, 2) for v in f.BBox[2:]] == [5.5, 8.5] for f in forms)
