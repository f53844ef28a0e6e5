"""The child process that runs a game's code: time limits that stop C code, no processes, no network,
no writes or private reads outside its folders, its process group killed with it, results passed back."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from rulepress.errors import ContentError
from rulepress.sandbox import Sandbox, SandboxCrashed, SandboxRefused
from rulepress.timelimit import TimeLimitExceeded


def _run(child, code: str):
    """Execute `code` in the child; the value of its variable `result`."""
    scope: dict = {}
    exec(code, scope)
    return scope.get("result")


def _raise_content_error(child):
    raise ContentError("game.yaml", "wrong", line=3, col=4, key="a.b")


def _context(child):
    return child.context


def _progress(child):
    child.progress("half")
    return "done"


@pytest.fixture
def sandbox(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "data.txt").write_text("readable\n")
    with Sandbox({"id": "demo"}, [tmp_path / "game"]) as box:
        yield box


def test_results_context_progress_and_errors_cross_the_process_boundary(sandbox):
    heard = []
    assert sandbox.call(_progress, progress=heard.append) == "done" and heard == ["half"]
    assert sandbox.call(_context) == {"id": "demo"}
    assert sandbox.call(_run, "import os\nresult = os.getpid()") != os.getpid()
    with pytest.raises(ContentError) as caught:
        sandbox.call(_raise_content_error)
    assert str(caught.value) == "game.yaml:3:4: a.b: wrong"


def test_python_loops_stop_at_the_limit_and_c_code_is_killed(sandbox):
    with pytest.raises(TimeLimitExceeded):
        sandbox.call(_run, "while True:\n    pass", limit=0.5)
    started = time.monotonic()
    with pytest.raises(TimeLimitExceeded):
        sandbox.call(_run, "result = 10**10**8", limit=0.5)  # in C: SIGALRM waits, the parent kills
    assert time.monotonic() - started < 5
    assert sandbox.call(_run, "result = 6 * 7") == 42  # a fresh child answers the next call


@pytest.mark.parametrize(
    "code, refused",
    [
        ("import os\nos.fork()", "starting a process"),
        ("import subprocess\nsubprocess.run(['true'])", "starting a program"),
        ("import os\nos.system('true')", "running a shell command"),
        ("import socket\nsocket.create_connection(('127.0.0.1', 9))", "network access"),
        ("import os, signal\nos.kill(os.getppid(), signal.SIGTERM)", "sending a signal"),
        ("open('/tmp/rulepress-sandbox-escape.txt', 'w').write('x')", "writing /tmp/rulepress-sandbox-escape.txt"),
        ("import os\nos.remove('/etc/hostname')", "changing /etc/hostname"),
        (
            "open(os.path.expanduser('~root/.bashrc')) if False else open('/etc/hostname').read()",
            "reading /etc/hostname",
        ),
        ("import ctypes\nctypes.CDLL('libc.so.6')", "loading a C library"),
    ],
)
def test_what_a_games_code_may_not_do_is_refused(sandbox, code, refused):
    with pytest.raises(SandboxRefused, match=refused):
        sandbox.call(_run, "import os\n" + code)
    assert not Path("/tmp/rulepress-sandbox-escape.txt").exists()


def test_its_own_folders_and_temporary_files_are_usable(sandbox, tmp_path):
    assert sandbox.call(_run, f"result = open({str(tmp_path / 'game' / 'data.txt')!r}).read()") == "readable\n"
    code = "import tempfile, os\nf = tempfile.NamedTemporaryFile('w', delete=False)\nf.write('x')\nf.close()\nresult = f.name"
    written = sandbox.call(_run, code)
    assert not written.startswith(str(tmp_path)) and Path(written).is_file()
    sandbox.close()
    assert not Path(written).exists()  # the temporary folder goes with the child


def test_printing_and_crashing_do_not_reach_the_build(sandbox, capfd):
    sandbox.call(_run, "import os, sys\nprint('to stdout')\nos.write(2, b'to stderr')")
    assert capfd.readouterr() == ("", "")
    with pytest.raises(SandboxCrashed):
        sandbox.call(_run, "import os\nos._exit(3)")
    assert sandbox.call(_run, "result = 1") == 1


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_killed_child_takes_its_process_group(tmp_path):
    box = Sandbox()
    pid = box.call(_run, "import os\nresult = os.getpid()")
    assert os.getpgid(pid) == pid  # leads a group of its own
    box.close()
    assert not _alive(pid)
    with pytest.raises(ProcessLookupError):
        os.killpg(pid, 0)  # nothing is left in its group (anything it started went with it)


def test_without_fork_calls_run_in_this_process(monkeypatch):
    import rulepress.sandbox as sandbox_module

    monkeypatch.setattr(sandbox_module, "FORKS", False)
    heard = []
    with Sandbox({"id": "demo"}) as box:
        assert box.call(_progress, progress=heard.append) == "done" and heard == ["half"]
        assert box.call(_run, "import os\nresult = os.getpid()") == os.getpid()
        with pytest.raises(TimeLimitExceeded):
            box.call(_run, "while True:\n    pass", limit=0.3)
