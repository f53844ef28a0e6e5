"""New PDF canvases the way every Rulepress PDF is made.

One place for what all PDF writers share: document metadata (title, author,
subject, creator "Rulepress"), a fixed creation date and document id
(ReportLab's invariant mode: the same input gives the same bytes), compressed
page streams, and the bundled font as the canvas's initial font. ReportLab
otherwise starts every page in Helvetica, a standard font it never embeds; with
``initialFontName`` set, no PDF refers to a font it does not carry.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulepress.text import fonts

CREATOR = "Rulepress"
INITIAL_FONT = "Body"


@dataclass(frozen=True)
class Meta:
    """The document information of one PDF."""

    title: str
    author: str = ""
    subject: str = ""
    keywords: str = ""  # the game's credits (rulepress.draw.credits.summary)

    @classmethod
    def of_game(cls, game, title: str, subject: str = "") -> Meta:
        """Metadata of a PDF made from `game` (a schema Game): its author, the given title."""
        return cls(title=title, author=game.author or "", subject=subject)


def new_canvas(target, pagesize: tuple[float, float], meta: Meta, **options):
    """A ReportLab canvas writing to `target` (a path or a binary file object) with `meta` and the conventions
    above; further keyword options go to ReportLab's Canvas (e.g. ``trimBox``)."""
    from reportlab.pdfgen import canvas as rl_canvas

    fonts.register()
    c = rl_canvas.Canvas(
        target if isinstance(target, (str, bytes)) or hasattr(target, "write") else str(target),
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=INITIAL_FONT,
        **options,
    )
    c.setTitle(meta.title)
    c.setAuthor(meta.author)
    c.setSubject(meta.subject)
    if meta.keywords:
        c.setKeywords(meta.keywords)
    c.setCreator(CREATOR)
    return c


DUPLEX_MODES = ("Simplex", "DuplexFlipLongEdge", "DuplexFlipShortEdge")


def duplex_mode(flip: str | None) -> str:
    """The /Duplex value of a two-sided sheet turned over its `flip` edge (long or short); Simplex for None."""
    if flip is None:
        return "Simplex"
    if flip not in ("long", "short"):
        raise ValueError(f"flip must be 'long' or 'short', not {flip!r}")
    return "DuplexFlipLongEdge" if flip == "long" else "DuplexFlipShortEdge"


def how_to_print(lang: str, flip: str | None) -> str:
    """The sentence saying how to print a sheet: duplex over the `flip` edge (long/short), or one-sided for None."""
    from rulepress import i18n

    w = i18n.words(lang, "print")["sheet"]
    if flip is None:
        return w["print_simplex"]
    return w["print_duplex"].format(edge=w["edge_long"] if flip == "long" else w["edge_short"])


def print_preferences(c, duplex: str) -> None:
    """Ask the viewer's print dialog for actual size (``/PrintScaling /None``) and the sheet's duplex mode
    (``/Duplex``: Simplex, DuplexFlipLongEdge or DuplexFlipShortEdge)."""
    if duplex not in DUPLEX_MODES:
        raise ValueError(f"duplex must be one of {', '.join(DUPLEX_MODES)}, not {duplex!r}")
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", duplex)
