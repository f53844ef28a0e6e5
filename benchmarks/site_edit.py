"""Edit-rebuild benchmark of the website: one line of one rules file changed, then `rulepress build`.

Copies the bundled games to a temporary folder, builds everything once (not
timed), then edits one paragraph of ``risk/rules.de.md`` (and, separately, one
glossary definition) and times the incremental rebuild, twice: through
`build()` in this process, as `rulepress serve` rebuilds on save (the libraries
are imported already), and as a user runs ``rulepress build`` (a new process:
Python's start-up and the imports count). Prints wall time, CPU time of the
build's process and of its worker processes, and the load average (the
machine is shared: compare CPU times when it is busy). The issue's target is
under 2 s on a 2-core machine.

    .venv/bin/python benchmarks/site_edit.py [--content DIR] [--edit 'LABEL|FILE|OLD|NEW' ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from edit_options import add_edit_options, edits

from rulepress.build import BuildOptions, build


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_edit_options(parser)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulepress-bench-") as tmp:
        content, out = Path(tmp) / "content", Path(tmp) / "out"
        shutil.copytree(args.content, content)
        options = BuildOptions(content=content, out=out)
        start = time.perf_counter()
        build(options)
        print(
            f"first build: {time.perf_counter() - start:.2f} s (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
        )
        chosen = [(label, content / relative, old, new) for label, relative, old, new in edits(args)]
        for how in ("in-process build() (serve)", "rulepress build (new process)"):
            print(f"-- {how}")
            for label, path, old, new in chosen + [("no-op", None, None, None)]:
                if path is not None:
                    text = path.read_text(encoding="utf-8")
                    old, new = (old, new) if old in text else (new, old)  # the second round undoes the edit
                    path.write_text(text.replace(old, new, 1), encoding="utf-8")
                timed(label, options, cli=how.startswith("rulepress"))


def timed(label: str, options: BuildOptions, cli: bool) -> None:
    """Run one build and print its figures."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    start, cpu = time.perf_counter(), time.process_time()
    if cli:
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "rulepress",
                "build",
                "--content",
                str(options.content),
                "--out",
                str(options.out),
                "--quiet",
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        built = run.stdout.strip().splitlines()[-1:] or ["(quiet)"]
    else:
        built = build(options).built or ["nothing"]
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
    print(
        f"{label}: {wall:.2f} s wall (CPU: build process {time.process_time() - cpu:.2f} s, workers/subprocess "
        f"{workers:.2f} s; load average {os.getloadavg()[0]:.1f}), rebuilt {', '.join(built)}"
    )


if __name__ == "__main__":
    main()
