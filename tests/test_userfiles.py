"""The user's files are written atomically: on a full disk (a real file size limit, in a child process) the old
bytes stay whole, nothing is left behind, the error is one line; several files are all written or none."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from rulepress.userfiles import replace, replace_all

LIMIT = 8192  # bytes a child may write per file (RLIMIT_FSIZE): the disk is full after 8 kB


def _full_disk(folder: Path, code: str) -> subprocess.CompletedProcess:
    """Run `code` (with `replace`, `replace_all`, `Path` imported) in `folder` in a child whose files cannot grow
    past `LIMIT` bytes."""
    script = textwrap.dedent(
        f"""
        import resource, sys
        from pathlib import Path
        from rulepress.errors import RulepressError
        from rulepress.userfiles import replace, replace_all
        resource.setrlimit(resource.RLIMIT_FSIZE, ({LIMIT}, {LIMIT}))
        try:
        {textwrap.indent(textwrap.dedent(code), "    ")}
        except RulepressError as exc:
            print(exc, file=sys.stderr)
            sys.exit(exc.exit_code)
        """
    )
    return subprocess.run([sys.executable, "-c", script], cwd=folder, capture_output=True, text=True, timeout=60)


def test_a_full_disk_keeps_the_old_file_whole(tmp_path):
    game = tmp_path / "game.yaml"
    old = b"id: demo\n" + b"# a comment line of the author's\n" * 240  # 7.9 kB, under the limit
    game.write_bytes(old)
    game.chmod(0o600)
    done = _full_disk(tmp_path, "replace(Path('game.yaml'), Path('game.yaml').read_bytes() + b'format: 2\\n' * 40)")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert (
        done.stderr == "game.yaml: cannot write: no space left (disk full or file size limit); the file is unchanged\n"
    )
    assert game.read_bytes() == old and sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]
    assert game.stat().st_mode & 0o777 == 0o600


def test_several_files_are_all_written_or_none(tmp_path):
    (tmp_path / "a.md").write_bytes(b"old a\n")
    (tmp_path / "b.md").write_bytes(b"old b\n")
    done = _full_disk(tmp_path, "replace_all({Path('a.md'): b'new a\\n', Path('b.md'): b'x' * 9000})")
    assert done.returncode == 2 and done.stderr.startswith("b.md: cannot write: no space left"), done.stderr
    assert (tmp_path / "a.md").read_bytes() == b"old a\n"  # written first, then put back
    assert (tmp_path / "b.md").read_bytes() == b"old b\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "b.md"]


def test_replace_keeps_the_mode_and_reports_only_changed_files(tmp_path):
    script = tmp_path / "engine.py"
    script.write_bytes(b"old\n")
    script.chmod(0o750)
    same = tmp_path / "same.md"
    same.write_bytes(b"same\n")
    before = os.stat(same).st_ino
    assert replace_all({script: b"new\n", same: b"same\n"}) == [script]
    assert script.read_bytes() == b"new\n" and script.stat().st_mode & 0o777 == 0o750
    assert os.stat(same).st_ino == before  # a byte-identical file is not written at all
    replace(tmp_path / "new.md", b"fresh\n")
    assert (tmp_path / "new.md").read_bytes() == b"fresh\n"
