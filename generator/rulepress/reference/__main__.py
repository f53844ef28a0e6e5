"""`python -m rulepress.reference [DOCS] [--check]`: write the generated reference pages (cli.md,
content-format.md, layouts.md and the layout pictures) into the docs folder, or with --check only say which are
stale (exit code 1)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulepress.reference.pages import stale, write_reference


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulepress.reference", description=__doc__)
    parser.add_argument("docs", nargs="?", type=Path, default=Path("docs"), help="the docs folder (default: docs)")
    parser.add_argument("--check", action="store_true", help="only list stale pages; exit code 1 if any")
    args = parser.parse_args(argv)
    if args.check:
        names = stale(args.docs)
        for name in names:
            print(f"{args.docs / name}: stale, run python -m rulepress.reference", file=sys.stderr)
        return 1 if names else 0
    for path in write_reference(args.docs):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
