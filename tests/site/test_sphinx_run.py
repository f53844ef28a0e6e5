"""A website build killed while it changed Sphinx's work folder never breaks the next build."""

from __future__ import annotations

import pytest

from rulepress.site.sphinx_run import UNFINISHED, begin_work, build_html, sync_sources

CONF = "project = 'kill test'\nextensions = ['myst_parser']\nhtml_theme = 'basic'\n"
PAGES = {
    "index.md": "# Start\n\n```{toctree}\nother\nthird\n```\n",
    "other.md": "# Other\n\nFirst words.\n",
    "third.md": "# Third\n\nUnchanged words.\n",
}
EDITED = PAGES | {"other.md": "# Other\n\nSecond words.\n"}


def _killed_after_sphinx_wrote_the_environment(work) -> None:
    """What a build killed at the bad moment leaves: the edited source and Sphinx's environment written
    (the page read), the search index half written (Sphinx writes it last)."""
    begin_work(work)
    sync_sources(work / "src", EDITED, CONF)
    index = work / "html" / "searchindex.js"
    index.write_bytes(index.read_bytes()[:40])  # cut off where the kill came


@pytest.fixture
def built(tmp_path):
    work = tmp_path / "work"
    build_html(PAGES, CONF, tmp_path / "first", work)
    assert not (work / UNFINISHED).exists()
    return work


def test_a_build_killed_while_writing_the_work_folder_is_followed_by_a_clean_one(built, tmp_path):
    _killed_after_sphinx_wrote_the_environment(built)
    assert (built / UNFINISHED).exists()
    build_html(EDITED, CONF, tmp_path / "second", built)
    assert "Second words" in (tmp_path / "second" / "other.html").read_text(encoding="utf-8")
    assert (tmp_path / "second" / "searchindex.js").is_file()
    assert not (built / UNFINISHED).exists()


def test_a_build_killed_before_sphinx_ran_does_not_leave_stale_pages(built, tmp_path):
    """Killed after the new sources were written, before Sphinx ran: the sources then look unchanged,
    and without the marker the next build would copy the old HTML."""
    begin_work(built)
    sync_sources(built / "src", EDITED, CONF)
    build_html(EDITED, CONF, tmp_path / "second", built)
    assert "Second words" in (tmp_path / "second" / "other.html").read_text(encoding="utf-8")
    (built / UNFINISHED).write_text("killed\n")
    build_html(EDITED, CONF, tmp_path / "third", built)
    assert "Second words" in (tmp_path / "third" / "other.html").read_text(encoding="utf-8")


def test_an_example_that_prints_nothing_builds_its_page(tmp_path):
    """No result to show is no empty results block (docutils refuses an empty container)."""
    from rulepress.site import rules_myst
    from rulepress.text.words import strings

    body = "Set up.\n\n```{doctest} ex-quiet\n>>> x = 1 + 1\n```\n"
    page = rules_myst.PageWords(game_id="demo", words=dict(strings()["en"], lang="en"))
    text = "# Quiet\n\n" + rules_myst.rewrite_body(body, page, set())
    assert "rp-results" not in text
    build_html({"index.md": text}, CONF, tmp_path / "site", tmp_path / "work")
    assert "demo-example-ex-quiet" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_a_flow_block_is_a_numbered_list_of_steps_in_a_flow_box(tmp_path):
    """A turn's flow reaches the web as an ordered list (read in order by a screen reader) in a
    `rp-flow` container, which the stylesheet draws as boxes joined by arrows; term links still work."""
    import re

    from rulepress.site import rules_myst
    from rulepress.text.words import strings

    body = "Each turn:\n\n```{flow}\n**Roll** the die\nMove your {term}`pawn <pawn>`\nNext player\n```\n"
    page = rules_myst.PageWords(game_id="demo", words=dict(strings()["en"], lang="en"))
    text = "# Turn\n\n" + rules_myst.rewrite_body(body, page, {"pawn"}) + "\n(demo-term-pawn)=\n## Pawn\n"
    build_html({"index.md": text}, CONF, tmp_path / "site", tmp_path / "work")
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    flow = re.search(r'<div class="rp-flow[^"]*">(.*?)</div>', html, re.S)
    assert flow, "no flow container"
    items = re.findall(r"<li>(.*?)</li>", flow.group(1), re.S)
    assert len(items) == 3 and "<strong>Roll</strong>" in items[0] and "Next player" in items[2]
    assert "<ol" in flow.group(1) and 'href="#demo-term-pawn"' in items[1]
