"""Load a game folder into the validated content model.

A game folder holds ``game.yaml`` and optionally ``components.yaml``,
``boards.yaml``, ``glossary.yaml``, ``ambiguities.yaml`` (each contributes
top-level keys of the game), the rule texts ``rules.<lang>.md``, quick
reference texts and the rules engine. Every problem found is collected with
its file, line, column and key path; `load_game` raises them all at once.

Nothing is dropped silently: a rules file missing for a declared language and
a file that looks like content but would not be read (``components.yml``,
``rules.fr.md`` in a de/en game, ``notes.yaml``) are problems naming the file.
"""

from __future__ import annotations

import hashlib
import typing
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from pydantic import BaseModel, ValidationError

from rulepress.errors import ContentError, ContentErrors, Problem
from rulepress.model import cardtable, formats, own_words, references
from rulepress.model.kit import kit_problems
from rulepress.model.rules_text import RuleText, read_rules
from rulepress.model.schema import LANGS, FieldValueError, Game, Term, Text, walk
from rulepress.model.sourcefile import display_path, inside, read_source
from rulepress.model.yamlsource import Positions, load_yaml

GAME_FILES = ("game.yaml", "components.yaml", "boards.yaml", "glossary.yaml", "ambiguities.yaml")


@dataclass(kw_only=True)
class GameContent:
    """Everything known about one game: the model, its texts, and where they came from."""

    game: Game
    folder: Path
    rules: dict[str, RuleText]
    quickref_texts: dict[tuple[str, str], str]  # (quickref id, lang) -> Markdown
    files: list[Path]  # every input file, for change tracking
    positions: dict[str, Positions] = field(default_factory=dict)  # top-level key -> file positions
    tables: dict[tuple, cardtable.TablePositions] = field(default_factory=dict)  # ('components', i, 'cards') -> table
    warnings: list[Problem] = field(default_factory=list)  # problems of rules the game's format predates

    @property
    def format(self) -> int:
        """The content format the game was written for (`rulepress.model.formats`)."""
        return self.game.format or formats.FIRST

    @property
    def id(self) -> str:
        return self.game.id

    def digest(self) -> str:
        """Hash of every input file of the game (order-independent of the file system)."""
        h = hashlib.sha256()
        for path in sorted(self.files):
            h.update(str(path.relative_to(self.folder)).encode())
            h.update(path.read_bytes())
        return h.hexdigest()

    def engine_path(self) -> Path | None:
        return self.folder / self.game.engine if self.game.engine else None

    def locate(self, key: tuple) -> tuple[str, int | None, int | None]:
        """File, line, column of a key path of the merged game data (row and column for cards from a table)."""
        table = _table_at(self.tables, key)
        if table is not None:
            return table
        if key and key[0] in self.positions:
            pos = self.positions[key[0]]
            line, col = pos.locate(key)
            return pos.path, line, col
        root = self.positions.get("", None)
        return (root.path if root else str(self.folder / "game.yaml")), None, None


def _table_at(tables: dict, key: tuple) -> tuple[str, int | None, int | None] | None:
    """File, row, column of `key` when it lies inside cards read from a table, else None."""
    prefix = tuple(key[:3])
    if len(key) > 3 and prefix in tables:
        table = tables[prefix]
        row, col = table.locate(tuple(key[3:]))
        return table.path, row, col
    return None


def _model_at(loc: tuple, data) -> tuple[tuple, type | None]:
    """Strip pydantic's union tags from `loc`, keeping only steps present in the data,
    and find the model class that holds the last step (for listing accepted keys)."""
    path: list = []
    node = data
    cls: type | None = Game
    for step in loc:
        if isinstance(node, dict) and step in node:
            path.append(step)
            node = node[step]
            cls = _field_class(cls, step)
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            path.append(step)
            node = node[step]
            cls = _item_class(cls)
        elif isinstance(node, dict) and isinstance(step, str) and step not in node and step[:1].isupper():
            continue  # a union member tag such as 'Text'
        elif isinstance(node, dict):
            path.append(step)  # a missing or unknown key
            break
        else:
            continue
    return tuple(path), cls


def _model_class(annotation) -> type | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_class(arg)
        if found:
            return found
    return None


def _field_class(cls, name):
    if cls is None or not (isinstance(cls, type) and issubclass(cls, BaseModel)):
        return None
    info = cls.model_fields.get(name)
    if info is None:
        return None
    origin = typing.get_origin(info.annotation)
    if origin is list:
        return ("list", _model_class(typing.get_args(info.annotation)[0]))
    return _model_class(info.annotation)


