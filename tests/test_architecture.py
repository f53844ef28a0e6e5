"""The pipeline's import layers hold (the contracts in pyproject.toml, checked by import-linter).

load -> analyse -> plan -> write: every module imports only from the layers below its own, the
renderers and the website never import the checks (they read the analysis as data), and the checks
never import the renderers.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept(tmp_path):
    # the linter imports the package by name, from the folder that holds it (generator/rulepress/)
    done = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache", str(ROOT / "pyproject.toml")],
        cwd=tmp_path, capture_output=True, text=True, check=False,
        env={"PYTHONPATH": str(ROOT / "generator"), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout, done.stdout


def test_a_broken_layer_is_found(tmp_path):
    # the contract is not empty: a renderer importing a check breaks it
    package = tmp_path / "rulepress"
    (tmp_path / "src").mkdir()
    import shutil

    shutil.copytree(ROOT / "generator" / "rulepress", package, ignore=shutil.ignore_patterns("__pycache__"))
    target = package / "render" / "quickref.py"
    target.write_text(target.read_text(encoding="utf-8") + "\nfrom rulepress.check import examples  # noqa\n")
    done = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache", str(ROOT / "pyproject.toml")],
        cwd=tmp_path, capture_output=True, text=True, check=False,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert done.returncode != 0 and "rulepress.render.quickref -> rulepress.check.examples" in done.stdout
