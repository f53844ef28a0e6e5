"""generator/rulepress/ knows no game: no bundled game's id, title or board-space name appears in the package's code.

Everything game-specific lives in content/<game>/, so a user's own game folder is as capable as a bundled one.
"""

from __future__ import annotations

import re

from rulepress import paths
from rulepress.model import find_games, load_game


def _game_words() -> dict[str, str]:
    """Proper names of the bundled games (titles and board-space names, 6+ letters, capitalised) -> their game.

    Ids and lower-case words are left out: a space called "action" or "territory" is an ordinary word."""
    words: dict[str, str] = {}
    for folder in find_games(paths.BUNDLED_CONTENT):
        game = load_game(folder).game
        names = [game.title.en, game.title.de]
        for board in game.boards:
            names += [
                getattr(space.name, lang, None) or ""
                for space in board.spaces
                for lang in ("en", "de")
                if space.name is not None
            ]
        for name in names:
            for word in re.findall(r"\b[A-ZÄÖÜ][\w-]{5,}", str(name)):
                words[word] = game.id
    return words


def test_generator_code_names_no_bundled_game():
    words = _game_words()
    assert len(words) > 40  # the four games' titles and named board spaces
    # a name after a dot is a library's (`argparse.Action`), not a game's word
    pattern = re.compile(
        r"(?<![\w.-])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?![\w-])"
    )
    found = []
    for path in sorted(paths.PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in pattern.finditer(line):
                found.append(
                    f"{path.relative_to(paths.PACKAGE)}:{number}: {match.group(0)!r} ({words[match.group(0)]})"
                )
    assert found == []