def _item_class(cls):
    if isinstance(cls, tuple) and cls[0] == "list":
        return cls[1]
    return None


def _problems_from_validation(exc: ValidationError, data: dict, content: _Sources) -> list[Problem]:
    problems: dict[tuple, Problem] = {}
    errors = exc.errors(include_url=False)
    locs = [tuple(e["loc"]) for e in errors]
    for error in errors:
        loc = tuple(error["loc"])
        kind = error["type"]
        if _other_member_says_more(loc, locs):
            continue
        if kind == "extra_forbidden":
            path, _ = _model_at(loc[:-1], data)
            owner = _owner_class(loc[:-1], data)
            path = path + (loc[-1],)
            accepted = ", ".join(owner.model_fields) if owner else "?"
            message = f"unknown key {loc[-1]!r}; accepted keys: {accepted}"
            file, line, col = content.locate(path, at_key=True)
        else:
            cause = error.get("ctx", {}).get("error")
            path, _ = _model_at(loc + (cause.field,) if isinstance(cause, FieldValueError) else loc, data)
            message = error["msg"]
            if kind == "missing":
                message = "required key is missing"
            elif message.startswith("Value error, "):
                message = message[len("Value error, ") :]
            elif kind == "string_pattern_mismatch" and "a-z0-9" in str(error.get("ctx", {})):
                message = f"{error.get('input')!r} is not a valid id (lower-case letters, digits, '-' and '_')"
            file, line, col = content.locate(path, at_key=(kind == "missing"))
        key = ".".join(str(p) for p in path)
        column = content.column(path)
        if column is not None:
            message = f"column {column!r}: {message}"
        if path not in problems:
            problems[path] = Problem(file, line, col, key, message)
    return list(problems.values())


_TYPE_TAGS = {"str", "int", "float", "bool", "none"}


def _other_member_says_more(loc: tuple, locs: list[tuple]) -> bool:
    """True for a union's plain-type member error ("should be a valid string") when a model member
    of the same union has an error of its own: that one says what is wrong."""
    if not loc or loc[-1] not in _TYPE_TAGS:
        return False
    n = len(loc) - 1
    return any(len(o) > n and o[:n] == loc[:n] and o[n] not in _TYPE_TAGS for o in locs)


def _owner_class(loc: tuple, data) -> type[BaseModel] | None:
    _, cls = _model_at(loc, data)
    if isinstance(cls, tuple):
        cls = cls[1]
    return cls if isinstance(cls, type) and issubclass(cls, BaseModel) else None  # (models only: see _model_class)


