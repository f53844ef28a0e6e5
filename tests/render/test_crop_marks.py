"""Crop marks on the bundled games' real card sheets: every mark at least 3 mm long, on a cut line, clear of
the card and of the page edge, also where a line of print guidance shares the bottom margin (Risk and 1848 on
A4, whose bottom marks once shrank to 1.62 mm)."""

import pdfplumber
import pytest

from rulepress import paths
from rulepress.draw import cardjobs
from rulepress.model import load_game
from rulepress.options import CardOptions
from rulepress.render import cards

MM = 72 / 25.4


def _marks(page, outer) -> list[tuple[float, float, float, float]]:
    """The black hairlines of a page wholly outside the grid's trim hull (mm, top-left origin): its crop marks."""
    found = []
    for line in page.lines:
        colour = tuple(round(v, 2) for v in (line.get("stroking_color") or ()))
        if colour not in ((0.0, 0.0, 0.0), (0.0,)) or abs(line["linewidth"] - 0.25) > 0.01:
            continue
        x0, x1, y0, y1 = (v / MM for v in (line["x0"], line["x1"], line["top"], line["bottom"]))
        if x1 <= outer.x + 1e-6 or x0 >= outer.right - 1e-6 or y1 <= outer.y + 1e-6 or y0 >= outer.bottom - 1e-6:
            found.append((x0, y0, x1, y1))
    return found


@pytest.mark.parametrize("game", ["risk", "revolution-1848"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_crop_mark_is_at_least_3_mm_long(tmp_path, game, paper):
    content = load_game(paths.BUNDLED_CONTENT / game)
    options = CardOptions(papers=(paper,))
    jobs = {cardjobs.component_path(j.game, j.comp.id, j.lang, j.paper): j for j in cardjobs.jobs(content, options)}
    checked = 0
    for artifact in cards.plan(content, options):
        job = jobs.get(artifact.path)
        if job is None or job.lang != "en" or job.settings.marks != "crop":
            continue
        target = tmp_path / artifact.path
        target.parent.mkdir(parents=True, exist_ok=True)
        artifact.write(target)
        sheet, g = cardjobs.choose_paper(job.paper, job.size, job.settings)
        with pdfplumber.open(target) as pdf:
            for number, page in enumerate(pdf.pages[::2], start=1):  # the fronts (backs have no marks)
                marks = _marks(page, g.outer)
                assert marks, (artifact.path, number)
                shortest = min(max(x1 - x0, y1 - y0) for x0, y0, x1, y1 in marks)
                assert shortest >= 3.0 - 0.01, (artifact.path, number, round(shortest, 2))
                for x0, y0, x1, y1 in marks:
                    assert min(x0, y0) >= 5.0 - 0.01 and x1 <= sheet.width - 5.0 + 0.01
                    assert y1 <= sheet.height - 5.0 + 0.01
                guide = [ch for ch in page.chars if ch["bottom"] / MM > sheet.height - 10]
                if guide:  # the guidance line under the bottom marks, not crossed by them
                    assert max(y1 for *_, y1 in marks) <= min(ch["top"] for ch in guide) / MM + 0.01
                checked += 1
    assert checked >= 2
