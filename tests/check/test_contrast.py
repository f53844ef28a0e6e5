"""Card text too faint for its ground is warned about at the layout's colour (`rulepress.check.contrast`),
with the WCAG 2.1 ratios: 4.5:1, or 3:1 for large text."""

from __future__ import annotations

import pytest

from rulepress.check.contrast import contrast, contrast_problems
from rulepress.cli import main
from rulepress.model import formats, load_game
from rulepress.scaffold import new_game

LAYOUT = """extends: basic-card
size: poker
elements:
  - {{kind: rect, from: bleed, fill: "{{color}}"}}
  - {{kind: text, text: "{{title}}", x: 5, y: 5, w: 53, h: 10, font: {font}, size: {size}, color: "{ink}"}}
"""


def _game(tmp_path, ink: str, size: float = 9, font: str = "Body", card_color: str = "#d9b310"):
    content = tmp_path / "content"
    folder = new_game("faint", content, table=False)
    (folder / "layouts" / "number-card.yaml").write_text(LAYOUT.format(ink=ink, size=size, font=font))
    text = (folder / "game.yaml").read_text()
    text = text.replace("      - id: one\n", f'      - id: one\n        color: "{card_color}"\n', 1)
    (folder / "game.yaml").write_text(text)
    return content, folder


def test_the_ratio_is_the_wcag_one():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def test_white_on_yellow_is_warned_at_the_text_colour(tmp_path, monkeypatch, capsys):
    content, folder = _game(tmp_path, "#ffffff")
    found = contrast_problems(load_game(folder))
    assert found, "white on #d9b310 (2.0:1) passed"
    warning = found[0]
    assert (
        warning.rule == "text-contrast"
        and formats.settle([warning], formats.CURRENT)[0].warning
        and warning.key == "elements.1.color"
    )
    assert warning.path.endswith("number-card.yaml") and warning.line == 5
    assert "#ffffff on #d9b310" in warning.message and "2.0:1" in warning.message and "4.5:1" in warning.message
    monkeypatch.chdir(tmp_path)
    assert main(["check", "content", "--content", "content"]) == 0
    assert "number-card.yaml:5:" in capsys.readouterr().err


def test_dark_text_on_yellow_passes(tmp_path):
    _content, folder = _game(tmp_path, "#1d1d1d")
    assert contrast_problems(load_game(folder)) == []


@pytest.mark.parametrize("size, font, warned", [(18, "Body", False), (14, "Body-Bold", False), (14, "Body", True)])
def test_large_text_needs_three_to_one(tmp_path, size, font, warned):
    # #8a6d00 on white is 4.9:1, on #fff3c4 about 4.3:1: under 4.5, over 3
    _content, folder = _game(tmp_path, "#8a6d00", size=size, font=font, card_color="#fff3c4")
    assert bool(contrast_problems(load_game(folder))) is warned
