"""The code's habits hold: ruff's lint and format, and mypy over the whole package.

The tools and their versions come from the lock (requirements/test.txt), their settings from
pyproject.toml, so a new release of a tool never turns this red on its own.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ["generator", "tests", "benchmarks", "scripts", "content", "docs"]
BIN = Path(sys.executable).parent


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing():
    done = _run(str(BIN / "ruff"), "check", "--no-cache", *CHECKED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_code_is_formatted():
    done = _run(str(BIN / "ruff"), "format", "--no-cache", "--check", *CHECKED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_passes_on_the_package(tmp_path):
    # mypy cannot see through the editable install's import hook: it reads the package from its folder.
    done = subprocess.run(
        [str(BIN / "mypy"), "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"),
         "-p", "rulepress"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
        env={"MYPYPATH": str(ROOT / "generator"), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
