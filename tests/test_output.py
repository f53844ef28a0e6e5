"""Outputs are written atomically: a failed write never replaces a good file, no temporary files remain."""

import pytest

from rulepress.output import atomic_path, sha256_of, write_json


def test_failed_write_keeps_the_old_file(tmp_path):
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"good")
    with pytest.raises(RuntimeError):
        with atomic_path(target) as tmp:
            tmp.write_bytes(b"half")
            raise RuntimeError("renderer crashed")
    assert target.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_failed_directory_write_keeps_the_old_folder(tmp_path):
    target = tmp_path / "site"
    target.mkdir()
    (target / "index.html").write_text("good")
    with pytest.raises(RuntimeError):
        with atomic_path(target, directory=True) as tmp:
            (tmp / "index.html").write_text("half")
            raise RuntimeError("sphinx failed")
    assert (target / "index.html").read_text() == "good"
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_directory_replaced_whole(tmp_path):
    target = tmp_path / "png"
    target.mkdir()
    (target / "old.png").write_text("x")
    with atomic_path(target, directory=True) as tmp:
        (tmp / "new.png").write_text("y")
    assert sorted(p.name for p in target.iterdir()) == ["new.png"]


def test_json_is_deterministic(tmp_path):
    write_json(tmp_path / "a.json", {"b": 1, "a": [2, 1]})
    write_json(tmp_path / "b.json", {"a": [2, 1], "b": 1})
    assert sha256_of(tmp_path / "a.json") == sha256_of(tmp_path / "b.json")
