"""Reviewed translation findings accepted in a baseline file (like a linter's baseline).

A finding is fingerprinted by its kind, its language, what it says (its message up to the quoted
sentences) and both sentences, whitespace folded: it stays accepted while both sentences stay as they
are, wherever they move in the file, and comes back when either changes. The file is YAML: a list of
``{fingerprint, kind, text, other_text, note}``; `merged` keeps the notes of entries still found.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import yaml

from rulepress.analysis import Finding
from rulepress.errors import ContentError
from rulepress.model.yamlsource import load_text


class BaselineError(ValueError):
    """A baseline file that cannot be read (the message names the file)."""


def _fold(text: str) -> str:
    return " ".join(text.split())


def fingerprint(finding: Finding) -> str:
    """16 hex digits naming a finding by its kind, language, words and both sentences (not its lines)."""
    said = finding.message.split(": ", 1)[0]
    key = "\0".join((finding.kind, finding.lang, said, _fold(finding.text), _fold(finding.other_text)))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def load(path: Path) -> list[dict]:
    """The entries of a baseline file; none when it does not exist."""
    if not path.is_file():
        return []
    try:
        data = load_text(path.read_text(encoding="utf-8"), str(path))[0] or []
    except (OSError, UnicodeDecodeError) as exc:
        raise BaselineError(f"{path}: cannot read the baseline: {str(exc).splitlines()[0]}") from exc
    except ContentError as exc:  # at its line: a syntax error, a date that is none
        raise BaselineError(f"cannot read the baseline: {exc}") from None
    if not isinstance(data, list) or not all(
        isinstance(e, dict) and isinstance(e.get("fingerprint"), str) for e in data
    ):
        raise BaselineError(f"{path}: expected a list of entries, each with a fingerprint")
    return data


def merged(entries: list[dict], findings: list[Finding]) -> list[dict]:
    """The entries of every finding of `findings` (keeping the notes of those already accepted)."""
    notes = {e["fingerprint"]: e.get("note", "") for e in entries}
    result: dict[str, dict] = {}
    for f in findings:
        key = fingerprint(f)
        result.setdefault(
            key,
            {
                "fingerprint": key,
                "kind": f.kind,
                "where": f.location,
                "text": _fold(f.text),
                "other_text": _fold(f.other_text),
                "note": notes.get(key, ""),
            },
        )
    return list(result.values())


def dump(entries: list[dict]) -> str:
    header = "# Reviewed translation findings, accepted (rulepress check translations --pair ... --accept)\n"
    return header + yaml.safe_dump(entries, allow_unicode=True, sort_keys=False, width=120)
