"""The games an output folder was built with before but that this build does not name: the website and the
authors' report keep showing them (loaded again from the content folder, with the files the manifest lists)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from pathlib import Path

from rulepress.artifact import Artifact
from rulepress.errors import RulepressError
from rulepress.memo import output_root
from rulepress.model import GameContent, load_games
from rulepress.model.loader import find_games
from rulepress.output import CACHE, manifest_entries


def earlier_games(
    out: Path,
    contents: list[GameContent],
    content_dir: Path,
    planned: AbstractSet[str] = frozenset(),
    partial: bool = False,
) -> tuple[list[GameContent], list[Artifact]]:
    """Games built into `out` before (in its manifest) but not now, loaded again from `content_dir`,
    and their built files as the manifest lists them; with `partial` (not every renderer runs now)
    also the earlier files of this build's games that are not planned now."""
    out = output_root(out)
    entries = manifest_entries(out)
    now = {c.id for c in contents}
    available = {p.name for p in find_games(content_dir)}
    on_site = {p.parent.name for p in (out / CACHE).glob("site-*/src/*/index.md")}
    built = {e["game"] for e in entries if e.get("game")} | on_site
    ids = sorted(g for g in built if g not in now and g in available)
    loaded = []
    for game_id in ids:
        try:
            loaded.extend(load_games(content_dir, [game_id]))
        except RulepressError:
            continue  # a game that no longer loads is not shown; its own build reports why
    kept = {c.id for c in loaded} | (now if partial else set())
    shown = [
        Artifact(
            game=e["game"],
            kind=e["kind"],
            path=e["path"],
            inputs={"sha256": e.get("sha256")},
            write=None,
            lang=e.get("lang"),
            paper=e.get("paper"),
            directory=(out / e["path"]).is_dir(),
            bundles=tuple(e.get("bundles", ())),
        )
        for e in sorted(entries, key=lambda e: e["path"])
        if e.get("game") in kept and e["path"] not in planned and (out / e["path"]).exists()
    ]
    return loaded, [a for a in shown if a.game is not None and a.kind not in ("site", "report")]
