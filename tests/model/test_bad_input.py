"""Every bad-input fixture in tests/data/bad-input/ gives its exact error lines and exit code, no
traceback, and leaves a previous good output folder byte-identical.

Two kinds of fixture:

- ``<name>.yaml``: a whole game.yaml (game id ``bad``) with ``# expect:`` lines, checked with
  ``rulepress check content``;
- ``<name>/case.yaml``: edits applied to a fresh ``rulepress new demo`` game (see `EDITS`), the
  commands to run (default: ``check content`` and ``build``, which must answer alike: a clean
  check means a clean build), the exit code and the expected lines. Files in ``<name>/files/``
  are copied into the game folder first.

Commands run in-process (fast) from a temporary folder holding ``games/`` and ``out/``; ``out/``
starts as a copy of a good build of the demo game. Expected lines are written without the
``games/`` prefix. A case with ``isolate: true`` runs in a subprocess (resource limits, a
read-only output folder or ``read_only: FOLDER``). With ``port_in_use: true`` a socket listens on
a free port while the case runs; ``{port}`` in its commands and messages stands for that port.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from rulepress.cli import main
from rulepress.scaffold import new_game

DATA = Path(__file__).parent.parent / "data" / "bad-input"
FILE_FIXTURES = sorted(DATA.glob("*.yaml"))
CASES = sorted(p.parent for p in DATA.glob("*/case.yaml"))


def expected_lines(fixture: Path) -> list[str]:
    return [
        line[len("# expect: ") :]
        for line in fixture.read_text(encoding="utf-8").splitlines()
        if line.startswith("# expect: ")
    ]


def _lines(text: str) -> list[str]:
    return [line.replace("games/", "") for line in text.splitlines() if not line.endswith(" problems")]


@pytest.mark.parametrize("fixture", FILE_FIXTURES, ids=[f.stem for f in FILE_FIXTURES])
def test_bad_game_file(fixture: Path, tmp_path: Path, monkeypatch, capsys):
    game = new_game("bad", tmp_path / "games", table=False)
    (game / "game.yaml").write_text(fixture.read_text(encoding="utf-8"), encoding="utf-8")
    for lang, title in (("de", "Regeln"), ("en", "Rules")):  # rules without the scaffold's glossary terms
        (game / f"rules.{lang}.md").write_text(f"(rules)=\n# {title}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "content", "--content", "games"]) == 2
    assert _lines(capsys.readouterr().err) == expected_lines(fixture)


# ------------------------------------------------------------------------------------------ cases


def _edit_replace(game: Path, file: str, old: str, new: str, count: int = 1) -> None:
    path = game / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{file} does not contain {old!r}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _edit_write(game: Path, file: str, text: str | None = None, hex: str | None = None, repeat: int = 1) -> None:
    path = game / file
    path.parent.mkdir(parents=True, exist_ok=True)
    data = bytes.fromhex(hex) if hex is not None else text.encode("utf-8")
    path.write_bytes(data * repeat)


def _edit_append(game: Path, file: str, text: str, repeat: int = 1) -> None:
    with (game / file).open("a", encoding="utf-8") as f:
        f.write(text * repeat)


def _edit_encode(game: Path, file: str, encoding: str) -> None:
    path = game / file
    path.write_bytes(path.read_text(encoding="utf-8").encode(encoding))


def _edit_delete(game: Path, file: str) -> None:
    path = game / file
    shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()


def _edit_symlink(game: Path, file: str, to: str) -> None:
    path = game / file
    if path.exists() or path.is_symlink():
        _edit_delete(game, file)
    path.symlink_to(to)


def _edit_truncate(game: Path, file: str, keep: int) -> None:
    path = game / file
    path.write_bytes(path.read_bytes()[:keep])


def _edit_image(game: Path, file: str, width: int = 20, height: int = 28) -> None:
    from PIL import Image

    Image.new("RGB", (width, height), (200, 40, 40)).save(game / file)


def _edit_mkdir(game: Path, file: str) -> None:
    (game / file).mkdir(parents=True)


def _edit_copy(game: Path, file: str, source: str) -> None:
    """Copy a file of this repository (`source`, from its root) into the game."""
    shutil.copyfile(DATA.parent.parent.parent / source, game / file)


EDITS = {
    "replace": _edit_replace,
    "write": _edit_write,
    "append": _edit_append,
    "encode": _edit_encode,
    "delete": _edit_delete,
    "symlink": _edit_symlink,
    "truncate": _edit_truncate,
    "image": _edit_image,
    "mkdir": _edit_mkdir,
    "copy": _edit_copy,
}


def _apply(game: Path, edits: list[dict]) -> None:
    for edit in edits:
        ((name, args),) = edit.items()
        EDITS[name](game, **(args if isinstance(args, dict) else {"file": args}))


@pytest.fixture(scope="session")
def good_output(tmp_path_factory) -> Path:
    """A good build of the demo game (card sheets, A4), copied into every case's output folder."""
    root = tmp_path_factory.mktemp("good")
    new_game("demo", root / "games", table=False)
    assert (
        main(
            [
                "build",
                "--content",
                str(root / "games"),
                "--out",
                str(root / "out"),
                "--only",
                "cards",
                "--paper",
                "a4",
                "--quiet",
            ]
        )
        == 0
    )
    return root / "out"


