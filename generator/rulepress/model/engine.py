"""Load a game's rules engine (``engine.py`` in its folder) and build its doctest namespace.

The engine is imported under a module name unique to its game folder, so two
content folders holding a game with the same id never share a module, and each
call executes the file afresh (an edited engine is seen at once). The module
stays registered under that unique name only so that dataclasses, pickling and
``typing.get_type_hints`` work inside it.

`namespace(content)` is what worked examples and quick-reference templates
see: every public name of the engine, the module itself as ``engine``, and the
game's chosen readings as ``OPTIONS``.

Readings reach the engine explicitly. Convention: an engine function whose
result depends on an ambiguity takes a keyword parameter named exactly like
the ambiguity's ``engine_option`` (its default is the edition's own reading).
`chosen_readings` collects the reading chosen for every option (game.yaml
``engine_options``, else the ambiguity's ``used``); `namespace` binds them:
each such function in the namespace is called with the chosen reading unless
the caller passes one. `namespace(content, readings={...})` runs under other
readings (an example's ``:reading:`` option).

The build never runs an engine in its own process: `EngineProcess` loads it in a child process
(`rulepress.sandbox`: a time limit that stops C code too, no processes, no network, writes only in a
temporary folder) and runs there whatever needs the engine (worked examples, quick-reference
templates); `module_in(child)` is the engine as the functions called there see it.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import inspect
import sys
import traceback
from collections.abc import Callable, Mapping
from types import ModuleType

from rulepress.errors import ContentError
from rulepress.model.loader import GameContent, display_path
from rulepress.sandbox import Child, Sandbox, SandboxCrashed
from rulepress.timelimit import TimeLimitExceeded, seconds, time_limit

PREFIX = "rulepress_engine_"


def module_name(content: GameContent) -> str:
    """The unique module name of a game folder's engine."""
    folder = str(content.folder.resolve())
    digest = hashlib.sha256(folder.encode()).hexdigest()[:12]
    safe = content.id.replace("-", "_")
    return f"{PREFIX}{safe}_{digest}"


def load_engine(content: GameContent) -> ModuleType | None:
    """Execute the game's engine file; None if the game has none.

    An engine that fails to import (raises, calls sys.exit, runs longer than the
    time limit of `rulepress.timelimit`) is a ContentError at the line that did it.
    """
    path = content.engine_path()
    if path is None:
        return None
    name = module_name(content)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ContentError(display_path(path), "engine file cannot be imported", key="engine")
    module = importlib.util.module_from_spec(spec)
    previous = sys.modules.get(name)
    sys.modules[name] = module
    try:
        with time_limit():  # compiled here, not by the import system: no __pycache__ is written into the game folder
            exec(compile(path.read_bytes(), str(path), "exec"), module.__dict__)
    except (Exception, SystemExit) as exc:  # the engine is user content: report, don't crash
        if previous is not None:
            sys.modules[name] = previous
        else:
            sys.modules.pop(name, None)
        line = _line_in(exc, str(path))
        what = f"calls sys.exit({exc.code!r})" if isinstance(exc, SystemExit) else f"{type(exc).__name__}: {exc}"
        raise ContentError(display_path(path), f"engine cannot be loaded: {what}", line=line, key="engine") from None
    return module


def _line_in(exc: BaseException, filename: str) -> int | None:
    """Line of the innermost traceback frame in `filename` (or the syntax error's line)."""
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        return exc.lineno
    lines = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    return lines[-1] if lines else None


