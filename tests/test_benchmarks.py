"""Every script in benchmarks/ runs: a smoke run of each on a tiny input (the figures are not asserted, only
that each script gets through and prints what it measures). A benchmark that no longer runs is found here,
not the day someone needs its figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulepress.build import BuildOptions, build
from rulepress.scaffold import new_game

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
RULES_EDIT = "rules.en.md, one sentence|tiny/rules.en.md|The first to reach|The first player to reach"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    """A content folder holding the new game, in German and English."""
    content = tmp_path_factory.mktemp("tiny") / "games"
    new_game("tiny", content, languages=("de", "en"))
    return content


@pytest.fixture(scope="module")
def tiny_site(tiny, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tiny-out")
    build(BuildOptions(content=tiny, out=out, papers=("a4",), kinds=("site",)))
    return out / "site"


def _run(script: str, *args: str, timeout: int = 300) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    return done.stdout


def test_every_benchmark_script_has_a_smoke_run_here():
    tested = set(Path(__file__).read_text(encoding="utf-8").split('_run("')[1:])
    named = {part.split('"')[0] for part in tested}
    scripts = {p.name for p in BENCHMARKS.glob("*.py") if p.name != "edit_options.py"}
    assert scripts <= named, f"benchmarks without a smoke run: {sorted(scripts - named)}"


def test_cards(tmp_path):
    out = _run("cards.py", "--smoke")
    assert "Rulepress, 20 cards" in out and "img2pdf" in out


def test_boards(tiny):
    out = _run("boards.py", "--content", str(tiny))
    assert "tiny/track [de]" in out and "tiled A4" in out


def test_build(tiny):
    out = _run("build.py", "--content", str(tiny))
    assert "cold build" in out and "one-card edit" in out


def test_cli_edit(tiny):
    out = _run("cli_edit.py", "--content", str(tiny), "--rounds", "1", "--edit", RULES_EDIT)
    assert "rules.en.md, one sentence" in out and "median of 1" in out


def test_site_edit(tiny):
    out = _run("site_edit.py", "--content", str(tiny), "--edit", RULES_EDIT)
    assert out.count("rules.en.md, one sentence") == 2  # in process and as a new process


def test_deck_edit():
    out = _run("deck_edit.py", "--rounds", "1", "--no-serve", "--cards", "20")
    assert "one-card edit" in out


def test_site_search(tiny_site):
    out = _run("site_search.py", str(tiny_site))
    assert "queries; top 3 in the game" in out


def test_translation_corpus():
    out = _run("translation_corpus.py", "--per-kind", "1", "--kinds", "negation", timeout=600)
    assert "negation" in out


def test_translation_mutations():
    out = _run("translation_mutations.py", "--per-kind", "1", "--kinds", "digit", timeout=600)
    assert "digit" in out
