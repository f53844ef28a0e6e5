"""The version of Rulepress's own code: a digest of its code and templates.

Every cached result (`rulepress.memo`, the build's state, the site's views) is keyed by it, so a change
of Rulepress itself does the work again.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from rulepress import paths


def code_version() -> str:
    """Hash of Rulepress's own code and templates: a change there rebuilds everything.

    Installed from a wheel, templates and bundled games sit inside the package
    folder; the games are not code (each artifact hashes its own game's inputs).
    The files' bytes are read again only when their stat data changed (a build
    asks several times; `rulepress serve` asks at every save).
    """
    files = []
    for label, folder in (("rulepress", paths.PACKAGE), ("templates", paths.TEMPLATES)):
        for file in sorted(folder.rglob("*")):
            if not file.is_file() or "__pycache__" in file.parts or file.suffix == ".pyc":
                continue
            if label == "rulepress" and (
                file.is_relative_to(paths.TEMPLATES) or file.is_relative_to(paths.BUNDLED_CONTENT)
            ):
                continue
            st = file.stat()
            files.append(
                (f"{label}/{file.relative_to(folder).as_posix()}", str(file), st.st_size, st.st_mtime_ns, st.st_ino)
            )
    return _code_digest(tuple(files))


@functools.lru_cache(maxsize=8)
def _code_digest(files: tuple[tuple[str, str, int, int, int], ...]) -> str:
    """SHA-256 of the named files' names and bytes (remembered by their stat data: see `code_version`)."""
    h = hashlib.sha256()
    for name, path, *_stat in files:
        h.update(name.encode())
        h.update(Path(path).read_bytes())
    return h.hexdigest()
