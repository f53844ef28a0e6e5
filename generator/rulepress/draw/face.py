"""Faces drawn from a layout's elements: fronts, individual back faces, shared backs.

`Art` gathers what element drawing needs for one component (the parsed element
lists, the game's fonts, icons, board outlines, the game folder); `draw_front`
and `draw_shared_back` paint one face with the origin at the trim's bottom-left
corner. The provenance mark is drawn by every face that has one: by the layout's
own element bound to ``{mark}``, or else at the bottom of the safe area, so a
designer's layout cannot lose the honest mark by accident.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulepress.draw.elements import Context, draw_elements
from rulepress.layout.binding import refs
from rulepress.layout.elements import TextElement
from rulepress.layout.face import FaceContent
from rulepress.layout.spec import Layout
from rulepress.text.icons import replace_icons


@dataclass(kw_only=True)
class Art:
    """Element lists and resources of one component's layout."""

    front: list  # the front's elements (a layout without them: `rulepress.layout.classic.front`)
    back_face: list | None  # individual back faces' elements (None: the front's)
    back: list  # shared backs' elements (a layout without them: `rulepress.layout.classic.back`)
    layout: Layout
    folder: Path | None = None
    fonts: dict[str, str] = field(default_factory=dict)
    icons: dict = field(default_factory=dict)
    outlines: dict = field(default_factory=dict)

    @property
    def alpha(self) -> bool:
        """True when an element is drawn with opacity below 1."""
        return any(el.opacity < 1 for lst in (self.front, self.back_face, self.back) for el in lst or [])

    def markup(self, md: str) -> str:
        from rulepress.layout.face import card_markup

        return replace_icons(card_markup(md), self.icons)


def _binds_mark(elements: list) -> bool:
    return any(el.kind == "stack" for el in elements) or any(
        "mark" in refs(v) or (el.when or "").strip().endswith("mark")
        for el in elements
        for v in el.templates().values()
    )


def mark_element(layout: Layout, w: float, h: float) -> TextElement:
    """The default place of the provenance mark: centred at the bottom of the safe area."""
    style = layout.mark
    safe = min(layout.safe, w / 4, h / 4)
    size = style.size
    box_h = size * 1.3 / 2.8346 + 0.5
    if layout.shape == "circle":  # inside the inscribed square of a round token
        side = (min(w, h) / 2 - safe) * 2**0.5
        return TextElement(
            kind="text",
            text="{mark}",
            x=(w - side) / 2,
            y=(h + side) / 2 - box_h,
            w=side,
            h=box_h,
            font=style.font,
            size=size,
            min_size=style.smallest,
            align="center",
            valign="bottom",
            color=style.color,
        )
    return TextElement(
        kind="text",
        text="{mark}",
        x=safe,
        y=h - safe - box_h,
        w=w - 2 * safe,
        h=box_h,
        font=style.font,
        size=size,
        min_size=style.smallest,
        align="center",
        valign="bottom",
        color=style.color,
    )


def draw_with(
    c,
    w: float,
    h: float,
    bleed: float,
    elements: list,
    data: dict[str, str],
    art: Art,
    pictures=None,
    write_in: bool = False,
    lang: str | None = None,
    small_print: float = 0.0,
    face: FaceContent | None = None,
) -> None:
    """Paint `elements` with `data` bound (and `face`, the texts a `stack` element sets); then the mark, unless an
    element shows it. FaceError on failure. Text under `small_print` pt is drawn as grey
    lines (a face shrunk into a printed picture)."""
    ctx = Context(
        c=c,
        w=w,
        h=h,
        bleed=bleed,
        data=data,
        folder=art.folder,
        fonts=art.fonts,
        icons=art.icons,
        pictures=pictures,
        outlines=art.outlines,
        markup=art.markup,
        write_in=write_in,
        lang=lang,
        small_print=small_print,
        face=face,
    )
    draw_elements(elements, ctx)
    if data.get("mark") and not _binds_mark(elements):
        draw_elements([mark_element(art.layout, w, h)], ctx)
