"""Every bad-input fixture in tests/data/bad-input/ gives its exact error, exit code 2, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = sorted((Path(__file__).parent.parent / "data" / "bad-input").glob("*.yaml"))


def expected_lines(fixture: Path) -> list[str]:
    return [line[len("# expect: "):] for line in fixture.read_text(encoding="utf-8").splitlines()
            if line.startswith("# expect: ")]


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.stem for f in FIXTURES])
def test_bad_input_fixture(fixture: Path, tmp_path: Path):
    game = tmp_path / "games" / "bad"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(fixture.read_text(encoding="utf-8"), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "rulepress", "check", "content", "--content", "games"],
                            cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    got = [line.replace("games/", "") for line in result.stderr.splitlines() if not line.endswith(" problems")]
    assert got == expected_lines(fixture)


def test_every_fixture_states_its_expectation():
    assert len(FIXTURES) >= 10
    for fixture in FIXTURES:
        assert expected_lines(fixture), f"{fixture.name} has no '# expect:' line"
