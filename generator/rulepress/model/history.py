"""A game's versions: the current release and what its changes touch, for the website and the rulebook.

`game.yaml` gives the rules' `version` and a `changelog` (per version a date and changes in every
language, each naming what it touches: rule sections, rule paragraphs by their number, components whose
printed text changed, and, for an erratum, the ambiguity of the register it settles). The website and the
rulebook mark each of them that a change of the current version touches ("changed in 1.1") and link the mark
to that change; the anchors and the marks are made here once (`marks`).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Touched:
    """A change of the current version that touches a section: the version and the change's anchor."""

    version: str
    anchor: str  # "change-1-1-2": the change's anchor on the changelog page and in the rulebook


@dataclass(frozen=True)
class Marks:
    """What the changes of the current version touch, each with its first change: ids or numbers -> Touched."""

    sections: dict[str, Touched] = field(default_factory=dict)
    paragraphs: dict[str, Touched] = field(default_factory=dict)  # rule number ("4.2") -> its change
    components: dict[str, Touched] = field(default_factory=dict)
    ambiguities: dict[str, Touched] = field(default_factory=dict)  # the register entries errata settle


def release_anchor(version: str) -> str:
    """The anchor of a version on the changelog: ``1.1`` -> ``v-1-1``."""
    return "v-" + version.replace(".", "-")


def change_anchor(version: str, index: int) -> str:
    """The anchor of the `index`-th (from 1) change of a version: ``change-1-1-2``."""
    return f"change-{version.replace('.', '-')}-{index}"


def current(game):
    """The changelog entry of the game's `version` (None when the game gives none)."""
    return next((r for r in game.changelog if r.version == game.version), None) if game.version else None


def releases(game) -> list:
    """The changelog's entries, newest first (by version number)."""
    return sorted(game.changelog, key=lambda r: tuple(int(p) for p in r.version.split(".")), reverse=True)


def marks(game) -> Marks:
    """What the changes of the current version touch (empty when the game gives no version)."""
    found = Marks()
    release = current(game)
    if release is None:
        return found
    for index, change in enumerate(release.changes, start=1):
        mark = Touched(release.version, change_anchor(release.version, index))
        for section in change.sections:
            found.sections.setdefault(section, mark)
        for number in change.paragraphs:
            found.paragraphs.setdefault(number, mark)
        for component in change.components:
            found.components.setdefault(component, mark)
        if change.erratum:
            found.ambiguities.setdefault(change.erratum, mark)
    return found


def touched(game) -> dict[str, Touched]:
    """Section id -> the first change of the current version that touches it."""
    return marks(game).sections
