"""`rulepress new NAME`: copy the new-game template into a fresh game folder."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from rulepress import paths
from rulepress.errors import UsageError

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def new_game(name: str, content_dir: Path) -> Path:
    """Create `content_dir/name` from templates/new-game, with the id filled in."""
    if not NAME.match(name):
        raise UsageError(f"{name!r} is not a valid game id: use lower-case letters, digits, '-' and '_'")
    target = content_dir / name
    if target.exists():
        raise UsageError(f"{target} already exists")
    content_dir.mkdir(parents=True, exist_ok=True)
    tmp = content_dir / f".{name}.new"
    if tmp.exists():
        shutil.rmtree(tmp)
    shutil.copytree(paths.TEMPLATES / "new-game", tmp, ignore=shutil.ignore_patterns("__pycache__"))
    for file in tmp.rglob("*"):
        if file.is_file() and file.suffix in (".yaml", ".md", ".py"):
            file.write_text(file.read_text(encoding="utf-8").replace("__GAME_ID__", name), encoding="utf-8")
    tmp.rename(target)
    return target
