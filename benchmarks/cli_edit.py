"""Edit-rebuild benchmark of `rulepress build` as a user runs it: a NEW process after a one-file edit.

Copies the bundled games to a temporary folder, builds everything once (not
timed), then, several times each: edits one paragraph of ``risk/rules.de.md``,
or one glossary definition of ``risk/glossary.yaml``, or nothing, waits 2.5 s
(files younger than 2 s are always hashed again, as git does with "racily
clean" files: an editor's save is older than that by the time a user types the
command) and runs the ``rulepress`` command of this environment in a new
process, timing it from the start of the process to its exit. Each edit is
undone and the undo built (not timed) before the next round, so every round
is the same edit. Prints each run's wall time, the CPU time of the process and
its workers, and the load average (the machine is shared: compare CPU times
when it is busy), then the median per edit. The issue's target: under 2 s on a
2-core machine for a rules or glossary edit (no-op: under 0.8 s).

Python's bytecode cache is used as an installed Rulepress uses it (pip compiles
the package at install time): the processes write and read it in the
temporary folder (PYTHONPYCACHEPREFIX), also when the environment says
PYTHONDONTWRITEBYTECODE, which would compile Rulepress's own modules of an
editable checkout at every start (about 0.1-0.2 s more; ``--no-bytecode-cache``
measures that).

    .venv/bin/python benchmarks/cli_edit.py [--rounds 3] [--no-bytecode-cache]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from edit_options import add_edit_options, edits

SETTLE = 2.5  # seconds between an edit and the build (see the module docstring)


def command() -> list[str]:
    """The `rulepress` command of this environment (its console script, else ``python -m rulepress``)."""
    script = Path(sys.executable).with_name("rulepress")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "rulepress"]


def run(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Run `cmd` to its end: wall seconds, CPU seconds of it and its children, its last line of output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu, (done.stdout.strip().splitlines() or [""])[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-bytecode-cache", action="store_true", help="compile Rulepress's modules at every start")
    add_edit_options(parser)
    args = parser.parse_args()
    chosen: list[tuple[str, str | None, str | None, str | None]] = [*edits(args), ("no-op", None, None, None)]
    rounds = args.rounds
    with tempfile.TemporaryDirectory(prefix="rulepress-cli-bench-") as tmp:
        content, out = Path(tmp) / "content", Path(tmp) / "out"
        shutil.copytree(args.content, content)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        if args.no_bytecode_cache:
            env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        build = command() + ["build", "--content", str(content), "--out", str(out), "--quiet"]
        wall, cpu, _ = run(build, env)
        print(
            f"first build: {wall:.1f} s wall, CPU {cpu:.1f} s (process and workers; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
            f"bytecode cache {'off' if args.no_bytecode_cache else 'on'})"
        )
        wall, cpu, _ = run(command() + ["--help"], env)
        print(f"`rulepress --help` (Python start-up, argument parser): {wall:.2f} s")
        time.sleep(SETTLE)
        run(build, env)  # settles the files the first build wrote
        figures: dict[str, list[float]] = {label: [] for label, *_ in chosen}
        for round_ in range(rounds):
            for label, relative, old, new in chosen:
                path = content / relative if relative else None
                text = path.read_text(encoding="utf-8") if path else ""
                if path and old is not None and new is not None:
                    assert old in text, f"{relative} no longer holds {old!r}: choose another edit"
                    path.write_text(text.replace(old, new, 1), encoding="utf-8")
                time.sleep(SETTLE)
                wall, cpu, line = run(build, env)
                figures[label].append(wall)
                print(
                    f"round {round_ + 1}, {label}: {wall:.2f} s wall, CPU {cpu:.2f} s (process and workers), "
                    f"load average {os.getloadavg()[0]:.1f}; {line.split(' in ')[0]}"
                )
                if path:  # undone and built again, not timed
                    path.write_text(text, encoding="utf-8")
                    time.sleep(SETTLE)
                    run(build, env)
        print(f"median of {rounds} (load average now {os.getloadavg()[0]:.1f}):")
        for label, walls in figures.items():
            print(f"  {label}: {statistics.median(walls):.2f} s (min {min(walls):.2f}, max {max(walls):.2f})")


if __name__ == "__main__":
    main()
