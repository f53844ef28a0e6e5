"""`rulepress upgrade GAME`: move a game written for an earlier content format to the current one.

It rewrites what can be rewritten mechanically, as text (comments and layout of the files stay):

- declares ``format:`` in game.yaml;
- a result that needs a caption gets one as a TODO marker (``>>> f(x)  # TODO: what this result is``);
- a statement ``a, b`` whose parts need names gets a ``:labels: TODO | TODO`` line, when the example
  has no ``:labels:`` yet and no other statement takes a group of labels;
- an engine word a result shows gets a TODO entry under game.yaml ``site.labels``;
- a value a board prints gets a TODO entry in the board's ``value_labels``.

A TODO marker is a warning in every format (``todo-marker``, `references.todo_markers`), so the author sees each place to put
real words; what could not be rewritten is listed and the format is left as it was, so the game
keeps building with warnings. `upgrade` never writes a game that does not load.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from rulepress import userfiles
from rulepress.errors import Problem
from rulepress.model import formats
from rulepress.model.loader import GameContent
from rulepress.model.references import TODO_CAPTION
from rulepress.model.scenario import labelled_steps, tuple_size


@dataclass
class Plan:
    """The text edits of one upgrade: file -> {line number (1-based) -> new line text(s)}."""

    edits: dict[Path, dict[int, list[str]]] = field(default_factory=lambda: defaultdict(dict))
    appended: dict[Path, list[str]] = field(default_factory=lambda: defaultdict(list))
    left: list[Problem] = field(default_factory=list)  # what the author must do by hand

    def replace(self, path: Path, line: int, texts: list[str]) -> bool:
        if line in self.edits[path]:
            return False  # one edit per line; a second one waits for the next upgrade
        self.edits[path][line] = texts
        return True


def upgrade(content: GameContent, warnings: list[Problem]) -> Plan:
    """The edits that move `content` to the current format, given its warnings (`formats.settle`)."""
    plan = Plan()
    lines: dict[Path, list[str]] = {}

    def text_of(path: Path) -> list[str]:
        if path not in lines:
            lines[path] = path.read_text(encoding="utf-8-sig").splitlines()
        return lines[path]

    labels: dict[str, set[str]] = {}  # engine word -> already planned
    for problem in warnings:
        path = _path(content, problem.path)
        done = False
        if problem.rule == "format-declared":
            done = _declare_format(plan, content, text_of)
        elif problem.rule == "example-caption" and path is not None and problem.line:
            done = _caption(plan, path, text_of(path), problem.line)
        elif problem.rule == "example-labels" and path is not None:
            done = _labels(plan, content, problem)
        elif problem.rule == "engine-word":
            word = re.search(r"the engine's word '([^']+)'", problem.message)
            if word:
                labels.setdefault(word.group(1), set())
                done = True
        elif problem.rule == "board-value-label" and path is not None and problem.line:
            done = _value_label(plan, content, path, text_of(path), problem)
        if not done:
            plan.left.append(problem)
    if labels:
        _site_labels(plan, content, text_of, sorted(labels))
    # it cannot be current yet while a rule of the current format is left (other warnings, such as a picture's
    # resolution, warn in every format: they keep no game from it)
    if any(p.rule in formats.RULES and formats.binds(p.rule, formats.CURRENT) for p in plan.left):
        game_yaml = content.folder / "game.yaml"
        for number, texts in list(plan.edits[game_yaml].items()):
            if texts and texts[0] == f"format: {formats.CURRENT}":
                plan.edits[game_yaml][number] = texts[1:]
    return plan


def run(content_dir: Path, games: list[str], dry_run: bool = False) -> int:
    """`rulepress upgrade`: upgrade the games, say what changed and what is left; exit 0."""
    from rulepress.analysis import Analysis
    from rulepress.build import BuildOptions, check_games
    from rulepress.check.analyse import analyser
    from rulepress.errors import ContentErrors
    from rulepress.model import load_game, load_games

    for content in load_games(content_dir, games or None):
        warnings = content.warnings + formats.warnings(
            check_games([content], BuildOptions(content=content_dir), Analysis(analyser(None)))
        )
        plan = upgrade(content, warnings)
        texts = rewritten(plan)
        kept = {path: path.read_bytes() for path in texts}
        differ = sorted(path for path, data in texts.items() if data != kept[path])
        if differ and not dry_run:
            userfiles.replace_all({path: texts[path] for path in differ})  # atomic; all or none
            try:
                load_game(content.folder)
            except ContentErrors as exc:  # never leave a game that does not load: put the files back
                userfiles.restore({path: kept[path] for path in differ})
                raise exc from None
        verb = "would change" if dry_run else "changed"
        names = ", ".join(str(p.relative_to(content.folder)) for p in differ) or "nothing"
        print(f"{content.id}: {verb} {names}")
        for problem in plan.left:
            print(f"  left for you: {problem}")
        declared = any(
            t and t[0] == f"format: {formats.CURRENT}" for t in plan.edits[content.folder / "game.yaml"].values()
        )
        if declared or content.game.format == formats.CURRENT:
            added = any(texts[path].count(b"TODO") > kept[path].count(b"TODO") for path in differ)
            todo = "; TODO markers warn until they are replaced" if added else ""
            print(f"  format {formats.CURRENT}{todo}")
        else:
            print(f"  still format {content.format}: fix what is left, then run rulepress upgrade again")
    return 0


def rewritten(plan: Plan) -> dict[Path, bytes]:
    """The new bytes of every file `plan` edits (its newlines and byte order mark kept)."""
    texts = {}
    for path in sorted(set(plan.edits) | set(plan.appended)):
        raw = path.read_bytes()
        newline = "\r\n" if b"\r\n" in raw else "\n"
        bom = raw.startswith(b"\xef\xbb\xbf")
        old = raw.decode("utf-8-sig").splitlines()
        new: list[str] = []
        for number, line in enumerate(old, start=1):
            new.extend(plan.edits[path].get(number, [line]))
        new.extend(plan.appended.get(path, []))
        text = newline.join(new) + newline
        texts[path] = ("\ufeff" if bom else "").encode() + text.encode("utf-8")
    return texts


def _path(content: GameContent, shown: str) -> Path | None:
    """The game file a problem names (problems name files as shown to the user)."""
    name = Path(shown).name
    candidate = content.folder / name
    return candidate if candidate.is_file() else None


def _declare_format(plan: Plan, content: GameContent, text_of) -> bool:
    path = content.folder / "game.yaml"
    for number, line in enumerate(text_of(path), start=1):
        if re.match(r"id\s*:", line):
            return plan.replace(path, number, [f"format: {formats.CURRENT}", line])
    return False


def _caption(plan: Plan, path: Path, lines: list[str], line: int) -> bool:
    """Append the TODO caption to the statement starting at `line` (its last ``...`` line)."""
    last = line
    while last < len(lines) and lines[last].lstrip().startswith("..."):
        last += 1
    text = lines[last - 1]
    if not text.lstrip().startswith((">>>", "...")) or "#" in text:
        return False  # not a plain statement line, or it holds a comment already (a string with '#'?)
    return plan.replace(path, last, [f"{text}  # {TODO_CAPTION}"])


def _labels(plan: Plan, content: GameContent, problem: Problem) -> bool:
    """A ``:labels:`` line of TODOs for an example that has none: a group for every statement that
    takes one (parts of ``a, b`` or columns of rows, in order), so each group lands where it belongs."""
    example = next(
        (
            e
            for text in content.rules.values()
            for e in text.examples
            if Path(e.path).name == Path(problem.path).name and problem.key == f"example {e.id}"
        ),
        None,
    )
    if example is None or example.options.get("labels"):
        return False
    groups = [n for s, _, _ in labelled_steps(example.source) if (n := tuple_size(s.code) or _width(s))]
    path = _path(content, example.path)
    if path is None or not groups:
        return False
    fence = example.line  # the ``` fence that opens the example
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    if not 0 < fence <= len(lines) or not lines[fence - 1].lstrip().startswith(("```", "~~~")):
        return False
    option = ":labels: " + "; ".join(" | ".join(["TODO"] * n) for n in groups)
    return plan.replace(path, fence, [lines[fence - 1], option]) or plan.edits[path][fence][-1] == option


def _width(step) -> int:
    """The number of columns of a result that is rows of values (0 for any other result)."""
    from rulepress.model.scenario import parse_value, printed_rows, row_width

    try:
        return row_width(parse_value(step.expected))
    except ValueError:
        rows = printed_rows(step.expected)
        return len(rows[0]) if rows else 0


def _value_label(plan: Plan, content: GameContent, path: Path, lines: list[str], problem: Problem) -> bool:
    """A TODO entry for a printed value: into the board's block-style ``value_labels``, or a new one after the
    board's ``id``. Where those keys stand comes from the loader's positions, not from scanning the text."""
    match = re.match(r"boards\.(\d+)\.", problem.key)
    positions = content.positions.get("boards")
    if not match or positions is None:
        return False
    board = ("boards", int(match.group(1)))
    entry = f"{problem.key.rsplit('.', 1)[-1]}: {_todo(content.game.languages)}"
    at = positions.keys.get(board + ("value_labels",))
    if at is not None:
        line, col = at
        if not re.match(r"\s*value_labels\s*:\s*(#.*)?$", lines[line - 1].lstrip(" -")):
            return False  # a flow-style mapping ({...}): left for the author
        indent = " " * (col + 1)
        return plan.replace(path, line, [lines[line - 1], indent + entry]) or _merge(plan, path, line, entry)
    at = positions.keys.get(board + ("id",))
    if at is None or not re.match(r"\s*(-\s+)?id\s*:", lines[at[0] - 1]):
        return False  # a board written in flow style
    line, col = at
    pad = " " * (col - 1)
    return plan.replace(path, line, [lines[line - 1], f"{pad}value_labels:", f"{pad}  {entry}"]) or _merge(
        plan, path, line, entry
    )


def _todo(languages: list[str]) -> str:
    """A TODO text in each of the game's languages: ``{de: "TODO", en: "TODO"}``."""
    return "{" + ", ".join(f'{lang}: "TODO"' for lang in languages) + "}"


