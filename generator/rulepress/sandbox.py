"""A child process that runs a game's own code (rules engine, worked examples, quick-reference templates).

A game folder holds Python (``engine.py``) that Rulepress executes. `Sandbox` runs it in a child
process forked from the build, which keeps its parent's loaded model (nothing to pickle but the calls
and their results) and answers calls one after the other: one child per game runs all its examples.

What the child is held to:

- **time**: every call has a wall-clock limit (`rulepress.timelimit`, ``RULEPRESS_TIME_LIMIT``). Inside
  the child a SIGALRM stops Python code at the statement that was running; work in C (``10**10**7``)
  does not see that signal, so the parent kills the child's whole process group one second later and
  answers `TimeLimitExceeded`; the next call starts a fresh child;
- **processes**: the child leads a process group of its own, killed with it; it dies with the build
  (PR_SET_PDEATHSIG); creating processes (fork, exec, subprocess, os.system), sending signals and
  loading C libraries through ctypes are refused;
- **files**: ``HOME``, ``TMPDIR`` and `tempfile`'s folder are a temporary folder, removed when the
  sandbox closes (the working folder stays the build's, so messages name files as the build does); opening a file for writing, removing, renaming or changing a file outside it is
  refused; reading is allowed only inside the game folder, the temporary folder and Python's own
  installation (the engine cannot copy a private file into an example's output). Files it writes
  are limited to 64 MB each, its memory to 2 GB more than the build had when it forked;
- **network**: creating, connecting or binding a socket is refused;
- **output**: what it prints to the terminal goes to a file in its temporary folder, not the build's
  output; what an example shows is capped by its caller (`rulepress.check.examples`).

The refusals are an audit hook (`sys.addaudithook`), installed in the child before any content code
runs; content code cannot remove it. It is a guard against accidents and careless code, **not a
security boundary**: Python's audit hooks do not see what C code does, and code that reaches memory
directly (ctypes' loaded libraries, a C extension of its own) can do anything the user can. Run game
folders from people you do not trust only in a container or virtual machine. On a system without
``fork`` (Windows) calls run in the build's own process, with no confinement at all.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import shutil
import signal
import sys
import tempfile
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from rulepress.timelimit import TimeLimitExceeded, seconds, time_limit

try:
    import resource
except ImportError:  # not on a POSIX system: no child process either (see `FORKS`)
    resource = None  # type: ignore[assignment]

FORKS = hasattr(os, "fork") and resource is not None  # elsewhere calls run in the build's process, unconfined

GRACE = 1.0  # seconds the parent waits beyond the limit before it kills the child (C code ignores SIGALRM)
FILE_LIMIT = 64 * 1024 * 1024  # bytes of one file the child may write
MEMORY_HEADROOM = 2 * 1024**3  # bytes of address space the child may add to what it inherited
PR_SET_PDEATHSIG = 1

REFUSED_EVENTS = {
    "os.fork": "starting a process",
    "os.forkpty": "starting a process",
    "os.exec": "starting a program",
    "os.posix_spawn": "starting a program",
    "os.spawn": "starting a program",
    "os.system": "running a shell command",
    "subprocess.Popen": "starting a program",
    "pty.spawn": "starting a program",
    "os.kill": "sending a signal",
    "os.killpg": "sending a signal",
    "signal.pthread_kill": "sending a signal",
    "socket.__new__": "network access",
    "socket.connect": "network access",
    "socket.bind": "network access",
    "socket.sendto": "network access",
    "socket.getaddrinfo": "network access",
    "ctypes.dlopen": "loading a C library",
    "ctypes.dlsym": "calling C code",
    "ctypes.call_function": "calling C code",
    "ctypes.cdata": "reading memory",
}
# events that change the file system: their argument(s) naming paths, which must lie in the temporary folder
CHANGING_EVENTS = {
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.mkdir": (0,),
    "os.rename": (0, 1),
    "os.link": (0, 1),
    "os.symlink": (1,),
    "os.chmod": (0,),
    "os.chown": (0,),
    "os.chflags": (0,),
    "os.truncate": (0,),
    "os.utime": (0,),
    "os.setxattr": (0,),
    "os.removexattr": (0,),
    "shutil.rmtree": (0,),
    "shutil.copyfile": (1,),
    "shutil.copytree": (1,),
    "shutil.move": (1,),
}
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class SandboxRefused(PermissionError):
    """Content code tried something the sandbox does not allow."""


class SandboxCrashed(Exception):
    """The child process ended without answering (os._exit, a crash, killed by the system)."""


def _inside(path: str, roots: tuple[str, ...]) -> bool:
    return any(path == root or path.startswith(root.rstrip(os.sep) + os.sep) for root in roots)


def _real(path) -> str | None:
    """The real absolute path named by an audit event's argument (None for a file descriptor)."""
    if isinstance(path, int) or path is None:
        return None
    try:
        return os.path.realpath(os.fsdecode(os.fspath(path)))
    except (TypeError, ValueError):
        return ""


