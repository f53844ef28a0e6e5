"""Inline icons in card text: ``:name:`` becomes a glyph of the bundled fonts.

Icons are characters (see templates/layouts/icons.yaml), so they are vectors,
sit on the text baseline, take the text's size and colour, and are checked for
glyph coverage like any other text. An unknown icon name is an error.
"""

from __future__ import annotations

import re

ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")


class UnknownIcon(ValueError):
    """An icon name that the icon table does not know."""


def replace_icons(markup: str, table: dict[str, str]) -> str:
    """`markup` with every ``:name:`` replaced by its glyph; UnknownIcon for a name not in `table`."""

    def sub(match: re.Match) -> str:
        name = match.group(1)
        if name not in table:
            raise UnknownIcon(f"unknown icon :{name}:; icons: {', '.join(sorted(table))}")
        return table[name]

    return ICON.sub(sub, markup)
