"""Tiled boards on paper: each overlap's registration crosses on both tiles, nothing within 5 mm of the edge.

The tile PDFs are parsed: a cross is a horizontal and a vertical stroke of the same length
crossing at their middles; its place in sheet millimetres is turned back into a board point.
"""

from __future__ import annotations

import subprocess

import pdfplumber
import pytest
from PIL import Image
from test_boards import bundled_boards, fixture

from rulepress.layout.paper import MM, PAPERS
from rulepress.layout.tiling import plan_tiles
from rulepress.render import boards

BOARDS = [pytest.param(fixture("map"), id="fixture-map")] + bundled_boards()
OVERLAP = 10.0


def crosses(page) -> list[tuple[float, float, float]]:
    """(x, y, arm) of every cross on a page, in mm from the sheet's top-left."""
    horizontal, vertical = [], []
    for line in page.lines:
        x0, x1, top, bottom = line["x0"] / MM, line["x1"] / MM, line["top"] / MM, line["bottom"] / MM
        if abs(bottom - top) < 0.01 and x1 - x0 > 1:
            horizontal.append(((x0 + x1) / 2, top, (x1 - x0) / 2))
        elif abs(x1 - x0) < 0.01 and bottom - top > 1:
            vertical.append((x0, (top + bottom) / 2, (bottom - top) / 2))
    found = []
    for hx, hy, harm in horizontal:
        for vx, vy, varm in vertical:
            if abs(hx - vx) < 0.01 and abs(hy - vy) < 0.01 and abs(harm - varm) < 0.01:
                found.append((hx, hy, harm))
    return found


@pytest.fixture(scope="module")
def tiled(tmp_path_factory):
    out = tmp_path_factory.mktemp("tiles")
    cache = {}

    def get(board, paper):
        key = (board.id, paper)
        if key not in cache:
            path = out / f"{board.id}.{paper}.tiled.pdf"
            boards.write_tiled(board, "en", paper, OVERLAP, path)
            cache[key] = path
        return cache[key]

    return get


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("board", BOARDS)
def test_both_tiles_of_an_overlap_carry_a_cross_at_the_same_board_point(board, paper, tiled):
    plan = plan_tiles(board.size.width, board.size.height, PAPERS[paper], overlap=OVERLAP)
    if len(plan.tiles) == 1:
        pytest.skip("one tile: no overlap")
    with pdfplumber.open(tiled(board, paper)) as pdf:
        on_board = {}
        for tile in plan.tiles:
            page = pdf.pages[1 + tile.row * plan.cols + tile.col]
            on_board[tile.label] = [
                (tile.x + x - plan.window_x, tile.y + y - plan.window_y, arm) for x, y, arm in crosses(page)
            ]
    pairs = 0
    for tile in plan.tiles:
        for side in ("right", "bottom"):
            other = plan.neighbours(tile).get(side)
            if other is None:
                continue
            # the overlap: the board both tiles print
            x0, x1 = max(tile.x, other.x), min(tile.right, other.right)
            y0, y1 = max(tile.y, other.y), min(tile.bottom, other.bottom)

            def inside(p, x0=x0, x1=x1, y0=y0, y1=y1):
                return x0 <= p[0] <= x1 and y0 <= p[1] <= y1

            lower = [p for p in on_board[tile.label] if inside(p)]
            upper = [p for p in on_board[other.label] if inside(p)]
            assert len(lower) >= 2, (tile.label, side)
            for x, y, _arm in lower:  # every cross of the covered strip has its partner on the tile laid over it
                assert any(abs(x - u[0]) <= 0.1 and abs(y - u[1]) <= 0.1 for u in upper), (
                    tile.label,
                    other.label,
                    x,
                    y,
                )
            for x, y, _arm in upper:
                assert any(abs(x - w[0]) <= 0.1 and abs(y - w[1]) <= 0.1 for w in lower), (
                    other.label,
                    tile.label,
                    x,
                    y,
                )
            pairs += 1
    assert pairs == plan.rows * (plan.cols - 1) + plan.cols * (plan.rows - 1)
    # crosses only in overlaps: none on board that only one tile prints
    for tile in plan.tiles:
        for x, y, _arm in on_board[tile.label]:
            assert len([t for t in plan.tiles if t.contains(x, y)]) >= 2, (tile.label, x, y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tile_pages_leave_5_mm_of_blank_paper_at_every_edge(paper, tiled, tmp_path):
    """Rendered at 100 dpi: the outer 5 mm band of every page (assembly and tiles) is white."""
    board = fixture("map")
    path = tiled(board, paper)
    subprocess.run(["pdftoppm", "-r", "100", "-gray", str(path), str(tmp_path / "p")], check=True)
    pages = sorted(tmp_path.glob("p*.pgm"))
    plan = plan_tiles(board.size.width, board.size.height, PAPERS[paper], overlap=OVERLAP)
    assert len(pages) == 1 + len(plan.tiles)
    band = round(4.9 * 100 / 25.4)  # 5 mm less a pixel's rounding
    for picture in pages:
        image = Image.open(picture)
        w, h = image.size
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            darkest = min(image.crop(box).get_flattened_data())
            assert darkest >= 250, (picture.name, box, darkest)


def test_a_pair_of_tiles_renders_both_crosses(tiled, tmp_path):
    """At 100 dpi the lower tile's ringed cross and the upper tile's fine one are both visible ink."""
    board = fixture("map")
    plan = plan_tiles(board.size.width, board.size.height, PAPERS["a4"], overlap=OVERLAP)
    left, right = plan.tile(0, 0), plan.tile(0, 1)
    path = tiled(board, "a4")
    dpi = 100
    px = dpi / 25.4
    for tile, page in ((left, 2), (right, 3)):
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                str(dpi),
                "-gray",
                "-f",
                str(page),
                "-l",
                str(page),
                "-singlefile",
                str(path),
                str(tmp_path / tile.label),
            ],
            check=True,
        )
    x = right.x + OVERLAP / 2
    y = left.y + left.height * 0.25
    for tile in (left, right):
        image = Image.open(tmp_path / f"{tile.label}.pgm")
        sx, sy = plan.window_x + x - tile.x, plan.window_y + y - tile.y
        # the arms' ends 1.5 mm from the centre, left and right, above and below: ink on each
        for dx, dy in ((-1.5, 0), (1.5, 0), (0, -1.5), (0, 1.5)):
            cx, cy = round((sx + dx) * px), round((sy + dy) * px)
            patch = image.crop((cx - 1, cy - 1, cx + 2, cy + 2))
            assert min(patch.get_flattened_data()) < 200, (tile.label, dx, dy)
