"""How one face of a piece is painted (`rulepress.draw.piece_face`): the chip-like finish of a round token, the
framed square token, the hatched standee, and the pawn's figure, measured on rendered pixels."""

import io
import subprocess
from pathlib import Path

from PIL import Image
from reportlab.pdfgen import canvas as rl_canvas

from rulepress.draw.piece_face import figure, finish, ink_on
from rulepress.layout.paper import MM


def _finished(shape, color: str, tmp_path: Path) -> Image.Image:
    """One 16 mm face with its finish (colour, texture, frame), rendered at 10 pixels per mm, its page the face."""
    buffer = io.BytesIO()
    c = rl_canvas.Canvas(buffer, pagesize=(16 * MM, 16 * MM), invariant=1)
    c.setFillColor(color)
    c.rect(0, 0, 16 * MM, 16 * MM, stroke=0, fill=1)
    finish(c, 16 * MM, 16 * MM, color, ink_on(color), shape)
    c.save()
    (tmp_path / "f.pdf").write_bytes(buffer.getvalue())
    subprocess.run(["pdftoppm", "-r", "254", "-png", "-singlefile", tmp_path / "f.pdf", tmp_path / "f"], check=True)
    return Image.open(tmp_path / "f.png").convert("RGB")


def _colours(image: Image.Image, box) -> int:
    """How many different colours the region holds (1: plain)."""
    return len(image.crop(box).getcolors(maxcolors=100000) or [])


def test_a_round_token_is_finished_like_a_chip_and_a_square_one_framed(tmp_path):
    chip = _finished("circle", "#b3261e", tmp_path)
    assert _colours(chip, (60, 60, 100, 100)) == 1  # the middle, where the title stands, is the plain colour
    assert chip.getpixel((80, 80)) == (0xB3, 0x26, 0x1E)
    edge = [chip.getpixel((x, 80)) for x in range(0, 16)]  # the rim: rays and edge dashes in a lighter shade
    assert any(p != (0xB3, 0x26, 0x1E) for p in edge)
    assert all(p[0] >= 0xB3 - 2 for p in edge)  # lighter on a dark face, never darker
    tile = _finished("square", "#e3b915", tmp_path)
    assert _colours(tile, (40, 40, 120, 120)) == 1
    border = [tile.getpixel((x, 80)) for x in range(0, 14)]
    assert any(sum(p) < sum((0xE3, 0xB9, 0x15)) - 30 for p in border)  # a darker lattice and frame on a light face
    standee = _finished(None, "#2c7a3f", tmp_path)
    assert _colours(standee, (40, 40, 120, 120)) > 1  # hatched all over


def test_a_pawn_figure_is_a_turned_pawn_head_collar_waist_and_foot(tmp_path):
    buffer = io.BytesIO()
    c = rl_canvas.Canvas(buffer, pagesize=(20 * MM, 20 * MM), invariant=1)
    figure(c, 20 * MM, 20 * MM, "#000000")
    c.save()
    (tmp_path / "p.pdf").write_bytes(buffer.getvalue())
    subprocess.run(["pdftoppm", "-r", "254", "-png", "-singlefile", tmp_path / "p.pdf", tmp_path / "p"], check=True)
    image = Image.open(tmp_path / "p.png").convert("L")  # 200 x 200 px, 10 px per mm

    def width(y_mm: float) -> float:
        """The figure's width in mm on the row y_mm from the top."""
        row = [image.getpixel((x, int(y_mm * 10))) for x in range(image.width)]
        return sum(1 for p in row if p < 128) / 10

    head, collar, waist, foot = width(4.0), width(6.0), width(7.0), width(12.2)
    assert width(1.0) == 0 and width(13.5) == 0  # within 36-95 % of the height, clear of the title below
    assert 3 < head < 4.5 and collar > head  # a round head sits on a wider collar,
    assert waist < collar  # the body narrows under the collar
    assert foot > 2 * collar  # and flares to a wide foot
