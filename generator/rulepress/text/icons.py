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
ICON_FONT_CHARS = re.compile("[\ue000-\uf8ff]+")  # the SVG icon font's glyphs (Private Use Area)


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
            svgs = ", ".join(sorted(n for n, icon in table.items() if icon.svg))
            raise UnknownIcon(
                f"icon {name!r} names {value!r}, which is neither one character nor an SVG icon; "
                f"SVG icons: {svgs or 'none'}"
            )
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


def icon_chars(text: str, table: dict) -> str:
    """`text` (Markdown, before it becomes markup) with every ``:name:`` replaced by its character: a glyph
    of the text font, or the icon font's character, which `icon_fonts` later sets in the icon font. A time
    or ratio such as ``10:30:`` is left alone (icon names start with a letter). UnknownIcon otherwise."""

    def sub(match: re.Match) -> str:
        if match.group(1)[0].isdigit():
            return match.group(0)
        icon = _lookup(match, table)
        return icon if isinstance(icon, str) else icon.char

    return ICON.sub(sub, text)


def icon_fonts(markup: str, font: str) -> str:
    """Paragraph markup with the icon font's characters (from `icon_chars`) set in `font`."""
    return ICON_FONT_CHARS.sub(lambda m: f'<font name="{font}">{m.group(0)}</font>', markup)


def without_icon_chars(text: str) -> str:
    """`text` without the icon font's characters (what the text font itself must cover)."""
    return ICON_FONT_CHARS.sub("", text)


def first_unknown(text: str, table: dict) -> str | None:
    """The first ``:name:`` in `text` that names no icon of `table`, or None."""
    for match in ICON.finditer(text):
        if not match.group(1)[0].isdigit() and match.group(1) not in table:
            return match.group(0)
    return None


def line_of(source: str, token: str) -> tuple[int | None, int | None]:
    """1-based line and column of the first `token` in `source`, or (None, None)."""
    at = source.find(token)
    if at < 0:
        return None, None
    return source.count("\n", 0, at) + 1, at - (source.rfind("\n", 0, at) + 1) + 1
