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

import hashlib
import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

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


@dataclass
class Artifact:
    """One output file (or folder) of a build."""

    game: str | None
    kind: str  # cards, tiles, tokens, money, board, quickref, png, tts, site, ...
    path: str  # relative to the output folder, with '/' separators
    inputs: object  # JSON-serialisable: everything the output depends on
    # None for a stand-in that is not written (an artifact of a reused plan, an earlier build's output shown on the site)
    write: Callable[[Path], dict | None] | None  # writes to the given temporary path; may return {"pages": n}
    lang: str | None = None
    paper: str | None = None
    directory: bool = False
    # paths of artifacts that must be built first: the earlier outputs `write` may read in the staging area it is given
    # as the output folder (the build links them there); anything else it reads from the output folder itself
    after: tuple[str, ...] = field(default_factory=tuple)
    # called once in the build's own process before worker processes are forked (e.g. importing
    # the libraries `write` needs, so that each worker inherits them instead of importing them again)
    prepare: Callable[[], None] | None = None
    key: str | None = None  # the digest of `inputs` (computed when first asked, or given for a reused artifact)

    def digest(self) -> str:
        """SHA-256 of `inputs` (as sorted JSON); computed once."""
        if self.key is None:
            blob = json.dumps(self.inputs, sort_keys=True, default=str, ensure_ascii=False)
            self.key = hashlib.sha256(blob.encode()).hexdigest()
        return self.key


def renderer(name: str):
    """Import a renderer module by name; None if it is not available yet."""
    try:
        return importlib.import_module(f"rulepress.render.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"rulepress.render.{name}":
            return None
        raise
