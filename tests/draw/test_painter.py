"""The one face painter: distinct faces by side and content, faces cached by their inputs, --only stale notes."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulepress.build import BuildOptions, build
from rulepress.draw.cardjobs import Design, jobs
from rulepress.draw.painter import SHARED, distinct_faces
from rulepress.layout.face import FaceContent
from rulepress.model import load_game
from rulepress.options import CardOptions
from rulepress.render import exports
from rulepress.scaffold import new_game


def test_distinct_faces_tell_sides_apart_and_share_identical_faces():
    same = FaceContent(title="1 million")
    designs = [
        Design("note-1", 3, same, "#note-1", same),  # a banknote whose back shows the front's texts
        Design("a", 1, FaceContent(title="A"), "plain"),
        Design("b", 2, FaceContent(title="A"), "plain"),  # the same front as a
        Design("c", 1, FaceContent(title="C"), "other"),
    ]
    faces, aliases = distinct_faces(designs)
    assert [f.name for f in faces] == ["note-1", "note-1.back", "a", "c", "back-plain", "back-other"]
    assert aliases == {"b": "a"}
    assert [f.side for f in faces][-2:] == [SHARED, SHARED]


@pytest.fixture
def game(tmp_path) -> Path:
    return new_game("faces", tmp_path / "content")


def _images(game: Path, out: Path, monkeypatch) -> tuple[Path, list[int]]:
    """Write the deck's English PNG folder; the number of faces rasterised in each `_render` call."""
    rendered: list[int] = []
    original = exports._render

    def counting(pdf, count):
        rendered.append(count)
        return original(pdf, count)

    monkeypatch.setattr(exports, "_render", counting)
    job = next(j for j in jobs(load_game(game), CardOptions(papers=("a4",))) if j.lang == "en")
    target = out / "images"
    exports.write_images(job, target, out=out)
    return target, rendered


def test_a_one_card_edit_rasterises_only_that_card(game, tmp_path, monkeypatch):
    out = tmp_path / "out"
    target, rendered = _images(game, out, monkeypatch)
    assert rendered == [3]  # two fronts and the shared back
    before = {p.name: p.read_bytes() for p in (target / "trim").iterdir()}
    table = game / "cards.csv"
    table.write_text(table.read_text().replace("Move **2** spaces", "Move **two** spaces"), encoding="utf-8")
    target2 = tmp_path / "again"
    target2, rendered = _images(game, out, monkeypatch)
    assert rendered == [1]  # only card two
    after = {p.name: p.read_bytes() for p in (target2 / "trim").iterdir()}
    assert after["one.png"] == before["one.png"] and after["back-default.png"] == before["back-default.png"]
    assert after["two.png"] != before["two.png"]
    # nothing changed: nothing is rasterised, the same bytes come out of the cache
    target3, rendered = _images(game, out, monkeypatch)
    assert rendered == [] and {p.name: p.read_bytes() for p in (target3 / "trim").iterdir()} == after


def test_a_build_with_only_names_the_outputs_it_left_out_of_date(game, tmp_path):
    out = tmp_path / "out"
    content = game.parent
    build(BuildOptions(content=content, out=out, kinds=("cards", "exports"), papers=("a4",)))
    table = game / "cards.csv"
    table.write_text(table.read_text().replace("Move **2** spaces", "Move **two** spaces"), encoding="utf-8")
    result = build(BuildOptions(content=content, out=out, kinds=("cards",), papers=("a4",)))
    assert set(result.stale) == {
        "faces/cards.en.images",
        "faces/cards.en.tts",
        "faces/cards.en.print.pdf",
    }  # the German outputs do not show the English text
    again = build(BuildOptions(content=content, out=out, kinds=("cards", "exports"), papers=("a4",)))
    assert again.stale == [] and "faces/cards.en.images" in again.built and "faces/cards.de.images" not in again.built
