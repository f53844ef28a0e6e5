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
    sizes: dict[str, tuple[float, float]]  # card products by name: trim (w, h) in mm, either way round


def _inches(w: float, h: float) -> tuple[float, float]:
    return (w * INCH, h * INCH)


# The card products of the shops as we know them (docs/printing.md: not read from the shops' pages here).
COMMON = {
    "poker": _inches(2.5, 3.5),
    "bridge": _inches(2.25, 3.5),
    "mini": _inches(1.75, 2.5),
    "tarot": _inches(2.75, 4.75),
}


SHOPS = {
    "tgc": Shop(
        "The Game Crafter",
        INCH / 8,
        "x4",
        300.0,
        "one PNG per card face: <component>.<lang>.images/bleed/<card>.png (poker: 825 x 1125 px), backs back-<id>.png",
        {**COMMON, "square": _inches(3.5, 3.5), "jumbo": _inches(3.5, 5.75)},
    ),
    "mpc": Shop(
        "MakePlayingCards",
        36 / 300 * INCH,  # 36 px at 300 dpi: a poker card's image is 822 x 1122 px
        "x4",
        300.0,
        "one image per card face: <component>.<lang>.images/bleed/<card>.png, the back once",
        {**COMMON, "square": _inches(2.5, 2.5), "large square": _inches(3.5, 3.5), "jumbo": _inches(3.5, 5.75)},
    ),
    "dtc": Shop(
        "DriveThruCards",
        INCH / 8,
        "x1a",
        240.0,
        "<component>.<lang>.print.pdf: one card per page, each card's front followed by its back, PDF/X-1a in CMYK",
        {**COMMON, "square": _inches(2.5, 2.5)},
    ),
}


def product(shop: Shop, trim: tuple[float, float], tolerance: float = 0.5) -> str | None:
    """The shop's card product of this trim size (mm, either way round), or None when it makes no such card."""
    for name, (w, h) in shop.sizes.items():
        for a, b in ((w, h), (h, w)):
            if abs(trim[0] - a) <= tolerance and abs(trim[1] - b) <= tolerance:
                return name
    return None


def size_warnings(jobs_, shop_id: str) -> list:
    """A warning (at the component's size) for each component whose trim the shop makes no card of."""
    from rulepress.errors import Problem

    shop = SHOPS[shop_id]
    found: list = []
    done: set[int] = set()
    for job in jobs_:
        if job.comp_index in done:
            continue
        done.add(job.comp_index)
        if product(shop, job.size) is None:
            sizes = ", ".join(f"{name} {w:.1f} x {h:.1f}" for name, (w, h) in shop.sizes.items())
            p = job.error(
                ("size",),
                f"game {job.game}, {job.comp.kind} {job.comp.id}: {shop.name} makes no {job.size[0]:g} x "
                f"{job.size[1]:g} mm card (its cards, mm: {sizes})",
            ).problem
            found.append(Problem(p.path, p.line, p.col, p.key, p.message, warning=True))
    return found


__all__ = ["SHOPS", "Shop", "product", "size_warnings"]
