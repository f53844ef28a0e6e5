"""Benchmark of card sheets: prints time and peak memory (not a test).

1. 1,000 and 5,000 (the schema's most per component) generated vector cards through Rulepress (`write_component`)
   and through a minimal raw ReportLab canvas loop drawing the same texts (the floor).
2. 1,000 image cards (300 dpi PNG fronts of 744 x 1039 px, one shared back) through
   `rulepress build` of a picture deck (layout picture-card, a game folder holding the
   PNGs), Rulepress's bare picture sheet writer, a raw ReportLab drawImage loop, and
   img2pdf, all on the same files in the same run.

Each measurement runs in its own process so peak memory (ru_maxrss) is its own.
Process start-up (imports, font files read) is done before the clock starts and
printed separately: a build pays it once, not per sheet.
Run: python benchmarks/cards.py [--quick | --smoke] [--repeat N] (best time of N runs; --smoke: a tiny run)
"""

from __future__ import annotations

import multiprocessing as mp
import resource
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path


def _component(n: int):
    from rulepress.model.schema import Card, Component, Text

    cards = [
        Card(
            id=f"c{i}",
            title=Text(de=f"Karte {i}", en=f"Card {i}"),
            text=Text(de=f"Ziehe {i % 6 + 1} Felder vor.", en=f"Move {i % 6 + 1} spaces forward."),
            values={"value": i % 10},
        )
        for i in range(n)
    ]
    return Component(
        id="bench",
        kind="deck",
        name=Text(de="Bank", en="Bench"),
        layout="basic-card",
        size="poker",
        back="b",
        backs=[{"id": "b", "title": Text(de="Rückseite", en="Back")}],
        cards=cards,
        provenance="seed",
    )


def rulepress_vector(n: int, target: Path) -> None:
    """`n` vector cards of the basic layout through the sheet writer, as the build plans them (`jobs`)."""
    import tempfile

    from rulepress.draw.cardjobs import jobs
    from rulepress.model import load_game
    from rulepress.options import CardOptions
    from rulepress.render.cards import write_component
    from rulepress.scaffold import new_game

    with tempfile.TemporaryDirectory() as games:
        content = load_game(new_game("bench", Path(games), languages=("de", "en")))
        game = content.game.model_copy(update={"components": [_component(n)]})
        job = next(j for j in jobs(replace(content, game=game), CardOptions(papers=("a4",))) if j.lang == "en")
        write_component(job, target)


