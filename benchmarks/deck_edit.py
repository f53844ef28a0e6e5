"""One-card edit benchmark (issue 27): a 60-card picture deck in two languages, built cold, then one card's
English text edited and built again as a new `rulepress build` process, and the same edit under
`rulepress serve` (time from the save until the rebuilt card's PNG is in the output folder).

The game is made the way a new user makes one: `rulepress new`, then a deck of 60 cards in 5 suits read
from ``cards.csv``, each suit's art a 744 x 1039 px picture this script paints with Pillow
(``art/<suit>.png``, chosen by the layout's ``src: "art/{suit}.png"``), and a layout with the art to the
bleed, a title, a text and a value. Every figure is wall time of a new process (start-up included) and
the CPU time of it and its workers; the machine is shared, so each edit is measured `--rounds` times and
the median printed, with the load average. Targets (issue 27): a one-card edit <= 1.5 s and <= 15 % of the
cold build; serve shows the change <= 1 s after the save.

    .venv/bin/python benchmarks/deck_edit.py [--rounds 3] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rulepress.scaffold import new_game

GAME = "harbour"
SUITS = {
    "sea": (31, 78, 121),
    "air": (120, 170, 210),
    "fire": (200, 70, 40),
    "earth": (110, 90, 50),
    "wood": (60, 120, 60),
}
SETTLE = 2.5  # seconds between an edit and the build: files younger than 2 s are hashed again anyway
LAYOUT = """extends: basic-card
size: poker
elements:
  - {kind: image, src: "art/{suit}.png", from: bleed, fit: cover}
  - {kind: roundrect, x: 3, y: 58, w: 57, h: 27, radius: 2, fill: "#fbf8f1"}
  - {kind: text, text: "{values.strength}", x: 4, y: 4, w: 12, h: 12, font: Body-Bold, size: 22, min_size: 10,
     align: center, valign: middle, color: "#fbf8f1"}
  - {kind: text, text: "{title}", x: 5, y: 59, w: 53, h: 8, font: Body-Bold, size: 13, min_size: 7, align: center}
  - {kind: text, text: "{text}", x: 5, y: 67, w: 53, h: 16, size: 9, min_size: 6}
back_elements:
  - {kind: rect, from: bleed, fill: "#1f4e79"}
  - {kind: text, text: "{title}", x: 6, y: 36, w: 51, h: 16, font: Body-Bold, size: 18, min_size: 9,
     align: center, valign: middle, color: "#fbf8f1"}
