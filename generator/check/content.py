"""`rulepress check content`: load and validate games, report every problem."""

from __future__ import annotations

import json
from pathlib import Path

from rulepress.errors import ContentErrors
from rulepress.model import load_games


def run(content_dir: Path, games: list[str], fmt: str = "text") -> int:
    """Validate the games; errors are raised (exit 2), success prints a summary."""
    loaded = load_games(content_dir, games or None)
    from rulepress.render.site import check as site_check  # what the website would reject

    problems = [p for content in loaded for p in site_check(content)]
    if problems:
        raise ContentErrors(problems)
    if fmt == "json":
        print(json.dumps({"games": [c.id for c in loaded], "problems": []}, indent=2))
    else:
        for content in loaded:
            game = content.game
            examples = {lang: len(text.examples) for lang, text in content.rules.items()}
            print(f"{game.id}: ok ({len(game.components)} components, {len(game.boards)} boards, "
                  f"{sum(len(t.sections) for t in content.rules.values())} sections, examples {examples})")
    return 0
