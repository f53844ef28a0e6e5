"""Components that share a back look the same from behind: a check (rule ``shared-back``).

Cards of different components that name the same back id (`back:` of the component or
of a card) are meant to be shuffled together, like the 1848 army cards among the extra
cards. A back that differs between them, in size, in its picture, colour or title, or
in how the layout draws it, marks the cards of one component; so each component that
shares a back with an earlier one is compared with it, in every language, and a
difference is a problem at the component's `back`. Pure apart from reading layouts.
"""

from __future__ import annotations

import json

from rulepress.errors import ContentError, Problem
from rulepress.layout import classic
from rulepress.layout import layouts as layout_data
from rulepress.layout.binding import refs

RULE = "shared-back"


def _back_ids(comp) -> set[str]:
    """The shared backs the component's cards are printed with."""
    return {card.back or comp.back or "" for card in comp.cards if card.back_face is None} - {""}


def _look(content, comp, back_id: str, lang: str) -> dict[str, str] | None:
    """What a back shows, part by part (None when the component's layout or size cannot be read: reported
    elsewhere)."""
    try:
        layout = layout_data.load_layout(comp.layout or "basic-card", content.folder)
        size = layout_data.resolve_size(comp.size, layout, content.folder)
    except ContentError:
        return None
    elements = layout.back_elements or classic.back(layout, *size)
    back = next((b for b in comp.backs if b.id == back_id), None)
    used = {ref for el in elements for value in el.templates().values() for ref in refs(str(value))}
    title = back.title.get(lang) if back and back.title else comp.name.get(lang)
    return {
        "size": "{:g} × {:g} mm".format(*size),
        "bleed": f"{layout.bleed:g} mm",
        "title": title if "title" in used or not layout.back_elements else "",
        "colour": back.color if back else layout.back.default_color,
        "picture": (back.image or "") if back else "",
        "name": comp.name.get(lang) if "name" in used else "",
        "layout": json.dumps([el.model_dump(mode="json") for el in elements], sort_keys=True),
    }


def shared_back_problems(content) -> list[Problem]:
    """A problem at the `back` of every component whose back differs from an earlier one's of the same id."""
    game = content.game
    first: dict[str, tuple[str, dict[str, dict[str, str] | None]]] = {}
    problems = []
    for i, comp in enumerate(game.components):
        if not comp.printed:
            continue
        for back_id in sorted(_back_ids(comp)):
            looks = {lang: _look(content, comp, back_id, lang) for lang in game.languages}
            if back_id not in first:
                first[back_id] = (comp.id, looks)
                continue
            other, earlier = first[back_id]
            differ = sorted(
                {
                    part
                    for lang, look in looks.items()
                    if look is not None and earlier.get(lang) is not None
                    for part, value in look.items()
                    if value != earlier[lang][part]  # type: ignore[index]
                }
            )
            if differ:
                path, line, col = content.locate(("components", i, "back"))
                problems.append(
                    Problem(
                        path,
                        line,
                        col,
                        f"components.{i}.back",
                        f"{comp.kind} {comp.id} shares the back {back_id!r} with {other}, but its back differs "
                        f"({', '.join(differ)}): cards shuffled together would be told apart from behind",
                        RULE,
                    )
                )
    return problems
