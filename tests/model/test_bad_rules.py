"""Rule-text mistakes (tests/data/bad-rules/) are reported with file, line and id; exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulepress.scaffold import new_game

FIXTURES = sorted((Path(__file__).parent.parent / "data" / "bad-rules").glob("*.md"))


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.stem for f in FIXTURES])
def test_bad_rules_fixture(fixture: Path, tmp_path: Path):
    games = tmp_path / "games"
    new_game("demo", games, table=False)
    text = fixture.read_text(encoding="utf-8")
    (games / "demo" / "rules.en.md").write_text(text, encoding="utf-8")
    expected = [
        line[len("<!-- expect: ") : -len(" -->")] for line in text.splitlines() if line.startswith("<!-- expect: ")
    ]
    result = subprocess.run(
        [sys.executable, "-m", "rulepress", "check", "content", "--content", "games"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    got = [line.replace("games/", "") for line in result.stderr.splitlines() if not line.endswith(" problems")]
    assert got == expected