class _Sources:
    """The merged YAML data of a game folder and where each top-level key came from."""

    def __init__(self, folder: Path, parse: Callable[[Path, str], tuple[object, Positions]] = load_yaml):
        self.folder, self.parse = folder, parse
        self.data: dict = {}
        self.positions: dict[str, Positions] = {}
        self.files: list[Path] = []
        self.problems: list[Problem] = []
        self.formulas: list[Problem] = []  # table cells whose formula has no saved result (rule table-formula)
        self.tables: dict[tuple, cardtable.TablePositions] = {}

    def read(self, name: str) -> None:
        path = self.folder / name
        if not path.exists() and not path.is_symlink():
            if name == "game.yaml":
                self.problems.append(Problem(display_path(path), None, None, "", "game.yaml is missing"))
            return
        self.files.append(path)
        shown = display_path(path)
        try:
            data, positions = self.parse(path, shown)
        except ContentError as exc:
            self.problems.extend(exc.problems())
            return
        if name == "game.yaml":
            self.positions[""] = positions
        if data is None:
            return
        if not isinstance(data, dict):
            self.problems.append(Problem(shown, 1, 1, "", "the file must hold a mapping of keys"))
            return
        for key, value in data.items():
            if key in self.data:
                line, col = positions.locate((key,), at_key=True)
                first = self.positions[key].path
                self.problems.append(Problem(shown, line, col, key, f"{key!r} is already given in {first}"))
                continue
            self.data[key] = value
            self.positions[key] = positions

    def read_tables(self, languages: list[str]) -> None:
        """The cards of every component that names a `cards_from` table, put in as its `cards`."""
        components = self.data.get("components")
        for i, comp in enumerate(components if isinstance(components, list) else []):
            if not isinstance(comp, dict) or comp.get("cards_from") is None:
                continue
            file, line, col = self.locate(("components", i, "cards_from"))
            name = comp["cards_from"]
            path = inside(self.folder, name) if isinstance(name, str) else None
            if path is None or not path.is_file():
                state = "is not a file in the game folder" if path is None or not path.exists() else "is not a file"
                self.problems.append(Problem(file, line, col, f"components.{i}.cards_from", f"{name!r} {state}"))
                continue
            if comp.get("cards"):
                self.problems.append(
                    Problem(
                        file,
                        line,
                        col,
                        f"components.{i}.cards_from",
                        "give the cards in `cards` or in `cards_from`, not both",
                    )
                )
                continue
            shown = display_path(path)
            self.files.append(path)
            try:
                cards, table = cardtable.read(path, shown, comp, languages, comp.get("cards_sheet"))
            except ContentError as exc:
                self.problems.extend(exc.problems())
                continue
            comp["cards"] = cards
            self.tables[("components", i, "cards")] = table
            for row, column, name, formula in table.formulas:  # read as empty: said, not silent
                self.formulas.append(
                    Problem(
                        shown,
                        row,
                        column,
                        f"components.{i}.cards_from",
                        f"column {name!r}: the formula ={formula} has no saved result, so the cell reads as empty",
                        "table-formula",
                    )
                )

    def column(self, key: tuple) -> str | None:
        """The name of the table column a value inside cards read from a table came from, else None."""
        prefix = tuple(key[:3])
        return self.tables[prefix].column(tuple(key[3:])) if len(key) > 3 and prefix in self.tables else None

    def locate(self, key: tuple, at_key: bool = False) -> tuple[str, int | None, int | None]:
        table = _table_at(self.tables, key)
        if table is not None:
            return table
        if key and key[0] in self.positions:
            pos = self.positions[key[0]]
            line, col = pos.locate(key, at_key=at_key)
            return pos.path, line, col
        root = self.positions.get("")
        if root:
            line, col = root.locate((), at_key=False)
            return root.path, line, col
        return display_path(self.folder / "game.yaml"), None, None


def load_game(folder: Path, parse: Callable[[Path, str], tuple[object, Positions]] = load_yaml) -> GameContent:
    """Load, validate and cross-check one game folder (its YAML files read with `parse`, a `load_yaml`
    that may remember). Raises ContentErrors. What needs the geometry, fonts and pictures (layouts, a
    map's borders) is checked by the renderers (`rulepress.build.check_games`)."""
    folder = Path(folder).absolute()  # paths below it stay comparable whatever the working directory
    sources = _Sources(folder, parse)
    game = _validated(sources)
    problems: list[Problem] = language_problems(game, sources.locate) + sources.formulas
    files = list(sources.files)
    rules = _rule_texts(game, sources, files, problems)
    quickref_texts = _quickref_texts(game, sources, files, problems)
    _engine_file(game, sources, files, problems)
    layouts = folder / "layouts"
    if layouts.is_dir():
        files.extend(sorted(layouts.glob("*.yaml")))
    files.extend(own_words.files(folder))
    problems.extend(own_words.check(game.languages, folder))
    content = GameContent(
        game=game,
        folder=folder,
        rules=rules,
        quickref_texts=quickref_texts,
        files=files,
        positions=sources.positions,
        tables=sources.tables,
    )
    problems += _content_problems(content, sources)
    problems = formats.settle(problems, content.format)
    if formats.errors(problems):
        raise ContentErrors(formats.errors(problems))
    content.warnings = formats.warnings(problems)
    return content


def _validated(sources: _Sources) -> Game:
    """The game's YAML files and tables read and validated against the schema (ContentErrors if they are not)."""
    for name in GAME_FILES:
        sources.read(name)
    if not sources.problems:
        languages = sources.data.get("languages")
        sources.read_tables(languages if isinstance(languages, list) else list(LANGS))
    if sources.problems:
        raise ContentErrors(sources.problems)
    try:
        return Game.model_validate(sources.data)
    except ValidationError as exc:
        raise ContentErrors(_problems_from_validation(exc, sources.data, sources)) from None


