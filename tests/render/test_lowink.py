"""Low-ink card sheets (--ink low): much less ink, the same texts, frames and small marks kept."""

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest

from rulepress.draw import lowink
from rulepress.draw.pdfstreams import every_stream
from rulepress.model import load_game
from rulepress.options import CardOptions
from rulepress.render import cards


@pytest.fixture(scope="module")
def sheets(tmp_path_factory, picture_game):
    """The English sheets of the picture game's components, normal and low ink."""
    tmp = tmp_path_factory.mktemp("lowink")
    content = load_game(picture_game(tmp, "inktest"))
    made = {}
    for ink in ("normal", "low"):
        for artifact in cards.plan(content, CardOptions(papers=("a4",), ink=ink)):
            if artifact.lang == "en" and artifact.path.endswith(".pdf"):
                target = tmp / ink / artifact.path
                target.parent.mkdir(parents=True, exist_ok=True)
                artifact.write(target)
                made[(ink, artifact.path.split("/")[-1])] = target
    return made


def ink(path) -> float:
    """Mean ink of the rasterised pages: 0 blank paper, 1 black everywhere (1 - grey level)."""
    doc = pdfium.PdfDocument(str(path))
    try:
        values = []
        for page in doc:
            grey = page.render(scale=30 / 72).to_pil().convert("L")
            values.append(1 - sum(grey.tobytes()) / (255 * grey.width * grey.height))
        return sum(values) / len(values)
    finally:
        doc.close()


def strokes(path) -> int:
    with pikepdf.open(path) as pdf:
        return sum(
            1
            for _, stream in every_stream(pdf)
            for i in pikepdf.parse_content_stream(stream)
            if str(i.operator) in ("S", "s")
        )


@pytest.mark.parametrize("name, at_most", [("pictures.en.a4.pdf", 0.35), ("deck.en.a4.pdf", 0.5)])
def test_ink_coverage_falls(sheets, name, at_most):
    normal, low = ink(sheets[("normal", name)]), ink(sheets[("low", name)])
    assert normal > 0.05
    assert low <= at_most * normal, (normal, low)


def test_texts_and_frames_are_kept(sheets):
    for name in ("deck.en.a4.pdf", "pictures.en.a4.pdf", "chips.en.a4.pdf"):
        with pdfplumber.open(sheets[("normal", name)]) as a, pdfplumber.open(sheets[("low", name)]) as b:
            assert [p.extract_text() for p in a.pages] == [p.extract_text() for p in b.pages]
        assert strokes(sheets[("low", name)]) == strokes(sheets[("normal", name)])  # frames, cut circles, crop marks


MM_PT = 72 / 25.4


def test_light_text_on_a_lightened_back_becomes_dark(sheets):
    """The deck's back: white title on dark blue, once the blue is pale the title is printed dark."""
    with pdfplumber.open(sheets[("low", "deck.en.a4.pdf")]) as pdf:
        back = pdf.pages[1]
        trim = back.height - 12 * MM_PT  # the printing guidance in the bottom margin is no card's text
        colours = {tuple(round(v, 2) for v in c["non_stroking_color"]) for c in back.chars if c["bottom"] < trim}
    assert colours == {lowink.DARK_TEXT}


def test_lighten_keeps_hue_and_moves_to_paper():
    assert lowink.lighten([0.0, 0.0, 0.0]) == [0.85, 0.85, 0.85]
    assert lowink.lighten([0.0, 0.2, 1.0, 0.5]) == [0.0, 0.03, 0.15, 0.075]


@pytest.fixture(scope="module")
def army_sheets(tmp_path_factory):
    """The Risk army pieces (the heaviest print of that kit), English A4, normal and low ink, as the build
    plans them."""
    from rulepress import paths
    from rulepress.render import pieces

    tmp = tmp_path_factory.mktemp("lowink-pieces")
    content = load_game(paths.BUNDLED_CONTENT / "risk")
    made = {}
    for ink_setting in ("normal", "low"):
        for artifact in pieces.plan(content, CardOptions(papers=("a4",), ink=ink_setting)):
            if artifact.lang == "en" and artifact.path.endswith("armies.en.a4.pdf"):
                target = tmp / ink_setting / "armies.pdf"
                target.parent.mkdir(parents=True, exist_ok=True)
                artifact.write(target)
                made[ink_setting] = (target, artifact.inputs)
    return made


def test_low_ink_lightens_the_pieces_too(army_sheets):
    """`--ink low` reaches the pieces sheets: the army tokens take at most half the ink, keep their texts
    and cut lines, and the setting is an input (a normal sheet is not reused for a low-ink build)."""
    (normal, normal_inputs), (low, low_inputs) = army_sheets["normal"], army_sheets["low"]
    before, after = ink(normal), ink(low)
    assert before > 0.2 and after <= 0.5 * before, (before, after)
    with pdfplumber.open(normal) as a, pdfplumber.open(low) as b:
        assert [p.extract_text() for p in a.pages] == [p.extract_text() for p in b.pages]
    assert strokes(low) == strokes(normal)
    assert low_inputs.get("ink") == "low" and "ink" not in normal_inputs
