"""The game's credits (`credits:` in game.yaml: fonts, art and icons made by others) as ``<game>/credits.txt``
(kind 'credits', in the credits bundle) and as one line for the PDFs' metadata (`summary`). The icons'
licence notices stay in ``icons-license.txt`` (`rulepress.render.cards`)."""

from __future__ import annotations

from pathlib import Path

from rulepress.artifact import Artifact


def summary(credits) -> str:
    """One line for a PDF's Keywords: 'Credits: <name> (<kind>) by <author>, <licence>; ...' ('' for none)."""
    if not credits:
        return ""
    return "Credits: " + "; ".join(f"{c.name} ({c.kind}) by {c.author}, {c.licence}" for c in credits)


def credits_text(game) -> str:
    """The credits file: one paragraph per credit, with its source."""
    blocks = [f"Credits of {game.title.get(game.languages[0])}", ""]
    for c in game.credits:
        blocks += [f"{c.name} ({c.kind})", f"  by {c.author}", f"  licence: {c.licence}"]
        if c.source:
            blocks.append(f"  source: {c.source}")
        blocks.append("")
    return "\n".join(blocks)


def write_credits_file(text: str, target: Path) -> dict:
    target.write_text(text, encoding="utf-8")
    return {}


def plan(content) -> list[Artifact]:
    """``<game>/credits.txt`` when the game credits anyone."""
    game = content.game
    if not game.credits:
        return []
    text = credits_text(game)

    def write(target: Path) -> dict:
        return write_credits_file(text, target)

    return [
        Artifact(
            game=game.id,
            kind="credits",
            path=f"{game.id}/credits.txt",
            inputs={"credits": text},
            write=write,
            bundles=("credits",),
        )
    ]


__all__ = ["credits_text", "plan", "summary"]