def _rule_texts(game: Game, sources: _Sources, files: list[Path], problems: list[Problem]) -> dict[str, RuleText]:
    """Each language's rules file read (added to `files`); a missing one is a problem at `languages`."""
    rules: dict[str, RuleText] = {}
    for lang in game.languages:
        path = sources.folder / rules_file(lang)
        if not path.exists() and not path.is_symlink():
            file, line, col = sources.locate(("languages",), at_key=True)
            if "languages" not in sources.data:
                line = col = None  # the default languages: no line to point at
            problems.append(
                Problem(
                    file,
                    line,
                    col,
                    "languages",
                    f"rules.{lang}.md is missing (every language of the game needs its rules file)",
                )
            )
            continue
        files.append(path)
        text = _rule_text(path, lang, problems)
        if text is not None:
            rules[lang] = text
    return rules


def _quickref_texts(
    game: Game, sources: _Sources, files: list[Path], problems: list[Problem]
) -> dict[tuple[str, str], str]:
    """(quick reference id, lang) -> its Markdown source (the files added to `files`)."""
    texts: dict[tuple[str, str], str] = {}
    for i, quickref in enumerate(game.quickrefs):
        for lang in game.languages:
            source = inside(sources.folder, f"{quickref.source}.{lang}.md")
            if source is None or not source.exists():
                file, line, col = sources.locate(("quickrefs", i, "source"))
                problems.append(
                    Problem(
                        file,
                        line,
                        col,
                        f"quickrefs.{i}.source",
                        f"file {quickref.source}.{lang}.md not found in the game folder",
                    )
                )
                continue
            files.append(source)
            try:
                texts[(quickref.id, lang)] = read_source(source, display_path(source))
            except ContentError as exc:
                problems.extend(exc.problems())
    return texts


def _engine_file(game: Game, sources: _Sources, files: list[Path], problems: list[Problem]) -> None:
    """The rules engine's file, if the game names one: added to `files`, or a problem where it is named."""
    if not game.engine:
        return
    engine = inside(sources.folder, game.engine)
    if not engine or not engine.exists():
        file, line, col = sources.locate(("engine",))
        state = "is a dangling symbolic link" if engine and engine.is_symlink() else "not found in the game folder"
        problems.append(Problem(file, line, col, "engine", f"engine file {game.engine!r} {state}"))
    else:
        files.append(engine)


def _content_problems(content: GameContent, sources: _Sources) -> list[Problem]:
    """What the loaded game says of itself: its id against its folder, cross-references, files nobody reads,
    to-do markers, the kit, and a game.yaml without a format."""
    game, folder = content.game, content.folder
    problems: list[Problem] = []
    if game.id != folder.name:
        file, line, col = sources.locate(("id",))
        problems.append(
            Problem(file, line, col, "id", f"game id {game.id!r} must equal the folder name {folder.name!r}")
        )
    problems.extend(references.check(content))
    problems.extend(unread_files(content, sources))
    problems.extend(references.todo_markers(content))
    problems.extend(kit_problems(content))
    if game.format is None:
        file, line, _ = sources.locate(("id",))
        problems.append(
            Problem(file, line, 1, "format", "game.yaml declares no `format`: read as format 1", "format-declared")
        )
    return problems


def language_problems(game: Game, locate: Callable[..., tuple[str, int | None, int | None]]) -> list[Problem]:
    """Every text (and glossary term) of `game` in each of its languages: a missing one is an error at the text
    (``title.fr: required key is missing``), one in a language the game does not declare a warning (it is
    never shown); `locate(key path, at_key=True)` gives file, line and column."""
    declared = ", ".join(game.languages)
    problems: list[Problem] = []
    for path, node in walk(game):
        if not isinstance(node, (Text, Term)):
            continue
        given = node.languages
        for lang in game.languages:
            if lang not in given:
                file, line, col = locate(path + (lang,), at_key=True)
                problems.append(
                    Problem(
                        file,
                        line,
                        col,
                        ".".join(map(str, path + (lang,))),
                        f"required key is missing (every text is given in each of the game's languages: {declared})",
                    )
                )
        extra = [lang for lang in given if lang not in game.languages]
        if isinstance(node, Term):
            extra += [lang for lang in (*node.keywords, *node.aliases) if lang not in game.languages]
        for lang in dict.fromkeys(extra):
            file, line, col = locate(path + (lang,), at_key=True)
            problems.append(
                Problem(
                    file,
                    line,
                    col,
                    ".".join(map(str, path + (lang,))),
                    f"{lang!r} is not one of the game's languages ({declared}): this text is never shown",
                    "text-language-undeclared",
                )
            )
    return problems


def rules_file(lang: str) -> str:
    """The name of a game's rules file in `lang`, relative to its folder."""
    return f"rules.{lang}.md"


