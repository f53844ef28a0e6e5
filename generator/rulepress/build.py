"""The build pipeline, readable top to bottom:

    load content -> validate into the model -> plan artifacts -> check what
    will be rendered -> render each into a staging area -> move all into place
    -> state and manifest

Incremental: every artifact's inputs are hashed together with the version of
Rulepress's own code and templates; an artifact whose hash is unchanged and
whose file (or folder: the hash of its files) still has the recorded SHA-256 is
not rendered again. The state lives in ``<out>/.rulepress-state.json``. Games
load from a cache while their files are unchanged (`rulepress.model.cache`);
such a game's per-game plans are reused and outputs are checked by their stat
signature first, so an edit of one file redoes only what depends on it. Every
reuse, skip and settle decision is the planner's (`rulepress.incremental`:
`plan_keys`, `reusable`, `sort_out`, `Work.due`, `record`); this module only runs them.

Checked first: the renderers that will write something run their
``check(content, options)`` (the functions `rulepress check content` runs), so
every problem is reported at once, before anything is rendered.

Nothing lost: the build holds a lock on the output folder (a second build
waits), removes what a killed build left, writes the artifacts, the state and
the manifest into `rulepress.output.Staging` (which holds hard links of the
earlier artifacts that those to render come ``after``) and moves them into
place only when all succeeded (renames only: no space is needed then). Worker processes die with the
build (PR_SET_PDEATHSIG on Linux), and on Ctrl-C or an error they are stopped.

Parallel: the artifacts to render are independent except for ``Artifact.after``;
they are written by a pool of worker processes (one per core, forked so the
planned artifacts need no pickling), each artifact as soon as the ones it comes
after are done. Every worker writes atomically; the results are recorded in plan
order, so the state and manifest do not depend on the scheduling. A
`RulepressError` raised in a worker is raised again in the build as it was.
"""

from __future__ import annotations

import ctypes
import gc
import json
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path

from rulepress import incremental
from rulepress import options as render_options
from rulepress.analysis import Analysis, ExamplesFailed
from rulepress.buildoptions import BuildOptions
from rulepress.check.accessibility import accessibility_problems
from rulepress.check.analyse import analyser
from rulepress.errors import Problem, RulepressError, problems_error
from rulepress.layout.check import check_fonts, check_layouts
from rulepress.model import GameContent, formats, load_games
from rulepress.model.cache import cached_loader
from rulepress.output import (
    CACHE,
    MANIFEST,
    Staging,
    atomic_path,
    locked,
    manifest_entries,
    output_error,
    prepare,
    remove_leftovers,
    sha256_of,
    write_json,
)
from rulepress.progress import Progress
from rulepress.render import PER_GAME, RENDERERS, Artifact, Renderer
from rulepress.store import Store
from rulepress.version import code_version

STATE_FILE = ".rulepress-state.json"
PAPERS = render_options.PAPERS


@dataclass(kw_only=True)
class BuildResult:
    built: list[str]
    skipped: list[str]
    manifest: list[dict]
    seconds: float
    contents: list[GameContent] = field(default_factory=list)  # the games built, as loaded
    warnings: list[Problem] = field(default_factory=list)  # rules the games' formats predate (formats.settle)
    analysis: Analysis | None = None  # what the build's outputs show of the games' analysis
    stale: list[str] = field(default_factory=list)  # earlier outputs a build with --only left out of date


def export_options(o: BuildOptions, cards: render_options.CardOptions) -> render_options.ExportOptions:
    """The print-shop outputs' options: a shop preset's bleed and PDF/X settings unless given on their own."""
    from rulepress.draw.shops import SHOPS

    shop = SHOPS[o.shop] if o.shop else None
    version = o.pdfx or (shop.pdfx if shop else None)
    pdfx = None
    if version is not None:
        pdfx = render_options.PdfxOptions(version, o.ink_limit or (shop.ink_limit if shop else 300.0))
    if shop is not None and cards.bleed is None:
        cards = replace(cards, bleed=shop.bleed)
    return render_options.ExportOptions(cards, o.out, pdfx, o.shop)