# what a build keeps about inputs that passed its checks (validated games, site views, card faces that passed the
# face checks) or made from them alone (the icon font): caches, not output
CACHES = (
    ".rulepress-cache/model",
    ".rulepress-cache/views",
    ".rulepress-cache/checks",
    ".rulepress-cache/icon-fonts",
)


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    if not folder.is_dir():
        return {"<not a folder>": folder.read_bytes() if folder.exists() else None}
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
        if not p.relative_to(folder).as_posix().startswith(CACHES)
    }


def _command(line: str) -> list[str]:
    argv = line.split()
    argv += ["--content", "games"] if "--content" not in argv and argv[0] in ("build", "check", "list") else []
    argv += ["--out", "out"] if argv[0] == "build" and "--out" not in argv else []
    return argv


def _run_isolated(tmp_path: Path, argv: list[str], case: dict) -> tuple[int, str]:
    """Run in a subprocess: with a file size limit, or with `out` on a read-only mount."""
    env = dict(os.environ, CI="1", **case.get("env", {}))
    command = [sys.executable, "-m", "rulepress", *argv]
    preexec = None
    if "file_size_limit" in case:
        import resource

        limit = int(case["file_size_limit"])

        def preexec():  # noqa: E306 - runs in the child before exec
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    read_only = case.get("read_only") or ("out" if case.get("read_only_out") else None)
    if read_only:
        (tmp_path / read_only).mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:  # permissions do not bind root: a read-only mount does
            script = f'mount --bind {read_only} {read_only} && mount -o remount,bind,ro {read_only} && exec "$@"'
            command = ["unshare", "-m", "sh", "-c", script, "sh", *command]
        else:
            top = tmp_path / read_only
            for folder in [top, *(p for p in top.rglob("*") if p.is_dir())]:
                folder.chmod(0o555)
    result = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, preexec_fn=preexec, timeout=120
    )
    return result.returncode, result.stdout + result.stderr


@pytest.mark.parametrize("case_dir", CASES, ids=[c.name for c in CASES])
def test_bad_input_case(case_dir: Path, tmp_path: Path, good_output: Path, monkeypatch, capsys):
    case = yaml.safe_load((case_dir / "case.yaml").read_text(encoding="utf-8"))
    game = new_game("demo", tmp_path / "games", table=False)
    if (case_dir / "files").is_dir():
        shutil.copytree(case_dir / "files", game, dirs_exist_ok=True)
    _apply(game, case.get("edits", []))
    out = tmp_path / "out"
    if case.get("out") == "file":
        out.write_text("not a folder\n")
    else:
        shutil.copytree(good_output, out, symlinks=True)
    before = _snapshot(out)
    monkeypatch.chdir(tmp_path)
    for name, value in case.get("env", {}).items():
        monkeypatch.setenv(name, str(value))
    busy = None
    if case.get("port_in_use"):  # a port another program listens on
        import socket

        busy = socket.socket()
        busy.bind(("127.0.0.1", 0))
        busy.listen()
    for line in case.get("run", ["check content", "build"]):
        if busy is not None:
            line = line.replace("{port}", str(busy.getsockname()[1]))
        argv = _command(line)
        if case.get("isolate"):
            code, text = _run_isolated(tmp_path, argv, case)
        else:
            code = main(argv)
            captured = capsys.readouterr()
            text = captured.out + captured.err
        assert "Traceback" not in text, text
        if busy is not None:
            text = text.replace(f":{busy.getsockname()[1]}", ":{port}")
        got = [g for g in _lines(text) if not g.startswith("built ") and not g.endswith(" examples passed")]
        assert (code, got) == (case.get("exit", 2), case["expect"]), f"{line}: {text}"
        assert _snapshot(out) == before, f"{line} changed the earlier output"
        assert not list(out.glob(".rulepress-staging*")) if out.is_dir() else True


def test_every_fixture_states_its_expectation():
    assert len(FILE_FIXTURES) + len(CASES) >= 60
    for fixture in FILE_FIXTURES:
        assert expected_lines(fixture), f"{fixture.name} has no '# expect:' line"
    for case_dir in CASES:
        case = yaml.safe_load((case_dir / "case.yaml").read_text(encoding="utf-8"))
        assert case.get("about") and "expect" in case, f"{case_dir.name}: needs 'about' and 'expect'"