def rules_files(game: Game) -> set[str]:
    """The names of the game's rules files (`rules_file`)."""
    return {rules_file(lang) for lang in game.languages}


def _rule_text(path: Path, lang: str, problems: list[Problem]) -> RuleText | None:
    """The rule text in `path`, its problems added to `problems` (None when it cannot be read)."""
    try:
        text, found = read_rules(path, lang, display_path(path))
    except ContentError as exc:
        problems.extend(exc.problems())
        return None
    problems.extend(found)
    return text


def with_rules_read_again(content: GameContent) -> GameContent:
    """A game that loaded without problems, with its rules files (`rules_files`) read and checked again:
    what `load_game` gives after an edit of those files alone (nothing else of the game reads them).
    Raises ContentErrors with the problems `load_game` would report then."""
    problems: list[Problem] = []
    texts = {lang: _rule_text(content.folder / rules_file(lang), lang, problems) for lang in content.game.languages}
    updated = replace(content, rules={lang: text for lang, text in texts.items() if text is not None})
    problems.extend(references.text_problems(updated))
    problems = formats.settle(problems, content.format)
    if formats.errors(problems):
        raise ContentErrors(formats.errors(problems))
    return updated


def unread_files(content: GameContent, sources: _Sources) -> list[Problem]:
    """Files in the game folder that look like content but would not be read."""
    game = content.game
    read = {p.name for p in content.files if p.parent == content.folder}
    stems = {q.source for q in game.quickrefs} | {"rules"}
    problems = []
    layouts = content.folder / "layouts"
    for path in sorted(layouts.glob("*.yml")) if layouts.is_dir() else []:
        problems.append(
            Problem(
                display_path(path),
                None,
                None,
                "",
                f"is not read: layouts are .yaml files (rename it to {path.stem}.yaml)",
            )
        )
    for path in sorted(content.folder.iterdir()):
        name, shown = path.name, display_path(path)
        if name in read or name.startswith(".") or not path.is_file():
            continue
        parts = name.split(".")
        if name.endswith(".yml"):
            problems.append(
                Problem(
                    shown,
                    None,
                    None,
                    "",
                    f"is not read: Rulepress reads only .yaml files (rename it to {name[:-4]}.yaml)",
                )
            )
        elif name.endswith(".yaml"):
            problems.append(
                Problem(
                    shown,
                    None,
                    None,
                    "",
                    f"is not read: the files of a game are {', '.join(GAME_FILES)} (layouts belong in layouts/)",
                )
            )
        elif len(parts) == 3 and parts[2] == "md" and len(parts[1]) == 2 and parts[0] in stems:
            problems.append(
                Problem(
                    shown,
                    None,
                    None,
                    "",
                    f"is not read: {parts[1]!r} is not one of the game's languages ({', '.join(game.languages)})",
                )
            )
    return problems


def find_games(content_dir: Path) -> list[Path]:
    """Game folders (those holding a game.yaml, even a broken link) in a content folder, sorted by name."""
    if not content_dir.is_dir():
        return []
    return sorted(
        p
        for p in content_dir.iterdir()
        if p.is_dir() and ((p / "game.yaml").exists() or (p / "game.yaml").is_symlink())
    )


def load_games(
    content_dir: Path, ids: list[str] | None = None, load: Callable[[Path], GameContent] | None = None
) -> list[GameContent]:
    """Load the named games (or all) of a content folder, collecting every problem; each game folder
    with `load` if given (`rulepress.model.cache` loads unchanged games from a cache), else `load_game`."""
    from rulepress.errors import UsageError

    if not content_dir.is_dir():
        state = "is not a folder" if content_dir.exists() else "does not exist"
        raise UsageError(f"content folder {content_dir} {state}")
    folders = find_games(content_dir)
    if ids:
        known = {p.name: p for p in folders}
        missing = [i for i in ids if i not in known]
        if missing:
            raise UsageError(
                f"unknown game {', '.join(missing)}; games in {display_path(content_dir)}: {', '.join(known) or 'none'}"
            )
        folders = [known[i] for i in ids]
    games, problems = [], []
    for folder in folders:
        try:
            games.append((load or load_game)(folder))
        except ContentErrors as exc:
            problems.extend(exc.problems())
        except ContentError as exc:
            problems.extend(exc.problems())
    if problems:
        raise ContentErrors(problems)
    return games


__all__ = ["GameContent", "load_game", "load_games", "find_games", "LANGS", "inside", "display_path"]
