"""Outputs are written atomically: a failed write never replaces a good file, no temporary files remain."""

import errno
import subprocess
import sys
import time

import pytest

from rulepress.output import (
    STAGING,
    OutputError,
    Staging,
    atomic_path,
    locked,
    output_error,
    prepare,
    remove_leftovers,
    sha256_of,
    write_json,
)


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


# ------------------------------------------------------------------ staging, lock, leftovers, errors


def test_staging_moves_files_and_folders_into_place_together(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "sheet.pdf").write_bytes(b"old")
    (tmp_path / "game" / "cards.images").mkdir()
    (tmp_path / "game" / "cards.images" / "old.png").write_bytes(b"old")
    staging = Staging(tmp_path)
    (staging.root / "game" / "cards.images").mkdir(parents=True)
    (staging.root / "game" / "cards.images" / "new.png").write_bytes(b"new")
    (staging.root / "game" / "sheet.pdf").write_bytes(b"new")
    assert (tmp_path / "game" / "sheet.pdf").read_bytes() == b"old", "nothing moves before commit"
    staging.commit(["game/sheet.pdf", "game/cards.images"])
    assert (tmp_path / "game" / "sheet.pdf").read_bytes() == b"new"
    assert [p.name for p in (tmp_path / "game" / "cards.images").iterdir()] == ["new.png"]
    assert not (tmp_path / STAGING).exists()


def test_discarded_staging_leaves_the_output_as_it_was(tmp_path):
    (tmp_path / "sheet.pdf").write_bytes(b"old")
    staging = Staging(tmp_path)
    (staging.root / "sheet.pdf").write_bytes(b"half")
    staging.discard()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]
    assert (tmp_path / "sheet.pdf").read_bytes() == b"old"


def test_staging_mirrors_the_output_without_touching_it(tmp_path):
    (tmp_path / "g" / "cards.images").mkdir(parents=True)
    (tmp_path / "g" / "cards.images" / "a.png").write_bytes(b"png")
    (tmp_path / "manifest.json").write_text("{}")
    (tmp_path / ".cache").mkdir()
    staging = Staging(tmp_path)
    staging.mirror()
    linked = staging.root / "g" / "cards.images" / "a.png"
    assert linked.read_bytes() == b"png"
    assert linked.stat().st_ino == (tmp_path / "g" / "cards.images" / "a.png").stat().st_ino  # a hard link
    assert (staging.root / ".cache").is_symlink()  # caches are shared, not staged
    assert (staging.root / "manifest.json").read_text() == "{}"
    (staging.root / ".cache" / "sphinx.pickle").write_bytes(b"env")
    staging.discard()
    assert (tmp_path / "g" / "cards.images" / "a.png").read_bytes() == b"png"
    assert (tmp_path / ".cache" / "sphinx.pickle").read_bytes() == b"env"
    assert not (tmp_path / STAGING).exists()


def test_leftovers_of_a_killed_build_are_removed(tmp_path):
    (tmp_path / STAGING / "g").mkdir(parents=True)
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / ".sheet.pdf.abc.tmp").write_bytes(b"half")
    (tmp_path / "g" / ".cards.images.old").mkdir()
    (tmp_path / "g" / "sheet.pdf").write_bytes(b"good")
    removed = remove_leftovers(tmp_path)
    assert len(removed) == 3
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == ["g", "g/sheet.pdf"]


def test_a_second_holder_of_the_lock_waits(tmp_path):
    code = (
        "import sys, time; from pathlib import Path; from rulepress.output import locked\n"
        "with locked(Path(sys.argv[1])):\n    print('got it', flush=True)\n"
    )
    with locked(tmp_path):
        waiter = subprocess.Popen(
            [sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        time.sleep(1.0)
        assert waiter.poll() is None, "the second build must wait while the first holds the lock"
    out, err = waiter.communicate(timeout=20)
    assert out == "got it\n"
    assert f"waiting for another build into {tmp_path} to finish" in err


def test_output_errors_are_one_line_with_exit_codes(tmp_path):
    full = output_error(OSError(errno.ENOSPC, "No space left on device"), tmp_path)
    denied = output_error(OSError(errno.EACCES, "Permission denied"), tmp_path)
    assert full.exit_code == 1 and "no space left" in str(full) and "\n" not in str(full)
    assert (
        denied.exit_code == 2
        and str(denied) == f"{tmp_path}: cannot write the output: Permission denied; earlier outputs are unchanged"
    )
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputError, match="must be a folder, but it is a file"):
        prepare(tmp_path / "file")
    with pytest.raises(OutputError, match="cannot create the output folder"):
        prepare(tmp_path / "file" / "below")


def test_a_folders_digest_reads_again_only_files_whose_stat_signature_changed(tmp_path):
    from rulepress.output import sha256_of
    from rulepress.store import Store

    folder = tmp_path / "folder"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.png").write_bytes(b"a")
    (folder / "sub" / "b.png").write_bytes(b"b")
    plain = sha256_of(folder)
    known = Store.at(tmp_path, "digests/folder")
    assert sha256_of(folder, known) == plain
    assert len(Store.at(tmp_path, "digests/folder").everything()) == 2
    (folder / "a.png").write_bytes(b"changed")  # a new modification time: read again
    assert sha256_of(folder, Store.at(tmp_path, "digests/folder")) == sha256_of(folder) != plain


def test_mirroring_again_for_paths_read_later_keeps_the_cache_link(tmp_path):
    """A build mirrors the output folder, then again the earlier outputs of artifacts it skips that later ones
    read (`build.due`): the second call finds the hidden cache folder linked already (it stopped the build)."""
    (tmp_path / ".rulepress-cache").mkdir()
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "page.html").write_text("page", encoding="utf-8")
    staging = Staging(tmp_path)
    staging.mirror(["site"])
    staging.mirror(["site"])
    assert (staging.root / ".rulepress-cache").resolve() == (tmp_path / ".rulepress-cache").resolve()
    assert (staging.root / "site" / "page.html").read_text(encoding="utf-8") == "page"
