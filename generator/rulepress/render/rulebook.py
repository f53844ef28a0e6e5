"""The printed rulebook of a game, per language: A4 and Letter, and a booklet imposed for duplex printing.

Artifacts (kind ``rulebook``, in the print-and-play bundle of their paper):
``<game>/rulebook.<lang>.<paper>.pdf`` and ``<game>/rulebook-booklet.<lang>.<paper>.pdf`` (kind
``rulebook-booklet``: pages of half the paper, A5 on A4 and 5.5 x 8.5 in on Letter, printed at 100 %, padded with notes pages to a multiple of 4, two per side of the paper in
saddle-stitch order, `rulepress.draw.booklet`).

A rulebook holds: a cover with the title and a picture of the game's own outputs (the board's PNG, else
card faces, as the board and export renderers drew them: read from the build, never drawn again); a table
of contents; the rule sections numbered as on the website, their rule paragraphs numbered
(`rulepress.model.numbering`, a named PDF destination ``r-4-2`` and an outline entry each,
`rulepress.draw.destinations`; marked "changed in 1.1" where the current version changed them); worked
examples as boxes that never split, with their results as the website shows them and their check's mark
(from the build's analysis); the
glossary; the ambiguity register as the appendix "unclear points" saying which reading the rules use;
credits and provenance (reconstructed and unknown content marked); the quick reference as the last page.
Running heads, page numbers, PDF bookmarks, internal links, metadata (title, author, subject, language),
embedded fonts, hyphenation in the book's language (pyphen), nothing under 8 pt.

The rulebook is planned across games (it reads the build's analysis and the artifacts planned before it:
the picture on its cover), after the per-game renderers and before the website, which lists it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from rulepress.analysis import Analysis
from rulepress.memo import output_root
from rulepress.model import GameContent, view
from rulepress.options import RulebookOptions
from rulepress.output import manifest_entries
from rulepress.render import Artifact, rulebook_doc
from rulepress.render import rulebook_style as rs
from rulepress.render.rulebook_doc import write_booklet, write_rulebook
from rulepress.text import fonts

NEEDS = ("examples",)  # what a rulebook shows of the analysis: the worked examples' marks


def rulebook_path(game: str, lang: str, paper: str, booklet_: bool = False) -> str:
    return f"{game}/rulebook{'-booklet' if booklet_ else ''}.{lang}.{paper}.pdf"


# ----------------------------------------------------------------------------- what a book shows


# ----------------------------------------------------------------------------- the document


# ----------------------------------------------------------------------------- planning


def _located(out: Path, relative: str) -> Path:
    staged = out / relative
    return staged if staged.exists() else output_root(out) / relative


@dataclass(frozen=True)
class Cover:
    """The output whose picture a cover shows: its kind, its path in the output folder, and what identifies
    its content (a planned artifact's digest, or an earlier build's file digest from the manifest)."""

    kind: str  # board-png, or png (the card images' folder)
    path: str
    key: str
    planned: bool  # planned in this build (the rulebook is written after it)


def _cover_source(content: GameContent, lang: str, artifacts: list[Artifact], out: Path) -> Cover | None:
    """What the cover shows: the board's PNG in `lang`, else the first card images; planned in this build, or,
    when their renderers do not run now (``--only rulebook``), as an earlier build left them in `out`."""
    mine = [a for a in artifacts if a.game == content.id and a.lang == lang]
    for kind in ("board-png", "png"):
        found = sorted((a for a in mine if a.kind == kind), key=lambda a: a.path)
        if found:
            return Cover(kind, found[0].path, found[0].digest(), True)
    earlier = [e for e in manifest_entries(output_root(out)) if e.get("game") == content.id and e.get("lang") == lang]
    for kind in ("board-png", "png"):
        listed = sorted((e for e in earlier if e.get("kind") == kind), key=lambda e: e["path"])
        if listed and (output_root(out) / listed[0]["path"]).exists():
            return Cover(kind, listed[0]["path"], str(listed[0].get("sha256")), False)
    return None


def _cover_pictures(out: Path, source: Cover | None) -> list[Path]:
    if source is None:
        return []
    place = _located(out, source.path)
    if source.kind == "board-png":
        return [place] if place.is_file() else []
    fronts = sorted(p for p in (place / "trim").glob("*.png") if "back" not in p.stem) if place.is_dir() else []
    return fronts[:3]


def _content_digest(content: GameContent, lang: str, results: list) -> str:
    """What a rulebook in `lang` is made from (`rulepress.model.view`): the model in `lang`, with the cards'
    texts only where the book can show them (a card an example pictures, or any card when a quick reference
    in `lang` is a template, which may list them); the folder's files in `lang` (its rules and quick
    reference, the engine, layouts, fonts, icons, pictures); the worked examples' results in `lang` (what the
    engine computed, the cards their pictures show). An edit in another language, or of a card's text that
    the book cannot show, leaves the rulebook as it is."""
    # (less the result's file path, which depends on the working folder; the file is digested)
    shown = [{k: v for k, v in dataclasses.asdict(r).items() if k != "path"} for r in results if r.lang == lang]
    pictured = view.pictured_cards(results, lang)
    templated = any(
        "{{" in text or "{%" in text for (_id, text_lang), text in content.quickref_texts.items() if text_lang == lang
    )
    model = view.in_language(content.game.model_copy(update={"components": []}), lang)
    components = view.components_in_language(content, lang, None if templated else pictured)
    return view.digest(model, components, shown, files=view.folder_files(content, lang), folder=content.folder)


def _book(content: GameContent, lang: str, analysis: Analysis, out: Path, source: Cover | None) -> rulebook_doc.Book:
    """The book one artifact writes (made in the worker that writes it, once the cover's picture is there)."""
    return rulebook_doc.book(content, lang, analysis.of(content, *NEEDS).examples, _cover_pictures(out, source))


def plan_all(
    contents: list[GameContent], options: RulebookOptions, artifacts: list[Artifact], analysis: Analysis
) -> list[Artifact]:
    """Per game, language and paper a rulebook and a booklet, in the print-and-play bundle of the paper."""
    out = Path(options.out)
    planned = []
    for content in contents:
        if not content.rules:
            continue
        for lang in content.game.languages:
            if lang not in content.rules:
                continue
            digest = _content_digest(content, lang, analysis.of(content, *NEEDS).examples or [])
            source = _cover_source(content, lang, artifacts, out)
            after = (source.path,) if source is not None and source.planned else ()
            book_of = partial(_book, content, lang, analysis, out, source)
            for paper in options.papers:
                for kind, as_booklet, write in (
                    ("rulebook", False, write_rulebook),
                    ("rulebook-booklet", True, write_booklet),
                ):
                    inputs = {
                        "content": digest,
                        "lang": lang,
                        "paper": paper,
                        "booklet": as_booklet,
                        "cover": source.key if source is not None else None,
                    }
                    planned.append(
                        Artifact(
                            game=content.id,
                            kind=kind,
                            path=rulebook_path(content.id, lang, paper, as_booklet),
                            inputs=inputs,
                            write=partial(write, book_of, paper),
                            lang=lang,
                            paper=paper,
                            after=after,
                            needs=NEEDS,
                            bundles=("play",),
                            prepare=_preparations(lang),
                        )
                    )
    return planned


@cache
def _preparations(lang: str):
    """What every rulebook in `lang` loads, done once before the build's workers are forked (they inherit it):
    ReportLab's layout modules, the fonts and the language's hyphenation dictionary (reading one costs about a
    second)."""

    def prepare() -> None:
        from reportlab import platypus  # noqa: F401

        fonts.register()
        rs.hyphenation(lang)  # loads the language's dictionary (`rulepress.text.hyphenate` keeps it)

    return prepare


__all__ = ["plan_all", "rulebook_path"]
