"""Renderers: each turns the content model into output files.

A renderer module offers ``plan(content, options) -> list[Artifact]`` (one game)
or ``plan_all(contents, options, artifacts) -> list[Artifact]`` (across games,
like the website, which also sees the artifacts planned before it). An `Artifact` says what it is (for the manifest), which inputs it
depends on (hashed for incremental builds), and how to write itself to a
temporary path; `rulepress.build` does the rest.

A renderer module may also offer ``check(content, options) -> list[Problem]``:
every problem its `write` functions would stop with (texts that do not fit,
glyphs, icons, layouts, images, panels, tiling), found with the same functions
but without writing. `rulepress check content` runs the checks of every
renderer, and the build runs them for what it is about to render, so a clean
check means a clean build.
"""

from __future__ import annotations

import importlib

from rulepress.artifact import Artifact

__all__ = ["ACROSS_GAMES", "NOT_READ", "PER_GAME", "Artifact", "renderer"]

# Renderer modules, in build order. The site comes last: it shows the others' outputs.
PER_GAME = ("cards", "boards", "quickref", "exports")
ACROSS_GAMES = ("site",)

# The parts of a game a per-game renderer does not read: it is given the game without them (so it cannot
# depend on them), and an edit of a file that holds only such parts does not make it plan again
# (`rulepress.incremental`). Parts: top-level keys of the game's YAML, and "rule_texts" (rules.<lang>.md).
# Quick-reference templates see the whole `game` and keep everything of it.
NOT_READ = {
    "cards": ("rule_texts", "glossary", "ambiguities", "site"),
    "boards": ("rule_texts", "glossary", "ambiguities", "site"),
    "quickref": ("rule_texts",),
    "exports": ("rule_texts", "glossary", "ambiguities", "site"),
}


def renderer(name: str):
    """Import a renderer module by name; None if it is not available yet."""
    try:
        return importlib.import_module(f"rulepress.render.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"rulepress.render.{name}":
            return None
        raise
