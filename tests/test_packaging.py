"""Rulepress as a new user gets it: a wheel installed into a fresh virtualenv.

The wheel is built from this checkout, installed (without its dependencies,
which come from the test environment's site-packages through a ``.pth`` line)
into a new venv, and the installed ``rulepress`` command is run from an
unrelated working directory with relative and absolute paths.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "generator" / "rulepress"
PACKAGES = sorted(p.parent.relative_to(PACKAGE) for p in PACKAGE.rglob("__init__.py"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (found,) = out.glob("rulepress-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed; returns its bin folder."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # the dependencies (reportlab, sphinx, ...) come from the test environment, after the venv's own packages
    (site / "zz-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
    )
    scripts = env_dir / "bin"
    assert (scripts / "rulepress").exists(), "the wheel must install the rulepress command"
    return scripts


def test_wheel_holds_code_templates_fonts_scaffold_and_games(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in PACKAGES:
        assert f"rulepress/{package.as_posix()}/__init__.py".replace("/./", "/") in names, f"{package} missing"
    for needed in (
        "rulepress/templates/fonts/DejaVuSans.ttf",
        "rulepress/templates/fonts/LICENSE-DejaVu.txt",
        "rulepress/templates/new-game/game.yaml",
        "rulepress/templates/layouts/basic-card.yaml",
        "rulepress/templates/site/conf.py.j2",
        "rulepress/content/risk/game.yaml",
        "rulepress/content/risk/engine.py",
        "rulepress/docs/cli.md",  # the reference pages, complete (generated from the code)
        "rulepress/docs/content-format.md",
        "rulepress/docs/layouts.md",
        "rulepress/docs/images/layout-text.png",
        "rulepress/docs/printing.md",
    ):
        assert needed in names
    assert not any(n.startswith("generator/") for n in names), "the import package must be rulepress"
    assert not any("__pycache__" in n for n in names)


def run(scripts: Path, *args, cwd: Path) -> subprocess.CompletedProcess:
    env = {"PATH": f"{scripts}:/usr/bin:/bin", "HOME": str(cwd), "LANG": "C.UTF-8"}
    return subprocess.run(
        [str(scripts / "rulepress"), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def test_installed_wheel_new_build_check_from_any_folder(installed, tmp_path):
    work = tmp_path / "somewhere"
    work.mkdir()
    result = run(installed, "new", "my-game", "--content", "games", cwd=work)
    assert result.returncode == 0, result.stderr
    assert "rulepress build my-game --content games" in result.stdout
    # the command it suggests works as printed, with the relative folder
    result = run(installed, "build", "my-game", "--content", "games", "--out", "out", cwd=work)
    assert result.returncode == 0, result.stderr
    assert (work / "out" / "manifest.json").exists()
    assert list((work / "out").rglob("*.pdf"))
    result = run(installed, "check", "examples", "--content", str(work / "games"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for command in (["list"], ["check", "content"], ["schema"]):
        result = run(installed, *command, cwd=tmp_path)
        assert result.returncode == 0, (command, result.stderr)
    assert "risk" in run(installed, "list", cwd=tmp_path).stdout


def test_installed_wheel_has_no_checkout_to_lean_on(installed, tmp_path):
    code = "import rulepress.paths as p; print(p.TEMPLATES); print(p.BUNDLED_CONTENT)"
    python = installed / "python"
    out = subprocess.run(
        [str(python), "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    ).stdout.split()
    for folder in out:
        assert str(ROOT) not in folder, folder
        assert Path(folder).is_dir()
    assert os.sep + "rulepress" + os.sep in out[0]
