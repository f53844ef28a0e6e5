"""A game's own words for a language Rulepress ships none for, in the game folder:

- ``locales/<lang>.yaml``: the interface words of the website and the printed sheets (the sections and keys of
  ``templates/locales/en.yaml``; a key it lacks stays English);
- ``lexicons/<lang>.yaml``: the translation check's lexicon (the format of ``templates/lexicons/en.yaml``);
  without one, a pair with that language is compared by digits, names, terms and structure only.

`check(content)` registers the catalogs with `rulepress.i18n` and returns the problems `rulepress check content`
reports: a file that is no mapping (an error), the keys a catalog lacks, a language of the game with no catalog
at all (warnings: the build goes on with English words). A shipped catalog or lexicon is never replaced.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from rulepress import i18n, paths, plainyaml
from rulepress.errors import Problem
from rulepress.model.sourcefile import display_path

LEXICONS = "lexicons"  # a game folder's own lexicons: lexicons/<lang>.yaml


def files(folder: Path) -> list[Path]:
    """The game's own catalogs and lexicons."""
    return [path for name in (i18n.GAME_CATALOGS, LEXICONS) for path in sorted((folder / name).glob("*.yaml"))]


def _keys(data, prefix: str = "") -> set[str]:
    if not isinstance(data, dict):
        return {prefix}
    return {key for name, value in data.items() for key in _keys(value, f"{prefix}.{name}" if prefix else str(name))}


def _mapping(path: Path) -> tuple[dict | None, Problem | None]:
    try:
        data = plainyaml.load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        return None, Problem(display_path(path), line, 1, "", f"cannot be read as YAML: {exc}".splitlines()[0])
    if not isinstance(data, dict):
        return None, Problem(display_path(path), 1, 1, "", "must hold a mapping (see templates/locales/en.yaml)")
    return data, None


def check(languages: list[str], folder: Path) -> list[Problem]:
    """Register the game's own catalogs in `folder` and return what is wrong or missing (module docstring)."""
    problems: list[Problem] = []
    reference = _keys(plainyaml.load((i18n.LOCALES / f"{i18n.REFERENCE}.yaml").read_text(encoding="utf-8")))
    for path in files(folder):
        data, problem = _mapping(path)
        if problem is not None:
            problems.append(problem)
            continue
        lang = path.stem
        if path.parent.name == LEXICONS:
            if (paths.TEMPLATES / "lexicons" / path.name).is_file():
                problems.append(_unused(path, "lexicon"))
            continue
        if lang in i18n.shipped_languages():
            problems.append(_unused(path, "catalog"))
            continue
        i18n.add_catalog(lang, path)
        missing = sorted(k for k in reference - _keys(data) if not k.startswith("site.theme_"))
        if missing:
            shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
            problems.append(
                Problem(
                    display_path(path),
                    1,
                    1,
                    "",
                    f"lacks {len(missing)} keys of en.yaml, shown in English: {shown}",
                    warning=True,
                )
            )
    for lang in languages:
        if lang not in i18n.catalog_languages():
            problems.append(
                Problem(
                    display_path(folder / "game.yaml"),
                    None,
                    None,
                    "languages",
                    f"no interface catalog for {lang!r}: the site and the sheets show Rulepress's own words in English; "
                    f"add {i18n.GAME_CATALOGS}/{lang}.yaml (the keys of templates/locales/en.yaml, in your words)",
                    warning=True,
                )
            )
    return problems


def _unused(path: Path, what: str) -> Problem:
    return Problem(
        display_path(path), 1, 1, "", f"Rulepress ships a {what} for {path.stem!r}: this one is not used", warning=True
    )
