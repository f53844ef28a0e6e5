"""The passes of a rulebook's layout: the first one only lays out, and a booklet fills its last sheet.

ReportLab lays out a document with a table of contents at least twice (`BaseDocTemplate.multiBuild`): the
first pass finds the page of every entry, the next one prints the numbers. Nothing the first pass draws is
kept. `Passes` is the canvas maker of the passes and marks the first pass's canvas as a draft
(``canvas.draft``): a flowable that is costly to draw (an example's picture) draws nothing there. As an
indexing flowable at the head of the story it is never satisfied after one pass, so a draft is never the
canvas that is saved.

A booklet's pages make whole sheets: `sheet` is the number of pages a sheet takes (4 for a booklet).
`Passes` counts the pages each pass laid out, and the story's `Padding` becomes as many notes pages as the
last pass lacked, so a padded booklet costs one pass more rather than a second layout. Notes pages stand
after every entry of the contents, so they move no page the contents name.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable


class Passes(Flowable):
    """The canvas maker (`canvas`) and the indexing flowable of one `multiBuild` (see the module docstring)."""

    def __init__(self, canvas_class: type, doc, *, sheet: int = 1):
        super().__init__()
        self.canvas_class = canvas_class
        self.doc = doc
        self.sheet = sheet  # pages a printed sheet takes: the page count is padded to a multiple of it
        self.begun = 0  # passes begun
        self.padding = 0  # notes pages the current pass adds
        self.settled = False  # the last pass had the padding its own page count asks for

    def canvas(self, *args, **kwargs):
        """A canvas of `canvas_class` for the pass about to be laid out: a draft in the first pass."""
        made = self.canvas_class(*args, **kwargs)
        made.draft = self.begun <= 1
        return made

    # the indexing flowable's part (`multiBuild` asks every flowable of the story whether it indexes)
    def isIndexing(self) -> int:  # noqa: N802 - ReportLab's name
        return 1

    def beforeBuild(self) -> None:  # noqa: N802 - ReportLab's name
        self.begun += 1

    def afterBuild(self) -> None:  # noqa: N802 - ReportLab's name
        unpadded = self.doc.page - self.padding
        wanted = -unpadded % self.sheet
        self.settled = wanted == self.padding
        self.padding = wanted

    def isSatisfied(self) -> bool:  # noqa: N802 - ReportLab's name
        return self.begun > 1 and self.settled

    def notify(self, kind: str, stuff) -> None:  # what the document tells its indexing flowables: not ours
        pass

    def wrap(self, available_width, available_height):
        return 0, 0

    def drawOn(self, canvas, x, y, _sW=0) -> None:  # noqa: N802 - ReportLab's name; it leaves no trace on the page
        pass


class Padding(Flowable):
    """Where a booklet's notes pages go: `page()` makes the flowables of one notes page."""

    def __init__(self, passes: Passes, page: Callable[[], list]):
        super().__init__()
        self.passes, self.page = passes, page

    def pages(self) -> list:
        return [f for _ in range(self.passes.padding) for f in self.page()]

    def wrap(self, available_width, available_height):
        return 0, 0

    def draw(self) -> None:
        pass


def expand(flowables: list) -> None:
    """For `BaseDocTemplate.filterFlowables`: a `Padding` about to be laid out becomes its notes pages."""
    if flowables and isinstance(flowables[0], Padding):
        flowables[0:1] = flowables[0].pages() or [None]


def is_draft(canvas) -> bool:
    """Whether `canvas` belongs to a pass whose drawing is thrown away."""
    return bool(getattr(canvas, "draft", False))
