"""What a build makes and where: `BuildOptions`, each option a user sets declared once with its flag.

`rulepress build` and `rulepress serve` make their arguments from these declarations (`rulepress.cli`), and
the build hands each renderer its own options from them (`rulepress.build.renderer_options`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulepress import options as render_options
from rulepress import paths
from rulepress.layout.tiling import DEFAULT_OVERLAP
from rulepress.options import PAPERS, flag, nested
from rulepress.render import ACROSS_GAMES, PER_GAME

CONTENT_HELP = "folder of game folders (default: the bundled games)"


@dataclass(kw_only=True)
class BuildOptions:
    """What to build and where; each option a user sets is declared here once, with its command-line flag."""

    games: list[str] = flag([], help="game ids (default: every game)", positional=True, metavar="GAME")
    content: Path = flag(paths.BUNDLED_CONTENT, help=CONTENT_HELP)
    out: Path = flag(paths.DEFAULT_OUTPUT, help="output folder (default: output)")
    papers: tuple[str, ...] = flag(
        PAPERS, name="paper", choices=PAPERS, repeat=True, help="paper size (default: both); may be repeated"
    )
    kinds: tuple[str, ...] = flag(  # names of the renderers to run (`rulepress.render.RENDERERS`)
        PER_GAME + ACROSS_GAMES,
        name="only",
        choices=PER_GAME + ACROSS_GAMES,
        noun="renderer",
        repeat=True,
        metavar="RENDERER",
        help=f"run only these renderers ({', '.join(PER_GAME + ACROSS_GAMES)})",
    )
    progress: bool = False  # the command line's --quiet and the terminal decide (`rulepress.progress.wanted`)
    board_overlap: float = flag(  # mm of glue margin shared by neighbouring board tiles
        DEFAULT_OVERLAP,
        name="overlap",
        help="glue margin shared by neighbouring board tiles",
        within=(0.0, 50.0),
        what="glue margin of board tiles",
        metavar="MM",
    )
    # card, tile, token and money sheets: overrides of each layout's `sheet` settings (their papers are `papers`)
    cards: render_options.CardOptions = nested(render_options.CardOptions, render_options.SHEETS)
    cut_machines: tuple[str, ...] = flag(  # print-and-cut files for these cutting machines (none: not made)
        (),
        name="cut",
        choices=("silhouette", "cricut", "scanncut"),
        repeat=True,
        metavar="MACHINE",
        group=render_options.SHEETS,
        help="also make print-and-cut sheets and cut files (SVG, DXF) for this cutting machine: silhouette, cricut "
        "or scanncut; may be repeated (docs/printing.md)",
    )
    shop: str | None = flag(  # print-shop preset (rulepress.draw.shops.SHOPS): bleed, PDF/X, ink limit
        choices=("tgc", "mpc", "dtc"),
        group=render_options.SHOP,
        help="make the print-shop PDF and PNGs as this shop asks: tgc (The Game Crafter), mpc (MakePlayingCards), "
        "dtc (DriveThruCards): its bleed, PDF/X version and ink limit",
    )
    pdfx: str | None = flag(  # the print-shop PDF as PDF/X: x4 or x1a (None: the shop's, else RGB)
        choices=("x4", "x1a"),
        group=render_options.SHOP,
        help="make the print-shop PDF a CMYK PDF/X-4 or PDF/X-1a with an OutputIntent (default: RGB as drawn)",
    )
    ink_limit: float | None = flag(  # % total ink of the PDF/X file (None: the shop's, else 300)
        kind=float,
        within=(100.0, 400.0),
        what="total ink",
        unit="%",
        shown_default=300.0,
        metavar="PERCENT",
        group=render_options.SHOP,
        help="total ink (C+M+Y+K) of the PDF/X print-shop file at most this, or the shop's",
    )
    site_url: str = flag(  # where the website will be published (absolute links in sitemap and social previews)
        "",
        metavar="URL",
        check=render_options.check_site_url,
        help="address the website will be published at (for the sitemap and link previews)",
    )
    sources: Path | None = flag(  # folder of the source texts: the authors' report shows their coverage
        kind=Path,
        metavar="DIR",
        check=render_options.check_folder("sources"),
        help="folder holding the source texts: the authors' report shows their coverage and copied runs "
        "(as check sources)",
    )
    force: bool = flag(False, switch=True, help="render everything, even unchanged artifacts")
    strict: bool = flag(  # refuse to publish (exit 1, nothing written) while a worked example fails
        False,
        switch=True,
        help="publish nothing while a worked example fails (exit 1, the earlier output unchanged); without it the "
        "website is written and every page marked as a draft",
    )
