"""Text that is too faint to read on its card (rule ``text-contrast``).

For every card, tile, token and banknote face, each text element its layout draws is compared with what
lies under it: the last opaque rect, roundrect or circle drawn before it (in that face's data, with its
`when` holding) whose box holds the text's box, else the white paper. The WCAG 2.1 contrast ratio of the
two colours (`coloraide`) must be at least 4.5:1, or 3:1 for large text (18 pt, or 14 pt bold, at the size
the layout sets it). A text over a picture is not judged (its background is not one colour). Patterns and
thin lines over a fill are left out. Each finding is one problem at the text element's colour in the
layout file, naming the component, the first card it concerns and both colours: a rule of format 3
(`rulepress.model.formats`), so a warning for all content until then. Pure.
"""

from __future__ import annotations

import re

from coloraide import Color

from rulepress.errors import ContentError, ContentErrors, Problem
from rulepress.layout import layouts as layout_data
from rulepress.layout.binding import face_data, holds, render
from rulepress.layout.check import layout_where
from rulepress.layout.face import printed_cards

RULE = "text-contrast"
NORMAL, LARGE = 4.5, 3.0  # WCAG 2.1 success criterion 1.4.3 (AA)
BLEED = 3.0
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
FILLS = ("rect", "roundrect", "circle")
PICTURES = ("image",)


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two #rrggbb colours (1 to 21)."""
    return float(Color(a).contrast(Color(b), method="wcag21"))


def needed(el) -> float:
    """The ratio a text element needs: 3:1 from 18 pt (14 pt bold), else 4.5:1."""
    bold = "bold" in str(getattr(el, "font", "")).lower()
    return LARGE if el.size >= 18 or (bold and el.size >= 14) else NORMAL


def _inside(inner, outer) -> bool:
    eps = 0.01
    return (
        outer.x - eps <= inner.x
        and outer.y - eps <= inner.y
        and inner.right <= outer.right + eps
        and inner.y + inner.h <= outer.y + outer.h + eps
    )


def face_findings(elements, data: dict[str, str], size: tuple[float, float]):
    """(element index, text colour, background colour, ratio needed) of each text of one face below its ratio."""
    under: list[tuple[object, str | None]] = []  # (box, fill colour or None for a picture)
    found = []
    for k, el in enumerate(elements):
        if el.when and not holds(el.when, data):
            continue
        box = el.box(size[0], size[1], BLEED)
        if el.kind in FILLS and el.fill and el.opacity >= 1:
            fill = render(el.fill, data)
            if HEX.match(fill):
                under.append((box, fill))
        elif el.kind in PICTURES:
            under.append((box, None))
        elif el.kind == "text" and render(el.text, data).strip():
            ink = render(el.color, data)
            ground = next((fill for b, fill in reversed(under) if _inside(box, b)), "#ffffff")
            if ground is not None and HEX.match(ink) and contrast(ink, ground) < needed(el):
                found.append((k, ink, ground, needed(el)))
    return found


def contrast_problems(content) -> list[Problem]:
    """A warning for each text of a layout, on each colour pair the game's cards give it, below its ratio."""
    game, folder = content.game, content.folder
    lang = game.source_language or game.languages[0]
    problems: list[Problem] = []
    seen: set[tuple] = set()
    for comp in game.components:
        if not comp.printed:
            continue
        name = comp.layout or "basic-card"
        try:
            layout = layout_data.load_layout(name, folder)
            size = layout_data.resolve_size(comp.size, layout, folder)
        except (ContentError, ContentErrors):
            continue  # reported by the layout check
        for card in printed_cards(comp, game.languages):
            data = face_data(card.front, comp, lang, card.id, "mark")
            for k, ink, ground, ratio in face_findings(layout.elements or [], data, size):
                if (name, k, ink, ground) in seen:
                    continue
                seen.add((name, k, ink, ground))
                file, line, col = layout_where(name, folder, ("elements", k, "color"))
                if line is None:
                    file, line, col = layout_where(name, folder, ("elements", k))
                problems.append(_problem((file, line, col), comp, card, (ink, ground), (k, ratio)))
    return problems


def _problem(where, comp, card, colours, element) -> Problem:
    (file, line, col), (ink, ground), (k, ratio) = where, colours, element
    have = contrast(ink, ground)
    message = (
        f"{comp.kind} {comp.id}, card {card.id}: text in {ink} on {ground} has a contrast of {have:.1f}:1, "
        f"under the {ratio:g}:1 that print-size text needs (WCAG 2.1)"
    )
    return Problem(file, line, col, f"elements.{k}.color", message, RULE)
