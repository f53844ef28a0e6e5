"""What an incremental build may skip without looking closer: unchanged targets and unchanged plans.

Two shortcuts keep an edit build from redoing work that cannot have changed:

* `unchanged(target, record)`: an artifact's file (or folder) is as the last
  build left it. Its stat signature (size, time of change in nanoseconds and
  inode of every file: what `make` and `ninja` trust, plus the inode, which
  every rewrite here changes) is compared first; only when that differs are the
  bytes hashed and compared with the recorded SHA-256.
* `reused(...)`: a game's per-game renderer (cards, boards, ...) is not asked
  for its plan again when the game folder's bytes (but for the files holding
  only what the renderer does not read: `parts_by_file`, `without`),
  Rulepress's code and the build options are those of the build that recorded
  the plan, and every
  artifact of that plan is unchanged: the recorded artifacts stand in for it
  (without a `write`: they are skipped, and their recorded digests are what
  the website's inputs hash).

Both are kept in a memo in the output folder's cache (the JSON store
``.rulepress-cache/incremental.json``, `rulepress.store`), not in the build state: they hold
inodes, times and absolute paths, which differ between two otherwise equal
builds. The memo is written after a build succeeded; a signature vouches only
for the SHA-256 it was taken with, so a stale memo costs a hash, never a
wrong skip.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

from rulepress.artifact import Artifact
from rulepress.output import sha256_of, signature
from rulepress.store import Store

MEMO = "incremental"  # the store (`rulepress.store`) in the output folder's cache
NOT_PLAN_INPUTS = ("games", "progress", "force")  # build options that do not change what a game's plan holds


def read_memo(out: Path) -> dict:
    """The memo of the output folder `out` (its store ``.rulepress-cache/incremental.json``; empty when
    missing or damaged)."""
    return dict(Store.at(out, MEMO).everything())


def write_memo(out: Path, memo: dict) -> None:
    """Keep `memo` for the next build (atomically; a failure only makes it hash and plan again)."""
    store = Store.at(out, MEMO)
    store.replace(memo)
    store.save()


def unchanged(out: Path, path: str, record: dict | None, memo: dict) -> bool:
    """True if the artifact `path` in `out` still has the SHA-256 its state `record` says: by its stat
    signature when the memo vouches for that SHA-256 with it, else by hashing (then remembered)."""
    target = out / path
    if not record or not (target.exists() or target.is_symlink()):
        return False
    signatures = memo.setdefault("signatures", {})
    try:
        now = signature(target)
        if signatures.get(path) == [now, record.get("sha256")]:
            return True
        if record.get("sha256") == sha256_of(target):
            signatures[path] = [now, record["sha256"]]
            return True
    except OSError:
        pass
    return False


def remember(out: Path, path: str, record: dict, memo: dict) -> None:
    """Vouch for a freshly committed artifact: its signature with its SHA-256."""
    try:
        memo.setdefault("signatures", {})[path] = [signature(out / path), record["sha256"]]
    except OSError:
        pass


def parts_by_file(content) -> dict[str, set[str]]:
    """The parts each file of a game holds (relative path with '/' -> parts; see `rulepress.render.NOT_READ`):
    "rule_texts" for rules.<lang>.md, the top-level keys of a YAML file, "" for game.yaml (the game itself)
    and for any other file."""
    from rulepress.model.loader import display_path

    keys: dict[str, set[str]] = {}
    for key, positions in content.positions.items():
        keys.setdefault(positions.path, set()).add(key)
    held = {}
    for path in content.files:
        name = Path(path).relative_to(content.folder).as_posix()
        if name.startswith("rules.") and name.endswith(".md"):
            held[name] = {"rule_texts"}
        else:
            held[name] = keys.get(display_path(Path(path))) or {""}
    return held


def unread_files(held: dict[str, set[str]], parts: tuple[str, ...]) -> set[str]:
    """The files (of `parts_by_file`) that hold only `parts`."""
    return {name for name, inside in held.items() if inside <= set(parts)}


def without(content, parts: tuple[str, ...]):
    """The game `content` without `parts` (see `parts_by_file`): those fields empty, as if never written."""
    fields = {
        name: type(content.game).model_fields[name].get_default(call_default_factory=True)
        for name in parts
        if name in type(content.game).model_fields
    }
    return dataclasses.replace(
        content,
        game=content.game.model_copy(update=fields) if fields else content.game,
        rules={} if "rule_texts" in parts else content.rules,
    )


def plan_key(game_key: str, options, renderer: str) -> str:
    """What a game's plan by `renderer` follows from: the game folder's key (bytes, code version,
    working directory) and the build options that reach the plan."""
    chosen = {f.name: getattr(options, f.name) for f in dataclasses.fields(options) if f.name not in NOT_PLAN_INPUTS}
    blob = json.dumps([game_key, renderer, chosen], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def reused(memo: dict, state: dict, out: Path, game: str, renderer: str, key: str) -> list[Artifact] | None:
    """The recorded plan of `game` by `renderer` as stand-in artifacts, if its key is `key` and all its
    artifacts are unchanged in `out`; None otherwise (the renderer is asked to plan)."""
    record = memo.get("plans", {}).get(f"{game}/{renderer}")
    if not record or record.get("key") != key:
        return None
    artifacts = [
        Artifact(
            game,
            a["kind"],
            a["path"],
            None,
            None,
            lang=a["lang"],
            paper=a["paper"],
            directory=a["directory"],
            key=a["digest"],
            bundles=tuple(a.get("bundles", ())),
        )
        for a in record["artifacts"]
    ]
    for artifact in artifacts:
        if not unchanged(out, artifact.path, state.get(artifact.path), memo):
            return None
    return artifacts


def record_plan(memo: dict, game: str, renderer: str, key: str, artifacts: list[Artifact]) -> None:
    """Remember the plan of `game` by `renderer` (see `reused`)."""
    memo.setdefault("plans", {})[f"{game}/{renderer}"] = {
        "key": key,
        "artifacts": [
            {
                "path": a.path,
                "kind": a.kind,
                "lang": a.lang,
                "paper": a.paper,
                "directory": a.directory,
                "digest": a.digest(),
                "bundles": list(a.bundles),
            }
            for a in artifacts
        ],
    }
