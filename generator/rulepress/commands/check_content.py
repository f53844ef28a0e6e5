"""`rulepress check content`: everything `rulepress build` would reject, without building.

Loads and validates the games (every YAML, Markdown and engine problem), then
runs each renderer module's ``check(content, options)`` with the default build
options (both papers, every renderer): texts that do not fit, unknown icons,
missing glyphs, layouts, images, quick-reference panels, board tiling. The
build runs the same functions before it renders, so a clean check means a
clean build. Problems are raised (exit code 2); success prints a summary.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rulepress.analysis import Analysis
from rulepress.build import BuildOptions, check_games
from rulepress.check.analyse import analyser
from rulepress.errors import problems_error, warning_lines
from rulepress.model import formats, load_games
from rulepress.model.printer import load_printer


def run(content_dir: Path, games: list[str], fmt: str = "text") -> int:
    """Validate the games and run the renderers' checks; errors are raised (exit 2)."""
    load_printer(content_dir)  # printer.yaml: a mistake there stops a build too
    loaded = load_games(content_dir, games or None)
    found = check_games(loaded, BuildOptions(content=content_dir), Analysis(analyser(None)))
    problems = formats.errors(found)
    if problems:
        raise problems_error(problems)
    warnings = [w for c in loaded for w in c.warnings] + formats.warnings(found)
    if fmt != "json":
        for line in warning_lines(warnings):
            print(line, file=sys.stderr)
    if fmt == "json":
        print(
            json.dumps(
                {"games": [c.id for c in loaded], "problems": [], "warnings": [str(w) for w in warnings]}, indent=2
            )
        )
    else:
        for content in loaded:
            game = content.game
            examples = {lang: len(text.examples) for lang, text in content.rules.items()}
            print(
                f"{game.id}: ok ({len(game.components)} components, {len(game.boards)} boards, "
                f"{sum(len(t.sections) for t in content.rules.values())} sections, examples {examples})"
            )
    return 0
