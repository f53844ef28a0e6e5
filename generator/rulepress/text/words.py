"""Words players read that are not the game's text: the interface's fixed words per language (from the
message catalogs, `rulepress.i18n`) and the
names of the game's things by id (for worked-example results that name a thing by its id).

Both the website and the checks of what players read use them, so they live below both.
"""

from __future__ import annotations

from rulepress import i18n


def strings() -> dict:
    """The site's fixed words of every language with a catalog (``site`` of `rulepress.i18n`), by language."""
    return {lang: words(lang) for lang in i18n.catalog_languages()}


def words(lang: str) -> dict:
    """The site's fixed words in `lang` (the English ones for a language without a catalog)."""
    return i18n.words(lang, "site")


def thing_names(game, lang: str) -> dict[str, str]:
    """Names in `lang` of everything of the game an example's result may name by id: glossary terms,
    components and their cards, boards and their regions and spaces (the first of equal ids wins)."""
    found: dict[str, str] = {}
    things = [(t.id, t.name(lang)) for t in game.glossary]
    for comp in game.components:
        things.append((comp.id, comp.name.get(lang)))
        things += [(card.id, card.title.get(lang)) for card in comp.cards if card.title]
    for board in game.boards:
        things.append((board.id, board.name.get(lang)))
        things += [(x.id, x.name.get(lang)) for x in [*board.groups, *board.spaces] if x.name]
    for ident, name in things:
        found.setdefault(ident, name)
    return found


def players_text(players, lang: str) -> str:
    """The player count for the overview, with where it comes from when the sources do not give it."""
    count = f"{players.min}–{players.max}" if players.min != players.max else str(players.min)
    origin = players.provenance
    if origin is None or origin.kind in ("seed", "original"):
        return count
    label = words(lang)[f"provenance_{origin.kind}"]
    return f"{count} ({label}: {origin.source})" if origin.kind == "public" and origin.source else f"{count} ({label})"