def renderer_options(options: BuildOptions) -> dict[str, object]:
    """Each renderer's own typed options (`rulepress.options`), by renderer name: the one place
    where the build's options are handed out."""
    o = options
    cards = replace(o.cards, papers=o.papers, cache=o.out)
    # earlier files of renderers not run stay shown (the rulebook too: planned across games, shown per game)
    partial = any(name not in o.kinds for name in (*PER_GAME, "rulebook"))
    made = {
        "cards": cards,
        "calibration": render_options.CalibrationOptions(o.papers, o.cards.flip),
        "pieces": cards,
        "boards": render_options.BoardOptions(o.papers, o.board_overlap),
        "quickref": render_options.QuickrefOptions(o.papers),
        "exports": export_options(o, cards),
        "printcut": render_options.PrintCutOptions(o.cut_machines, cards),
        "rulebook": render_options.RulebookOptions(o.papers, o.out),
        "site": render_options.SiteOptions(o.out, o.content, o.site_url, partial),
        "reports": render_options.ReportOptions(o.out, o.content, o.sources),
    }
    assert set(made) == {r.name for r in RENDERERS}, "every renderer has its options"
    return made


def chosen(options: BuildOptions, per_game: bool) -> list[Renderer]:
    """The renderers the build runs (`options.kinds`), per game or across games, in build order."""
    return [r for r in RENDERERS if r.per_game == per_game and r.name in options.kinds]


def plan(
    contents: list[GameContent],
    options: BuildOptions,
    analysis: Analysis,
    makers: dict[str, str] | None = None,
    reuse: dict[tuple[str, str], list[Artifact]] | None = None,
) -> list[Artifact]:
    """Ask every renderer which artifacts it makes (`makers`, if given, gets artifact path -> renderer);
    a (game, renderer) pair in `reuse` is not asked again: its recorded artifacts stand in. Renderers
    across games (the website, the reports) get the build's `analysis`, which their artifacts read when written."""
    artifacts: list[Artifact] = []
    own = renderer_options(options)
    for content in contents:
        for each in chosen(options, per_game=True):
            made = (reuse or {}).get((content.id, each.name))
            if made is None:  # (a reused plan needs not even its renderer's module: a no-op build imports less)
                made = each.plan(incremental.without(content, each.not_read), own[each.name])
            if makers is not None:
                makers.update((a.path, each.name) for a in made)
            artifacts.extend(made)
    for each in chosen(options, per_game=False):
        if contents:
            made = each.plan_all(contents, own[each.name], list(artifacts), analysis)
            if makers is not None:
                makers.update((a.path, each.name) for a in made)
            artifacts.extend(made)
    return artifacts


def check_games(
    contents: list[GameContent],
    options: BuildOptions,
    analysis: Analysis,
    renderers: set[tuple[str | None, str]] | None = None,
) -> list[Problem]:
    """Every problem the renderers find: each per-game renderer's `Renderer.check` for each
    game (only the (game, renderer) pairs in `renderers` if given), and, when the website is built,
    the analysis' problems of what players read there. Problems of rules newer than a game's format
    are warnings (`formats.settle`); the others stop the build."""
    problems: list[Problem] = []
    own = renderer_options(options)
    per_game = chosen(options, per_game=True)
    for content in contents:
        if "site" in options.kinds:
            problems.extend(analysis.of(content, "problems").problems)  # settled by the analysis
        found: list[Problem] = []
        if any(renderers is None or (content.id, r.name) in renderers for r in per_game):
            found.extend(check_layouts(content))  # the game's layouts: fonts, icons, pictures
            settled = formats.settle(found, content.format)
            if formats.errors(settled):  # a warning stops no later check
                problems.extend(settled)
                continue  # the renderers' checks draw with these layouts
            found.extend(accessibility_problems(content))  # colour-blind players, text contrast: warnings
        for each in per_game:
            if renderers is None or (content.id, each.name) in renderers:
                found.extend(each.check(incremental.without(content, each.not_read), own[each.name]))
        problems.extend(formats.settle(found, content.format))
    return list(dict.fromkeys(problems))


def with_printer(options: BuildOptions) -> BuildOptions:
    """The options with the settings of ``printer.yaml`` in the content folder where the command line gave
    none (`rulepress.model.printer`: the duplex offset and flip edge measured with the calibration sheet)."""
    from rulepress.model.printer import load_printer

    printer = load_printer(options.content)
    if printer is None:
        return options
    cards = replace(
        options.cards,
        offset=options.cards.offset if options.cards.offset is not None else printer.duplex_offset,
        flip=options.cards.flip or printer.flip,
    )
    return replace(options, cards=cards)


