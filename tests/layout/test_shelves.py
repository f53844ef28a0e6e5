"""Shelf packing of pieces of different sizes onto shared pages."""

import pytest

from rulepress.layout.shelves import ShelfError, pack


def _boxes(pages, sizes):
    return [[(p.index, p.x, p.y, p.x + sizes[p.index][0], p.y + sizes[p.index][1]) for p in page] for page in pages]


def test_items_keep_their_order_fill_a_shelf_then_the_next_then_a_new_page():
    sizes = [(40, 60)] * 3 + [(45, 20)] * 4
    pages = pack(sizes, 130, 90, 2)
    assert [[p.index for p in page] for page in pages] == [[0, 1, 2, 3, 4], [5, 6]]
    first = pages[0]
    assert [p.y for p in first] == [0, 0, 0, 62, 62]  # a shelf below the highest of the first
    assert pages[1][0].y == 0  # a new page starts at the top


@pytest.mark.parametrize("seed", range(5))
def test_no_two_items_overlap_and_every_item_lies_in_the_area(seed):
    import random

    rng = random.Random(seed)
    sizes = [(rng.uniform(5, 60), rng.uniform(5, 80)) for _ in range(40)]
    pages = pack(sizes, 180, 260, 1.5)
    assert sorted(p.index for page in pages for p in page) == list(range(40))
    for page in _boxes(pages, sizes):
        for i, a in enumerate(page):
            assert a[1] >= -1e-9 and a[2] >= -1e-9 and a[3] <= 180 + 1e-9 and a[4] <= 260 + 1e-9
            for b in page[i + 1 :]:
                apart = a[3] + 1.5 <= b[1] + 1e-9 or b[3] + 1.5 <= a[1] + 1e-9
                apart = apart or a[4] + 1.5 <= b[2] + 1e-9 or b[4] + 1.5 <= a[2] + 1e-9
                assert apart, (a, b)


def test_a_page_is_centred_across_the_area():
    (page,) = pack([(20, 10), (30, 10)], 100, 50, 0)
    assert page[0].x == pytest.approx(25) and page[1].x == pytest.approx(45)


def test_an_item_larger_than_the_area_is_an_error():
    with pytest.raises(ShelfError, match="120 × 10 mm does not fit"):
        pack([(120, 10)], 100, 50, 0)
