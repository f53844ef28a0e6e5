"""printer.yaml: the calibration sheet's result kept as a YAML value beside the games, used by every build."""

from __future__ import annotations

import pytest

from rulepress.build import BuildOptions, build
from rulepress.cli import main
from rulepress.options import CardOptions
from rulepress.scaffold import new_game


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    folder = tmp_path_factory.mktemp("printer") / "games"
    new_game("demo", folder)
    return folder


def _sheet(games, out, **cards) -> bytes:
    build(BuildOptions(content=games, out=out, kinds=("cards",), papers=("a4",), cards=CardOptions(**cards)))
    return (out / "demo" / "cards.en.a4.pdf").read_bytes()


def test_the_file_s_offset_and_flip_are_used_like_the_command_line_s(games, tmp_path):
    plain = _sheet(games, tmp_path / "plain")
    by_option = _sheet(games, tmp_path / "option", offset=(1.5, -2.0), flip="short")
    (games / "printer.yaml").write_text("duplex_offset: [1.5, -2.0]  # measured\nflip: short\n", encoding="utf-8")
    try:
        by_file = _sheet(games, tmp_path / "file")
        overridden = _sheet(games, tmp_path / "both", offset=(0.0, 0.0), flip="long")
    finally:
        (games / "printer.yaml").unlink()
    assert by_file == by_option != plain
    assert overridden != by_file  # the command line wins


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ("flip: short\nduplex_offset: [12, 0]\n", 2, "duplex_offset: each shift must be -10 to 10 mm"),
        ("duplex_ofset: [1, 0]\n", 1, "duplex_ofset: is not a setting of printer.yaml"),
        ("flip: sideways\n", 1, "flip: Input should be 'long' or 'short'"),
    ],
)
def test_a_mistake_in_the_file_stops_the_build_at_its_line(games, tmp_path, capsys, text, line, says):
    (games / "printer.yaml").write_text(text, encoding="utf-8")
    try:
        code = main(["build", "--content", str(games), "--out", str(tmp_path / "out"), "--only", "cards"])
    finally:
        (games / "printer.yaml").unlink()
    err = capsys.readouterr().err
    assert code == 2
    assert f"printer.yaml:{line}:" in err and says in err, err
    assert "Traceback" not in err
    assert not (tmp_path / "out" / "demo").exists()
    (games / "printer.yaml").write_text(text, encoding="utf-8")
    try:
        assert main(["check", "content", "--content", str(games)]) == 2  # check content says so too
    finally:
        (games / "printer.yaml").unlink()
    assert says in capsys.readouterr().err
