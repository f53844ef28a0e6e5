"""`rulepress new NAME [--languages en,fr]`: copy the new-game template into a fresh game folder.

The template (``templates/new-game``) holds every text in each language it knows
(`TEMPLATE_LANGUAGES`): flow mappings such as ``{de: Karte, en: Card, fr: Carte}``, a
glossary term's ``de:``/``en:``/``fr:`` lines, and ``rules.<lang>.md``/``quickref.<lang>.md``.
The new game keeps the languages asked for, in that order (the first is the source
language), and drops the others (in the card table ``cards.csv`` too: its columns of other languages); a game in German and English, the default, declares no
``languages`` (they are the default).
"""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

from rulepress import i18n, paths
from rulepress.errors import UsageError
from rulepress.model.schema import LANGS

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
LANG_CODE = re.compile(r"[a-z]{2,3}")  # a language code as game.yaml takes it
TEMPLATE_LANGUAGES = ("de", "en", "fr", "es", "it")  # the languages the template's texts are written in
STARTING_TEXT = "en"  # a language the template is not written in starts from these texts, to be translated
_ENTRY = r"[a-z]{2,3}:\s*(?:\"[^\"]*\"|[^,{}\"]*)"
FLOW_TEXT = re.compile(r"\{\s*" + _ENTRY + r"(?:\s*,\s*" + _ENTRY + r")*\s*\}")  # {de: Karte, en: "Card"}
TERM_LINE = re.compile(r"^(\s+)([a-z]{2,3}):\s.*$")  # a glossary term's name in one language


def languages_option(value: str) -> tuple[str, ...]:
    """``en,fr`` as ("en", "fr"); each a language code Babel knows, named once. A language the template is not
    written in (`TEMPLATE_LANGUAGES`) gets the English texts to translate."""
    langs = tuple(part.strip() for part in value.split(",") if part.strip())
    unknown = [lang for lang in langs if not (LANG_CODE.fullmatch(lang) and i18n.known_language(lang))]
    if not langs or unknown or len(set(langs)) != len(langs):
        raise UsageError(
            f"--languages {value!r}: name each language once by its code (ISO 639: en, fr, es, nl, ...), the source "
            f"language first" + (f"; unknown: {', '.join(unknown)}" if unknown else "")
        )
    return langs


def _written(langs: tuple[str, ...]) -> dict[str, str]:
    """Each of `langs` -> the template language its texts come from (itself, or English to translate)."""
    return {lang: lang if lang in TEMPLATE_LANGUAGES else STARTING_TEXT for lang in langs}


def _keep_flow(match: re.Match, langs: tuple[str, ...]) -> str:
    entries = dict(
        (m.group(1), m.group(0))
        for m in re.finditer(r"([a-z]{2,3}):\s*(?:\"[^\"]*\"|[^,{}\"]*[^,{}\"\s])", match.group(0))
    )
    if not set(entries) <= set(TEMPLATE_LANGUAGES):
        return match.group(0)  # not a text: a mapping of other keys
    kept = []
    for lang, source in _written(langs).items():
        if source in entries:
            kept.append(lang + entries[source][len(source) :])
    return "{" + ", ".join(kept) + "}"


def in_languages(text: str, langs: tuple[str, ...]) -> str:
    """A YAML file of the template with its texts in `langs` only (in that order)."""
    lines = []
    for line in text.splitlines(keepends=True):
        term = TERM_LINE.match(line.rstrip("\n"))
        if term and term.group(2) in TEMPLATE_LANGUAGES:
            for lang, source in _written(langs).items():
                if source == term.group(2):
                    lines.append(f"{term.group(1)}{lang}:{line[len(term.group(1)) + len(source) + 1 :]}")
            continue
        lines.append(FLOW_TEXT.sub(lambda m: _keep_flow(m, langs), line))
    return "".join(lines)


