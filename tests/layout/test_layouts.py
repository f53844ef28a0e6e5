"""Layout data: extends, cycle check, size presets, a game's own layouts."""

import pytest

from rulepress.errors import ContentError
from rulepress.layout.layouts import icons, load_layout, resolve_size, sizes


def test_bundled_layouts_extend_basic_card():
    token = load_layout("round-token")
    assert token["shape"] == "circle"
    assert token["title"]["font"] == "Body-Bold"  # inherited key inside a merged mapping
    assert token["title"]["size"] == 7  # own value wins
    assert token["sheet"]["marks"] == "crop"


def test_size_presets():
    presets = sizes()
    assert presets["poker"] == (63.5, 88.9)
    assert presets["bridge"] == (57.15, 88.9)
    assert presets["tarot"] == (70, 120)
    assert presets["mini-euro"] == (44, 68)
    assert presets["square"] == (70, 70)
    assert resolve_size(None, load_layout("basic-tile")) == (70, 70)
    assert resolve_size({"width": 50, "height": 30}, {}) == (50, 30)
    with pytest.raises(ContentError, match="unknown size preset 'jumbo'"):
        resolve_size("jumbo", {})


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
    assert load_layout("mine", tmp_path)["bleed"] == 2
    assert sizes(tmp_path)["huge"] == (500, 500)
    assert icons(tmp_path)["gem"] == "\u25c6"
    with pytest.raises(ContentError, match="unknown layout 'nope'"):
        load_layout("nope", tmp_path)