def build(options: BuildOptions) -> BuildResult:
    """Build the chosen games into the output folder (see the module docstring)."""
    start = time.perf_counter()
    options = with_printer(options)
    out = options.out
    version = code_version()
    contents = load_games(options.content, options.games or None, cached_loader(out / CACHE / "model", version))
    analysis = Analysis(analyser(out, options.sources))
    prepare(out)
    with locked(out):
        try:
            remove_leftovers(out)
            staging = Staging(out)
        except OSError as exc:
            raise output_error(exc, out) from None
        try:
            run = _Run(options=options, contents=contents, analysis=analysis, staging=staging, version=version)
            built, warned = _planned_and_checked(run), run.warnings()
            _written(run, built)
        except OSError as exc:
            raise output_error(exc, out) from None
        finally:
            staging.discard()
    assert run.work is not None  # planned: the try block returned or raised
    return BuildResult(
        built=[a.path for a, _ in run.work.todo],
        skipped=run.work.skipped,
        manifest=run.manifest,
        seconds=time.perf_counter() - start,
        contents=contents,
        warnings=warned,
        analysis=analysis,
        stale=run.stale,
    )


@dataclass(kw_only=True)
class _Run:
    """One build's state between its phases: what it builds and into where, the earlier build's records
    (`state`, `memo`), the plan (`artifacts`, `makers`, `keys`, `work`) and what it wrote (`manifest`, `stale`).
    Renderers see the staging area as the output folder: what they read (the earlier artifacts they come
    `after`, artifacts of this build) is there, and what they write stays there until all succeeded."""

    options: BuildOptions
    contents: list[GameContent]
    analysis: Analysis
    staging: Staging
    version: str
    state: dict = field(default_factory=dict)
    memo: dict = field(default_factory=dict)
    keys: dict = field(default_factory=dict)
    makers: dict[str, str] = field(default_factory=dict)
    artifacts: list[Artifact] = field(default_factory=list)
    work: incremental.Work | None = None
    problems: list[Problem] = field(default_factory=list)
    manifest: list[dict] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)

    @property
    def out(self) -> Path:
        return self.options.out

    def warnings(self) -> list[Problem]:
        """The rules the games' formats predate, and the checks' warnings."""
        return [w for c in self.contents for w in c.warnings] + formats.warnings(self.problems)


def _planned_and_checked(run: _Run) -> list[Artifact]:
    """Plan every artifact, sort out what must be written (the rest reused), check the games as far as
    those artifacts need; the artifacts to write. Raises the problems that stop a build."""
    options, out, contents = run.options, run.out, run.contents
    run.state = _read_json(out / STATE_FILE, {})
    run.memo = incremental.read_memo(out)
    run.keys = incremental.plan_keys(contents, chosen(options, per_game=True), options, run.version)
    reuse = {} if options.force else incremental.reusable(run.keys, run.memo, run.state, out)
    font_problems = [p for c in contents for p in check_fonts(c)[0]]
    if font_problems:  # the card sheets register the game's fonts while they plan
        raise problems_error(font_problems)
    run.artifacts = plan(contents, replace(options, out=run.staging.root), run.analysis, run.makers, reuse)
    run.work = incremental.sort_out(
        run.artifacts, makers=run.makers, reuse=reuse, state=run.state, memo=run.memo, out=out, version=run.version,
        force=options.force,
    )  # fmt: skip
    todo = [a for a, _ in run.work.todo]
    run.staging.mirror(sorted({p for a in todo for p in a.after} - {a.path for a in todo}))
    run.problems = check_games(
        contents, options, run.analysis, {(a.game, run.makers[a.path]) for a in todo if a.path in run.makers}
    )
    if formats.errors(run.problems):
        raise problems_error(formats.errors(run.problems))
    if options.strict:  # every game's examples run (remembered passes reused) before anything is written
        failed = [r for c in contents for r in run.analysis.of(c, "examples").failed_examples()]
        if failed:
            raise ExamplesFailed(failed)
    _analyse_needs(todo, contents, run.analysis)  # before the workers start: once for all
    return todo


def _written(run: _Run, todo: list[Artifact]) -> None:
    """Write `todo` into the staging area, record the build's state and manifest there, and move it all into
    the output folder at once (all or nothing); then save what the analysis and the plans remember."""
    out, staging, work = run.out, run.staging, run.work
    assert work is not None
    read_after = {p for a in todo for p in a.after}

    def due(artifact: Artifact) -> bool:
        """Written now, or its earlier output stays (then what comes after it reads that one)."""
        if work.due(artifact, run.state, staging.root):
            return True
        if artifact.path in read_after:
            staging.mirror([artifact.path])
        return False

    records = _write_staged(todo, staging, run.options, due)
    incremental.record(
        work, records, artifacts=run.artifacts, makers=run.makers, keys=run.keys, state=run.state, memo=run.memo
    )  # fmt: skip
    written = [a for a, _ in work.todo]
    run.manifest = _manifest(out, run.artifacts, run.state, {c.id for c in run.contents}, run.options.kinds)
    run.stale = stale_outputs(run.contents, run.options, run.state, run.version)
    # state and manifest are staged too and move in with the artifacts: all or nothing
    write_json(staging.root / STATE_FILE, run.state)
    write_json(staging.root / MANIFEST, {"artifacts": run.manifest})
    staging.commit([a.path for a in written] + [STATE_FILE, MANIFEST])
    run.analysis.save()
    for artifact in written:
        incremental.remember(out, artifact.path, run.state[artifact.path], run.memo)
    incremental.write_memo(out, run.memo)


