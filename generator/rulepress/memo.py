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

A memo is a JSON `rulepress.store.Store` (the one cache abstraction) in the
output folder's cache (``.rulepress-cache/memo/``; values must be JSON data),
tagged with the version of Rulepress's own code: a changed code version starts
an empty memo. `save` keeps only the entries this run used, so the file does
not grow with every edit, and writes atomically; a lost or damaged file only
costs the computation. A memo without a path (``Memo(None)``) remembers
nothing beyond the run.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rulepress.store import Kind, Store, cache_folder, output_root

__all__ = ["Memo", "key_of", "output_root"]


def key_of(*parts) -> str:
    """SHA-256 of `parts` as sorted JSON (anything else by its `str`)."""
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()


class Memo(Store):
    """JSON values by key, tied to a version (a `rulepress.store.Store`); see the module docstring."""

    def __init__(self, path: Path | None, version: str = ""):
        super().__init__(path, version, "json")

    @classmethod
    def at(cls, out: Path | None, name: str, version: str = "", kind: Kind = "json") -> Memo:
        """The memo `name` of the output folder `out` (or of the build staged in it), tied to `version` (by
        default Rulepress's code version); none for None. Always JSON."""
        if out is None:
            return cls(None)
        from rulepress.version import code_version

        return cls(cache_folder(Path(out)) / "memo" / f"{name}.json", version or code_version())
