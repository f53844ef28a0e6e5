"""`rulepress build`: build the games as the options say, print the warnings and the summary line.

Exit code 1 when a worked example shown on the website fails (the website and the authors' report show them).
"""

from __future__ import annotations

import sys

from rulepress.analysis import failure_lines
from rulepress.build import BuildOptions, build
from rulepress.errors import warning_lines


def run(options: BuildOptions) -> int:
    """Build; 0, or 1 when a worked example the website shows fails."""
    kinds = options.kinds
    result = build(options)
    for line in warning_lines(result.warnings):
        print(line, file=sys.stderr)
    if result.stale:
        listed = ", ".join(result.stale[:12]) + (
            f" and {len(result.stale) - 12} more" if len(result.stale) > 12 else ""
        )
        print(
            f"stale: {len(result.stale)} earlier output(s) of renderers not run (--only) are out of date: {listed}; "
            "run `rulepress build` without --only to bring them up to date",
            file=sys.stderr,
        )
    games = sorted({e["game"] for e in result.manifest if e["game"]})
    print(
        f"built {len(result.built)}, unchanged {len(result.skipped)} artifacts of {', '.join(games) or 'no game'} "
        f"in {result.seconds:.2f} s -> {options.out / 'manifest.json'}"
    )
    if "site" in kinds:  # the website and the authors' report show the worked examples: a failed one is exit 1
        assert result.analysis is not None
        failed = result.analysis.example_failures(result.contents)
        for line in failure_lines(failed):
            print(line, file=sys.stderr)
        return 1 if failed else 0
    return 0
