"""One way to keep a cache on disk: a named store of values by key, saved atomically.

Every on-disk cache of Rulepress (the memos of slow checks, the validated
games and parsed YAML files, the website's views, pages and file facts, the
incremental build's signatures and plans) is a `Store`: one file in the output
folder's cache (``<out>/.rulepress-cache/<name>.json`` or ``.pickle``; `at`
also takes a build's staging folder for its output folder), holding values by
key:

    store = Store.at(out, "views/risk", version=code_version())
    value = store.get(key)
    if value is None:
        value = compute()
        store.put(key, value)
    store.save()

A store is tied to a `version` (usually Rulepress's code version,
`rulepress.version.code_version`): a store written by another version reads as
empty. Its kind says how values are kept: JSON data (``"json"``) or any
picklable Python object (``"pickle"``), both in one file read whole, or bytes
each in a file of its own (``"files"``: a folder ``<name>/``, one file per key,
named by the key's SHA-256; values are read when asked for, and `save` writes
only the new ones: a store of many large values, such as the rasterised card
faces, costs one file per changed value, not the whole store). `link` puts a
kept value at a path as a hard link to its file; a file changed in place after it was kept
is no value any more. A pickled store is read with `pickle`:
like Sphinx's build folder, an output folder you did not build yourself is
untrusted input; build into a fresh one or delete its cache (see README.md).

`save` writes the entries this run used (looked up with `get`, or `put`), so a
store does not grow with every edit, and only when they differ from what was
read; it writes a temporary file in the same folder and moves it over the old
one (`os.replace`), so a reader sees the old store or the new one, never half
of one. A missing, damaged or unreadable store reads as empty and a store that
cannot be written is not: either only costs the work again, never an error. A
store without a path (``Store(None)``) remembers nothing beyond the run.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import tempfile
from pathlib import Path
from typing import Literal

from rulepress.output import CACHE, STAGING

Kind = Literal["json", "pickle", "files"]
VERSION_FILE = "VERSION"  # in a store of kind "files": the version that wrote it, each value's size and time


def output_root(out: Path) -> Path:
    """The output folder of a build, also when `out` is its staging area (what renderers are given)."""
    return out.parent if out.name == STAGING else out


def cache_folder(out: Path) -> Path:
    """The cache folder of the output folder `out` (or of the build staged in it)."""
    return output_root(Path(out)) / CACHE


class Store:
    """Values by key, read from `path` once (when made); see the module docstring."""

    def __init__(self, path: Path | None, version: str = "", kind: Kind = "json"):
        self.path, self.version, self.kind = path, version, kind
        self.stored: dict = self._read() if path is not None else {}
        self.used: dict = {}

    @classmethod
    def at(cls, out: Path | None, name: str, version: str = "", kind: Kind = "json") -> Store:
        """The store `name` (a path below the cache folder, without suffix) of the output folder `out` (or of
        the build staged in it); one without a path for None."""
        if out is None:
            return cls(None, version, kind)
        return cls(cache_folder(Path(out)) / (name if kind == "files" else f"{name}.{kind}"), version, kind)

    @classmethod
    def in_folder(cls, folder: Path, name: str, version: str = "", kind: Kind = "json") -> Store:
        """The store `name` in the cache folder `folder` (``<folder>/<name>.<kind>``)."""
        return cls(Path(folder) / f"{name}.{kind}", version, kind)

    def _read(self) -> dict:
        assert self.path is not None
        if self.kind == "files":
            return self._listed()
        try:
            if self.kind == "pickle":
                with self.path.open("rb") as f:
                    data = pickle.load(f)
            else:
                data = json.loads(self.path.read_text(encoding="utf-8"))
        except Exception:  # missing, damaged, unreadable: only a cache, the work is done again
            return {}
        if isinstance(data, dict) and data.get("version") == self.version and isinstance(data.get("values"), dict):
            return data["values"]
        return {}

    def _listed(self) -> dict:
        """A store of kind "files": {file name: its path} of the values this version kept and that are as it left
        them (size and modification time as recorded when written: a file changed in place, say through an
        output hard-linked to it, is no value any more)."""
        assert self.path is not None
        try:
            index = json.loads((self.path / VERSION_FILE).read_text(encoding="utf-8"))
            if not isinstance(index, dict) or index.get("version") != self.version:
                return {}
            recorded = index.get("files") or {}
            kept = {}
            for entry in self.path.iterdir():
                stat = entry.stat()
                if recorded.get(entry.name) == [stat.st_size, stat.st_mtime_ns]:
                    kept[entry.name] = entry
            return kept
        except (OSError, ValueError, AttributeError):
            return {}

    def _name(self, key) -> str:
        """The file name of `key` in a store of kind "files"."""
        return hashlib.sha256(json.dumps(key, sort_keys=True, default=str).encode()).hexdigest()

    def get(self, key, default=None):
        """The value kept under `key` (used in this run or stored before), or `default`; not to be changed in
        place (`put` a new one)."""
        if self.kind == "files":
            return self._get_file(key, default)
        value = self.used.get(key, self.stored.get(key))
        if value is None:
            return default
        self.used[key] = value
        return value

    def _get_file(self, key, default):
        name = self._name(key)
        if name in self.used:
            value = self.used[name]
            return value if isinstance(value, bytes) else value.read_bytes()
        if name not in self.stored:
            return default
        try:
            value = self.stored[name].read_bytes()
        except OSError:
            return default
        self.used[name] = self.stored[name]
        return value

    def has(self, key) -> bool:
        """Whether a value is kept under `key` (a store of kind "files": without reading it; it counts as used)."""
        if self.kind != "files":
            return self.get(key) is not None
        name = self._name(key)
        if name in self.stored and name not in self.used:
            self.used[name] = self.stored[name]
        return name in self.used

    def link(self, key, target: Path) -> None:
        """Put the bytes kept under `key` (a store of kind "files") at `target`: a hard link to the store's file
        (a copy where the file system has no hard links). Outputs are replaced, never changed in place, by
        Rulepress; a file someone changes in place through such a link is no longer taken from the store (see
        `_listed`)."""
        value = self.used[self._name(key)]
        target.unlink(missing_ok=True)  # a file there is replaced, not written through
        if isinstance(value, bytes):  # put in this run and not saved yet
            target.write_bytes(value)
            return
        try:
            os.link(value, target)
        except OSError:
            shutil.copyfile(value, target)

    def put(self, key, value) -> None:
        """Keep `value` under `key` (saved by `save`; bytes in a store of kind "files")."""
        if self.kind == "files":
            self.used[self._name(key)] = bytes(value)
            return
        self.used[key] = value

    def everything(self) -> dict:
        """All entries stored before this run (for a store that is read whole); not to be changed in place."""
        return self.stored

    def replace(self, values: dict) -> None:
        """Make `values` all that `save` keeps."""
        self.used = dict(values)

    def save(self) -> None:
        """Write the entries used in this run, atomically, if they differ from what was read (a failure only
        loses the store). Values are compared as they would be read back (JSON has no tuples)."""
        if self.path is None or self.used == self.stored:
            return
        if self.kind == "files":
            self._save_files()
            return
        data = {"version": self.version, "values": self.used}
        if self.kind == "pickle":
            blob = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
        else:
            text = json.dumps(data, ensure_ascii=False, sort_keys=True)
            if json.loads(text)["values"] == self.stored:
                return
            blob = text.encode("utf-8")
        try:
            _write_atomically(self.path, blob)
        except OSError:
            pass

    def _save_files(self) -> None:
        """A store of kind "files": write the values put in this run, remove those this run did not use."""
        assert self.path is not None
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            for name, value in sorted(self.used.items()):
                if isinstance(value, bytes):
                    _write_atomically(self.path / name, value, sync=False)
                    self.used[name] = self.path / name
            for entry in self.path.iterdir():  # what this run did not use, and files changed since they were kept
                if entry.name != VERSION_FILE and entry.name not in self.used:
                    entry.unlink(missing_ok=True)
            files = {}
            for name in sorted(self.used):
                stat = (self.path / name).stat()
                files[name] = [stat.st_size, stat.st_mtime_ns]
            index = json.dumps({"version": self.version, "files": files}, sort_keys=True)
            _write_atomically(self.path / VERSION_FILE, index.encode("utf-8"))
        except OSError:
            pass


def _write_atomically(path: Path, blob: bytes, sync: bool = True) -> None:
    """Write `blob` to a temporary file beside `path` and move it over `path` (`sync`: on the disk first)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
            if sync:
                f.flush()
                os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
