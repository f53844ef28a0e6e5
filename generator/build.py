"""The build pipeline, readable top to bottom:

    load content -> validate into the model -> plan artifacts -> render each
    -> write atomically -> manifest

Incremental: every artifact's inputs are hashed together with the version of
Rulepress's own code and templates; an artifact whose hash and file are
unchanged is not rendered again. The state lives in ``<out>/.rulepress-state.json``.

Parallel: the artifacts to render are independent except for ``Artifact.after``;
they are written by a pool of worker processes (one per core, forked so the
planned artifacts need no pickling), each artifact as soon as the ones it comes
after are done. Every worker writes atomically; the results are recorded in plan
order, so the state and manifest do not depend on the scheduling. A
`RulepressError` raised in a worker is raised again in the build as it was.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from rulepress import paths
from rulepress.errors import RulepressError
from rulepress.model import GameContent, load_games
from rulepress.output import atomic_path, sha256_of, write_json
from rulepress.render import ACROSS_GAMES, PER_GAME, Artifact, renderer

STATE_FILE = ".rulepress-state.json"
MANIFEST = "manifest.json"
PAPERS = ("a4", "letter")


@dataclass
class BuildOptions:
    """What to build and where."""

    content: Path = paths.BUNDLED_CONTENT
    out: Path = paths.DEFAULT_OUTPUT
    games: list[str] = field(default_factory=list)
    papers: tuple[str, ...] = PAPERS
    kinds: tuple[str, ...] = PER_GAME + ACROSS_GAMES  # renderer modules to run
    progress: bool = False
    force: bool = False
    board_overlap: float = 10.0  # mm of glue margin shared by neighbouring board tiles
    # card sheets: None keeps the layout's `sheet` setting (templates/layouts/basic-card.yaml)
    card_bleed: float | None = None  # mm
    card_marks: str | None = None  # crop, lines, none
    card_flip: str | None = None  # duplex binding edge: long or short
    card_orientation: str | None = None  # portrait, landscape, auto
    card_safe_guide: bool | None = None
    duplex_offset: tuple[float, float] | None = None  # mm the back page is shifted (x right, y down)
    site_url: str = ""  # where the website will be published (absolute links in sitemap and social previews)


@dataclass
class BuildResult:
    built: list[str]
    skipped: list[str]
    manifest: list[dict]
    seconds: float


def code_version() -> str:
    """Hash of Rulepress's own code and templates: a change there rebuilds everything.

    Installed from a wheel, templates and bundled games sit inside the package
    folder; the games are not code (each artifact hashes its own game's inputs).
    """
    h = hashlib.sha256()
    for label, folder in (("rulepress", paths.PACKAGE), ("templates", paths.TEMPLATES)):
        for file in sorted(folder.rglob("*")):
            if not file.is_file() or "__pycache__" in file.parts or file.suffix == ".pyc":
                continue
            if label == "rulepress" and (file.is_relative_to(paths.TEMPLATES) or file.is_relative_to(paths.BUNDLED_CONTENT)):
                continue
            h.update(f"{label}/{file.relative_to(folder).as_posix()}".encode())
            h.update(file.read_bytes())
    return h.hexdigest()


def plan(contents: list[GameContent], options: BuildOptions) -> list[Artifact]:
    """Ask every renderer which artifacts it makes."""
    artifacts: list[Artifact] = []
    for content in contents:
        for name in PER_GAME:
            module = renderer(name) if name in options.kinds else None
            if module is not None:
                artifacts.extend(module.plan(content, options))
    for name in ACROSS_GAMES:
        module = renderer(name) if name in options.kinds else None
        if module is not None and contents:
            artifacts.extend(module.plan_all(contents, options, list(artifacts)))
    return artifacts


def input_key(artifact: Artifact, version: str) -> str:
    blob = json.dumps(artifact.inputs, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256((version + "\0" + blob).encode()).hexdigest()


def build(options: BuildOptions) -> BuildResult:
    """Build the chosen games into the output folder."""
    start = time.perf_counter()
    contents = load_games(options.content, options.games or None)
    artifacts = plan(contents, options)
    out = options.out
    out.mkdir(parents=True, exist_ok=True)
    state = _read_json(out / STATE_FILE, {})
    version = code_version()
    built, skipped = [], []
    todo: list[tuple[Artifact, str]] = []
    for artifact in artifacts:
        key = input_key(artifact, version)
        target = out / artifact.path
        previous = state.get(artifact.path)
        if (not options.force and previous and previous.get("key") == key and target.exists()
                and (artifact.directory or previous.get("size") == target.stat().st_size)):
            skipped.append(artifact.path)
            continue
        todo.append((artifact, key))
    records = _write_all([a for a, _ in todo], out, options)
    for artifact, key in todo:
        state[artifact.path] = dict(records[artifact.path], key=key)
        built.append(artifact.path)
    if options.progress and sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
    manifest = _manifest(out, artifacts, state, {c.id for c in contents})
    write_json(out / STATE_FILE, state)
    write_json(out / MANIFEST, {"artifacts": manifest})
    return BuildResult(built, skipped, manifest, time.perf_counter() - start)


def workers(count: int) -> int:
    """Worker processes for `count` artifacts: one per usable core, none (in-process) for one artifact."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(cores, count) if count > 1 and "fork" in multiprocessing.get_all_start_methods() else 1


def write_one(artifact: Artifact, out: Path) -> dict:
    """Render one artifact atomically; its state record (without the key)."""
    target = out / artifact.path
    with atomic_path(target, directory=artifact.directory) as tmp:
        meta = artifact.write(tmp) or {}
    return {"sha256": sha256_of(target), "pages": meta.get("pages"),
            "size": None if artifact.directory else target.stat().st_size}


def _write_all(todo: list[Artifact], out: Path, options: BuildOptions) -> dict[str, dict]:
    """Write every artifact in `todo`, honouring `after`; their records by path."""
    count = workers(len(todo))
    if count <= 1:
        records = {}
        for index, artifact in enumerate(todo, start=1):
            _progress(options, index, len(todo), artifact.path)
            records[artifact.path] = write_one(artifact, out)
        return records
    planned = {a.path for a in todo}
    waiting = {i: {p for p in a.after if p in planned} for i, a in enumerate(todo)}
    # artifacts that others wait for go first (PNGs before their TTS sheets, everything before the site)
    dependents = {a.path: sum(a.path in deps for deps in waiting.values()) for a in todo}
    records: dict[str, dict] = {}
    running: dict[Future, int] = {}
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(count, mp_context=context, initializer=_worker_init, initargs=(todo, out)) as pool:
        while waiting or running:
            ready = sorted((i for i, deps in waiting.items() if not deps), key=lambda i: (-dependents[todo[i].path], i))
            for i in ready[:max(0, count - len(running))]:  # submit only what can start: the choice stays ours
                del waiting[i]
                running[pool.submit(_worker_write, i)] = i
            if not running:  # a cycle in `after` (cannot happen with the renderers' plans)
                raise RuntimeError(f"artifacts wait for each other: {sorted(todo[i].path for i in waiting)}")
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=running.get):
                artifact = todo[running.pop(future)]
                kind, value = future.result()
                if kind == "error":
                    for other in running:
                        other.cancel()
                    raise _rebuilt_error(value)
                records[artifact.path] = value
                _progress(options, len(records), len(todo), artifact.path)
                for deps in waiting.values():
                    deps.discard(artifact.path)
    return records


