"""Icons by name: ``:name:`` inline in card text, and the `icon` layout element.

An icon is a character: either a glyph of the text fonts (the single characters
of templates/layouts/icons.yaml and a game's layouts/icons.yaml), or a glyph of
the icon font built from SVG files (`rulepress.text.iconfont`: the bundled
game-icons.net set and the game's own icons/*.svg). icons.yaml may also name an
SVG icon to give it another name (``soldier: swordman``). Either way icons are
vectors, sit on the text baseline, take the text's size and colour. An unknown
icon name is an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")


class UnknownIcon(ValueError):
    """An icon name that the icon table does not know."""


@dataclass(frozen=True)
class Icon:
    """An icon drawn as `char` of `font` (None: a glyph of the text's own font)."""

    char: str
    font: str | None = None
    svg: str | None = None  # the SVG icon's own name (for attribution)


def icon_table(glyphs: dict[str, str], font=None) -> dict[str, Icon]:
    """Every icon name: glyph icons and aliases from icons.yaml, and the SVG icons of `font` (an IconFont)."""
    table: dict[str, Icon] = {}
    if font is not None:
        for name, code in font.codes:
            table[name] = Icon(chr(code), font.name, name)
    for name, value in glyphs.items():
        if len(value) == 1:
            table[name] = Icon(value)
        elif value in table:
            table[name] = table[value]
        else:
            raise UnknownIcon(f"icon {name!r} names {value!r}, which is neither one character nor an SVG icon")
    return table


def _lookup(match: re.Match, table: dict) -> Icon | str:
    name = match.group(1)
    if name not in table:
        raise UnknownIcon(f"unknown icon :{name}:; icons: {', '.join(sorted(table))}")
    return table[name]


def replace_icons(markup: str, table: dict) -> str:
    """`markup` with every ``:name:`` replaced by its glyph (an SVG icon in a <font> tag); UnknownIcon otherwise."""

    def sub(match: re.Match) -> str:
        icon = _lookup(match, table)
        if isinstance(icon, str):
            return icon
        return f'<font name="{icon.font}">{icon.char}</font>' if icon.font else icon.char

    return ICON.sub(sub, markup)


def plain_text(text: str, table: dict) -> str:
    """`text` with text-font icons as their glyphs and SVG icons removed: what the text font must cover."""

    def sub(match: re.Match) -> str:
        icon = _lookup(match, table)
        if isinstance(icon, str):
            return icon
        return "" if icon.font else icon.char

    return ICON.sub(sub, text)


def used_svg_icons(text: str, table: dict) -> set[str]:
    """The SVG icons a text uses (for attribution)."""
    return {icon.svg for m in ICON.finditer(text) if isinstance(icon := table.get(m.group(1)), Icon) and icon.svg}
