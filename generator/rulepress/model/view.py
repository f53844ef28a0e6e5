"""What an output in one language reads of a game: the one place that cuts the model to a language.

Every output's inputs are hashed into its artifact's digest; an edit that leaves that digest alone leaves the
output alone. So what a language's output depends on is decided here, once, by the model's own types
rather than by guessing from the data's shape:

- `in_language(value, lang)`: model data (a pydantic model, or plain data holding models) as JSON-able
  data in which every `Text` (a text in each language) is cut to its text in `lang` (or to nothing, with
  ``lang=None``). Everything else is kept: a glossary `Term` names the term in every language as fields of
  its own, and an output may show the other language's name.
- `folder_files(content, lang)`: the game folder's files that an output in `lang` may read besides the
  model (the YAML files of the model and the card tables are the model): its own rules and quick-reference
  Markdown, the engine and any other program file, layouts, fonts, icons and pictures. The Markdown of the
  other languages is left out.
- `digest(*parts)`: the SHA-256 of JSON-able parts and files.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from rulepress.model.loader import GAME_FILES
from rulepress.model.schema import Text, walk

if TYPE_CHECKING:
    from rulepress.model.loader import GameContent

SKIPPED_PARTS = ("__pycache__",)  # folders no output reads (Python's bytecode, written as the engine runs)


def in_language(value: Any, lang: str | None) -> Any:
    """`value` (a model) as JSON-able data with every `Text` in it cut to its text in `lang`
    (None: to nothing): the model's own dump, with each `Text` the schema's walk finds replaced."""
    if isinstance(value, Text):
        return value.get(lang) if lang is not None and lang in value.languages else None
    data = value.model_dump(mode="json") if isinstance(value, BaseModel) else value
    for path, node in walk(value):
        if path and isinstance(node, Text):
            *parents, last = path
            holder = data
            for key in parents:
                holder = holder[key]
            holder[last] = in_language(node, lang)
    return data


def _model_files(content: GameContent) -> set[Path]:
    """The files whose data is the model: the game's YAML files and its card tables."""
    folder = content.folder
    tables = {folder / c.cards_from for c in content.game.components if c.cards_from}
    return {(folder / name).resolve() for name in GAME_FILES} | {p.resolve() for p in tables}


def _other_language(name: str, lang: str | None, languages: tuple[str, ...]) -> bool:
    """Whether a file called `name` holds the words of a language other than `lang`: its Markdown
    (rules.fr.md, quickref.fr.md) or its own catalog or lexicon (locales/fr.yaml, lexicons/fr.yaml)."""
    if lang is None or not name.endswith((".md", ".yaml")):
        return False
    named = name.split(".")[:-1]
    return bool(named) and named[-1] in languages and named[-1] != lang


def folder_files(content: GameContent, lang: str | None) -> list[Path]:
    """Every file of the game folder an output in `lang` (None: in every language) may read besides the
    model, sorted."""
    model = _model_files(content)
    languages = tuple(content.game.languages)
    found = []
    for path in sorted(content.folder.rglob("*")):
        relative = path.relative_to(content.folder)
        if any(part in SKIPPED_PARTS or part.startswith(".") for part in relative.parts):
            continue
        if not path.is_file() or path.resolve() in model or _other_language(path.name, lang, languages):
            continue
        found.append(path)
    return found


def digest(*parts: Any, files: Sequence[Path] = (), folder: Path | None = None) -> str:
    """SHA-256 of JSON-able `parts` and of `files` (their paths relative to `folder`, and their bytes)."""
    h = hashlib.sha256(json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str).encode("utf-8"))
    for path in files:
        name = path.relative_to(folder).as_posix() if folder is not None else path.name
        h.update(b"\0" + name.encode("utf-8") + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def pictured_cards(results, lang: str) -> set[tuple[str, str]]:
    """(component id, card id) of every card the worked examples' pictures in `lang` show (`results`: their
    `ExampleResult` s; a picture is `rulepress.model.pictures.Picture.to_dict` data)."""
    return {
        (comp_id, card_id)
        for result in results or []
        if result.lang == lang
        for picture in result.pictures
        if picture.get("kind") == "cards"
        for group in picture.get("groups", [])
        for comp_id, card_id in group
    }


def components_in_language(content: GameContent, lang: str, shown: Collection[tuple[str, str]] | None) -> list:
    """The game's components in `lang` (`in_language`) with each card's texts only for the (component id, card
    id) in `shown` (None: every card's): an output that shows no card's text, or only some, is left alone by an
    edit of another's."""
    found = []
    for comp in content.game.components:
        data = in_language(comp.model_copy(update={"cards": []}), lang)
        data["cards"] = [
            in_language(card, lang if shown is None or (comp.id, card.id) in shown else None) for card in comp.cards
        ]
        found.append(data)
    return found
