"""Named destinations of a ReportLab document, so a link from outside the PDF opens at its place.

ReportLab writes the destinations of ``<a name="r-4-2"/>`` and ``bookmarkPage`` into the links and the
outline that use them, but lists none by name: a URL ``rulebook.en.a4.pdf#r-4-2`` then opens at the first
page. `NamedCanvas` is a canvas that keeps every destination it binds to a page (the one `bookmarkPage`
returns; a paragraph's ``<a name>`` and the outline bind theirs with it) and, when saved, lists them in the
document catalog's ``/Dests`` (sorted by name, so the same input gives the same bytes; ReportLab's public
`setCatalogEntry`). PDF viewers (pdf.js, PDFium, Acrobat) resolve a URL's fragment there.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas


class NamedCanvas(Canvas):
    """A canvas that publishes the destinations it binds by name when it is saved."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.bound: dict[str, object] = {}  # name -> the destination bound to a page

    def bookmarkPage(self, key, *args, **kwargs):  # noqa: N802 (ReportLab's name)
        destination = super().bookmarkPage(key, *args, **kwargs)
        self.bound[key] = destination
        return destination

    def save(self):
        if self.bound:
            self.setCatalogEntry("Dests", dict(sorted(self.bound.items())))
        super().save()