def stale_outputs(contents: list[GameContent], options: BuildOptions, state: dict, version: str) -> list[str]:
    """With ``--only``: the outputs of the renderers not run that are now out of date (or missing), those of
    the games built: each such renderer is planned (nothing is drawn) and its artifacts' input keys compared
    with the ones they were made from. The website and the reports (across games) are named when they exist
    and anything was built, as they show the games' other outputs."""
    skipped = [r for r in RENDERERS if r.name not in options.kinds]
    if not skipped:
        return []
    own = renderer_options(options)
    stale: list[str] = []
    for content in contents:
        for each in (r for r in skipped if r.per_game):
            try:
                made = each.plan(incremental.without(content, each.not_read), own[each.name])
            except RulepressError:
                continue  # its problems are reported when it runs
            for artifact in made:
                previous = state.get(artifact.path)
                if previous is not None and previous.get("key") != incremental.input_key(artifact, version):
                    stale.append(artifact.path)
    for each in (r for r in skipped if not r.per_game):
        stale.extend(sorted(path for path, record in state.items() if record.get("renderer") == each.name)[:1])
    return stale


def _analyse_needs(todo: list[Artifact], contents: list[GameContent], analysis: Analysis) -> None:
    """Compute the parts of the games' analysis that the artifacts about to be written read (`Artifact.needs`;
    an artifact of no one game reads every game's)."""
    wanted: dict[str, set[str]] = {}
    for artifact in todo:
        for content in contents:
            if artifact.needs and artifact.game in (None, content.id):
                wanted.setdefault(content.id, set()).update(artifact.needs)
    for content in contents:
        if content.id in wanted:
            analysis.prepare(content, wanted[content.id])


def _write_staged(
    todo: list[Artifact], staging: Staging, options: BuildOptions, due: Callable[[Artifact], bool]
) -> dict[str, dict]:
    """Write every artifact into the staging area that is `due` once what it comes after is written; the
    records of those written."""
    if not todo:
        return {}
    with Progress(options.progress, len(todo)) as progress:
        return _write_all(todo, staging.root, progress, due)


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
        assert artifact.write is not None, artifact.path  # stand-ins for reused artifacts are never written
        meta = artifact.write(tmp) or {}
    known = Store.at(out, f"digests/{artifact.path}") if artifact.directory else None  # its files' digests
    return {
        "sha256": sha256_of(target, known),
        "pages": meta.get("pages"),
        "size": None if artifact.directory else target.stat().st_size,
    }


def _write_all(
    todo: list[Artifact], out: Path, progress: Progress, due: Callable[[Artifact], bool] = lambda a: True
) -> dict[str, dict]:
    """Write every artifact in `todo` that is `due` when its turn comes, honouring `after`; the records of those
    written, by path."""
    count = workers(len(todo))
    if count <= 1:
        records: dict[str, dict] = {}
        for artifact in todo:
            if due(artifact):
                records[artifact.path] = write_one(artifact, out)
            progress.advance(artifact.path)
        return records
    for prepare_job in dict.fromkeys(a.prepare for a in todo if a.prepare is not None):
        prepare_job()  # before the fork: every worker inherits what it loaded
    schedule = _Schedule(todo, due, progress)
    context = multiprocessing.get_context("fork")
    before = set(multiprocessing.active_children())
    # what the workers inherit (libraries, the model, the plan) is never garbage in them: frozen, their
    # collections need not walk it (and do not touch its pages: the memory stays shared), see `gc.freeze`
    gc.freeze()
    pool = ProcessPoolExecutor(count, mp_context=context, initializer=_worker_init, initargs=(todo, out, os.getpid()))
    try:
        schedule.run(pool, count)
    except BaseException:  # an error, Ctrl-C: stop the workers now rather than let them finish
        for process in set(multiprocessing.active_children()) - before:
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    finally:
        gc.unfreeze()  # collectable again in this process (`rulepress serve` builds many times)
    pool.shutdown(wait=True)
    return schedule.records


