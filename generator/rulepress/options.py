"""Each renderer's own options: small frozen dataclasses, every default declared here once.

The build makes them from its `BuildOptions` in one place (`rulepress.build.renderer_options`); a
renderer reads only its own, typed, and never the build's options. A renderer's options are part of
what its plan depends on.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulepress import paths
from rulepress.layout.tiling import DEFAULT_OVERLAP

PAPERS = ("a4", "letter")  # every paper size a build makes by default


@dataclass(kw_only=True, frozen=True)
class CardOptions:
    """Card, tile, token and money sheets: the papers, and overrides of each layout's `sheet` settings
    (None keeps the layout's own, see templates/layouts/basic-card.yaml)."""

    papers: tuple[str, ...] = PAPERS
    bleed: float | None = None  # mm
    marks: str | None = None  # crop, lines, none
    flip: str | None = None  # duplex binding edge: long or short
    orientation: str | None = None  # portrait, landscape, auto
    safe_guide: bool | None = None
    gap: str | None = None  # spaced (each card its own bleed) or butted (shared cut lines)
    offset: tuple[float, float] | None = None  # mm the back page is shifted (x right, y down)
    ink: str = "normal"  # normal, or low: backgrounds and large pictures lightened (rulepress.draw.lowink)
    cache: Path | None = None  # the output folder whose cache keeps the faces that passed the checks (None: none)


@dataclass(frozen=True)
class CalibrationOptions:
    """The duplex calibration sheet: one per paper, bound on the cards' edge (None: the sheets' default)."""

    papers: tuple[str, ...] = PAPERS
    flip: str | None = None


@dataclass(frozen=True)
class BoardOptions:
    """Boards: the papers their tiles are printed on and the glue margin the tiles share."""

    papers: tuple[str, ...] = PAPERS
    overlap: float = DEFAULT_OVERLAP  # mm of glue margin shared by neighbouring board tiles


@dataclass(frozen=True)
class QuickrefOptions:
    """Quick references: the papers their sheets are imposed on."""

    papers: tuple[str, ...] = PAPERS


@dataclass(frozen=True)
class PdfxOptions:
    """The print-shop PDF as PDF/X (`rulepress.draw.pdfx`): the version (x4 or x1a) and the total ink limit (%)."""

    version: str = "x4"
    ink_limit: float = 300.0


@dataclass(frozen=True)
class ExportOptions:
    """Print-shop PDFs, PNG card images and Tabletop Simulator sheets: the card sheets' settings, the
    output folder (the TTS sheets are put together from the PNGs written there), and whether the print-shop
    PDF is made PDF/X in CMYK (None: RGB as drawn)."""

    cards: CardOptions = CardOptions()
    out: Path = paths.DEFAULT_OUTPUT
    pdfx: PdfxOptions | None = None
    shop: str | None = None  # print-shop preset (rulepress.draw.shops): its card sizes are checked


@dataclass(frozen=True)
class PrintCutOptions:
    """Print-and-cut sheets and cut files: the cutting machines asked for (none: nothing is made) and the card
    sheets' settings (papers, bleed)."""

    machines: tuple[str, ...] = ()  # silhouette, cricut, scanncut (rulepress.layout.printcut.MACHINES)
    cards: CardOptions = CardOptions()


@dataclass(frozen=True)
class RulebookOptions:
    """Rulebooks: the papers of the A4/Letter books and of the sheets the A5 booklet is imposed on, and the
    output folder (the cover's picture is read from the build's outputs there)."""

    papers: tuple[str, ...] = PAPERS
    out: Path = paths.DEFAULT_OUTPUT


@dataclass(frozen=True)
class SiteOptions:
    """The website: where the output and the content are (it shows earlier builds' games too), where it
    will be published, and whether only some per-game renderers run (`partial`: their earlier files stay
    shown)."""

    out: Path = paths.DEFAULT_OUTPUT
    content: Path = paths.BUNDLED_CONTENT
    site_url: str = ""
    partial: bool = False


@dataclass(frozen=True)
class ReportOptions:
    """The authors' reports: where the output and the content are (earlier builds' games are reported
    too), and the folder of the source texts whose coverage they show (None: no such section)."""

    out: Path = paths.DEFAULT_OUTPUT
    content: Path = paths.BUNDLED_CONTENT
    sources: Path | None = None
