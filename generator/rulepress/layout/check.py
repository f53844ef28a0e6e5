"""Layout problems found before any build: `rulepress check content` and `build` report the same.

For each printed component: its layout files valid (schema, element kinds), every
font named by the layout known (bundled or declared in game.yaml, and usable),
every reference in an element bound to something the component's cards have,
every fixed icon name known, every picture file a card or layout names readable.
Problems are located in the layout file (line and column of the element's key) or
at the card's `image` key.
"""

from __future__ import annotations

from rulepress.errors import ContentError, ContentErrors, Problem
from rulepress.layout import layouts as layout_data
from rulepress.layout.backs import shared_back_problems
from rulepress.layout.binding import BindingError, condition_refs, refs, stray_brace
from rulepress.layout.face import known_refs
from rulepress.layout.placement import placement_problems
from rulepress.layout.smallprint import RULE as SMALL_PRINT
from rulepress.layout.smallprint import message as small_print_message
from rulepress.layout.smallprint import small_sizes
from rulepress.layout.spec import Layout
from rulepress.model.sourcefile import inside
from rulepress.model.yamlsource import load_yaml


def check_fonts(content) -> tuple[list[Problem], set[str]]:
    """Problems of the game's own font files (outside the folder, missing, damaged) at their `fonts` entry,
    and every font name the layouts may use. The build checks them before it plans (the card sheets
    register the fonts while planning)."""
    from rulepress.text import fonts
    from rulepress.text.fonts import FontFileError

    problems: list[Problem] = []
    font_names = set(fonts.FACES)
    for i, decl in enumerate(content.game.fonts):
        try:
            fonts.register_game_fonts(content.folder, [decl])
            font_names.add(decl.name)
        except FontFileError as exc:
            file, line, col = content.locate(("fonts", i, exc.part))
            problems.append(Problem(file, line, col, f"fonts.{i}.{exc.part}", str(exc)))
            font_names.add(decl.name)  # declared: its layouts are not wrong, its file is
    return problems, font_names


def check_layouts(content) -> list[Problem]:
    """Every layout problem of a loaded game."""
    game, folder = content.game, content.folder
    problems, font_names = check_fonts(content)
    try:
        icon_names = _icon_names(folder)
    except ValueError as exc:
        return problems + [Problem(str(folder / "layouts" / "icons.yaml"), None, None, "", str(exc))]
    checked: set[tuple[str, str]] = set()
    for i, comp in enumerate(game.components):
        if not comp.printed:
            continue
        name = comp.layout or "basic-card"
        try:
            layout = layout_data.load_layout(name, folder)
        except ContentErrors as exc:
            problems.extend(p for p in exc.problems() if p not in problems)
            continue
        except ContentError as exc:
            if exc.problem.line is not None:  # a mistake inside a layout file: reported where it is
                problems.append(exc.problem)
                continue
            file, line, col = content.locate(("components", i, "layout"))  # as the card renderer reports it
            problems.append(
                Problem(
                    file, line, col, f"components.{i}", f"game {game.id}, {comp.kind} {comp.id}: {exc.problem.message}"
                )
            )
            continue
        problems += _fonts(layout, font_names, name, folder)
        at_component = content.locate(("components", i, "layout" if comp.layout else "kind"))
        problems += [p for p in _small_print(layout, name, folder, at_component) if p not in problems]
        key = (name, comp.id)
        if key in checked:
            continue
        checked.add(key)
        problems += _bindings(layout, comp, name, folder, icon_names)
        problems += _pictures(content, i, comp)
    return problems + shared_back_problems(content) + placement_problems(content)


def _icon_names(folder) -> set[str]:
    from rulepress.text.iconfont import icon_files

    names = set(icon_files(folder))
    for alias, value in layout_data.icons(folder).items():
        if len(value) != 1 and value not in names:
            raise ValueError(f"icon {alias!r} names {value!r}, which is neither one character nor an SVG icon")
        names.add(alias)
    return names


def layout_where(name: str, folder, key: tuple) -> tuple[str, int | None, int | None]:
    """File, line, col of `key` in the layout file (of the extends chain) that gives it."""
    current: str | None = name
    while current:
        path = layout_data.layout_file(current, folder)
        data, positions = load_yaml(path, layout_data.shown_path(path))
        if isinstance(data, dict) and key and key[0] in data:
            line, col = positions.locate(key)
            return positions.path, line, col
        current = data.get("extends") if isinstance(data, dict) else None
    return str(layout_data.layout_file(name, folder)), None, None


