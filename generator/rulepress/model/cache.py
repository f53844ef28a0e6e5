"""Loading unchanged games from a cache: a validated game, pickled, keyed by every byte it came from.

Loading a game (YAML with positions, validation, cross-checks, layout checks)
takes a few tenths of a second; an edit build needs the model of every game
but usually changes one file of one game. `cached_loader` returns a loader
for `rulepress.model.load_games` that keeps each successfully loaded game in
the pickle store (`rulepress.store.Store`) ``<cache>/<game>.pickle``, tied to
Rulepress's code version, under the key of the folder and together with the
key of its files: the SHA-256 of the game
folder's path, the working directory (messages show paths relative to it),
Rulepress's code version and every file below the folder (names and bytes; a
new, removed or changed file changes the key; Python bytecode caches do not count). A game whose key is unchanged
is unpickled; any other is loaded as usual and, if it loads, stored. Games
with problems are never stored, so their problems are reported every time.
When only rules files (``rules.<lang>.md``) changed, the stored game is
taken with its rule texts read and checked again (nothing else of a game reads
them: `rulepress.model.loader.with_rules_read_again`), so a rules edit does not
validate the game or import what that needs.
When a game must load again (one of its files changed), its YAML files that
did not change are not parsed again: their parsed data and positions are kept
in ``<cache>/<game>.yaml.pickle`` by the SHA-256 of their bytes (a board's
YAML is most of a game's loading time).
The stores are written atomically and belong to the output folder they sit in;
they hold pickles, so an output folder someone else built is untrusted input (see README.md).
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import time
from collections.abc import Callable, Collection
from pathlib import Path

from rulepress.model.loader import GameContent, load_game, rules_files, with_rules_read_again
from rulepress.model.yamlsource import load_yaml
from rulepress.store import Store


def folder_key(folder: Path, version: str, skip: Collection[str] = (), digests: dict[str, bytes] | None = None) -> str:
    """Hash of everything a game's model is made from (see the module docstring); without the files
    named in `skip` (paths relative to the folder, with '/'), for what does not depend on them.
    `digests`: the folder's `file_digests` if known."""
    h = hashlib.sha256()
    for part in (str(Path(folder).absolute()), os.getcwd(), version):
        h.update(part.encode() + b"\0")
    for name, digest in (file_digests(folder) if digests is None else digests).items():
        if name not in skip:
            h.update(name.encode() + b"\0")
            h.update(digest)
    return h.hexdigest()


def file_digests(folder: Path) -> dict[str, bytes]:
    """SHA-256 of every file below `folder` (relative path with '/' -> digest, sorted; bytecode caches left
    out). A file is read again when its stat data changed, or while it is younger than `SETTLED_NS` (it could
    still change within the file system's time resolution: git's "racily clean" files)."""
    digests = {}
    now = time.time_ns()
    for path in sorted(Path(folder).rglob("*")):
        if not path.is_file() or "__pycache__" in path.relative_to(folder).parts or path.suffix == ".pyc":
            continue
        st = path.stat()
        if now - st.st_mtime_ns > SETTLED_NS:
            digest = _settled_digest(str(path), st.st_size, st.st_mtime_ns, st.st_ino)
        else:
            digest = hashlib.sha256(path.read_bytes()).digest()
        digests[path.relative_to(folder).as_posix()] = digest
    return digests


SETTLED_NS = 2_000_000_000


@functools.lru_cache(maxsize=4096)
def _settled_digest(path: str, size: int, mtime_ns: int, inode: int) -> bytes:
    return hashlib.sha256(Path(path).read_bytes()).digest()


def cached_loader(cache: Path, version: str) -> Callable[[Path], GameContent]:
    """A `load_game` that reuses the store ``<cache>/<folder name>.pickle`` when the folder's key is unchanged;
    when it is not, the game's YAML files that did not change are not parsed again (`remembering_parser`)."""

    def load(folder: Path) -> GameContent:
        digests = file_digests(folder)
        key = folder_key(folder, version, digests=digests)
        base = folder_key(folder, version, digests={})  # the folder, working directory and code without the files
        games = Store.in_folder(cache, Path(folder).name, version, "pickle")
        stored = games.get(base)  # (key, content, digests) of the same folder and code, maybe other files
        valid = isinstance(stored, tuple) and len(stored) == 3 and isinstance(stored[1], GameContent)
        if valid and stored[0] == key:
            return stored[1]
        if valid and rules_edit_only(stored[2], digests, stored[1]):
            content = with_rules_read_again(stored[1])
        else:
            parsed = Store.in_folder(cache, f"{Path(folder).name}.yaml", version, "pickle")
            content = load_game(folder, remembering_parser(parsed))
            parsed.save()
        games.put(base, (key, content, digests))
        games.save()
        return content

    return load


def rules_edit_only(before: dict[str, bytes], now: dict[str, bytes], content: GameContent) -> bool:
    """True if the game folder's files (`file_digests`) are those of `content` but for changed rules files:
    the same names, and those whose bytes differ are rules files (`rulepress.model.loader.rules_files`)."""
    return (
        isinstance(before, dict)
        and before.keys() == now.keys()
        and {name for name in now if before[name] != now[name]} <= rules_files(content.game)
    )


def remembering_parser(store: Store):
    """A `load_yaml` that takes the result for a file from `store` (a pickle store: {(shown path, SHA-256 of
    the bytes): pickled result}) and puts what it used and parsed there, to be saved. A file with a problem
    raises as `load_yaml` does and is not remembered."""

    def parse(path: Path, shown: str):
        try:
            key = (shown, hashlib.sha256(Path(path).read_bytes()).hexdigest())
        except OSError:
            return load_yaml(path, shown)  # let it report the file
        blob = store.get(key)
        if blob is None:
            blob = pickle.dumps(load_yaml(path, shown), protocol=pickle.HIGHEST_PROTOCOL)
        store.put(key, blob)
        return pickle.loads(blob)

    return parse