_WORKER: dict = {}  # inside a worker process only: the artifacts and output folder, inherited by fork


def _worker_init(todo: list[Artifact], out: Path) -> None:
    _WORKER["todo"], _WORKER["out"] = todo, out


def _worker_write(index: int) -> tuple[str, object]:
    """Runs in a worker: ("ok", record) or ("error", the RulepressError's class, args and attributes)."""
    try:
        return "ok", write_one(_WORKER["todo"][index], _WORKER["out"])
    except RulepressError as exc:  # their constructors take other arguments than `args`: carry the parts
        return "error", (type(exc), exc.args, dict(vars(exc)))


def _rebuilt_error(parts) -> RulepressError:
    cls, args, attributes = parts
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(attributes)
    return error


def _manifest(out: Path, artifacts: list[Artifact], state: dict, games_built: set[str]) -> list[dict]:
    """Entries for this build's artifacts, plus earlier entries of games not built now."""
    entries = {}
    old = _read_json(out / MANIFEST, {}).get("artifacts", [])
    for entry in old:
        if entry.get("game") not in games_built and entry.get("game") is not None and (out / entry["path"]).exists():
            entries[entry["path"]] = entry
    for artifact in artifacts:
        record = state[artifact.path]
        entries[artifact.path] = {
            "game": artifact.game,
            "kind": artifact.kind,
            "lang": artifact.lang,
            "paper": artifact.paper,
            "path": artifact.path,
            "pages": record.get("pages"),
            "sha256": record["sha256"],
        }
    return [entries[k] for k in sorted(entries)]


def _read_json(path: Path, default):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return default


def _progress(options: BuildOptions, index: int, total: int, label: str) -> None:
    if options.progress and sys.stderr.isatty():
        sys.stderr.write(f"\r\033[K[{index}/{total}] {label}")
        sys.stderr.flush()
