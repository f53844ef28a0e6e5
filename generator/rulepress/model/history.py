"""A game's versions: the current release and what its changes touch, for the website and the rulebook.

`game.yaml` gives the rules' `version` and a `changelog` (per version a date and changes in every
language, each naming the sections it touches and, for an erratum, the ambiguity it settles). Both the
website and the rulebook mark a section that a change of the current version touches ("changed in 1.1")
and link it to that change; the anchors are made here once.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Touched:
    """A change of the current version that touches a section: the version and the change's anchor."""

    version: str
    anchor: str  # "change-1-1-2": the change's anchor on the changelog page and in the rulebook


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


def touched(game) -> dict[str, Touched]:
    """Section id -> the first change of the current version that touches it."""
    release = current(game)
    found: dict[str, Touched] = {}
    if release is None:
        return found
    for index, change in enumerate(release.changes, start=1):
        for section in change.sections:
            found.setdefault(section, Touched(release.version, change_anchor(release.version, index)))
    return found
