"""Writing outputs safely: atomic files and directories, hashes, the manifest.

Nothing is ever written in place: a renderer writes a temporary file (or
folder) beside the target, and only a complete result is renamed over the old
one. A failed build therefore never leaves a truncated file where a good one
stood.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path


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


def sha256_of(path: Path) -> str:
    """SHA-256 of a file, or of a folder's files (names and contents, in sorted order)."""
    h = hashlib.sha256()
    if path.is_dir():
        for file in sorted(p for p in path.rglob("*") if p.is_file()):
            h.update(str(file.relative_to(path)).encode())
            h.update(b"\0")
            h.update(hashlib.sha256(file.read_bytes()).digest())
        return h.hexdigest()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_json(target: Path, data) -> None:
    """Write JSON deterministically (sorted keys, fixed indentation) and atomically."""
    write_text(target, json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
