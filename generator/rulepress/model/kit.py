"""The print-and-play kit is complete: every counted component the players need is printed (rule ``kit-printed``).

game.yaml lists the box's components with their counts. Cards, tiles, tokens and money are printed from
their cards; a board from its `board`; pieces from their `piece`. A board without a drawn board, pieces
without a `piece` and other parts are only counted: each must either name the printed components that
stand for it (`printed_as`: the known cards of a larger deck) or say why the kit has none
(`not_printed`: a die from another box). Dice and the rulebook are never printed as parts. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulepress.errors import Problem

if TYPE_CHECKING:
    from rulepress.model.loader import GameContent

RULE = "kit-printed"
NEVER_PRINTED = ("dice", "rules")  # a die comes from another box; the rulebook is the rulebook


def printed(comp) -> bool:
    """True when the build prints `comp` itself."""
    return comp.printed or comp.printed_pieces or (comp.kind == "board" and comp.board is not None)


def kit_problems(content: GameContent) -> list[Problem]:
    """A problem at each counted component that is not printed, nor stood for by printed ones, nor excused;
    and at each `printed_as` that names no printed component."""
    game = content.game
    by_id = {c.id: c for c in game.components}
    problems = []
    for i, comp in enumerate(game.components):
        key: tuple[str | int, ...] = ("components", i)
        for j, other in enumerate(comp.printed_as):
            target = by_id.get(other)
            if target is None or not printed(target) or target is comp:
                path, line, col = content.locate(key + ("printed_as", j))
                what = "unknown component" if target is None else "component that is not printed"
                problems.append(Problem(path, line, col, f"components.{i}.printed_as.{j}", f"{what} {other!r}"))
        if printed(comp) or comp.kind in NEVER_PRINTED or comp.printed_as or comp.not_printed is not None:
            continue
        path, line, col = content.locate(key)
        count = f"{comp.count} " if comp.count is not None else ""
        problems.append(
            Problem(
                path,
                line,
                col,
                f"components.{i}",
                f"{comp.kind} {comp.id} ({count}in the box) is counted but not printed: the kit cannot be played "
                "without it",
                RULE,
            )
        )
    return problems
