"""Writing outputs safely: atomic files and directories, a build's staging area, the lock, hashes.

Nothing is ever written in place: a renderer writes a temporary file (or
folder) beside the target, and only a complete result is renamed over the old
one. A build writes all its artifacts into a `Staging` folder inside the output
folder and moves them into place only when every one succeeded, so a failed
build leaves every earlier file and folder as it was. `locked` keeps two
builds out of one output folder at once (the second waits), and
`remove_leftovers` clears what a killed build left behind.

Problems with the output folder itself (it is a file, read-only, the disk is
full) are an `OutputError`: one line, exit code 2 (1 for a full disk).
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from rulepress.errors import RulepressError

if TYPE_CHECKING:
    from rulepress.store import Store

STAGING = ".rulepress-staging"  # inside the output folder, while a build writes
CACHE = ".rulepress-cache"  # inside the output folder: what makes the next build faster (never output)


class OutputError(RulepressError):
    """The output folder cannot be written (exit 2; 1 when the disk is full)."""

    def __init__(self, message: str, exit_code: int = 2):
        super().__init__(message)
        self.exit_code = exit_code


def output_error(exc: OSError, out: Path) -> OutputError:
    """One line for an OSError met while writing into `out`."""
    full = exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
    what = "no space left (disk full or file size limit)" if full else (exc.strerror or str(exc))
    return OutputError(
        f"{out}: cannot write the output: {what}; earlier outputs are unchanged", exit_code=1 if full else 2
    )


def prepare(out: Path) -> None:
    """Create the output folder; OutputError when it is a file or cannot be created."""
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out}: --out must be a folder, but it is a file")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{out}: cannot create the output folder: {exc.strerror or exc}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise OutputError(f"{out}: the output folder is not writable")


@contextmanager
def locked(out: Path):
    """Hold an exclusive lock on the output folder; wait (saying so) while another build holds it."""
    fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"waiting for another build into {out} to finish ...", file=sys.stderr, flush=True)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def remove_leftovers(out: Path) -> list[Path]:
    """Remove what a killed build left (staging area, temporary files and folders); call under the lock."""
    removed = []
    for path in sorted(out.rglob(".*")):
        name = path.name
        if name == STAGING or name.endswith(".tmp") or name.endswith(".old"):
            if not path.exists() and not path.is_symlink():
                continue  # inside a folder removed before
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
            removed.append(path)
    return removed


class Staging:
    """A build's artifacts, written below `<out>/.rulepress-staging/` (a mirror of the output folder)
    and moved into place together."""

    def __init__(self, out: Path):
        self.out = out
        self.root = out / STAGING
        if self.root.exists():
            shutil.rmtree(self.root)
        self.root.mkdir()

    def mirror(self, paths: list[str] | None = None) -> None:
        """Make the staging area look like the output folder (or, given `paths`, hold those of its
        files and folders), so that renderers read earlier results (artifacts this build does not
        redo) where they write. Files are hard links (outputs are only ever replaced, never changed
        in place, so the originals stay as they are); hidden top-level folders (caches such as
        Sphinx's) are symbolic links to the real ones: a cache is not output, and it is kept up to
        date even by a build that fails."""
        for entry in sorted(self.out.iterdir()):
            if entry.name == STAGING or entry.is_symlink():
                continue
            if entry.is_dir() and entry.name.startswith("."):
                link = self.root / entry.name
                if not link.is_symlink():  # mirrored once already (a second call for paths read later)
                    link.symlink_to(entry.resolve(), target_is_directory=True)
            elif paths is None:
                self._link(entry.name)
        for relative in sorted(set(paths or ())):
            if (self.out / relative).exists() and not (self.root / relative).exists():
                self._link(relative)

    def _link(self, relative: str) -> None:
        entry, staged = self.out / relative, self.root / relative
        staged.parent.mkdir(parents=True, exist_ok=True)
        if entry.is_dir():
            shutil.copytree(entry, staged, copy_function=os.link, symlinks=True)
        else:
            os.link(entry, staged)

    def commit(self, paths: list[str]) -> None:
        """Move the staged artifacts over their targets (folders whole), then drop the staging area."""
        trash = self.root / ".replaced"
        trash.mkdir(exist_ok=True)
        for i, relative in enumerate(paths):
            staged, target = self.root / relative, self.out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            if staged.is_dir():
                if target.exists():
                    target.rename(trash / str(i))
                staged.rename(target)
            else:
                os.replace(staged, target)
        for cache in sorted(self.root.iterdir()):  # a cache the build started (see `mirror`) is kept
            if (
                cache.name.startswith(".")
                and cache.is_dir()
                and not cache.is_symlink()
                and cache != trash
                and not (self.out / cache.name).exists()
            ):
                cache.rename(self.out / cache.name)
        self.discard()

    def discard(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def atomic_path(target: Path, directory: bool = False):
    """Yield a temporary path next to `target`; on success move it over `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if directory:
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    else:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        os.close(fd)
        tmp = Path(name)
    try:
        yield tmp
        if directory:
            old = None
            if target.exists():
                old = target.with_name(f".{target.name}.old")
                if old.exists():
                    shutil.rmtree(old)
                target.rename(old)
            tmp.rename(target)
            if old is not None:
                shutil.rmtree(old)
        else:
            os.chmod(tmp, 0o644)
            os.replace(tmp, target)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp) if tmp.is_dir() else tmp.unlink()


def write_text(target: Path, text: str) -> None:
    """Write a text file atomically."""
    with atomic_path(target) as tmp:
        tmp.write_text(text, encoding="utf-8")


def sha256_of(path: Path, known: Store | None = None) -> str:
    """SHA-256 of a file, or of a folder's files (names and contents, in sorted order). `known`: the digests of
    a folder's files by their stat signature (device, inode, size, modification time), used and kept: a file
    hard-linked from a cache or an earlier build is not read again."""
    h = hashlib.sha256()
    if path.is_dir():
        for file in sorted(p for p in path.rglob("*") if p.is_file()):
            h.update(str(file.relative_to(path)).encode())
            h.update(b"\0")
            h.update(bytes.fromhex(_file_digest(file, known)))
        if known is not None:
            known.save()
        return h.hexdigest()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _file_digest(file: Path, known: Store | None) -> str:
    if known is None:
        return hashlib.sha256(file.read_bytes()).hexdigest()
    stamp = signature(file)
    digest = known.get(stamp)
    if digest is None:
        digest = hashlib.sha256(file.read_bytes()).hexdigest()
    known.put(stamp, digest)
    return digest


def signature(path: Path) -> str:
    """Hash of the stat data of a file, or of every file below a folder (names, sizes, times, inodes)."""
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    h = hashlib.sha256()
    for file in files:
        st = file.stat()
        name = file.relative_to(path).as_posix() if file != path else ""
        h.update(f"{name}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}\n".encode())
    return h.hexdigest()


def write_json(target: Path, data) -> None:
    """Write JSON deterministically (sorted keys, fixed indentation) and atomically."""
    write_text(target, json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


MANIFEST = "manifest.json"  # in the output folder: every artifact of the last good build


def manifest_entries(root: Path) -> list[dict]:
    """The artifacts the manifest in the output folder `root` lists ([] when there is none or it is unreadable)."""
    try:
        return json.loads((root / MANIFEST).read_text(encoding="utf-8")).get("artifacts", [])
    except (OSError, ValueError, AttributeError):
        return []
