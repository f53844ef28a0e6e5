"""The duplex calibration sheet measured in the PDF: nothing overlaps, nothing within 5 mm of the edge."""

import pdfplumber
import pytest

from rulepress.layout.calibration import ARM
from rulepress.layout.geometry import Rect
from rulepress.render.calibration import write_calibration

PT = 25.4 / 72


def _boxes(page):
    """(kind, Rect in mm) of every word and every line segment (grown by half a line width)."""
    words = [
        ("word", Rect(w["x0"] * PT, w["top"] * PT, (w["x1"] - w["x0"]) * PT, (w["bottom"] - w["top"]) * PT))
        for w in page.extract_words(keep_blank_chars=False, x_tolerance=1)
    ]
    lines = [
        (
            "line",
            Rect(
                ln["x0"] * PT - 0.05,
                ln["top"] * PT - 0.05,
                (ln["x1"] - ln["x0"]) * PT + 0.1,
                (ln["bottom"] - ln["top"]) * PT + 0.1,
            ),
        )
        for ln in page.lines
    ]
    return words, lines


@pytest.mark.parametrize("paper, flip", [("a4", "long"), ("letter", "long"), ("a4", "short")])
def test_scales_crosses_and_instructions_do_not_overlap(tmp_path, paper, flip):
    target = tmp_path / "cal.pdf"
    write_calibration(paper, flip, target)
    with pdfplumber.open(target) as pdf:
        assert len(pdf.pages) == 2
        for number, page in enumerate(pdf.pages):
            W, H = page.width * PT, page.height * PT
            words, lines = _boxes(page)
            assert words and lines
            for _, box in words + lines:  # the unprintable edge of a home printer stays blank
                assert box.x >= 5 - 0.06 and box.y >= 5 - 0.06
                assert box.right <= W - 5 + 0.06 and box.bottom <= H - 5 + 0.06
            for i, (_, a) in enumerate(words):
                for _, b in words[i + 1 :]:
                    assert not a.intersects(b, 0.01), (number, a, b)
                for _, line in lines:
                    assert not a.intersects(line, 0.01), (number, a, line)
            # ticks of one ruler never cross the other ruler; crosses are the only lines that cross
            if number == 1:
                vertical = [b for _, b in lines if b.w < 0.2]
                horizontal = [b for _, b in lines if b.h < 0.2]
                assert not any(v.intersects(h, 0.0) for v in vertical for h in horizontal)
                assert len(vertical) == len(horizontal) == 5 * 21
            else:
                assert len(lines) == 10 + 22  # five crosses; the scale bar's line and its 21 ticks


def test_the_crosses_reach_across_both_rulers(tmp_path):
    """Front and back of one spot, put on top of each other as the light shows them: each arm meets its ruler."""
    target = tmp_path / "cal.pdf"
    write_calibration("a4", "long", target)
    with pdfplumber.open(target) as pdf:
        W = pdf.pages[0].width * PT
        front = [
            (ln["x0"] * PT, ln["top"] * PT, ln["x1"] * PT, ln["bottom"] * PT)
            for ln in pdf.pages[0].lines
            if max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) * PT == pytest.approx(2 * ARM, abs=0.05)  # arms
        ]
        assert len(front) == 10
        back = [(W - ln["x1"] * PT, ln["top"] * PT, W - ln["x0"] * PT, ln["bottom"] * PT) for ln in pdf.pages[1].lines]
    for x0, top, x1, bottom in front:
        if x0 == pytest.approx(x1):  # the vertical arm crosses a row of x-ruler ticks
            hits = [b for b in back if b[0] == pytest.approx(b[2]) and abs(b[0] - x0) < 0.01 and top <= b[1] <= bottom]
        else:  # the horizontal arm crosses the y-ruler's zero tick
            hits = [
                b
                for b in back
                if b[1] == pytest.approx(b[3])
                and abs(b[1] - top) < 0.01
                and min(b[0], b[2]) >= min(x0, x1) - 0.01
                and max(b[0], b[2]) <= max(x0, x1) + 0.01
            ]
        assert len(hits) == 1, (x0, top, x1, bottom)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_scale_bar_measures_100_mm_and_says_so_in_every_language(tmp_path, paper):
    """A ruler laid on the bar tells whether the printer scaled the page: its end ticks stand 100 mm apart, its
    labels 0..100 every 10 mm; the caption and how to print are in each of the game's languages; nothing a
    player reads is under 6 pt."""
    target = tmp_path / "cal.pdf"
    write_calibration(paper, "long", target, languages=("de", "en", "fr"))
    with pdfplumber.open(target) as pdf:
        front, back = pdf.pages
        H = front.height * PT
        ticks = sorted(
            ln["x0"] * PT for ln in front.lines if ln["x0"] == pytest.approx(ln["x1"]) and ln["bottom"] * PT > H - 30
        )
        assert len(ticks) == 21 and ticks[-1] - ticks[0] == pytest.approx(100.0, abs=0.01)
        assert all(b - a == pytest.approx(5.0, abs=0.01) for a, b in zip(ticks, ticks[1:]))
        blocks = sorted((r["x0"] * PT, r["width"] * PT) for r in front.rects if r["fill"] and r["top"] * PT > H - 30)
        assert [(round(x - ticks[0], 2), round(w, 2)) for x, w in blocks] == [(mm, 10.0) for mm in range(0, 100, 20)]
        labels = [w for w in front.extract_words() if w["text"].isdigit() and w["top"] * PT > H - 20]
        assert [int(w["text"]) for w in sorted(labels, key=lambda w: w["x0"])] == list(range(0, 101, 10))
        text = front.extract_text()
        for words in ("genau 100 mm", "exactly 100 mm", "exactement 100 mm"):
            assert words in text.replace("\n", " ")
        for page in (front, back):
            flat = page.extract_text().replace("\n", " ")
            assert all(edge in flat for edge in ("langen Kante", "long edge", "bord long")), flat
            assert min(ch["size"] for ch in page.chars) >= 6.0 - 1e-6
