"""`rulepress check examples`: run every worked example of the games against their rules engines.

Each game's examples run as the build runs them (`rulepress.check.examples.ExampleRuns`: one engine process,
remembered results, the time limit); then the engine is asked which register readings change no example
(`rulepress.check.readings.idle_readings`) and which options it never takes. Failures, unpaired examples and
bad options give exit code 1; rules newer than a game's format are warnings.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

from rulepress.analysis import ExampleResult
from rulepress.check.examples import ExampleRuns, stopped, unpaired, unused_in
from rulepress.check.readings import idle_readings
from rulepress.errors import Problem
from rulepress.model import formats, load_games
from rulepress.model.engine import EngineProcess, module_in
from rulepress.sandbox import Child
from rulepress.timelimit import seconds


def run(content_dir: Path, games: list[str], fmt: str = "text") -> int:
    """Run the examples of the named games (or all); exit code 1 if any fails or is unpaired."""
    contents = load_games(content_dir, games or None)
    all_results: list[ExampleResult] = []
    all_unpaired: list[Problem] = []
    warned: list[Problem] = []  # rules that do not bind the game's format yet
    summaries = []
    for content in contents:
        runs = ExampleRuns(content)  # one engine process runs the examples and inspects the engine
        idle: list[Problem] = []
        try:
            results = runs.all()
            if runs.engine is None and content.game.engine:
                runs.engine = EngineProcess(content)
            unused = unused_in(content, runs.engine)
            if runs.engine is not None:  # examples stopped at the time limit run once, as in the build
                skip = sorted({r.id for r in results if stopped(r)})
                idle = runs.engine.call(_idle_in_child, skip, limit=seconds() * max(1, len(results)) * 4)
        finally:
            runs.close()
        runs.save()
        register = formats.settle(idle, content.format)
        warned.extend(formats.warnings(register))
        missing = unpaired(content, unused) + formats.errors(register)
        all_results.extend(results)
        all_unpaired.extend(missing)
        passed = sum(r.passed for r in results)
        summaries.append(
            f"{content.id}: {passed} of {len(results)} examples passed"
            + (f", {len(missing)} without translation or with bad options" if missing else "")
        )
    failed = [r for r in all_results if not r.passed]
    if fmt == "json":
        print(
            json.dumps(
                {
                    "results": [asdict(r) for r in all_results],
                    "unpaired": [asdict(p) | {"text": str(p)} for p in all_unpaired],
                    "passed": len(all_results) - len(failed),
                    "failed": len(failed),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for problem in warned:
            print(problem, file=sys.stderr)
        for result in failed:
            print(result.message())
        for problem in all_unpaired:
            print(problem)
        for summary in summaries:
            print(summary)
    return 1 if failed or all_unpaired else 0


def _idle_in_child(child: Child, skip: list[str]) -> list[Problem]:
    """The register's readings that change no example (`rulepress.check.readings.idle_readings`), run with the
    engine in its process like the examples (but those in `skip`)."""
    return idle_readings(child.context, module_in(child), frozenset(skip))
