"""The options the edit benchmarks share (cli_edit.py, site_edit.py): which games, and which edits.

An edit is ``LABEL|FILE|OLD|NEW``: the first OLD in FILE (relative to the content folder) becomes NEW. The
default edits are the ones the issues measure on the bundled Risk: one English rules sentence, one English
card title, one German rules paragraph and one glossary definition.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rulepress import paths

RISK_EDITS = [
    "rules.en.md, one sentence|risk/rules.en.md|can be traded in for additional armies|may be traded in for more armies",
    "components.yaml, one English card title|risk/components.yaml|en: Greenland}|en: Greenland (north)}",
    "rules.de.md, one paragraph|risk/rules.de.md|Eingetauschte Karten|Abgegebene Karten",
    "glossary.yaml, one definition|risk/glossary.yaml|Eine Spielfigur;|Eine Figur;",
]


def add_edit_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--content", type=Path, default=paths.BUNDLED_CONTENT, help="the games (default: bundled)")
    parser.add_argument(
        "--edit", action="append", metavar="LABEL|FILE|OLD|NEW", help="an edit to time (default: the Risk edits)"
    )


def edits(args: argparse.Namespace) -> list[tuple[str, str, str, str]]:
    """The edits asked for: (label, file relative to the content folder, old text, new text)."""
    found = []
    for spec in args.edit or RISK_EDITS:
        label, relative, old, new = spec.split("|")
        found.append((label, relative, old, new))
    return found
