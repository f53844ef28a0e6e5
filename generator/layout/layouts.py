"""Card layouts as data: reading `templates/layouts/*.yaml`, `extends`, size presets.

A layout is a YAML mapping (see templates/layouts/basic-card.yaml). A layout
may name another in ``extends``; the child's keys are merged over the parent's
(nested mappings key by key). A game may bring its own layouts, size presets
and icons in ``<game>/layouts/``, which take precedence over the bundled ones.
Every problem is a `ContentError` naming the file.
"""

from __future__ import annotations

from pathlib import Path

from rulepress.errors import ContentError
from rulepress.paths import LAYOUTS


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


def load_layout(name: str, game_folder: Path | None = None) -> dict:
    """Layout `name` with every `extends` resolved; a cycle is a ContentError."""
    chain: list[str] = []
    data: dict = {}
    current: str | None = name
    files = []
    while current is not None:
        if current in chain:
            raise ContentError(layout_file(chain[0], game_folder),
                               f"layout extends itself: {' -> '.join(chain + [current])}")
        chain.append(current)
        path = layout_file(current, game_folder)
        files.append(path)
        own = _read(path)
        parent = own.pop("extends", None)
        if parent is not None and not isinstance(parent, str):
            raise ContentError(path, "'extends' must name one layout")
        data = merge(own, data)
        current = parent
    data["name"] = name
    return data


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


def resolve_size(size, layout: dict, game_folder: Path | None = None, where: str | Path = "") -> tuple[float, float]:
    """Trim size in mm of a component: its own `size` (preset name or width/height) or the layout's."""
    if size is None:
        size = layout.get("size", "poker")
    if isinstance(size, str):
        presets = sizes(game_folder)
        if size not in presets:
            raise ContentError(where or LAYOUTS, f"unknown size preset {size!r}; presets: {', '.join(sorted(presets))}")
        return presets[size]
    if isinstance(size, dict):
        return float(size["width"]), float(size["height"])
    return float(size.width), float(size.height)


def icons(game_folder: Path | None = None) -> dict[str, str]:
    """Inline icon names -> the glyph drawn for them."""
    result: dict[str, str] = {}
    for folder in reversed(_folders(game_folder)):
        path = folder / "icons.yaml"
        if path.is_file():
            result.update({str(k): str(v) for k, v in _read(path).items()})
    return result
