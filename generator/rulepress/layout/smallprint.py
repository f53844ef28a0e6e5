"""Writing a player reads is at least 6 pt: the text sizes a layout may print at (rule ``small-print``).

A layout's texts shrink to fit their box, down to their `min_size` (or stay at `size` without
one): the classic parts the layout draws (title, text, values, provenance mark, a shared back's
title), the `text` elements and the parts of `stack` elements. Each size smaller than `MIN_PT` is found
here with the key path of the layout file where it is set, before anything is drawn. Pure.
"""

from __future__ import annotations

from collections.abc import Iterator

from rulepress.layout.spec import Layout

RULE = "small-print"
MIN_PT = 6.0  # the smallest writing a player reads on any sheet
PARTS = ("title", "text", "values", "mark", "back")
STACK_PARTS = ("title", "text", "values", "mark")


def _style(style) -> Iterator[tuple[str, float]]:
    """(field, size) of a text style's sizes under `MIN_PT`: its `min_size`, or its `size` without one."""
    field = "min_size" if getattr(style, "min_size", None) is not None else "size"
    size = style.smallest
    if size < MIN_PT:
        yield field, size


def _drawn(layout: Layout, part: str) -> bool:
    """True when the layout draws the classic part: the front's parts when it has no `elements`, a shared
    back's title when it has no `back_elements`, the provenance mark always (its default place uses it).
    A classic part's default `min_size` (5.5 pt, as in earlier releases, so their texts keep fitting) is
    then found like a size the file sets: a warning, not a stop."""
    if part == "mark":
        return True
    if part == "back":
        return layout.back_elements is None
    return layout.elements is None


def small_sizes(layout: Layout, elements: tuple[str, ...]) -> list[tuple[tuple[str | int, ...], float]]:
    """(key path in the layout file, size in pt) of every text size under `MIN_PT` the layout may print:
    the classic parts, and the texts of the element lists `elements` (``elements``, ``back_elements``, ...)."""
    found: list[tuple[tuple[str | int, ...], float]] = []
    for part in PARTS:
        if _drawn(layout, part):
            found += [((part, field), size) for field, size in _style(getattr(layout, part))]
    for key in elements:
        for j, el in enumerate(getattr(layout, key) or []):
            if el.kind == "text":
                found += [((key, j, field), size) for field, size in _style(el)]
            elif el.kind == "stack":
                for part in STACK_PARTS:
                    found += [((key, j, part, field), size) for field, size in _style(getattr(el, part))]
    return found


def message(size: float, where: str) -> str:
    """The problem's words for a `size` under `MIN_PT` at `where` (a key path)."""
    return (
        f"{where} lets the text print at {size:g} pt, under the {MIN_PT:g} pt a player reads at the table; "
        f"give it {MIN_PT:g} or more (a larger box or shorter words if it then does not fit)"
    )
