"""`rulepress check translations --pair A B`: a translator's check of two bare Markdown files.

No game folder and no labels are needed: the language of each file is the last part of its name before
``.md`` (``rules.de.md``), or given with ``--langs de,en``. The sections of the two files are aligned by
their order and lengths (`rulepress.check.align.align_sections`), then their sentences, list items, table
cells and headings, and each aligned pair is compared (`rulepress.check.aligned`). A glossary
(``--glossary FILE``, or ``translations-glossary.yaml`` beside the first file) adds the game's terms.

Reviewed findings are accepted in a baseline file beside the first file (``translations-accepted.yaml``,
or ``--baseline FILE``), each by its fingerprint: the finding's kind and words with both sentences, so it
stays accepted until either sentence changes. ``--accept`` writes every current finding into it. The exit
code is 0 when every finding is accepted, 1 otherwise, 2 on bad input. ``--format text|json|sarif``
(SARIF 2.1.0, for CI systems and editors).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from rulepress.analysis import Finding
from rulepress.check import align, aligned, baseline, terms
from rulepress.check.pairs import split_paragraphs
from rulepress.errors import UsageError
from rulepress.userfiles import replace as replace_file

BASELINE = "translations-accepted.yaml"
GLOSSARY = "translations-glossary.yaml"
_LANG = re.compile(r"\.([a-z]{2,3})\.(?:md|markdown|txt)$", re.I)


def _read(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read it as UTF-8 text: {exc}") from None


def _lang_of(path: Path, given: str | None) -> str:
    if given:
        return given
    match = _LANG.search(path.name)
    if match is None:
        raise UsageError(f"{path}: cannot tell its language; name it like rules.de.md or give --langs de,en")
    return match.group(1).lower()


def compare_files(
    path_a: Path, path_b: Path, langs: tuple[str | None, str | None] = (None, None), glossary=None
) -> list[aligned.AlignedPair]:
    """The aligned pairs of two bare Markdown files with their findings."""
    lang_a, lang_b = _lang_of(path_a, langs[0]), _lang_of(path_b, langs[1])
    sections_a = align.sections(split_paragraphs(_read(path_a), 1))
    sections_b = align.sections(split_paragraphs(_read(path_b), 1))
    pairs: list[aligned.AlignedPair] = []
    length_a, length_b = (sum(len(p.text) for s in found for p in s.paragraphs) for found in (sections_a, sections_b))
    ratio = length_b / length_a if length_a and length_b else 1.0
    for ia, ib in align.align_sections(sections_a, sections_b, lang_a, lang_b):
        side_a = aligned.Side(
            lang_a, str(path_a), [u for i in ia for u in align.units(sections_a[i].paragraphs, lang_a)]
        )
        side_b = aligned.Side(
            lang_b, str(path_b), [u for i in ib for u in align.units(sections_b[i].paragraphs, lang_b)]
        )
        title = sections_a[ia[0]].title if ia else sections_b[ib[0]].title
        pairs += aligned.compare(side_a, side_b, ids=[title] if title else [], glossary=glossary, ratio=ratio)
    return pairs


def _glossary(path_a: Path, given: Path | None):
    path = given if given is not None else path_a.parent / GLOSSARY
    if given is None and not path.is_file():
        return None
    try:
        return terms.load(path)
    except terms.GlossaryError as exc:
        raise UsageError(str(exc)) from None


def sarif(findings: list[Finding], accepted: set[str], not_checked: str = "") -> dict:
    """The findings as a SARIF 2.1.0 log (one run, one rule per kind); accepted ones are suppressed; the checks
    that did not run (`aligned.not_checked`) are the run's one tool notification."""
    kinds = sorted({f.kind for f in findings})
    results = []
    for f in findings:
        result = {
            "ruleId": f.kind,
            "ruleIndex": kinds.index(f.kind),
            "level": "error" if f.severity == "error" else "warning",
            "message": {"text": f.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": Path(f.path).as_posix()},
                        "region": {"startLine": f.line or 1},
                    }
                }
            ],
            "partialFingerprints": {"rulepressTranslation/v1": baseline.fingerprint(f)},
        }
        if f.other:
            path, _, line = f.other.rpartition(":")
            if line.isdigit():
                result["relatedLocations"] = [
                    {
                        "id": 1,
                        "physicalLocation": {
                            "artifactLocation": {"uri": Path(path).as_posix()},
                            "region": {"startLine": int(line)},
                        },
                        "message": {"text": f.other_text[:500] or "the other language"},
                    }
                ]
        if baseline.fingerprint(f) in accepted:
            result["suppressions"] = [{"kind": "external", "justification": "accepted in the baseline"}]
        results.append(result)
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "rulepress",
                        "informationUri": "https://example.invalid/rulepress",
                        "rules": [
                            {"id": kind, "shortDescription": {"text": f"translation differs: {kind}"}} for kind in kinds
                        ],
                    }
                },
                "results": results,
            }
            | (
                {
                    "invocations": [
                        {
                            "executionSuccessful": True,
                            "toolExecutionNotifications": [{"level": "note", "message": {"text": not_checked}}],
                        }
                    ]
                }
                if not_checked
                else {}
            )
        ],
    }


def run_pair(
    path_a: Path,
    path_b: Path,
    fmt: str = "text",
    langs: str | None = None,
    baseline_path: Path | None = None,
    glossary_path: Path | None = None,
    accept: bool = False,
) -> int:
    """Check two bare files; print the findings in `fmt`; 0 when every finding is accepted, else 1."""
    given: tuple[str | None, str | None] = (None, None)
    if langs:
        parts = [p.strip() for p in langs.split(",")]
        if len(parts) != 2 or not all(re.fullmatch(r"[a-z]{2,3}", p) for p in parts):
            raise UsageError(f"--langs {langs}: expected two language codes, as in de,en")
        given = (parts[0], parts[1])
    pairs = compare_files(path_a, path_b, given, _glossary(path_a, glossary_path))
    gap = aligned.not_checked(_lang_of(path_a, given[0]), _lang_of(path_b, given[1]))
    findings = [f for p in pairs for f in p.findings]
    where = baseline_path if baseline_path is not None else path_a.parent / BASELINE
    try:
        entries = baseline.load(where)
    except baseline.BaselineError as exc:
        raise UsageError(str(exc)) from None
    if accept:
        entries = baseline.merged(entries, findings)
        replace_file(where, baseline.dump(entries).encode("utf-8"))  # atomic; a one-line error if it cannot
    accepted = {e["fingerprint"] for e in entries}
    open_findings = [f for f in findings if baseline.fingerprint(f) not in accepted]
    if fmt == "json":
        data = {
            "pairs": len(pairs),
            "findings": [f.to_dict() | {"fingerprint": baseline.fingerprint(f)} for f in findings],
            "accepted": len(findings) - len(open_findings),
            "not_checked": gap,
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
    elif fmt == "sarif":
        print(json.dumps(sarif(findings, accepted, gap), indent=2, ensure_ascii=False))
    else:
        for f in findings:
            mark = " (accepted)" if f not in open_findings else ""
            print(f"{f.location}: {f.severity}: {f.kind}{mark}: {f.message}")
        print(
            f"{len(pairs)} aligned pairs, {len(findings)} findings, {len(findings) - len(open_findings)} accepted"
            + (f" -> {where}" if accept else ""),
            file=sys.stderr if fmt != "text" else sys.stdout,
        )
        if gap:
            print(gap)
    return 1 if open_findings else 0