def public_names(module: ModuleType) -> dict[str, object]:
    """The module's public names: its ``__all__`` if given, else every name not starting with '_'."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
    return {n: getattr(module, n) for n in names}


def chosen_readings(content: GameContent) -> dict[str, str]:
    """Engine option -> the reading this content chooses (``engine_options``, else the ambiguity's ``used``)."""
    readings = {a.engine_option: a.used for a in content.game.ambiguities if a.engine_option}
    readings.update(content.game.engine_options)
    return dict(sorted(readings.items()))


@functools.lru_cache(maxsize=4096)
def signature_of(function: Callable) -> inspect.Signature:
    """`inspect.signature`, remembered: every example binds the same engine functions again."""
    return inspect.signature(function)


def reading_parameters(function: Callable, options: Mapping[str, str]) -> list[str]:
    """The engine options among `function`'s keyword parameters (in `options` order)."""
    try:
        parameters = signature_of(function).parameters
    except (TypeError, ValueError):
        return []
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [name for name in options if name in parameters and parameters[name].kind in keyword]


def bind_readings(function: Callable, readings: Mapping[str, str]) -> Callable:
    """`function` called with `readings` for the engine options it takes, unless the caller passes them.

    Returns `function` itself when it takes none. The wrapper keeps the
    signature and docstring (``functools.wraps``).
    """
    taken = {name: readings[name] for name in reading_parameters(function, readings)}
    if not taken:
        return function
    signature = signature_of(function)

    @functools.wraps(function)
    def with_readings(*args, **kwargs):
        try:
            given = signature.bind_partial(*args, **kwargs).arguments
        except TypeError:
            return function(*args, **kwargs)  # let the function report its own wrong call
        return function(*args, **kwargs, **{k: v for k, v in taken.items() if k not in given})

    return with_readings


def engine_functions(module: ModuleType) -> dict[str, Callable]:
    """The public functions defined in the engine module itself."""
    return {
        name: value
        for name, value in public_names(module).items()
        if inspect.isfunction(value) and value.__module__ == module.__name__
    }


def namespace(
    content: GameContent, module: ModuleType | None = None, readings: Mapping[str, str] | None = None
) -> dict[str, object]:
    """Doctest/template namespace: public engine names + ``engine`` + ``OPTIONS``.

    Engine functions are bound to the chosen readings (`chosen_readings`,
    updated by `readings`). Pass an already loaded `module` to avoid executing
    the engine again. The result is a new dict each call (copy it again per
    example if you reuse it).
    """
    if module is None:
        module = load_engine(content)
    chosen = chosen_readings(content) | dict(readings or {})
    names: dict[str, object] = public_names(module) if module is not None else {}
    if module is not None:
        functions = engine_functions(module)
        names.update({name: bind_readings(function, chosen) for name, function in functions.items() if name in names})
    names["engine"] = module
    names["OPTIONS"] = chosen
    return names


# ---------------------------------------------------------------- the engine in a child process


def module_in(child: Child) -> ModuleType | None:
    """The game's engine inside the sandbox child (`child.context` is the game), loaded on first use."""
    if "engine" not in child.state:
        child.state["engine"] = load_engine(child.context)
    return child.state["engine"]


def _load_in(child: Child) -> bool:
    return module_in(child) is not None


class EngineProcess:
    """A game's engine loaded in a sandbox child (`rulepress.sandbox`); `call(function, *args)` runs
    ``function(child, *args)`` there, the engine loaded first (`module_in(child)` gives it).

    An engine that cannot be loaded, runs longer than the time limit while loading (in C code too) or
    ends its process is a ContentError at the engine file. Close it (or use it as a context manager).
    """

    def __init__(self, content: GameContent):
        self.content = content
        self.sandbox = Sandbox(content, [content.folder])

    def __enter__(self) -> EngineProcess:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def load(self) -> None:
        """Load the engine in the child unless it is loaded (a ContentError if it cannot be)."""
        if self.sandbox.running:
            return
        path = self.content.engine_path()
        shown = display_path(path) if path is not None else self.content.game.engine or "engine.py"
        try:
            self.sandbox.call(_load_in)
        except TimeLimitExceeded:
            self.sandbox.close()
            raise ContentError(
                shown, f"engine cannot be loaded: ran longer than the time limit of {seconds():g} s", key="engine"
            ) from None
        except SandboxCrashed as exc:
            self.sandbox.close()
            raise ContentError(shown, f"engine cannot be loaded: {exc}", key="engine") from None
        except ContentError:
            self.sandbox.close()
            raise

    def call(self, function: Callable, *args, limit: float | None = None, progress: Callable | None = None):
        """``function(child, *args)`` in the child within `limit` seconds (default: the time limit; see
        `rulepress.sandbox.Sandbox.call`)."""
        self.load()
        return self.sandbox.call(function, *args, limit=limit, progress=progress)

    def close(self) -> None:
        self.sandbox.close()
