"""What the site's pages are made from (`rulepress.site.sources`): here, the order of a gallery's card images."""

from rulepress.site.sources import face_order


def test_a_gallery_shows_each_card_front_then_back_in_card_order():
    files = [
        "x/trim/tile-1.back.png",
        "x/trim/tile-10.png",
        "x/trim/tile-2.back.png",
        "x/trim/tile-1.png",
        "x/trim/tile-2.png",
        "x/trim/tile-10.back.png",
    ]
    assert sorted(files, key=face_order) == [
        "x/trim/tile-1.png",
        "x/trim/tile-1.back.png",
        "x/trim/tile-2.png",
        "x/trim/tile-2.back.png",
        "x/trim/tile-10.png",
        "x/trim/tile-10.back.png",
    ]
    assert sorted(["x/trim/Z28.png", "x/trim/PE01.png"], key=face_order) == ["x/trim/PE01.png", "x/trim/Z28.png"]
