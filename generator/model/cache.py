"""Loading unchanged games from a cache: a validated game, pickled, keyed by every byte it came from.

Loading a game (YAML with positions, validation, cross-checks, layout checks)
takes a few tenths of a second; an edit build needs the model of every game
but usually changes one file of one game. `cached_loader` returns a loader
for `rulepress.model.load_games` that keeps each successfully loaded game in
``<cache>/<game>.pickle`` together with its key: the SHA-256 of the game
folder's path, the working directory (messages show paths relative to it),
Rulepress's code version and every file below the folder (names and bytes; a
new, removed or changed file changes the key; Python bytecode caches do not count). A game whose key is unchanged
is unpickled; any other is loaded as usual and, if it loads, stored. Games
with problems are never stored, so their problems are reported every time.
The cache is written atomically and belongs to the output folder it sits in.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable, Collection
from pathlib import Path

from rulepress.model.loader import GameContent, load_game


def folder_key(folder: Path, version: str, skip: Collection[str] = ()) -> str:
    """Hash of everything a game's model is made from (see the module docstring); without the files
    named in `skip` (paths relative to the folder, with '/'), for what does not depend on them."""
    h = hashlib.sha256()
    for part in (str(Path(folder).absolute()), os.getcwd(), version):
        h.update(part.encode() + b"\0")
    for path in sorted(Path(folder).rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_file() and "__pycache__" not in path.relative_to(folder).parts and path.suffix != ".pyc" \
                and name not in skip:
            h.update(name.encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def cached_loader(cache: Path, version: str) -> Callable[[Path], GameContent]:
    """A `load_game` that reuses ``<cache>/<folder name>.pickle`` when the folder's key is unchanged."""
    def load(folder: Path) -> GameContent:
        key = folder_key(folder, version)
        file = cache / f"{Path(folder).name}.pickle"
        try:
            with file.open("rb") as f:
                stored_key, content = pickle.load(f)
            if stored_key == key and isinstance(content, GameContent):
                return content
        except (OSError, EOFError, ValueError, TypeError, AttributeError, ImportError, pickle.UnpicklingError):
            pass
        content = load_game(folder)
        try:
            cache.mkdir(parents=True, exist_ok=True)
            tmp = file.with_name(f".{file.name}.{os.getpid()}.tmp")
            tmp.write_bytes(pickle.dumps((key, content), protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, file)
        except OSError:
            pass  # no cache: the next build loads the game again
        return content
    return load