def _fonts(layout: Layout, known: set[str], name: str, folder) -> list[Problem]:
    problems = []
    for part in ("title", "text", "values", "mark", "back"):
        font = getattr(layout, part).font
        if font not in known:
            file, line, col = layout_where(name, folder, (part, "font"))
            problems.append(
                Problem(file, line, col, f"{part}.font", f"unknown font {font!r}; fonts: {', '.join(sorted(known))}")
            )
    for key in layout_data.ELEMENT_LISTS:
        for j, el in enumerate(getattr(layout, key) or []):
            for font in el.fonts():
                if font not in known:
                    file, line, col = layout_where(name, folder, (key, j, "font"))
                    problems.append(
                        Problem(
                            file,
                            line,
                            col,
                            f"{key}.{j}.font",
                            f"unknown font {font!r}; fonts: {', '.join(sorted(known))}",
                        )
                    )
    return problems


def _small_print(layout: Layout, name: str, folder, at_component: tuple) -> list[Problem]:
    """A problem (rule small-print) at each text size of the layout under 6 pt, where its file sets it (a default
    no file sets: at the component that uses the layout)."""
    problems = []
    for key, size in small_sizes(layout, layout_data.ELEMENT_LISTS):
        file, line, col = layout_where(name, folder, key)
        if line is None:
            file, line, col = at_component
        where = ".".join(map(str, key))
        problems.append(Problem(file, line, col, where, small_print_message(size, where), SMALL_PRINT))
    return problems


BACK_REFS = {"id", "title", "color", "image", "mark", "name"}


def _bindings(layout: Layout, comp, name: str, folder, icon_names: set[str]) -> list[Problem]:
    problems = []
    for key in layout_data.ELEMENT_LISTS:
        known = BACK_REFS if key == "back_elements" else known_refs(comp)
        for j, el in enumerate(getattr(layout, key) or []):
            found = [(field, ref) for field, value in el.templates().items() for ref in refs(str(value))]
            for field, value in el.templates().items():
                wrong = stray_brace(str(value))
                if wrong is not None:
                    file, line, col = layout_where(name, folder, (key, j, field))
                    problems.append(Problem(file, line, col, f"{key}.{j}.{field}", wrong))
            if el.when:
                try:
                    found += [("when", ref) for ref in condition_refs(el.when)]
                except BindingError as exc:
                    file, line, col = layout_where(name, folder, (key, j, "when"))
                    problems.append(Problem(file, line, col, f"{key}.{j}.when", str(exc)))
            for field, ref in found:
                if ref not in known:
                    file, line, col = layout_where(name, folder, (key, j, field))
                    problems.append(
                        Problem(
                            file,
                            line,
                            col,
                            f"{key}.{j}.{field}",
                            f"unknown field {{{ref}}} for {comp.kind} {comp.id}; it can bind: "
                            f"{', '.join(sorted(known))}",
                        )
                    )
            icon = getattr(el, "icon", None)
            if icon is not None and "{" not in icon and icon not in icon_names:
                file, line, col = layout_where(name, folder, (key, j, "icon"))
                problems.append(Problem(file, line, col, f"{key}.{j}.icon", f"unknown icon {icon!r}"))
            src = getattr(el, "src", None)
            if src is not None and "{" not in src and not (folder / src).is_file():
                file, line, col = layout_where(name, folder, (key, j, "src"))
                problems.append(
                    Problem(file, line, col, f"{key}.{j}.src", f"image {src!r} not found in the game folder")
                )
    return problems


def _pictures(content, i: int, comp) -> list[Problem]:
    from rulepress.layout.pictures import PictureError, picture_size

    problems = []
    items: list[tuple[tuple[str | int, ...], str | None]]
    items = [(("cards", j, "image"), c.image) for j, c in enumerate(comp.cards)]  # backs: the card renderer's check
    items += [
        (("cards", j, "back_face", "image"), c.back_face.image)
        for j, c in enumerate(comp.cards)
        if c.back_face is not None
    ]
    for key, image in items:
        if not image:
            continue
        path = inside(content.folder, image)
        try:
            if path is None:
                raise PictureError("is outside the game folder")
            picture_size(path)
        except PictureError as exc:
            file, line, col = content.locate(("components", i) + key)
            problems.append(
                Problem(file, line, col, ".".join(map(str, ("components", i) + key)), f"image {image!r} {exc}")
            )
    return problems
