"""Card layouts as data: reading `templates/layouts/*.yaml`, `extends`, size presets.

A layout is a YAML mapping (see templates/layouts/basic-card.yaml), validated
file by file against `rulepress.layout.spec.LayoutFile`: a mistake is a
`ContentError` at its line and column in the layout file itself. A layout
may name another in ``extends``; the child's keys are merged over the parent's
(nested mappings key by key; lists such as `elements` are replaced). A game may
bring its own layouts, size presets and icons in ``<game>/layouts/``, which take
precedence over the bundled ones.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ValidationError

from rulepress.errors import ContentError, ContentErrors, Problem
from rulepress.layout.elements import KINDS
from rulepress.layout.spec import Layout, LayoutFile
from rulepress.model.yamlsource import Positions, load_yaml
from rulepress.paths import LAYOUTS

ELEMENT_LISTS = ("elements", "back_face_elements", "back_elements")


def _folders(game_folder: Path | None) -> list[Path]:
    folders = []
    if game_folder is not None and (Path(game_folder) / "layouts").is_dir():
        folders.append(Path(game_folder) / "layouts")
    folders.append(LAYOUTS)
    return folders


def _read(path: Path) -> dict:
    from rulepress.model.loader import display_path
    from rulepress.model.yamlsource import load_yaml

    data, _ = load_yaml(path, display_path(path))
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ContentError(path, "a layout file must be a mapping")
    return data


def shown_path(path: Path) -> str:
    """A layout file's path as messages show it."""
    from rulepress.model.loader import display_path

    return display_path(path)


def read_layout(path: Path) -> dict:
    """One layout file, validated; ContentErrors with line and column for every mistake."""
    shown = shown_path(path)
    data, positions = load_yaml(path, shown)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ContentError(shown, "a layout file must be a mapping of keys", 1, 1)
    problems = _kind_problems(data, positions)
    try:
        LayoutFile.model_validate(data)
    except ValidationError as exc:
        problems += _validation_problems(exc, data, positions, {p.key for p in problems})
    if problems:
        raise ContentErrors(problems)
    return data


def _kind_problems(data: dict, positions: Positions) -> list[Problem]:
    problems = []
    for key in ELEMENT_LISTS:
        items = data.get(key)
        if not isinstance(items, list):
            continue
        for i, item in enumerate(items):
            kind = item.get("kind") if isinstance(item, dict) else None
            if kind not in KINDS:
                where = (key, i, "kind") if isinstance(item, dict) and "kind" in item else (key, i)
                line, col = positions.locate(where)
                what = f"unknown element kind {kind!r}" if kind is not None else "an element needs a `kind`"
                problems.append(
                    Problem(positions.path, line, col, ".".join(map(str, where)), f"{what}; kinds: {', '.join(KINDS)}")
                )
    return problems


def _validation_problems(exc: ValidationError, data: dict, positions: Positions, done: set[str]) -> list[Problem]:
    problems: dict[tuple, Problem] = {}
    for error in exc.errors(include_url=False):
        if error["type"].startswith("union_tag"):
            continue  # reported by _kind_problems
        walked, node = [], data
        for step in error["loc"]:
            if isinstance(node, dict) and step in node:
                node = node[step]
                walked.append(step)
            elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
                node = node[step]
                walked.append(step)
            elif isinstance(step, str) and step[:1].isupper():
                continue  # a union member tag
            elif isinstance(step, str) and step in ("str", "int", "float", "bool") or str(step).startswith("function"):
                continue
            else:
                walked.append(step)
                break
        path = tuple(walked)
        key = ".".join(map(str, path))
        if key in done or any(k and key.startswith(k + ".") for k in done) or path in problems:
            continue
        if error["type"] == "extra_forbidden":
            message = f"unknown key {path[-1]!r}; accepted keys: {', '.join(_accepted(path[:-1], data))}"
            line, col = positions.locate(path, at_key=True)
        else:
            message = "required key is missing" if error["type"] == "missing" else error["msg"]
            if message.startswith("Value error, "):
                message = message[len("Value error, ") :]
            if error["type"] == "string_pattern_mismatch" and "#" in str(error.get("ctx", {})):
                message = f"{error.get('input')!r} is not a colour (#rrggbb) or a reference such as {{color}}"
            line, col = positions.locate(path, at_key=error["type"] == "missing")
        problems[path] = Problem(positions.path, line, col, key, message)
    return list(problems.values())


def _accepted(owner: tuple, data: dict) -> list[str]:
    """The keys accepted where `owner` points (the file, a section or an element)."""
    cls: type[BaseModel] = LayoutFile
    if len(owner) == 2 and owner[0] in ELEMENT_LISTS:
        cls = KINDS[data[owner[0]][owner[1]]["kind"]]
    elif len(owner) == 1:
        import typing

        for arg in typing.get_args(LayoutFile.model_fields[owner[0]].annotation) or ():
            if isinstance(arg, type) and issubclass(arg, BaseModel):
                cls = arg
    return [info.alias or name for name, info in cls.model_fields.items()]


