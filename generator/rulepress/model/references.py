"""Cross-reference checks of a loaded game: every id that is referred to exists.

Schema validation checks each value on its own; this module checks how the
values fit together: card backs, board groups, space types and link ends,
component counts, the rule sections of both languages, glossary references,
source passages of rule sections, ambiguity options, and files that must stay inside the game folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rulepress.errors import Problem
from rulepress.model.rules_text import TERM_REF, steps, term_refs
from rulepress.model.sourcefile import display_path, inside

if TYPE_CHECKING:
    from rulepress.model.loader import GameContent


def check(content: GameContent) -> list[Problem]:
    """Every cross-reference problem of the game. (A map's drawn borders against its links are checked
    with the board's geometry, by the boards renderer: `rulepress.layout.mapcheck`.)"""
    problems: list[Problem] = []
    report = _reporter(content, problems)
    game = content.game
    _unique(report, ("components",), [c.id for c in game.components], "component")
    _unique(report, ("boards",), [b.id for b in game.boards], "board")
    _unique(report, ("glossary",), [t.id for t in game.glossary], "term")
    _unique(report, ("ambiguities",), [a.id for a in game.ambiguities], "ambiguity")
    _unique(report, ("quickrefs",), [q.id for q in game.quickrefs], "quick reference")
    board_ids = {b.id for b in game.boards}
    for i, comp in enumerate(game.components):
        _component(content, report, ("components", i), comp, board_ids)
    component_ids = {c.id for c in game.components}
    for i, board in enumerate(game.boards):
        _board(content, report, ("boards", i), board, component_ids)
    _sources(report, game)
    _engine_options(report, game)
    _ambiguities(report, game)
    return problems + text_problems(content)


def _unknown_back(report, key: tuple, back: str | None, back_ids: list[str]) -> None:
    if back and back not in back_ids:
        report(key, f"unknown back {back!r}; backs of this component: {', '.join(back_ids) or 'none'}")


def _component(content: GameContent, report, key: tuple, comp, board_ids: set[str]) -> None:
    """One component: its backs (and each card's), back images inside the folder, its count, its board."""
    back_ids = [b.id for b in comp.backs]
    _unique(report, key + ("backs",), back_ids, "back")
    _unknown_back(report, key + ("back",), comp.back, back_ids)
    _unique(report, key + ("cards",), [c.id for c in comp.cards], "card")
    for j, card in enumerate(comp.cards):
        _unknown_back(report, key + ("cards", j, "back"), card.back, back_ids)
    for j, back in enumerate(comp.backs):
        if back.image and not _file_inside(content, back.image):
            dangling = (content.folder / back.image).is_symlink()
            report(
                key + ("backs", j, "image"),
                f"image {back.image!r} "
                + ("is a dangling symbolic link" if dangling else "not found inside the game folder"),
            )
    if (comp.printed or comp.printed_pieces) and comp.count is not None and comp.count != comp.total():
        report(key + ("count",), f"count is {comp.count} but the quantities add up to {comp.total()}")
    if comp.kind == "board":
        if comp.board and comp.board not in board_ids:
            report(key + ("board",), f"unknown board {comp.board!r}; boards: {', '.join(sorted(board_ids)) or 'none'}")
    elif comp.board:
        report(key + ("board",), "only components of kind 'board' refer to a board")
    if comp.kind == "money" and not comp.denominations:
        report(key + ("denominations",), "a money component needs denominations")
    if comp.kind in ("deck", "tiles", "tokens") and not comp.cards:
        report(key + ("cards",), f"a {comp.kind} component needs cards")


def _board(content: GameContent, report, key: tuple, board, component_ids: set[str]) -> None:
    """One board: its spaces (groups, types, positions), links, sizes taken from components, value labels
    and image layers."""
    spaces = [s.id for s in board.spaces]
    _unique(report, key + ("spaces",), spaces, "space")
    _spaces(report, key, board)
    _links(report, key, board, set(spaces))
    for j, space in enumerate(board.spaces):
        if space.size_from and space.size_from not in component_ids:
            report(key + ("spaces", j, "size_from"), f"unknown component {space.size_from!r}")
    _value_labels(report, key, board)
    for j, layer in enumerate(board.layers):
        if layer.kind == "image" and not (layer.file and _file_inside(content, layer.file)):
            report(key + ("layers", j, "file"), f"image {layer.file!r} not found inside the game folder")


def _spaces(report, key: tuple, board) -> None:
    groups = {g.id for g in board.groups}
    types = {t.id for t in board.space_types}
    for j, space in enumerate(board.spaces):
        if space.group and space.group not in groups:
            report(
                key + ("spaces", j, "group"),
                f"unknown group {space.group!r}; groups: {', '.join(sorted(groups)) or 'none'}",
            )
        if space.type and space.type not in types:
            report(
                key + ("spaces", j, "type"),
                f"unknown space type {space.type!r}; types: {', '.join(sorted(types)) or 'none'}",
            )
        x, y = space.pos
        if not (0 <= x <= board.size.width and 0 <= y <= board.size.height):
            report(
                key + ("spaces", j, "pos"),
                f"position {x}, {y} lies outside the board ({board.size.width} x {board.size.height} mm)",
            )


def _links(report, key: tuple, board, space_set: set[str]) -> None:
    link_types = {t.id for t in board.link_types}
    seen: set[frozenset] = set()
    for j, link in enumerate(board.links):
        for end in ("a", "b"):
            target = getattr(link, end)
            if target not in space_set:
                report(key + ("links", j, end), f"unknown space {target!r} on board {board.id!r}")
        if link.type and link.type not in link_types:
            report(
                key + ("links", j, "type"),
                f"unknown link type {link.type!r}; types: {', '.join(sorted(link_types)) or 'none'}",
            )
        pair = frozenset((link.a, link.b))
        if link.a == link.b:
            report(key + ("links", j), f"link from {link.a!r} to itself")
        elif pair in seen and board.kind == "map":
            report(key + ("links", j), f"link {link.a} - {link.b} is given twice")
        seen.add(pair)


def _sources(report, game) -> None:
    """The source texts' ids, and the rules texts' passages based on them."""
    _unique(report, ("source_texts",), [s.id for s in game.source_texts], "source text")
    source_ids = {s.id for s in game.source_texts}
    for i, meta in enumerate(game.rules):
        for j, ref in enumerate(meta.based_on):
            if ref.source not in source_ids:
                report(
                    ("rules", i, "based_on", j),
                    f"unknown source text {ref.source!r}; source_texts: {', '.join(sorted(source_ids)) or 'none'}",
                )


def _engine_options(report, game) -> None:
    """Each engine option chosen in game.yaml is named by an ambiguity, and its value is one of its readings."""
    options = {a.engine_option: a for a in game.ambiguities if a.engine_option}
    for name, value in game.engine_options.items():
        if name not in options:
            report(("engine_options", name), f"engine option {name!r} is not named by any ambiguity")
        elif value not in (ids := [r.id for r in options[name].readings]):  # a typo: at the typo, not the register
            report(
                ("engine_options", name),
                f"reading {value!r} is not one of the readings of ambiguity {options[name].id!r}: {', '.join(ids)}",
            )


def _ambiguities(report, game) -> None:
    """Each ambiguity's engine option is chosen, and the reading it says the rules use is one of its readings
    and the one the engine runs under."""
    for i, amb in enumerate(game.ambiguities):
        if amb.engine_option and amb.engine_option not in game.engine_options:
            report(
                ("ambiguities", i, "engine_option"),
                f"engine option {amb.engine_option!r} of ambiguity {amb.id!r} is not chosen in game.yaml "
                f"engine_options (the reading the engine runs under is then not written where the others are)",
                "register-engine-option",
            )
    for i, amb in enumerate(game.ambiguities):
        ids = [r.id for r in amb.readings]
        if amb.used not in ids:
            report(("ambiguities", i, "used"), f"used {amb.used!r} is not one of the readings: {', '.join(ids)}")
            continue
        chosen = game.engine_options.get(amb.engine_option or "", amb.used)
        if amb.engine_option and chosen != amb.used and chosen in ids:  # a reading that is none: reported above
            report(
                ("ambiguities", i, "used"),
                f"uses reading {amb.used!r} but engine_options.{amb.engine_option} is {game.engine_options[amb.engine_option]!r}",
            )


def _ref_at(body: str, term: str) -> int:
    """Where in `body` the first glossary reference to `term` starts."""
    return next((m.start() for m in TERM_REF.finditer(body) if term in m.groups()), max(body.find(term), 0))


def text_problems(content: GameContent) -> list[Problem]:
    """The checks of `check` that read the rule texts (`content.rules`): glossary terms they name, sections
    they hold and sections that `rules` and ambiguities name. All that a rules-only edit can change."""
    problems: list[Problem] = []
    report = _reporter(content, problems)
    game = content.game
    for text in content.rules.values():
        problems += _unknown_terms(text, {t.id for t in game.glossary})
        if game.rules:
            problems += _sections_without_meta(text, {r.id for r in game.rules})
    for i, meta in enumerate(game.rules):
        for text in content.rules.values():
            if text.section(meta.id) is None:
                report(("rules", i, "id"), f"section {meta.id!r} is not in {text.path}")
    for i, amb in enumerate(game.ambiguities):
        for text in content.rules.values():
            if amb.section and text.section(amb.section) is None:
                report(("ambiguities", i, "section"), f"section {amb.section!r} is not in {text.path}")
    _changelog(content, report)
    return problems


def _unknown_terms(text, term_ids: set[str]) -> list[Problem]:
    """The ``{term}`` references of a rules text to terms the glossary does not have, at their lines."""
    found = []
    for section in text.sections:
        for _shown, term in term_refs(section.body):
            if term not in term_ids:
                line = (section.body_line or section.line + 1) + section.body.count(
                    "\n", 0, _ref_at(section.body, term)
                )
                found.append(Problem(text.path, line, None, section.id, f"unknown glossary term {term!r}"))
    return found


def _sections_without_meta(text, metas: set[str]) -> list[Problem]:
    """The labelled sections of a rules text that `rules` of the game does not list (their provenance)."""
    return [
        Problem(
            text.path,
            section.line,
            1,
            section.id,
            "section has no entry in `rules` of the game (its provenance is missing)",
        )
        for section in text.sections
        if section.id not in metas and not section.id.startswith("line-")
    ]


def _changelog(content: GameContent, report) -> None:
    """The changelog names versions once, sections and numbered paragraphs of every rule text, components and
    ambiguities of the register; the game's `version` has an entry."""
    game = content.game
    versions = [r.version for r in game.changelog]
    _unique(report, ("changelog",), versions, "version")
    if game.version is not None and game.changelog and game.version not in versions:
        report(("version",), f"version {game.version!r} has no entry in changelog ({', '.join(versions)})")
    if game.changelog and game.version is None:
        report(("version",), f"the changelog lists versions ({', '.join(versions)}) but the game gives no version")
    for i, release in enumerate(game.changelog):
        for j, change in enumerate(release.changes):
            _change(content, report, ("changelog", i, "changes", j), change, current=release.version == game.version)


def _change(content: GameContent, report, key: tuple, change, *, current: bool) -> None:
    """One change: the sections it names are in every rules text, its paragraph numbers (of the current
    release only: an earlier release's numbers are of its own text) too, its components and erratum exist."""
    texts = list(content.rules.values())
    for k, section in enumerate(change.sections):
        missing = next((t for t in texts if t.section(section) is None), None)
        if missing is not None:
            report(key + ("sections", k), f"section {section!r} is not in {missing.path}")
    for k, number in enumerate(change.paragraphs if current else ()):
        missing = next((t for t in texts if number not in {n.number for sec in t.sections for n in sec.numbered}), None)
        if missing is not None:
            report(key + ("paragraphs", k), f"no rule paragraph is numbered {number} in {missing.path}")
    components = {c.id for c in content.game.components}
    for k, component in enumerate(change.components):
        if component not in components:
            report(key + ("components", k), f"unknown component {component!r} (ids of `components`)")
    if change.erratum is not None and change.erratum not in {a.id for a in content.game.ambiguities}:
        report(key + ("erratum",), f"unknown ambiguity {change.erratum!r} (ids of `ambiguities`)")


def _reporter(content: GameContent, problems: list[Problem]):
    """report(key path, message): a problem at that key of the game's files, appended to `problems`."""

    def report(key: tuple, message: str, rule: str = "") -> None:
        file, line, col = content.locate(key)
        problems.append(Problem(file, line, col, ".".join(str(k) for k in key), message, rule))

    report.locate = content.locate  # type: ignore[attr-defined]  # where a key stands, for messages naming it
    return report


def _value_labels(report, key: tuple, board) -> None:
    """Every value printed on a board needs a label in each language (a German board prints no English key)."""
    spots = {t.spots for t in board.space_types if t.spots}
    for j, space in enumerate(board.spaces):
        for name in space.values:
            if name not in board.value_labels and name not in spots:
                report(
                    key + ("spaces", j, "values", name),
                    f"value {name!r} is printed but has no label in the board's value_labels",
                    "board-value-label",
                )
    for j, group in enumerate(board.groups):
        for name in group.values:
            if name not in board.value_labels:
                report(
                    key + ("groups", j, "values", name),
                    f"value {name!r} is printed but has no label in the board's value_labels",
                    "board-value-label",
                )


def _unique(report, key: tuple, ids: list[str], what: str) -> None:
    """A problem at every repeat of an id (where the mistake is: the later one), naming where the id is first."""
    first: dict[str, int] = {}
    for index, value in enumerate(ids):
        if value not in first:
            first[value] = index
            continue
        file, line, _col = report.locate(key + (first[value], "id"))
        at = f" (first at {Path(file).name}:{line})" if line else ""
        report(key + (index, "id"), f"duplicate {what} id {value!r}{at}")


def _file_inside(content: GameContent, relative: str) -> bool:
    path = inside(content.folder, relative)
    return bool(path and path.is_file())


TODO_CAPTION = "TODO: what this result is"  # the caption `rulepress upgrade` writes


def todo_markers(content: GameContent) -> list[Problem]:
    """A warning for every TODO marker `upgrade` left (captions, labels, site labels, value labels)."""
    found: list[Problem] = []
    for text in content.rules.values():
        for example in text.examples:
            marked = "TODO" in example.options.get("labels", "") or any(
                TODO_CAPTION in s.code for s in steps(example.source)
            )
            if marked:
                found.append(_todo(display_path(Path(example.path)), example.line, f"example {example.id}"))
    game = content.game
    for word, label in game.site.labels.items():
        if any(str(v).startswith("TODO") for v in _texts(label)):
            file, line, col = content.locate(("site", "labels", word))
            found.append(_todo(file, line, f"site.labels.{word}", col))
    for i, board in enumerate(game.boards):
        for name, label in board.value_labels.items():
            if any(str(v).startswith("TODO") for v in _texts(label)):
                file, line, col = content.locate(("boards", i, "value_labels", name))
                found.append(_todo(file, line, f"boards.{i}.value_labels.{name}", col))
    return found


def _texts(label) -> list:
    return list(label.model_dump().values()) if hasattr(label, "model_dump") else [label]


def _todo(file: str, line: int | None, key: str, col: int | None = None) -> Problem:
    return Problem(
        file, line, col, key, "a TODO marker `rulepress upgrade` left: put the real words here", "todo-marker"
    )
