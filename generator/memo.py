"""Remembered results of slow, pure computations, kept on disk between builds.

A one-paragraph edit changes one paragraph pair of the translation check and
no worked example, yet both ran in full for the game's report and website
page. A `Memo` keeps such results by a key that names everything the result
follows from (`key_of`: the inputs as JSON, hashed), so that the next run
computes only what an edit touched:

    memo = Memo.at(out, "risk-examples")
    value = memo.get(key)
    if value is None:
        value = compute()
        memo.put(key, value)
    memo.save()

The file lives in the output folder's cache (``.rulepress-cache/memo/``) as
JSON (values must be JSON data), tagged with the version of Rulepress's own
code: a changed code version starts an empty memo. `save` keeps only the
entries this run used, so the file does not grow with every edit, and writes
atomically; a lost or damaged file only costs the computation. A memo without
a path (``Memo(None)``) remembers nothing beyond the run.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from rulepress.output import CACHE


def key_of(*parts) -> str:
    """SHA-256 of `parts` as sorted JSON (anything else by its `str`)."""
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()


def output_root(out: Path) -> Path:
    """The output folder of a build, also when `out` is its staging area (what renderers are given)."""
    from rulepress.output import STAGING

    return out.parent if out.name == STAGING else out


class Memo:
    """Values by key, read from `path` once; see the module docstring."""

    def __init__(self, path: Path | None, version: str = ""):
        self.path, self.version = path, version
        self.stored: dict = {}
        self.used: dict = {}
        if path is not None:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if isinstance(data, dict) and data.get("version") == version and isinstance(data.get("values"), dict):
                    self.stored = data["values"]
            except (OSError, ValueError):
                pass

    @classmethod
    def at(cls, out: Path | None, name: str) -> Memo:
        """The memo `name` of the output folder `out` (or of the build staged in it); none for None."""
        if out is None:
            return cls(None)
        from rulepress.version import code_version

        return cls(output_root(Path(out)) / CACHE / "memo" / f"{name}.json", code_version())

    def get(self, key: str):
        value = self.used.get(key, self.stored.get(key))
        if value is not None:
            self.used[key] = value
        return value

    def put(self, key: str, value) -> None:
        self.used[key] = value

    def save(self) -> None:
        """Write the entries used in this run (atomically; a failure only loses the memo)."""
        if self.path is None or self.used == self.stored:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
            tmp.write_text(
                json.dumps({"version": self.version, "values": self.used}, ensure_ascii=False, sort_keys=True),
                encoding="utf-8",
            )
            os.replace(tmp, self.path)
        except OSError:
            pass
