"""Text sizes under 6 pt in a layout are found before anything is drawn (`rulepress.layout.smallprint`)."""

from __future__ import annotations

import yaml

from rulepress.cli import main
from rulepress.layout import layouts as layout_data
from rulepress.layout.check import check_layouts
from rulepress.layout.smallprint import MIN_PT, small_sizes
from rulepress.layout.spec import Layout
from rulepress.model import load_game
from rulepress.scaffold import new_game


def test_the_bundled_layouts_print_at_6_pt_or_more_and_the_classic_defaults_warn():
    """Layouts drawn with elements print nothing under 6 pt; the classic stack keeps the 5.5 pt shrink limit of
    earlier releases (their texts still fit), which is found as a small size of the parts it draws."""
    for name in ("round-token", "banknote", "picture-card"):
        assert small_sizes(layout_data.load_layout(name, None), layout_data.ELEMENT_LISTS) == [], name
    classic = small_sizes(Layout.model_validate({}), layout_data.ELEMENT_LISTS)
    assert classic == [(("text", "min_size"), 5.5), (("values", "min_size"), 5.5)]
    drawn = Layout.model_validate({"elements": [{"kind": "text", "text": "{title}", "size": 8, "min_size": 6}]})
    assert small_sizes(drawn, layout_data.ELEMENT_LISTS) == []  # the classic parts are not drawn: not asked


def test_every_kind_of_small_size_is_found_with_its_key():
    layout = Layout.model_validate(
        {
            "mark": {"size": 5},
            "title": {"size": 9, "min_size": 4},
            "text": {"size": 5.5, "min_size": None},
            "elements": [
                {"kind": "text", "text": "{title}", "x": 1, "y": 1, "w": 10, "h": 5, "size": 8, "min_size": 3.5},
                {"kind": "text", "text": "{title}", "x": 1, "y": 1, "w": 10, "h": 5, "size": 8, "min_size": 6},
                {"kind": "stack", "x": 1, "y": 1, "w": 10, "h": 5, "values": {"size": 7, "min_size": 5}},
            ],
            "back_elements": [{"kind": "text", "text": "{title}", "x": 1, "y": 1, "w": 10, "h": 5, "size": 4}],
        }
    )
    assert small_sizes(layout, layout_data.ELEMENT_LISTS) == [  # with elements, the classic front is not drawn
        (("mark", "size"), 5),
        (("elements", 0, "min_size"), 3.5),
        (("elements", 2, "text", "min_size"), 5.5),  # a stack's text keeps the classic default: found too
        (("elements", 2, "values", "min_size"), 5),
        (("back_elements", 0, "size"), 4),
    ]
    assert all(size < MIN_PT for _key, size in small_sizes(layout, layout_data.ELEMENT_LISTS))
    classic = Layout.model_validate({"title": {"size": 9, "min_size": 4}, "text": {"size": 5.5, "min_size": None}})
    assert small_sizes(classic, layout_data.ELEMENT_LISTS) == [
        (("title", "min_size"), 4),
        (("text", "size"), 5.5),
        (("values", "min_size"), 5.5),  # the classic default, kept from earlier releases
    ]


def test_check_content_warns_at_the_layout_line_and_still_builds(tmp_path, monkeypatch, capsys):
    """A game's own layout with a 4.5 pt text: a warning (rule small-print, binding from format 3) at the file,
    line and key where the size is set; content of this format is not stopped."""
    content = tmp_path / "content"
    folder = new_game("tiny", content, table=False)
    path = folder / "layouts" / "number-card.yaml"
    text = path.read_text()
    assert "size: 9, min_size: 6, align: center" in text
    path.write_text(text.replace("size: 9, min_size: 6, align: center", "size: 9, min_size: 4.5, align: center"))
    line = next(i for i, row in enumerate(path.read_text().splitlines(), 1) if "min_size: 4.5" in row)
    small = [p for p in check_layouts(load_game(folder)) if p.rule == "small-print"]
    assert len(small) == 1 and small[0].line == line and small[0].key.endswith(".min_size")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "content", "--content", "content"]) == 0
    err = capsys.readouterr().err
    assert f"layouts/number-card.yaml:{line}:" in err and "4.5 pt" in err and "an error from format 3 on" in err
    game = yaml.safe_load((folder / "game.yaml").read_text())
    assert game["format"] == 2