"""


def paint_art(folder: Path) -> None:
    """One noisy, shaded picture per suit (744 x 1039 px: a poker card with bleed at about 280 ppi)."""
    from PIL import Image, ImageDraw, ImageFilter

    art = folder / "art"
    art.mkdir(exist_ok=True)
    for n, (suit, rgb) in enumerate(SUITS.items()):
        image = Image.effect_noise((744, 1039), 40 + 10 * n).convert("RGB")
        tint = Image.new("RGB", image.size, rgb)
        image = Image.blend(image, tint, 0.7).filter(ImageFilter.GaussianBlur(1))
        draw = ImageDraw.Draw(image)
        for k in range(12):
            draw.ellipse((60 * k - 100, 80 * k, 60 * k + 300, 80 * k + 400), outline=(250, 248, 240), width=6)
        image.save(art / f"{suit}.png")


def make_game(content: Path, cards: int = 60) -> Path:
    """The benchmark game: the new-game scaffold with a 60-card picture deck read from cards.csv."""
    folder = new_game(GAME, content)
    paint_art(folder)
    (folder / "layouts" / "suit-card.yaml").write_text(LAYOUT, encoding="utf-8")
    rows = ["id,qty,title.de,title.en,text.de,text.en,strength,suit"]
    for i in range(cards):
        suit = list(SUITS)[i % 5]
        rows.append(
            f"c{i:02d},1,Karte {i},Card {i},Ziehe **{i % 6 + 1}** Felder vor und nimm eine Karte.,"
            f"Move **{i % 6 + 1}** spaces forward and draw a card.,{i % 9 + 1},{suit}"
        )
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    game = game.replace("    count: 3\n    layout: number-card\n", f"    count: {cards}\n    layout: suit-card\n")
    game = game.replace(
        "    provenance: original\n    cards_from: cards.csv",
        "    value_labels: {strength: {de: Stärke, en: Strength}}\n"
        "    fields: {suit: {kind: id}}\n    provenance: original\n    cards_from: cards.csv",
    )
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    for rules in folder.glob("rules.*.md"):  # the scaffold's example pictures its card "two": show one of ours
        text = rules.read_text(encoding="utf-8")
        rules.write_text(text.replace(':picture: cards "two"', ':picture: cards "c02"'), encoding="utf-8")
    return folder


def command() -> list[str]:
    script = Path(sys.executable).with_name("rulepress")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "rulepress"]


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu, (done.stdout.strip().splitlines() or [""])[-1]


def edit(folder: Path, round_: int) -> None:
    """Change one English card text (card c17) in the spreadsheet."""
    table = folder / "cards.csv"
    lines = table.read_text(encoding="utf-8").splitlines()
    cells = lines[18].split(",")
    cells[5] = f"Move **{round_ + 2}** spaces forward and draw a card (edit {round_})."
    lines[18] = ",".join(cells)
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")


def serve_latency(folder: Path, content: Path, out: Path, env: dict[str, str], rounds: int) -> list[float]:
    """Seconds from saving an edit until `rulepress serve` has the edited card's PNG in the output."""
    png = out / GAME / "cards.en.images" / "trim" / "c17.png"  # the scaffold's deck is the component 'cards'

    process = subprocess.Popen(
        command() + ["serve", GAME, "--content", str(content), "--out", str(out), "--port", "0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.time() + 600
        while not png.exists() and time.time() < deadline:
            time.sleep(0.2)
        if not png.exists():
            raise SystemExit(f"serve wrote no {png}")
        time.sleep(SETTLE)
        found = []
        for round_ in range(rounds):
            before = png.read_bytes()
            time.sleep(1.0)
            saved = time.perf_counter()
            edit(folder, 100 + round_)
            while time.perf_counter() - saved < 120:
                if png.exists() and png.read_bytes() != before:
                    break
                time.sleep(0.02)
            found.append(time.perf_counter() - saved)
            time.sleep(SETTLE)
        return found
    finally:
        process.terminate()
        process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="make the game in this folder and keep it")
    parser.add_argument("--no-serve", action="store_true", help="skip the serve measurement")
    parser.add_argument("--serve-only", action="store_true", help="measure only `rulepress serve`")
    parser.add_argument("--cards", type=int, default=60, help="cards in the deck (at least 3)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="rulepress-deck-bench-")) if args.keep is None else args.keep
    try:
        content, out = tmp / "content", tmp / "out"
        folder = make_game(content, args.cards)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        build = command() + ["build", GAME, "--content", str(content), "--out", str(out), "--quiet"]
        run(command() + ["--help"], env)  # compiles the bytecode once
        if args.serve_only:
            latencies = serve_latency(folder, content, tmp / "served", env, args.rounds)
            print("serve, save to changed PNG: " + ", ".join(f"{s:.2f} s" for s in latencies))
            return
        colds = []
        for _ in range(args.rounds):
            shutil.rmtree(out, ignore_errors=True)
            wall, cpu, line = run(build, env)
            colds.append(wall)
            print(f"cold build: {wall:.2f} s wall, CPU {cpu:.2f} s, load {os.getloadavg()[0]:.1f}; {line}")
        time.sleep(SETTLE)
        run(build, env)
        edits = []
        for round_ in range(args.rounds):
            edit(folder, round_)
            time.sleep(SETTLE)
            wall, cpu, line = run(build, env)
            edits.append(wall)
            print(f"one-card edit: {wall:.2f} s wall, CPU {cpu:.2f} s, load {os.getloadavg()[0]:.1f}; {line}")
        cold, one = statistics.median(colds), statistics.median(edits)
        print(f"median cold build {cold:.2f} s; one-card edit {one:.2f} s = {100 * one / cold:.0f} % of cold")
        if not args.no_serve:
            latencies = serve_latency(folder, content, tmp / "served", env, args.rounds)
            print("serve, save to changed PNG: " + ", ".join(f"{s:.2f} s" for s in latencies))
            print(f"median serve latency {statistics.median(latencies):.2f} s")
    finally:
        if args.keep is None:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