class _Schedule:
    """Which artifacts of a build still wait for which (`after`), which run in the workers, and the records
    of those written. Artifacts that others wait for go first (PNGs before their TTS sheets, everything
    before the site); only what can start is submitted, so the choice stays ours."""

    def __init__(self, todo: list[Artifact], due: Callable[[Artifact], bool], progress: Progress):
        self.todo, self.due, self.progress = todo, due, progress
        planned = {a.path for a in todo}
        self.waiting = {i: {p for p in a.after if p in planned} for i, a in enumerate(todo)}
        self.dependents = {a.path: sum(a.path in deps for deps in self.waiting.values()) for a in todo}
        self.running: dict[Future, int] = {}
        self.records: dict[str, dict] = {}

    def run(self, pool: ProcessPoolExecutor, count: int) -> None:
        """Keep `count` workers of `pool` busy until every artifact is written or passed."""
        while self.waiting or self.running:
            if self._start(pool, count):
                continue  # what waited for the artifacts passed may be ready now
            if not self.running:  # a cycle in `after` (cannot happen with the renderers' plans)
                raise RuntimeError(f"artifacts wait for each other: {sorted(self.todo[i].path for i in self.waiting)}")
            self._collect()

    def _finished(self, path: str) -> None:
        self.progress.advance(path)
        for deps in self.waiting.values():
            deps.discard(path)

    def _start(self, pool: ProcessPoolExecutor, count: int) -> bool:
        """Submit what can start, in turn; whether an artifact was passed (not due: its earlier output stays)."""
        ready = sorted(
            (i for i, deps in self.waiting.items() if not deps), key=lambda i: (-self.dependents[self.todo[i].path], i)
        )
        passed = False
        for i in ready:
            if len(self.running) >= count:
                break
            del self.waiting[i]
            if not self.due(self.todo[i]):  # the earlier output stays: what comes after it need not wait
                passed = True
                self._finished(self.todo[i].path)
                continue
            # a submit may fork the workers: they are born with Ctrl-C blocked, so a Ctrl-C
            # before their initializer ignores it cannot break the pool (the build still gets it)
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                self.running[pool.submit(_worker_write, i)] = i
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        return passed

    def _collect(self) -> None:
        """Wait for a running artifact to be written; its record (a worker's error is raised here)."""
        done, _ = wait(self.running, return_when=FIRST_COMPLETED)
        for future in sorted(done, key=self.running.__getitem__):
            artifact = self.todo[self.running.pop(future)]
            kind, value = future.result()
            if kind == "error":
                raise _rebuilt_error(value)
            self.records[artifact.path] = value
            self._finished(artifact.path)


_WORKER: dict = {}  # inside a worker process only: the artifacts and output folder, inherited by fork


def _worker_init(todo: list[Artifact], out: Path, parent: int) -> None:
    """In each worker: die with the build, leave Ctrl-C to the build, remember the work."""
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the build stops its workers itself
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked while forking (see _write_all)
    _WORKER["todo"], _WORKER["out"] = todo, out


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _die_with_parent(parent: int) -> None:
    """Ask Linux to kill this process when its parent dies (no effect elsewhere)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def _worker_write(index: int) -> tuple[str, object]:
    """Runs in a worker: ("ok", record) or ("error", the RulepressError's class, args and attributes)."""
    try:
        return "ok", write_one(_WORKER["todo"][index], _WORKER["out"])
    except RulepressError as exc:  # their constructors take other arguments than `args`: carry the parts
        return "error", (type(exc), exc.args, dict(vars(exc)))
    except OSError as exc:  # the output folder: reported by the build as one line
        return "error", (OSError, (exc.errno, exc.strerror, exc.filename), {})


def _rebuilt_error(parts) -> Exception:
    cls, args, attributes = parts
    if cls is OSError:
        return OSError(*args)
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(attributes)
    return error


def _manifest(
    out: Path, artifacts: list[Artifact], state: dict, games_built: set[str], kinds: tuple[str, ...]
) -> list[dict]:
    """Entries for this build's artifacts, plus earlier entries that this build did not redo: of games
    not built now, or made by a renderer not run now (``--only``); only if their file is still there."""
    entries = {}
    old = manifest_entries(out)
    for entry in old:
        renderer_name = state.get(entry["path"], {}).get("renderer")
        other_game = entry.get("game") is not None and entry.get("game") not in games_built
        if (other_game or (renderer_name is not None and renderer_name not in kinds)) and (
            out / entry["path"]
        ).exists():
            entries[entry["path"]] = entry
    for artifact in artifacts:
        record = state[artifact.path]
        entries[artifact.path] = {
            "game": artifact.game,
            "kind": artifact.kind,
            "lang": artifact.lang,
            "paper": artifact.paper,
            "bundles": list(artifact.bundles),
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
