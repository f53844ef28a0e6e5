"""Renderers: each turns the content model into output files.

A `Renderer` says what it is called (the name ``rulepress build --only`` takes), whether it works on one
game or across games, the typed options it reads (a frozen dataclass of `rulepress.options`,
made from the build's options in one place, `rulepress.build.renderer_options`), the parts of a game it
does not read, and which module plans its artifacts. That module is imported when the renderer is first
asked to plan or check (a no-op build that reuses every plan imports none of them) and offers:

- per game: ``plan(content, options) -> list[Artifact]``, and optionally ``check(content, options) ->
  list[Problem]``: every problem its `write` functions would stop with (texts that do not fit, glyphs,
  icons, layouts, images, panels, tiling), found with the same functions but without writing.
  `rulepress check content` runs the checks of every renderer, and the build runs them for what it is
  about to render, so a clean check means a clean build;
- across games: ``plan_all(contents, options, artifacts, analysis) -> list[Artifact]`` (the website,
  which also sees the artifacts planned before it, and the authors' reports; both show the build's
  `rulepress.analysis.Analysis`, which their artifacts name in `Artifact.needs`).

An `Artifact` says what it is (for the manifest), which download bundle it belongs to, which inputs it
depends on (hashed for incremental builds), and how to write itself to a temporary path;
`rulepress.build` does the rest.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulepress import options as opts
from rulepress.artifact import Artifact

if TYPE_CHECKING:
    from types import ModuleType

    from rulepress.analysis import Analysis
    from rulepress.errors import Problem
    from rulepress.model import GameContent

__all__ = ["ACROSS_GAMES", "NOT_READ", "PER_GAME", "RENDERERS", "Artifact", "Renderer", "renderer"]

# the parts of a game the print renderers do not read (see `Renderer.not_read`)
PRINT_NOT_READ = ("rule_texts", "glossary", "ambiguities", "site", "version", "changelog")


@dataclass(frozen=True)
class Renderer:
    """One kind of output: its name, its options' type, and the module that plans (and checks) it."""

    name: str
    per_game: bool  # plans one game at a time (else all games at once, after every per-game renderer)
    options: type  # the frozen dataclass of `rulepress.options` it reads
    # The parts of a game a per-game renderer does not read: it is given the game without them (so it cannot
    # depend on them), and an edit of a file that holds only such parts does not make it plan again
    # (`rulepress.incremental`). Parts: top-level keys of the game's YAML, and "rule_texts" (rules.<lang>.md).
    not_read: tuple[str, ...] = ()
    module_name: str = ""  # the module under rulepress.render that plans it; default: its name

    def module(self) -> ModuleType:
        """The module that plans this renderer's artifacts (imported now if it was not)."""
        return importlib.import_module(f"rulepress.render.{self.module_name or self.name}")

    def plan(self, content: GameContent, options) -> list[Artifact]:
        """The artifacts of one game (a per-game renderer; `content` already without `not_read`)."""
        assert self.per_game and isinstance(options, self.options), (self.name, type(options))
        return self.module().plan(content, options)

    def plan_all(
        self, contents: list[GameContent], options, artifacts: list[Artifact], analysis: Analysis
    ) -> list[Artifact]:
        """The artifacts across games (given the artifacts planned before and the build's analysis)."""
        assert not self.per_game and isinstance(options, self.options), (self.name, type(options))
        return self.module().plan_all(contents, options, artifacts, analysis)

    def check(self, content: GameContent, options) -> list[Problem]:
        """Every problem writing this renderer's artifacts of one game would stop with ([] if it checks nothing)."""
        assert isinstance(options, self.options), (self.name, type(options))
        check = getattr(self.module(), "check", None)
        return check(content, options) if check is not None else []


# In build order. The site comes after the per-game renderers: it shows their outputs.
# Quick-reference templates see the whole `game` and keep everything of it but the rules texts.
RENDERERS = (
    Renderer("cards", True, opts.CardOptions, PRINT_NOT_READ),
    Renderer("calibration", True, opts.CalibrationOptions, PRINT_NOT_READ),
    Renderer("pieces", True, opts.CardOptions, PRINT_NOT_READ),
    Renderer("boards", True, opts.BoardOptions, PRINT_NOT_READ),
    Renderer("quickref", True, opts.QuickrefOptions, ("rule_texts",)),
    Renderer("exports", True, opts.ExportOptions, PRINT_NOT_READ),
    Renderer("printcut", True, opts.PrintCutOptions, PRINT_NOT_READ),
    Renderer("rulebook", False, opts.RulebookOptions),  # across games: reads the analysis and the cover's picture
    Renderer("site", False, opts.SiteOptions),
    Renderer("reports", False, opts.ReportOptions),
)
PER_GAME = tuple(r.name for r in RENDERERS if r.per_game)
ACROSS_GAMES = tuple(r.name for r in RENDERERS if not r.per_game)
NOT_READ = {r.name: r.not_read for r in RENDERERS if r.not_read}


def renderer(name: str) -> Renderer | None:
    """The renderer called `name`; None if there is none."""
    return next((r for r in RENDERERS if r.name == name), None)
