"""Board benchmark (issue 13): per bundled board, the time of the map check, the scene, the full PDF,
the tiled A4 PDF and the gallery PNG, with file sizes and counts.

Run: ``python benchmarks/boards.py [--content DIR]``. Prints one line per board and language. No targets are
asserted; the figures go into reports.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

from rulepress import paths
from rulepress.draw import boardpaint
from rulepress.layout.mapcheck import check_board
from rulepress.model import find_games, load_game
from rulepress.render import boards


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", type=Path, default=paths.BUNDLED_CONTENT, help="the games (default: bundled)")
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp())
    for folder in find_games(args.content):
        content = load_game(folder)
        for board in content.game.boards:
            context = boardpaint.board_context(content, board)
            points = sum(len(r) for s in board.spaces for r in (s.outline or []))
            found: list = []
            _, check_s = timed(check_board, board, lambda k, m: found.append(m), ("boards", 0))  # noqa: B023
            for lang in content.game.languages:
                scene, scene_s = timed(boardpaint.scene_for, board, lang, context)
                buffer = io.BytesIO()
                _, full_s = timed(boards.write_full, board, lang, buffer, scene)
                tiled = out / f"{board.id}.{lang}.a4.pdf"
                meta, tiled_s = timed(boards.write_tiled, board, lang, "a4", 10.0, tiled, scene)
                png = out / f"{board.id}.{lang}.png"
                _, png_s = timed(boards.board_png, board, lang, png, scene=scene)
                print(
                    f"{content.id}/{board.id} [{lang}]: {len(board.spaces)} spaces, {points} outline points, "
                    f"map check {check_s:.2f} s ({len(found)} problems), scene {scene_s:.2f} s, "
                    f"full PDF {full_s:.2f} s {len(buffer.getvalue()) / 1024:.0f} KiB, "
                    f"tiled A4 {meta['pages']} pages {tiled_s:.2f} s {tiled.stat().st_size / 1024:.0f} KiB, "
                    f"PNG {png_s:.2f} s {png.stat().st_size / 1024:.0f} KiB",
                    flush=True,
                )
    sys.exit(0)


if __name__ == "__main__":
    main()