def audit_hook(writable: str, readable: tuple[str, ...]) -> Callable[[str, tuple], None]:
    """The hook that refuses what content code may not do (see the module docstring)."""
    writable_roots = (writable, os.devnull)
    readable_roots = (*readable, writable, os.devnull, "/dev/urandom", "/dev/random", "/proc/self", "/usr/share")

    def hook(event: str, args: tuple) -> None:
        what = REFUSED_EVENTS.get(event)
        if what is not None:
            raise SandboxRefused(f"{what} is not allowed in a game's code ({event})")
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None, None))[:3]
            real = _real(path)
            if real is None:
                return
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & WRITE_FLAGS
            )
            if writing and not _inside(real, writable_roots):
                raise SandboxRefused(
                    f"writing {os.fsdecode(path)} is not allowed: a game's code writes only in its temporary folder"
                )
            if not writing and not _inside(real, readable_roots):
                raise SandboxRefused(
                    f"reading {os.fsdecode(path)} is not allowed: a game's code reads only its own folder"
                )
            return
        positions = CHANGING_EVENTS.get(event)
        if positions is not None:
            for index in positions:
                real = _real(args[index]) if index < len(args) else None
                if real is not None and not _inside(real, writable_roots):
                    raise SandboxRefused(
                        f"changing {os.fsdecode(args[index])} is not allowed: a game's code writes only in its temporary folder"
                    )

    return hook


class Child:
    """What a function called in the child gets first: the sandbox's context, state kept between calls
    (lost when the child is restarted), and `progress` to tell the parent how far it got."""

    def __init__(self, context, connection: Connection | None):
        self.context, self._connection = context, connection
        self.state: dict[str, Any] = {}
        self._heard: Callable | None = None

    def progress(self, payload) -> None:
        if self._connection is not None:
            self._connection.send(("progress", payload))
        elif self._heard is not None:
            self._heard(payload)

    def call_here(self, function: Callable, args: tuple, progress: Callable | None):
        """``function(self, *args)`` in this process (where there is no fork)."""
        self._heard = progress
        try:
            return function(self, *args)
        finally:
            self._heard = None


def _readable_roots(folders: list[Path]) -> tuple[str, ...]:
    roots = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix)}
    roots |= {os.path.realpath(p) for p in sys.path if p and os.path.isdir(p)}
    roots |= {os.path.realpath(os.path.dirname(os.path.dirname(__file__)))}  # rulepress' own package
    roots |= {os.path.realpath(f) for f in folders}
    return tuple(sorted(roots))


def _address_space() -> int | None:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return None


def _child_main(context, folders: list[Path], temp: str, requests: Connection, answers: Connection) -> None:
    """The child's life: confine itself, then answer calls until the parent closes the pipe."""
    os.setpgid(0, 0)
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the build's: it kills this child
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a file too large: an OSError, not death
    keep = {requests.fileno(), answers.fileno()}
    output = os.open(os.path.join(temp, "output.txt"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(output, 1)
    os.dup2(output, 2)
    sys.stdout = open(1, "w", encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115 - for the child's life
    sys.stderr = open(2, "w", encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
    low = 3  # the build's lock, sockets and output files are not the game's
    for fd in [*sorted(keep), _max_fd()]:
        os.closerange(low, fd)
        low = fd + 1
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT, FILE_LIMIT))
    size = _address_space()
    if size is not None:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (size + MEMORY_HEADROOM, resource.RLIM_INFINITY))
    os.environ.update(HOME=temp, TMPDIR=temp, TEMP=temp, TMP=temp)
    tempfile.tempdir = temp
    sys.dont_write_bytecode = True
    sys.addaudithook(audit_hook(os.path.realpath(temp), _readable_roots(folders)))
    child = Child(context, answers)
    while True:
        try:
            function, args = requests.recv()
        except (EOFError, OSError):
            break
        try:
            with time_limit(args[-1]):
                value = function(child, *args[:-1])
            answer = ("result", value)
        except BaseException as exc:  # content code: everything it raises goes back to the parent
            answer = ("error", _portable(exc))
        try:
            answers.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError) as exc:
            answers.send(("error", RuntimeError(f"the result cannot be passed back: {type(exc).__name__}: {exc}")))


