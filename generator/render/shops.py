"""Print-shop presets: the bleed, PDF/X version and ink limit a print-on-demand shop asks for, and which of
the build's files to upload there (docs/printing.md cites where each number comes from).

`--shop NAME` sets the print-shop outputs (the one-card-per-page PDF and the 300 dpi PNGs) to the preset's
bleed and PDF/X settings; `--bleed`, `--pdfx` and `--ink-limit` given on the command line still win. The
home-printing sheets are not changed.
"""

from __future__ import annotations

from dataclasses import dataclass

INCH = 25.4


@dataclass(frozen=True)
class Shop:
    """One print shop's file requirements for cards."""

    name: str
    bleed: float  # mm on every side of the trim
    pdfx: str  # x4 or x1a
    ink_limit: float  # percent
    upload: str  # which files to upload, in the order the shop wants them


SHOPS = {
    "tgc": Shop(
        "The Game Crafter",
        INCH / 8,
        "x4",
        300.0,
        "one PNG per card face: <component>.<lang>.images/bleed/<card>.png (poker: 825 x 1125 px), backs back-<id>.png",
    ),
    "mpc": Shop(
        "MakePlayingCards",
        36 / 300 * INCH,  # 36 px at 300 dpi: a poker card's image is 822 x 1122 px
        "x4",
        300.0,
        "one image per card face: <component>.<lang>.images/bleed/<card>.png, the back once",
    ),
    "dtc": Shop(
        "DriveThruCards",
        INCH / 8,
        "x1a",
        240.0,
        "<component>.<lang>.print.pdf: one card per page, each card's front followed by its back, PDF/X-1a in CMYK",
    ),
}


__all__ = ["SHOPS", "Shop"]
