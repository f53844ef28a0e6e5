"""The planner: what an edit makes the build do again, decided here and nowhere else.

What an output reads is its artifact's inputs (for a language's outputs cut to the language by
`rulepress.model.view`); the decisions on them are this module's: which per-game plans are reused
(`plan_keys`, `reusable`), which artifacts are skipped, written or written only if their late inputs
changed (`sort_out`, `Work.due`), and what is recorded for the next build (`record`).

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
from dataclasses import dataclass
from pathlib import Path

from rulepress.artifact import Artifact
from rulepress.model.cache import folder_key
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
            game=game,
            kind=a["kind"],
            path=a["path"],
            inputs=None,
            write=None,
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


# ----------------------------------------------------------------------------- the planner's decisions


def input_key(artifact: Artifact, version: str) -> str:
    """The key an artifact's output is recorded under: its inputs' digest with the version of Rulepress's code."""
    return hashlib.sha256((version + "\0" + artifact.digest()).encode()).hexdigest()


def plan_keys(contents, renderers, options, version: str) -> dict[tuple[str, str], str]:
    """(game, per-game renderer) -> the key its plan follows from (`plan_key`): the game's files but those
    holding only what the renderer does not read (`Renderer.not_read`), the code and the options."""
    keys = {}
    for content in contents:
        held = parts_by_file(content)
        for each in renderers:
            game_key = folder_key(content.folder, version, unread_files(held, each.not_read))
            keys[(content.id, each.name)] = plan_key(game_key, options, each.name)
    return keys


def reusable(keys: dict[tuple[str, str], str], memo: dict, state: dict, out: Path) -> dict:
    """(game, renderer) -> its recorded plan's stand-in artifacts, for every plan of `keys` that is `reused`."""
    return {pair: made for pair, key in keys.items() if (made := reused(memo, state, out, *pair, key)) is not None}


@dataclass(kw_only=True)
class Work:
    """What a build does with each planned artifact: skip it, or write it (`todo`, with its input key);
    a `provisional` one is unchanged but for the inputs it settles once what it comes after is written, and
    is written only if those changed too (`Work.due`)."""

    todo: list[tuple[Artifact, str]] = dataclasses.field(default_factory=list)
    skipped: list[str] = dataclasses.field(default_factory=list)
    provisional: set[str] = dataclasses.field(default_factory=set)
    settled: dict[str, str] = dataclasses.field(default_factory=dict)  # path -> digest of its settled inputs

    def due(self, artifact: Artifact, state: dict, root: Path) -> bool | None:
        """Whether `artifact` is written, now that what it comes after is in `root`: not when it is provisional
        and settles to the inputs of its last build (None then: its earlier output stays)."""
        found = artifact.settled_digest(root)
        if found is None:
            return True
        self.settled[artifact.path] = found
        if artifact.path in self.provisional and state[artifact.path].get("settled") == found:
            return None
        return True


def sort_out(
    artifacts: list[Artifact],
    *,
    makers: dict[str, str],
    reuse: dict,
    state: dict,
    memo: dict,
    out: Path,
    version: str,
    force: bool,
) -> Work:
    """Each planned artifact skipped or to write: skipped when its input key is the recorded one and its output
    is unchanged (checked when its plan was reused), unless `force`; an unchanged one that settles late inputs
    stays to write, provisionally."""
    work = Work()
    for artifact in artifacts:
        key = input_key(artifact, version)
        previous = state.get(artifact.path)
        reusing = (artifact.game, makers.get(artifact.path)) in reuse  # its target was checked then
        if (
            not force
            and previous
            and previous.get("key") == key
            and (reusing or unchanged(out, artifact.path, previous, memo))
        ):
            if artifact.settle is None or artifact.write is None:
                work.skipped.append(artifact.path)
                continue
            work.provisional.add(artifact.path)
            artifact = dataclasses.replace(artifact, prepare=None)  # likely not written: no workers prepared for it
        work.todo.append((artifact, key))
    return work


def record(
    work: Work,
    records: dict[str, dict],
    *,
    artifacts: list[Artifact],
    makers: dict[str, str],
    keys: dict[tuple[str, str], str],
    state: dict,
    memo: dict,
) -> None:
    """Record what the build wrote (`records`, by path) in the build `state`, and every game's plan in the memo;
    what was not written after all joins the skipped."""
    work.skipped += [a.path for a, _ in work.todo if a.path not in records]
    work.todo = [(a, key) for a, key in work.todo if a.path in records]
    for artifact, key in work.todo:
        state[artifact.path] = dict(records[artifact.path], key=key, renderer=makers.get(artifact.path))
        if artifact.path in work.settled:
            state[artifact.path]["settled"] = work.settled[artifact.path]
    for (game, name), key in keys.items():
        record_plan(memo, game, name, key, [a for a in artifacts if a.game == game and makers.get(a.path) == name])
