"""Build benchmark (issue 7): cold build of the bundled games, a no-op re-run, and a re-run after one card edit.

Run: ``python benchmarks/build.py`` (optionally ``--content DIR``). The content is copied to a
temporary folder (the edit must not touch the checkout). Each phase runs in its own Python
process, so its peak memory (max RSS of the build or of its largest worker process) is its own.
Prints one line per phase.
Targets: cold <= 20 s, no-op < 1 s, one-card edit < 3 s.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PHASE = """
import json, resource, sys, time
from pathlib import Path
from rulepress.build import BuildOptions, build
start = time.perf_counter()
result = build(BuildOptions(content=Path(sys.argv[1]), out=Path(sys.argv[2])))
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "built": result.built, "skipped": len(result.skipped),
                  "peak_mb": max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)) / 1024}))
"""


def run_phase(content: Path, out: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PHASE, str(content), str(out)], capture_output=True, text=True, cwd=ROOT, check=False
    )
    if done.returncode:
        sys.exit(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def edit_one_card(content: Path) -> str:
    """Change the source-language text of the first card whose text occurs once in its game's YAML files (so the
    edit really lands in that card, not in a short string like '1' elsewhere); return 'game/component/card'."""
    sys.path.insert(0, str(ROOT))
    from rulepress.model import load_games

    for game in load_games(content):
        files = {
            path: path.read_text(encoding="utf-8")
            for path in sorted([*game.folder.glob("*.yaml"), *game.folder.glob("*.csv")])  # card tables too
        }
        for comp in game.game.components:
            for card in comp.cards:
                if card.text is None:
                    continue
                said = card.text.get(game.game.languages[0])
                found = [path for path, text in files.items() if said in text]
                if len(found) == 1 and files[found[0]].count(said) == 1:
                    text = files[found[0]]
                    found[0].write_text(text.replace(said, said + " (2)", 1), encoding="utf-8")
                    return f"{game.id}/{comp.id}/{card.id}"
    sys.exit("no card with a text found")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulepress-bench-") as tmp:
        content = Path(tmp) / "content"
        shutil.copytree(args.content, content)
        out = Path(tmp) / "output"
        games = sorted(p.name for p in content.iterdir() if (p / "game.yaml").exists())
        cold = run_phase(content, out)
        noop = run_phase(content, out)
        card = edit_one_card(content)
        edit = run_phase(content, out)
        print(f"games: {', '.join(games)}; {len(cold['built'])} artifacts")
        print(f"cold build      {cold['seconds']:6.2f} s  peak {cold['peak_mb']:6.0f} MB  (target <= 20 s)")
        print(
            f"no-op re-run    {noop['seconds']:6.2f} s  peak {noop['peak_mb']:6.0f} MB  built {len(noop['built'])} (target < 1 s)"
        )
        print(
            f"one-card edit   {edit['seconds']:6.2f} s  peak {edit['peak_mb']:6.0f} MB  built {len(edit['built'])} (target < 3 s)"
            f"  [{card}]: {', '.join(edit['built'])}"
        )


if __name__ == "__main__":
    main()