def table_in_languages(text: str, langs: tuple[str, ...]) -> str:
    """A CSV card table of the template without the columns of languages not in `langs` (kept in that order)."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows:
        return text

    def language(column: str) -> str | None:
        match = re.match(r"^(?:title|text)[._]([a-z]{2,3})$", column)
        return match.group(1) if match else None

    header = rows[0]
    base = [name.split(".")[0] if language(name) else name for name in header]
    first = {name: base.index(name) for name in base}
    rank = {lang: n for n, lang in enumerate(langs)}
    written = _written(langs)
    columns = [(i, header[i]) for i, name in enumerate(header) if language(name) is None]
    columns += [
        (i, f"{base[i]}.{lang}")
        for lang, source in written.items()
        for i, name in enumerate(header)
        if language(name) == source
    ]
    order = sorted(columns, key=lambda c: (first[base[c[0]]], rank.get(language(c[1]) or "", 0)))
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([name for _, name in order])
    for row in rows[1:]:
        writer.writerow([row[i] for i, _ in order if i < len(row)])
    return out.getvalue()


def yaml_cards(table: str) -> str:
    """The template's card table as the YAML `cards:` list it stands for (a game written without a table)."""
    rows = list(csv.DictReader(io.StringIO(table, newline="")))
    lines = ["    cards:"]
    for row in rows:
        langs = [c.split(".")[1] for c in row if c.startswith("title.")]
        lines.append(f"      - id: {row['id']}")
        if row.get("qty", "1") != "1":
            lines.append(f"        qty: {row['qty']}")
        lines.append("        title: {" + ", ".join(f"{lang}: {row['title.' + lang]}" for lang in langs) + "}")
        lines.append("        text: {" + ", ".join(f'{lang}: "{row["text." + lang]}"' for lang in langs) + "}")
        values = [(c.split(".", 1)[1], row[c]) for c in row if c.startswith("values.")]
        lines.append("        values: {" + ", ".join(f"{k}: {v}" for k, v in values) + "}")
    return "\n".join(lines) + "\n"


def new_game(name: str, content_dir: Path, languages: tuple[str, ...] = LANGS, table: bool = True) -> Path:
    """Create `content_dir/name` from templates/new-game in `languages` (the first its source language),
    with the id filled in. The deck's cards are read from ``cards.csv``; with `table` False they are a
    ``cards:`` list in game.yaml instead (the same cards, for content that keeps everything in YAML)."""
    if not NAME.match(name):
        raise UsageError(f"{name!r} is not a valid game id: use lower-case letters, digits, '-' and '_'")
    languages = languages_option(",".join(languages))
    target = content_dir / name
    if content_dir.exists() and not content_dir.is_dir():
        raise UsageError(f"--content {content_dir} is not a folder")
    if target.exists():
        raise UsageError(f"{target} already exists")
    tmp = content_dir / f".{name}.new"
    try:
        _create(name, content_dir, tmp, target, languages, table)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise UsageError(f"cannot create {target}: {exc.strerror or exc}") from None
    return target


def _create(
    name: str, content_dir: Path, tmp: Path, target: Path, languages: tuple[str, ...], table: bool = True
) -> None:
    """Copy the new game's template into `tmp`, fill it in and rename it to `target`."""
    content_dir.mkdir(parents=True, exist_ok=True)
    if tmp.exists():
        shutil.rmtree(tmp)
    shutil.copytree(paths.TEMPLATES / "new-game", tmp, ignore=shutil.ignore_patterns("__pycache__"))
    if not table:
        game_file, table_file = tmp / "game.yaml", tmp / "cards.csv"
        game_text = re.sub(
            r"^    cards_from: cards\.csv.*\n",
            lambda m: yaml_cards(table_file.read_text(encoding="utf-8")),
            game_file.read_text(encoding="utf-8"),
            flags=re.M,
        )
        game_file.write_text(game_text, encoding="utf-8")
        table_file.unlink()
    for lang, source in _written(languages).items():
        if lang != source:  # a language the template is not written in: the English texts, to translate
            for file in sorted(tmp.glob(f"*.{source}.md")):
                shutil.copyfile(file, file.with_name(file.name.replace(f".{source}.md", f".{lang}.md")))
    for file in sorted(tmp.glob("*.*.md")):
        if file.name.split(".")[-2] not in languages:
            file.unlink()
    for file in tmp.rglob("*"):
        if file.is_file() and file.suffix == ".csv":
            file.write_text(table_in_languages(file.read_text(encoding="utf-8"), languages), encoding="utf-8")
        if file.is_file() and file.suffix in (".yaml", ".md", ".py"):
            text = file.read_text(encoding="utf-8").replace("__GAME_ID__", name)
            if file.suffix == ".yaml":
                text = in_languages(text, languages)
            if file.name == "game.yaml" and languages != LANGS:
                text = re.sub(
                    r"^(id: .*\n)",
                    lambda m: m.group(1) + f"languages: [{', '.join(languages)}]  # the first is the source language\n",
                    text,
                    count=1,
                    flags=re.M,
                )
            file.write_text(text, encoding="utf-8")
    tmp.rename(target)