def _max_fd() -> int:
    try:
        return min(resource.getrlimit(resource.RLIMIT_NOFILE)[0], 65536)
    except (ValueError, OSError):
        return 1024


def _portable(exc: BaseException) -> BaseException:
    """`exc` if it survives pickling, else a RuntimeError with its text."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        return RuntimeError(text)


class Sandbox:
    """A child process running a game's code; `call(function, *args)` runs ``function(child, *args)`` there.

    `context` is inherited by the child (fork: it is not pickled); `function` must be a module-level
    function and `args` and its result picklable. Readable `folders` are added to Python's own. Use as a
    context manager or `close()` it: the child and its temporary folder are removed then.
    """

    def __init__(self, context=None, folders: list[Path] | None = None):
        self.context, self.folders = context, list(folders or [])
        self._pid: int | None = None
        self._requests: Connection | None = None
        self._answers: Connection | None = None
        self._temp: str | None = None
        self._local: Child | None = None  # without fork: the state kept in this process

    @property
    def running(self) -> bool:
        """Is a child running (and holding what earlier calls kept in `Child.state`)?"""
        return self._pid is not None or self._local is not None

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _start(self) -> None:
        self._temp = tempfile.mkdtemp(prefix="rulepress-sandbox-")
        request_read, request_write = os.pipe()
        answer_read, answer_write = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: never returns into the build
            code = 0
            try:
                os.close(request_write)
                os.close(answer_read)
                _child_main(
                    self.context,
                    self.folders,
                    self._temp,
                    Connection(request_read, writable=False),
                    Connection(answer_write, readable=False),
                )
            except BaseException:
                code = 70
            finally:
                os._exit(code)
        os.close(request_read)
        os.close(answer_write)
        with contextlib.suppress(OSError):
            os.setpgid(pid, pid)  # also here: no race with the first kill
        self._pid = pid
        self._requests = Connection(request_write, readable=False)
        self._answers = Connection(answer_read, writable=False)

    def call(self, function: Callable, *args, limit: float | None = None, progress: Callable | None = None):
        """``function(child, *args)`` in the child, within the time limit; its result, or what it raised
        raised here. `progress` gets what the function passes to `Child.progress`. Raises
        `TimeLimitExceeded` (the child is killed) or `SandboxCrashed`."""
        limit = seconds() if limit is None else limit
        if not FORKS:
            if self._local is None:
                self._local = Child(self.context, None)
            with time_limit(limit):
                return self._local.call_here(function, args, progress)
        if self._pid is None:
            self._start()
        assert self._requests is not None and self._answers is not None
        try:
            self._requests.send((function, (*args, limit)))
        except OSError:
            self._kill()
            raise SandboxCrashed("the process running the game's code ended") from None
        deadline = limit + GRACE
        while True:
            if not self._answers.poll(deadline):
                self._kill()
                raise TimeLimitExceeded(f"ran longer than the time limit of {limit:g} s")
            try:
                kind, value = self._answers.recv()
            except (EOFError, OSError):
                status = self._kill()
                raise SandboxCrashed(f"the process running the game's code ended ({status})") from None
            if kind == "progress":
                if progress is not None:
                    progress(value)
                continue
            if kind == "error":
                raise value
            return value

    def _kill(self) -> str:
        """Kill the child and its process group; how it ended."""
        pid, self._pid = self._pid, None
        for connection in (self._requests, self._answers):
            if connection is not None:
                connection.close()
        self._requests = self._answers = None
        status = "killed"
        if pid is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                _, code = os.waitpid(pid, 0)
                if os.WIFSIGNALED(code):
                    status = f"signal {os.WTERMSIG(code)}"
                elif os.WIFEXITED(code):
                    status = f"exit code {os.WEXITSTATUS(code)}"
        return status

    def close(self) -> None:
        """End the child (its process group too) and remove its temporary folder."""
        self._local = None
        self._kill()
        if self._temp is not None:
            shutil.rmtree(self._temp, ignore_errors=True)
            self._temp = None
