"""Words players read that are not the game's text: the interface's fixed words per language and the
names of the game's things by id (for worked-example results that name a thing by its id).

Both the website and the checks of what players read use them, so they live below both.
"""

from __future__ import annotations

from functools import lru_cache

import yaml

from rulepress import paths


@lru_cache(maxsize=1)
def strings() -> dict:
    """The site's fixed words per language (templates/site/strings.yaml)."""
    return yaml.safe_load((paths.TEMPLATES / "site" / "strings.yaml").read_text(encoding="utf-8"))


def thing_names(game, lang: str) -> dict[str, str]:
    """Names in `lang` of everything of the game an example's result may name by id: glossary terms,
    components and their cards, boards and their regions and spaces (the first of equal ids wins)."""
    found: dict[str, str] = {}
    things = [(t.id, getattr(t, lang)) for t in game.glossary]
    for comp in game.components:
        things.append((comp.id, comp.name.get(lang)))
        things += [(card.id, card.title.get(lang)) for card in comp.cards if card.title]
    for board in game.boards:
        things.append((board.id, board.name.get(lang)))
        things += [(x.id, x.name.get(lang)) for x in [*board.groups, *board.spaces] if x.name]
    for ident, name in things:
        found.setdefault(ident, name)
    return found
