"""Impose a document of half-sheet pages (A5 for A4, half-letter for Letter) as a saddle-stitched booklet for
home duplex printing.

`sheet_order(n)` is the page order of a booklet of `n` pages (a multiple of 4): sheet side by sheet side,
(left page, right page), so that the printed stack, folded in the middle, reads 1, 2, 3, ... The outer
side of the first sheet carries the last page and the first (the cover), its inner side pages 2 and n-1.
`impose` places two pages of a PDF side by side on each landscape side of A4 or Letter (at 100 % when the
pages are half the sheet, else scaled to fit each half, centred), with pikepdf; printed duplex, flipped on the short edge.
"""

from __future__ import annotations

import io


def sheet_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page indexes (0-based) of every printed side, in print order, for a booklet of `pages`."""
    if pages % 4:
        raise ValueError(f"a booklet has a multiple of 4 pages, not {pages}")
    sides = []
    for sheet in range(pages // 4):
        sides.append((pages - 1 - 2 * sheet, 2 * sheet))  # outside: last page left, first page right
        sides.append((2 * sheet + 1, pages - 2 - 2 * sheet))  # inside
    return sides


SHEET = 4  # pages a folded sheet of a booklet takes


def padding(pages: int) -> int:
    """How many pages a document of `pages` pages needs to become a booklet (a multiple of `SHEET`)."""
    return -pages % SHEET


def impose(source: bytes, sheet: tuple[float, float], target, title: str, author: str, subject: str) -> int:
    """Write the booklet of the PDF `source` (a multiple of 4 pages) on landscape sheets of `sheet` (points,
    portrait width and height) to `target`; returns the number of printed sides."""
    import pikepdf

    width, height = max(sheet), min(sheet)
    with pikepdf.open(io.BytesIO(source)) as pdf, pikepdf.new() as out:
        pages = list(pdf.pages)
        forms: dict[int, pikepdf.Object] = {}  # each page once, as a form XObject of the booklet
        placed: dict[int, tuple[int, float, float, float]] = {}  # page -> (side, scale, dx, dy)
        for left, right in sheet_order(len(pages)):
            drawn, named = [], pikepdf.Dictionary()
            for index, x in ((left, 0.0), (right, width / 2)):
                if index not in forms:
                    forms[index] = out.copy_foreign(pages[index].as_form_xobject())
                box = [float(v) for v in pages[index].mediabox]
                w, h = box[2] - box[0], box[3] - box[1]
                scale = min((width / 2) / w, height / h)
                dx, dy = x + (width / 2 - w * scale) / 2, (height - h * scale) / 2
                name = f"/Page{index + 1}"  # named after the page: the same bytes on every run
                named[name] = forms[index]
                placed[index] = (len(out.pages), scale, dx, dy)
                drawn.append(f"q {scale:.6f} 0 0 {scale:.6f} {dx:.4f} {dy:.4f} cm {name} Do Q")
            side = pikepdf.Dictionary(
                Type=pikepdf.Name.Page,
                MediaBox=[0, 0, width, height],
                Resources=pikepdf.Dictionary(XObject=named),
                Contents=out.make_stream("\n".join(drawn).encode()),
            )
            out.pages.append(pikepdf.Page(side))
        out.docinfo["/Title"] = title
        out.docinfo["/Author"] = author
        out.docinfo["/Subject"] = subject
        out.docinfo["/Creator"] = "Rulepress"
        for key in ("/CreationDate", "/ModDate", "/Producer"):  # the A5 book's fixed date: the same bytes each time
            if key in pdf.docinfo:
                out.docinfo[key] = pdf.docinfo[key]
        # two A5 pages per side, folded in the middle: duplex, turned over the short edge, at 100 %
        out.Root.ViewerPreferences = pikepdf.Dictionary(
            Duplex=pikepdf.Name.DuplexFlipShortEdge, PrintScaling=pikepdf.Name("/None")
        )
        if "/Lang" in pdf.Root:
            out.Root.Lang = pdf.Root.Lang
        _carry_destinations(pdf, out, placed)
        sides = len(out.pages)
        out.save(target, deterministic_id=True, compress_streams=True)
    return sides


def _carry_destinations(pdf, out, placed: dict[int, tuple[int, float, float, float]]) -> None:
    """The A5 book's named destinations (``r-4-2``) and outline, moved to where its pages stand on the sides of
    the booklet `out` (`placed`: page index -> (side index, scale, dx, dy)), so its links and bookmarks work."""
    import pikepdf

    pages = {page.obj.objgen: index for index, page in enumerate(pdf.pages)}

    def moved(dest):
        if not isinstance(dest, pikepdf.Array) or len(dest) < 2 or not isinstance(dest[0], pikepdf.Dictionary):
            return None
        side, scale, dx, dy = placed[pages[dest[0].objgen]]
        target = out.pages[side].obj
        if str(dest[1]) == "/XYZ" and len(dest) >= 4:
            left = dx + float(dest[2]) * scale if dest[2] is not None else None
            top = dy + float(dest[3]) * scale if dest[3] is not None else None
            return pikepdf.Array([target, pikepdf.Name.XYZ, left, top, 0])
        return pikepdf.Array([target, pikepdf.Name.Fit])

    if "/Dests" in pdf.Root:
        names = {key: moved(dest) for key, dest in pdf.Root.Dests.items()}
        out.Root.Dests = out.make_indirect(pikepdf.Dictionary({k: v for k, v in sorted(names.items()) if v}))
    with pdf.open_outline() as source, out.open_outline() as target:

        def copy(items):
            made = []
            for item in items:
                entry = pikepdf.OutlineItem(item.title, moved(item.destination) or 0)
                entry.is_closed = item.is_closed
                entry.children.extend(copy(item.children))
                made.append(entry)
            return made

        target.root.extend(copy(source.root))