def merge(base: dict, over: dict) -> dict:
    """`over` merged onto `base`; nested mappings are merged key by key."""
    result = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merge(result[key], value)
        else:
            result[key] = value
    return result


def layout_file(name: str, game_folder: Path | None = None) -> Path:
    """The file of layout `name` (game's own first); ContentError when there is none."""
    for folder in _folders(game_folder):
        path = folder / f"{name}.yaml"
        if path.is_file() and name not in ("sizes", "icons"):
            return path
    known = sorted({p.stem for f in _folders(game_folder) for p in f.glob("*.yaml")} - {"sizes", "icons"})
    raise ContentError(game_folder or LAYOUTS, f"unknown layout {name!r}; layouts: {', '.join(known)}")


def load_layout(name: str, game_folder: Path | None = None) -> Layout:
    """Layout `name` with every `extends` resolved and every default filled; a cycle or an unknown parent
    is a ContentError at the `extends` line of the file that names it."""
    chain: list[str] = []
    data: dict = {}
    current: str | None = name
    files: list[Path] = []
    while current is not None:
        if current in chain:
            raise _at_extends(files[-1], f"layout extends itself: {' -> '.join(chain + [current])}")
        chain.append(current)
        try:
            path = layout_file(current, game_folder)
        except ContentError as exc:
            if not files:
                raise
            raise _at_extends(files[-1], exc.problem.message) from None
        files.append(path)
        own = dict(read_layout(path))
        parent = own.pop("extends", None)
        if parent is not None and not isinstance(parent, str):
            raise _at_extends(path, "'extends' must name one layout")
        data = merge(own, data)
        current = parent
    return Layout.model_validate({**data, "name": name})


def _at_extends(path: Path, message: str) -> ContentError:
    """A ContentError at the `extends` key of the layout file `path`."""
    shown = shown_path(path)
    _data, positions = load_yaml(path, shown)
    line, col = positions.locate(("extends",))
    return ContentError(shown, message, line=line, col=col, key="extends")


def sizes(game_folder: Path | None = None) -> dict[str, tuple[float, float]]:
    """Size presets: name -> (width, height) in mm; a game's own override bundled ones."""
    result: dict[str, tuple[float, float]] = {}
    for folder in reversed(_folders(game_folder)):
        path = folder / "sizes.yaml"
        if path.is_file():
            for key, value in _read(path).items():
                try:
                    result[key] = (float(value["width"]), float(value["height"]))
                except (TypeError, KeyError, ValueError):
                    raise ContentError(path, f"size {key!r} needs a width and a height in mm") from None
    return result


def resolve_size(
    size, layout: Layout | None, game_folder: Path | None = None, where: str | Path = ""
) -> tuple[float, float]:
    """Trim size in mm of a component: its own `size` (preset name or width/height) or the layout's
    (`layout` None: the default layout's)."""
    if size is None:
        size = (layout or Layout()).size
    if isinstance(size, str):
        presets = sizes(game_folder)
        if size not in presets:
            raise ContentError(where or LAYOUTS, f"unknown size preset {size!r}; presets: {', '.join(sorted(presets))}")
        return presets[size]
    if isinstance(size, dict):
        return float(size["width"]), float(size["height"])
    return float(size.width), float(size.height)


def icon_source(game_folder: Path | None, name: str) -> tuple[str, int | None, int | None]:
    """File, line and column of icon `name` in the icons.yaml that defines it (the game's before the bundled)."""
    from rulepress.model.loader import display_path
    from rulepress.model.yamlsource import load_yaml

    for folder in _folders(game_folder):
        path = folder / "icons.yaml"
        if path.is_file():
            data, positions = load_yaml(path, display_path(path))
            if isinstance(data, dict) and name in data:
                line, col = positions.locate((name,))
                return display_path(path), line, col
    return "icons.yaml", None, None


def icons_of_game(game_folder: Path) -> dict[str, str]:
    """The icon names the game's own layouts/icons.yaml gives (not the bundled ones)."""
    path = Path(game_folder) / "layouts" / "icons.yaml"
    return {str(k): str(v) for k, v in _read(path).items()} if path.is_file() else {}


def icons(game_folder: Path | None = None) -> dict[str, str]:
    """Inline icon names -> the glyph drawn for them."""
    result: dict[str, str] = {}
    for folder in reversed(_folders(game_folder)):
        path = folder / "icons.yaml"
        if path.is_file():
            result.update({str(k): str(v) for k, v in _read(path).items()})
    return result
