"""Writing the user's own files (game.yaml, rule texts, a baseline, icons): atomically, old bytes kept.

Commands that change a game folder (`rulepress upgrade`, ``check translations --accept``, ``icons add``)
write through `replace`: the new bytes go to a temporary file beside the target (same folder, so the
rename is atomic), are flushed to disk, get the target's permissions, and only then take the target's
name. A full disk, a file size limit, a crash or Ctrl-C leave the old file as it was, never a cut one;
the temporary file is removed. `replace_all` writes several files and, when one of them cannot be
written, puts the old bytes back into those already written (so a game is never left half changed).

An `OSError` (a read-only folder, no space left, no permission) becomes a `UserFileError`: one line
naming the file, exit code 2, no traceback.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

from rulepress.errors import RulepressError

FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


class UserFileError(RulepressError):
    """A file of the user's that could not be written; it is unchanged."""


def write_error(exc: OSError, path: Path, unchanged: str = "the file is unchanged") -> UserFileError:
    """One line for an OSError met while writing the user's file (or folder) `path`."""
    reason = "no space left (disk full or file size limit)" if exc.errno in FULL else (exc.strerror or str(exc))
    return UserFileError(f"{shown(path)}: cannot write: {reason}; {unchanged}")


def shown(path: Path) -> str:
    """`path` as messages show it: relative to the working directory when it is below it."""
    full, here = os.path.abspath(path), os.getcwd()
    return full[len(here) + 1 :] if full.startswith(here + os.sep) else str(path)


def replace(path: Path, data: bytes) -> None:
    """Write `data` as `path`, atomically (see the module); UserFileError when it cannot be written."""
    tmp: str | None = None
    try:
        mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise write_error(exc, path) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def replace_all(files: dict[Path, bytes]) -> list[Path]:
    """Write every file of `files` (path -> new bytes) with `replace`, in path order; the files whose bytes
    changed. When one cannot be written, those already written get their old bytes back and the
    UserFileError is raised."""
    old = {path: path.read_bytes() for path in files if path.exists()}
    changed = [path for path in sorted(files) if old.get(path) != files[path]]
    done: list[Path] = []
    try:
        for path in changed:
            replace(path, files[path])
            done.append(path)
    except UserFileError:
        restore({path: old[path] for path in done if path in old})
        for path in done:
            if path not in old:
                with contextlib.suppress(OSError):
                    path.unlink()
        raise
    return changed


def restore(files: dict[Path, bytes]) -> None:
    """Put `files` (path -> old bytes) back, each atomically; what cannot be put back is named in the error."""
    failed = []
    for path, data in sorted(files.items()):
        try:
            replace(path, data)
        except UserFileError as exc:
            failed.append(str(exc))
    if failed:
        raise UserFileError("; ".join(failed))
