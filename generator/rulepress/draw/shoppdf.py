"""The print-shop PDF of a component: one page per printed copy, front then back, trim plus bleed.

The print-shop export (`rulepress.render.exports`) writes it, and the print-and-cut folders
(`rulepress.render.printcut`) impose its fronts onto the cutting machines' sheets.
"""

from __future__ import annotations

from pathlib import Path

from rulepress.draw.cardjobs import Job, check_images, designs, picture_files
from rulepress.draw.painter import (
    Forms,
    back_of,
    front_of,
)
from rulepress.draw.pdf import new_canvas
from rulepress.draw.pictures import Pictures
from rulepress.layout.paper import MM


def write_print_pdf(job: Job, target: Path) -> dict:
    """The print-shop PDF: one page per printed copy, front then back, sized trim plus bleed, with TrimBox
    (the cut) and BleedBox (the whole page) on every page. Repeated faces are stored once (form XObjects)."""
    w, h = job.size
    b = job.settings.bleed
    W, H, B = (w + 2 * b) * MM, (h + 2 * b) * MM, b * MM
    check_images(job)
    c = new_canvas(target, (W, H), job.meta("print shop, one card per page"))
    c.setTrimBox((B, B, W - B, H - B))
    c.setBleedBox((0, 0, W, H))
    pictures = Pictures(c)
    for path in picture_files(job):  # placeholders before any form: ReportLab forms do not nest
        pictures.prepare(path)
    forms = Forms(c, job, pictures, lambda ref, same, every: f"card_{every}")
    pages = 0
    for design in designs(job):
        faces = (front_of(design), back_of(design))
        for ref in faces:  # both forms before the design's first page (the order of the PDF's objects)
            forms.define(ref)
        for _ in range(design.qty):
            for ref in faces:
                c.saveState()
                c.translate(B, B)
                forms.place(ref)
                c.restoreState()
                c.showPage()
                pages += 1
    c.save()
    pictures.embed(target)
    return {"pages": pages}
