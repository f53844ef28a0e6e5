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
