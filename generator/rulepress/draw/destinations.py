"""Named destinations of a ReportLab document, so a link from outside the PDF opens at its place.

ReportLab writes the destinations of ``<a name="r-4-2"/>`` and ``bookmarkPage`` into the links and the
outline that use them, but lists none by name: a URL ``rulebook.en.a4.pdf#r-4-2`` then opens at the first
page. `NamedCanvas` is a canvas that, when saved, lists every destination bound to a page in the document
catalog's ``/Dests`` (sorted by name, so the same input gives the same bytes); PDF viewers (pdf.js,
PDFium, Acrobat) resolve a URL's fragment there.
"""

from __future__ import annotations


def publish(canvas) -> int:
    """List the bound destinations of `canvas` (a ReportLab canvas) in its catalog's /Dests; their number."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary

    bound = {
        name: destination
        for name, destination in sorted(canvas._destinations.items())
        if destination.page is not None and destination.fmt is not None
    }
    if bound:
        canvas._doc.Catalog.Dests = PDFDictionary(bound)
    return len(bound)


def named_canvas():
    """The canvas class for `BaseDocTemplate.build(..., canvasmaker=...)`: a Canvas that publishes its
    destinations by name when it is saved."""
    from reportlab.pdfgen.canvas import Canvas

    class NamedCanvas(Canvas):
        def save(self):
            if len(self._code):  # the last page's destinations are bound when it is shown
                self.showPage()
            publish(self)
            super().save()

    return NamedCanvas