def _merge(plan: Plan, path: Path, number: int, entry: str) -> bool:
    """A second entry for a ``value_labels`` block this plan already writes to."""
    texts = plan.edits[path][number]
    if not texts:
        return False
    last = texts[-1]
    indent = len(last) - len(last.lstrip())
    if f"{entry.split(':')[0]}:" in "".join(t.strip() + "\n" for t in texts):
        return True
    texts.append(" " * indent + entry)
    return True


def _site_labels(plan: Plan, content: GameContent, text_of, words: list[str]) -> None:
    """TODO entries for engine words under game.yaml ``site.labels`` (a block-style one, or a new one)."""
    path = content.folder / "game.yaml"
    lines = text_of(path)
    entries = [f"{w}: {_todo(content.game.languages)}" for w in words]
    site = next((n for n, line in enumerate(lines, start=1) if re.match(r"site\s*:\s*(#.*)?$", line)), None)
    if site is None:
        plan.appended[path] += ["site:", "  labels:"] + [f"    {e}" for e in entries]
        return
    for number in range(site + 1, len(lines) + 1):
        line = lines[number - 1]
        if line and not line.startswith(" "):
            break
        if re.match(r"  labels\s*:\s*(#.*)?$", line):
            if not plan.replace(path, number, [line] + [f"    {e}" for e in entries]):
                plan.edits[path][number] += [f"    {e}" for e in entries]
            return
    if not plan.replace(path, site, [lines[site - 1], "  labels:"] + [f"    {e}" for e in entries]):
        plan.edits[path][site] += ["  labels:"] + [f"    {e}" for e in entries]