def raw_vector(n: int, target: Path) -> None:
    """The floor: what a hand-written ReportLab loop draws for the same visible sheet, no fitting, no checks.

    Per front: the background over the bleed, the rounded frame, and the same four text runs in the same
    fonts (title Body-Bold 11, text Body 8.5, value label Condensed 8 + value Condensed-Bold 8, colour
    #111111); per back: the back colour and its title (Body-Bold 14, white). Same fonts embedded, page
    compression on. Not drawn: clipping to the bleed, crop marks, the 9-up grid of the real sheet
    (a fixed 3 x 3 here)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    from rulepress.layout.paper import MM
    from rulepress.text import fonts

    fonts.register()
    c = canvas.Canvas(str(target), pagesize=A4, invariant=1, pageCompression=1, initialFontName="Body")
    w, h, bleed = 63.5 * MM, 88.9 * MM, 3 * MM
    for start in range(0, n, 9):
        for k, i in enumerate(range(start, min(n, start + 9))):
            x, y = (10 + (k % 3) * 63.5) * MM, (15 + (k // 3) * 88.9) * MM
            c.setFillColorRGB(1, 1, 1)
            c.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, fill=1, stroke=0)
            c.setStrokeColorRGB(0.33, 0.33, 0.33)
            c.setLineWidth(0.6)
            c.roundRect(x + 2.2 * MM, y + 2.2 * MM, w - 4.4 * MM, h - 4.4 * MM, 3 * MM, fill=0, stroke=1)
            c.setFillColorRGB(0.067, 0.067, 0.067)
            c.setFont("Body-Bold", 11)
            c.drawCentredString(x + w / 2, y + h - 8 * MM, f"Card {i}")
            c.setFont("Body", 8.5)
            c.drawString(x + 3.2 * MM, y + h - 14 * MM, f"Move {i % 6 + 1} spaces forward.")
            label = "value: "
            c.setFont("Condensed", 8)
            c.drawString(x + 3.2 * MM, y + 5 * MM, label)
            c.setFont("Condensed-Bold", 8)
            c.drawString(x + 3.2 * MM + stringWidth(label, "Condensed", 8), y + 5 * MM, f"{i % 10}")
        c.showPage()
        for k in range(min(n, start + 9) - start):
            x, y = (10 + (k % 3) * 63.5) * MM, (15 + (k // 3) * 88.9) * MM
            c.setFillColorRGB(0.4, 0.4, 0.4)
            c.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, fill=1, stroke=0)
            c.setFillColorRGB(1, 1, 1)
            c.setFont("Body-Bold", 14)
            c.drawCentredString(x + w / 2, y + h / 2, "Back")
        c.showPage()
    c.save()


def make_pngs(folder: Path, n: int) -> list[Path]:
    """n different 300 dpi card pictures (744 x 1039 px), with noise so they compress like artwork."""
    import random

    from PIL import Image, ImageDraw

    rng = random.Random(1)
    noise = Image.effect_noise((744, 1039), 40).convert("RGB")
    paths = []
    for i in range(n):
        im = Image.new("RGB", (744, 1039), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        im = Image.blend(im, noise, 0.3)
        ImageDraw.Draw(im).text((40, 40), f"card {i}", fill=(0, 0, 0))
        path = folder / f"{i:04d}.png"
        im.save(path, compress_level=1)
        paths.append(path)
    return paths


def rulepress_images(pngs: list[Path], back: Path, target: Path) -> None:
    from rulepress.render.cards import write_image_sheet

    write_image_sheet(pngs, back, (63.0, 88.0), "a4", target)


def picture_game(tmp: Path, pngs: list[Path], back: Path) -> Path:
    """A content folder with one game whose only component is a picture deck of the PNGs (hard links)."""
    import os

    import yaml

    from rulepress.scaffold import new_game

    content = tmp / "picture-content"
    folder = new_game("pictures", content)
    (folder / "art").mkdir()
    for png in pngs + [back]:
        os.link(png, folder / "art" / png.name)
    game = yaml.safe_load((folder / "game.yaml").read_text())
    game["languages"] = ["en"]
    for german in folder.glob("*.de.md"):  # an English-only game: files of other languages would be named unread
        german.unlink()
    game["components"] = [
        {
            "id": "deck",
            "kind": "deck",
            "name": {"de": "Bilder", "en": "Pictures"},
            "layout": "picture-card",
            "size": {"width": 63.0, "height": 88.0},
            "provenance": "seed",
            "back": "back",
            "backs": [{"id": "back", "image": f"art/{back.name}"}],
            "cards": [{"id": f"c{i}", "image": f"art/{png.name}"} for i, png in enumerate(pngs)],
        }
    ]
    (folder / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False))
    return content


def rulepress_build_images(content: Path, target: Path) -> None:
    """`rulepress build` of the picture deck, English A4 sheets only; the sheet is copied to `target`."""
    import shutil

    from rulepress.build import BuildOptions, build

    out = target.parent / "picture-out"
    shutil.rmtree(out, ignore_errors=True)
    build(BuildOptions(content=content, out=out, kinds=("cards",), papers=("a4",), force=True))
    shutil.copyfile(out / "pictures" / "deck.en.a4.pdf", target)


def raw_images(pngs: list[Path], back: Path, target: Path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    from rulepress.layout.paper import MM

    c = canvas.Canvas(str(target), pagesize=A4, invariant=1)
    w, h = 63 * MM, 88 * MM
    for start in range(0, len(pngs), 9):
        for k, png in enumerate(pngs[start : start + 9]):
            c.drawImage(str(png), (10 + (k % 3) * 63) * MM, (15 + (k // 3) * 88) * MM, w, h)
        c.showPage()
        for k, _ in enumerate(pngs[start : start + 9]):
            c.drawImage(str(back), (10 + (k % 3) * 63) * MM, (15 + (k // 3) * 88) * MM, w, h)
        c.showPage()
    c.save()


def with_img2pdf(pngs: list[Path], back: Path, target: Path) -> None:
    import img2pdf

    layout = img2pdf.get_fixed_dpi_layout_fun((300, 300))
    files = []
    for png in pngs:
        files += [str(png), str(back)]
    target.write_bytes(img2pdf.convert(files, layout_fun=layout))


def start_up() -> None:
    """What any build does once per process: import the renderers, read the font files."""
    import reportlab.pdfgen.canvas  # noqa: F401

    import rulepress.layout.layouts  # noqa: F401
    import rulepress.model.schema  # noqa: F401
    import rulepress.render.cards  # noqa: F401
    from rulepress.text import fonts

    fonts.register()
    for name in fonts.FACES:
        fonts.coverage(name)


def _child(queue, function, args):
    start = time.perf_counter()
    start_up()
    ready = time.perf_counter()
    function(*args)
    queue.put((time.perf_counter() - ready, ready - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))


def measure(label: str, function, *args, repeat: int = 1) -> tuple[float, float]:
    """Best time of `repeat` runs (each in a fresh process) and the largest peak memory."""
    ctx = mp.get_context("fork")
    runs = []
    for _ in range(repeat):
        queue = ctx.Queue()
        process = ctx.Process(target=_child, args=(queue, function, args))
        process.start()
        runs.append(queue.get())
        process.join()
    seconds, startup = min(r[0] for r in runs), min(r[1] for r in runs)
    peak = max(r[2] for r in runs)
    size = args[-1].stat().st_size / 1e6
    print(
        f"{label:<44} {seconds:8.2f} s {peak:9.0f} MB peak {size:9.1f} MB file  (start-up {startup:.2f} s)", flush=True
    )
    return seconds, peak


def main() -> None:
    quick = "--quick" in sys.argv
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 1
    smoke = "--smoke" in sys.argv  # a tiny run: that the benchmark works (tests/test_benchmarks.py)
    counts = (20, 40) if smoke else (1000, 2000) if quick else (1000, 5000)  # 5,000: the most a component may hold
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        print("vector cards")
        results = {}
        for n in counts:
            results[("rp", n)] = measure(
                f"  Rulepress, {n} cards", rulepress_vector, n, tmp / f"rp{n}.pdf", repeat=repeat
            )
            results[("raw", n)] = measure(
                f"  raw ReportLab floor, {n} cards", raw_vector, n, tmp / f"raw{n}.pdf", repeat=repeat
            )
        for n in counts:
            print(f"  ratio Rulepress / floor at {n}: {results[('rp', n)][0] / results[('raw', n)][0]:.2f}x")
        print(
            f"  peak memory {counts[1]} / {counts[0]} cards: {results[('rp', counts[1])][1] / results[('rp', counts[0])][1]:.2f}x"
        )
        images = 4 if smoke else 200 if quick else 1000
        print(f"image cards ({images} PNG fronts, one shared back)")
        pngs = make_pngs(tmp, images + 1)
        back, pngs = pngs[-1], pngs[:-1]
        content = picture_game(tmp, pngs, back)
        build_time, build_peak = measure(
            "  rulepress build (picture deck)", rulepress_build_images, content, tmp / "img-build.pdf"
        )
        measure("  Rulepress picture sheet writer", rulepress_images, pngs, back, tmp / "img-rp.pdf")
        measure("  raw ReportLab drawImage", raw_images, pngs, back, tmp / "img-raw.pdf")
        i2p_time, _ = measure("  img2pdf (near-copy floor)", with_img2pdf, pngs, back, tmp / "img-i2p.pdf")
        print(
            f"  rulepress build / img2pdf: {build_time / i2p_time:.2f}x time; build peak memory {build_peak:.0f} MB "
            f"({'under' if build_peak < 300 else 'OVER'} 300 MB)"
        )


if __name__ == "__main__":
    main()
