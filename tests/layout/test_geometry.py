"""The shared rectangle type."""

from rulepress.layout.geometry import Rect


def test_edges_centre_and_insets():
    r = Rect(10, 20, 30, 40)
    assert (r.right, r.bottom, r.centre) == (40, 60, (25, 40))
    assert r.inset(5) == Rect(15, 25, 20, 30)
    assert r.grown(5) == Rect(5, 15, 40, 50)


def test_overlap_and_containment():
    a, b = Rect(0, 0, 10, 10), Rect(5, 5, 10, 10)
    assert a.overlap_area(b) == 25 and a.intersects(b)
    assert not a.intersects(Rect(10, 0, 5, 5))  # touching is not overlapping
    assert Rect(1, 1, 2, 2).inside(a) and not b.inside(a)


def test_clip_segment_gives_the_part_inside_or_none():
    from rulepress.layout.geometry import Rect, clip_segment

    box = Rect(0, 0, 10, 10)
    assert clip_segment((-5, 5), (15, 5), box) == (0.25, 0.75)
    assert clip_segment((2, 2), (3, 3), box) == (0.0, 1.0)  # wholly inside
    assert clip_segment((-5, 20), (15, 20), box) is None  # parallel, outside
    assert clip_segment((-5, -1), (5, 9), box) == (0.5, 1.0) and clip_segment((11, 0), (20, 5), box) is None
