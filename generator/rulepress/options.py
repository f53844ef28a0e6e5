"""Each renderer's own options: small frozen dataclasses, every default declared here once.

The build makes them from its `BuildOptions` in one place (`rulepress.build.renderer_options`); a
renderer reads only its own, typed, and never the build's options. A renderer's options are part of
what its plan depends on.

An option a user sets on the command line is declared once, on its field, with `flag(...)`: its default,
its help, its choices or accepted range (a `Flag` in the field's metadata). The `rulepress` command makes
its arguments from these declarations and the options from its arguments (`rulepress.cli.add_flags`,
`rulepress.cli.options_from`); nothing maps one to the other by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulepress import paths
from rulepress.errors import UsageError
from rulepress.layout.spec import Layout
from rulepress.layout.tiling import DEFAULT_OVERLAP

PAPERS = ("a4", "letter")  # every paper size a build makes by default


@dataclass(frozen=True, kw_only=True)
class Flag:
    """How an option shows on the command line: its help and what it accepts (declared on the option's field)."""

    help: str
    name: str = (
        ""  # the flag without its dashes (default: the field's name, '-' for '_'); "" and positional: an argument
    )
    positional: bool = False  # a positional argument (any number of values)
    kind: Callable[[str], Any] | None = None  # what a value is read as (default: the type of the field's default)
    choices: tuple[str, ...] = ()
    noun: str = ""  # with choices: a value not among them is "unknown <noun> X; <noun>s: ..." (else argparse's words)
    within: tuple[float, float] | None = None  # the accepted range of a number (each of several numbers)
    what: str = ""  # what the number is, for the message of a number out of range
    unit: str = "mm"
    shown_default: object = None  # the default the help names when the field's own is None (a layout's own setting)
    metavar: str | tuple[str, ...] | None = None
    group: str = ""  # the help's group of options it is listed in
    repeat: bool = False  # may be given more than once: the values in order, each once
    count: int = 1  # numbers given together (2: X Y)
    switch: bool = False  # takes no value: True when given
    check: Callable[[Any], None] | None = None  # raises UsageError for a value the rest does not rule out

    def help_text(self, default: object) -> str:
        """The help line, with the default and the range where the option has them."""
        shown = self.shown_default if default is None else default
        if self.within is None:
            return self.help
        low, high = self.within
        unit = f" {self.unit}" if self.unit != "%" else " %%"
        return f"{self.help} (default {shown:g}{unit}; {low:g} to {high:g})" if shown is not None else self.help


def flag(default: object = None, **declared) -> Any:
    """A dataclass field with its `default`, set on the command line as `Flag(**declared)` says."""
    if isinstance(default, list):
        return field(default_factory=lambda: list(default), metadata={"flag": Flag(**declared)})
    return field(default=default, metadata={"flag": Flag(**declared)})


def nested(factory: Callable[[], object], group: str) -> Any:
    """A field holding options of their own (a dataclass whose fields declare flags), listed under `group`."""
    return field(default_factory=factory, metadata={"group": group})


def _highest(model, name: str) -> float:
    """The upper bound a pydantic model declares for a number field (`le`), so a flag accepts what a file may say."""
    return next(m.le for m in model.model_fields[name].metadata if getattr(m, "le", None) is not None)


def check_site_url(url: str) -> None:
    """UsageError unless `url` is empty or an absolute http(s) address (it goes into the sitemap and every
    page's link preview)."""
    from urllib.parse import urlsplit

    if not url:
        return
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in url) or '"' in url:
        raise UsageError(f"--site-url {url!r} is not an absolute http or https address (https://example.org/rules/)")


def check_folder(name: str) -> Callable[[Path | None], None]:
    """A check that the folder given with `--name` exists."""

    def check(folder: Path | None) -> None:
        if folder is not None and not Path(folder).is_dir():
            raise UsageError(f"--{name} {folder}: no such folder")

    return check


SHEETS = "card sheets (default: each layout's own setting)"
SHOP = "print-shop files (docs/printing.md)"
_LAYOUT = Layout()


@dataclass(kw_only=True, frozen=True)
class CardOptions:
    """Card, tile, token and money sheets: the papers, and overrides of each layout's `sheet` settings
    (None keeps the layout's own, see templates/layouts/basic-card.yaml)."""

    papers: tuple[str, ...] = PAPERS
    bleed: float | None = flag(  # mm
        help="bleed around each card",
        kind=float,
        within=(0.0, _highest(Layout, "bleed")),
        what="bleed around each card",
        shown_default=_LAYOUT.bleed,
        metavar="MM",
        group=SHEETS,
    )
    marks: str | None = flag(
        help="crop marks outside the trim, plain cut lines, or none", choices=("crop", "lines", "none"), group=SHEETS
    )
    flip: str | None = flag(
        help="duplex binding edge: long mirrors columns, short mirrors rows", choices=("long", "short"), group=SHEETS
    )
    orientation: str | None = flag(
        help="page orientation of card sheets", choices=("portrait", "landscape", "auto"), group=SHEETS
    )
    safe_guide: bool | None = flag(help="draw the safe-zone guide", switch=True, group=SHEETS)
    gap: str | None = flag(  # spaced (each card its own bleed) or butted (shared cut lines)
        help="spaced: cards apart by twice the bleed, each with its own bleed (default); "
        "butted: neighbours share a cut line, more cards per page",
        choices=("spaced", "butted"),
        group=SHEETS,
    )
    offset: tuple[float, float] | None = flag(  # mm the back page is shifted (x right, y down)
        help="shift of the back pages in mm (x right, y down; each -10 to 10), measured with the calibration sheet",
        kind=float,
        count=2,
        within=(-10.0, 10.0),
        what="shift of the back pages",
        metavar=("X", "Y"),
        group=SHEETS,
    )
    ink: str = flag(  # normal, or low: backgrounds and large pictures lightened (rulepress.draw.lowink)
        "normal",
        help="low: playtest sheets with backgrounds and full-bleed pictures lightened; frames, text and icons kept",
        choices=("normal", "low"),
        group=SHEETS,
    )
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
