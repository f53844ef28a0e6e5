"""Layout data: extends, cycle check, size presets, a game's own layouts."""

import pytest

from rulepress.errors import ContentError
from rulepress.layout.layouts import icons, load_layout, resolve_size, sizes
from rulepress.paths import LAYOUTS


def test_bundled_layouts_extend_basic_card():
    token = load_layout("round-token")
    assert token.shape == "circle"
    assert token.title.font == "Body-Bold"  # a default inside a section the file changes
    assert token.title.size == 7  # own value wins
    assert token.sheet.marks == "crop"


def test_every_default_is_declared_once_in_the_schema(tmp_path):
    """A layout that extends nothing gets the same values as basic-card: the defaults live in the schema only,
    so no file and no renderer can hold a second, different default."""
    folder = tmp_path / "layouts"
    folder.mkdir()
    (folder / "bare.yaml").write_text("title: {size: 12}\n")
    bare, basic = load_layout("bare", tmp_path), load_layout("basic-card")
    assert bare.model_dump(exclude={"name", "title"}) == basic.model_dump(exclude={"name", "title"})
    assert bare.title.size == 12 and bare.title.font == basic.title.font == "Body-Bold"
    assert basic.safe == 3.2 and basic.frame.width == 1.2 and basic.sheet.page_clearance == 5
    assert "safe" not in (LAYOUTS / "basic-card.yaml").read_text().split("#")[0]


def test_a_merged_layout_is_checked_as_a_whole(tmp_path):
    folder = tmp_path / "layouts"
    folder.mkdir()
    (folder / "child.yaml").write_text("extends: basic-card\ntitle: {valign: middle}\n")
    child = load_layout("child", tmp_path)
    assert child.title.valign == "middle" and child.title.size == 11  # the file's key, the section's defaults


def test_size_presets():
    presets = sizes()
    assert presets["poker"] == (63.5, 88.9)
    assert presets["bridge"] == (57.15, 88.9)
    assert presets["tarot"] == (70, 120)
    assert presets["mini-euro"] == (44, 68)
    assert presets["square"] == (70, 70)
    assert resolve_size(None, load_layout("basic-tile")) == (70, 70)
    assert resolve_size({"width": 50, "height": 30}, None) == (50, 30)
    assert resolve_size(None, None) == (63.5, 88.9)  # the default layout's size
    with pytest.raises(ContentError, match="unknown size preset 'jumbo'"):
        resolve_size("jumbo", None)


def test_game_layouts_cycle_and_override(tmp_path):
    folder = tmp_path / "layouts"
    folder.mkdir()
    (folder / "a.yaml").write_text("extends: b\nsize: poker\n")
    (folder / "b.yaml").write_text("extends: a\n")
    (folder / "mine.yaml").write_text("extends: basic-card\nbleed: 2\n")
    (folder / "sizes.yaml").write_text("huge: {width: 500, height: 500}\n")
    (folder / "icons.yaml").write_text('gem: "\\u25C6"\n')
    with pytest.raises(ContentError, match="layout extends itself: a -> b -> a"):
        load_layout("a", tmp_path)
    assert load_layout("mine", tmp_path).bleed == 2
    assert sizes(tmp_path)["huge"] == (500, 500)
    assert icons(tmp_path)["gem"] == "\u25c6"
    with pytest.raises(ContentError, match="unknown layout 'nope'"):
        load_layout("nope", tmp_path)
