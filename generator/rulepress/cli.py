"""The `rulepress` command: parses arguments, calls build or a check, maps errors to exit codes.

Exit codes: 0 success, 1 a check found differences, 2 bad input (content or
arguments). User mistakes are printed as `path:line:col: key: message`, never
as a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import gc
import importlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulepress.buildoptions import BuildOptions
from rulepress.errors import RulepressError, UsageError
from rulepress.options import Flag


@dataclass
class Command:
    """One `rulepress` command: its help line, its parser, and its arguments as declared (for the reference)."""

    name: str
    help: str
    parser: argparse.ArgumentParser
    arguments: list[argparse.Action] = field(default_factory=list)

    def add(self, *names, group=None, **options) -> argparse.Action:
        """Declare an argument (in the argument `group` if given) and remember it."""
        action = (group or self.parser).add_argument(*names, **options)
        self.arguments.append(action)
        return action


def _declared(cls, prefix: str = "") -> list[tuple[str, dataclasses.Field, Flag, str]]:
    """(destination, field, flag, group) of every option `cls` declares with `rulepress.options.flag`, the
    options of its nested fields after their parents' (destination: the dotted path of the field)."""
    out = []
    for f in dataclasses.fields(cls):
        declared = f.metadata.get("flag")
        if declared is not None:
            out.append((prefix + f.name, f, declared, declared.group))
        elif "group" in f.metadata:
            inner = _default(f)
            out += [
                (d, g, fl, fl.group or f.metadata["group"])
                for d, g, fl, _ in _declared(type(inner), f"{prefix}{f.name}.")
            ]
    return out


def _default(f: dataclasses.Field) -> object:
    """A field's default (made by its factory, if it has one)."""
    return f.default_factory() if callable(f.default_factory) else f.default


def add_flags(cmd: Command, cls, only: tuple[str, ...] = ()) -> None:
    """Declare on `cmd` the arguments of every option `cls` declares (or of those named in `only`)."""
    groups: dict[str, Any] = {}  # title -> argparse's argument group
    for dest, f, declared, group in _declared(cls):
        if only and dest not in only:
            continue
        if group and group not in groups:
            groups[group] = cmd.parser.add_argument_group(group)
        spec = _argument(declared, _default(f))
        if declared.positional:
            cmd.add(dest, nargs="*", **spec)
        else:
            cmd.add(f"--{declared.name or f.name.replace('_', '-')}", dest=dest, group=groups.get(group), **spec)


def _argument(declared: Flag, default: object) -> dict:
    """argparse's keywords for a declared option: its default is the field's (a command that reads `args`
    itself sees it), except where argparse would add to it (a repeated option) or where there is none; then
    nothing given leaves None, read as the field's own default by `_value` (for some, a layout's setting)."""
    spec: dict = {"help": declared.help_text(default)}
    if declared.switch:
        return spec | {"action": "store_true", "default": None}
    if declared.metavar is not None:
        spec["metavar"] = declared.metavar
    kind = declared.kind or (type(default) if isinstance(default, (Path, int, float)) else None)
    if kind is not None and not declared.positional:
        spec["type"] = kind
    if declared.choices and not declared.noun:  # with a noun, `_value` names what is unknown in its own words
        spec["choices"] = declared.choices
    if declared.repeat:
        spec["action"] = "append"
    elif default is not None:
        spec["default"] = default
    if declared.count > 1:
        spec["nargs"] = declared.count
    return spec


def _value(declared: Flag, f: dataclasses.Field, given) -> object:
    """The option's value from what was given (None: not given), checked against its range and choices."""
    name = declared.name or f.name.replace("_", "-")
    if given is None:
        return _default(f)
    values = list(given) if isinstance(given, (list, tuple)) else [given]
    if declared.noun:
        unknown = [v for v in values if v not in declared.choices]
        if unknown:
            listed = ", ".join(declared.choices)
            raise UsageError(f"unknown {declared.noun} {', '.join(unknown)}; {declared.noun}s: {listed}")
    if declared.within is not None:
        low, high = declared.within
        if any(not low <= v <= high for v in values):  # also false for nan
            shown = " ".join(f"{x:g}" for x in values)
            raise UsageError(
                f"--{name} {shown} {declared.unit} is out of range: "
                f"the {declared.what} must be {low:g} to {high:g} {declared.unit}"
            )
    value = tuple(dict.fromkeys(values)) if declared.repeat else tuple(values) if declared.count > 1 else given
    if declared.check is not None:
        declared.check(value)
    return value


def options_from(args: argparse.Namespace, cls, prefix: str = "", **more):
    """The options of type `cls` the command line gave (`more`: fields the command line does not set)."""
    values = dict(more)
    for f in dataclasses.fields(cls):
        declared = f.metadata.get("flag")
        if declared is not None and hasattr(args, prefix + f.name):
            values[f.name] = _value(declared, f, getattr(args, prefix + f.name))
        elif "group" in f.metadata:
            values[f.name] = options_from(args, type(_default(f)), f"{prefix}{f.name}.")
    return cls(**values)


def command_line(width: int | None = None) -> tuple[argparse.ArgumentParser, list[Command]]:
    """The parser of the `rulepress` command and its commands; `width`: a fixed width for help texts."""
    formatter = functools.partial(argparse.HelpFormatter, width=width) if width else argparse.HelpFormatter
    parser = argparse.ArgumentParser(
        prog="rulepress",
        description="Print-and-play sheets, boards, quick references, "
        "rules websites and checked rule examples from one content model per game.",
        formatter_class=formatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    commands: list[Command] = []

    def command(name: str, help: str) -> Command:
        commands.append(Command(name, help, sub.add_parser(name, help=help, formatter_class=formatter)))
        return commands[-1]

    for declare in DECLARED:
        declare(command)
    return parser, commands


def games_and_content(cmd: Command) -> None:
    """The game ids and the content folder, as every command that reads games takes them (the build's own
    declarations: `rulepress.buildoptions`)."""
    add_flags(cmd, BuildOptions, only=("games", "content"))


def _declare_build(command: Callable[[str, str], Command]) -> None:
    build = command("build", "build games into the output folder")
    add_flags(build, BuildOptions)
    build.add(
        "--quiet",
        action="store_true",
        help="no progress display (there is none when not on a terminal or when CI is set)",
    )


def _declare_check(command: Callable[[str, str], Command]) -> None:
    check = command("check", "check content, worked examples or translations")
    check.add(
        "what",
        nargs="?",
        choices=["content", "examples", "translations", "sources"],
        default="content",
        help="what to check (default: content)",
    )
    games_and_content(check)
    check.add("--format", choices=["text", "json", "sarif"], default="text", help="report format (sarif: translations)")
    check.add(
        "--pair",
        nargs=2,
        type=Path,
        metavar=("A", "B"),
        help="check translations: compare two bare Markdown files (rules.de.md rules.en.md), no game folder",
    )
    check.add("--langs", metavar="A,B", help="check translations --pair: the files' languages (default: from names)")
    check.add("--baseline", type=Path, metavar="FILE", help="check translations --pair: accepted findings file")
    check.add("--glossary", type=Path, metavar="FILE", help="check translations --pair: glossary of terms (YAML)")
    check.add("--accept", action="store_true", help="check translations --pair: accept every current finding")
    check.add(
        "--sources",
        type=Path,
        metavar="DIR",
        help="check sources: folder holding the source texts named in source_texts",
    )
    check.add(
        "--min-words",
        type=int,
        default=8,
        metavar="N",
        help="check sources: report copied runs of N or more words (default 8)",
    )


def _declare_serve(command: Callable[[str, str], Command]) -> None:
    serve = command("serve", "build, serve the website on this computer and rebuild on every save")
    add_flags(serve, BuildOptions, only=("games", "content", "out"))
    serve.add("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only)")
    serve.add("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")


def _declare_listing(command: Callable[[str, str], Command]) -> None:
    listing = command("list", "list the games and their components")
    add_flags(listing, BuildOptions, only=("content",))


def _declare_upgrade(command: Callable[[str, str], Command]) -> None:
    upgrade = command("upgrade", "move games written for an earlier content format to the current one")
    games_and_content(upgrade)
    upgrade.add("--dry-run", action="store_true", help="say what would change, change nothing")


def _declare_new(command: Callable[[str, str], Command]) -> None:
    new = command("new", "create a minimal new game folder that builds at once")
    new.add("name", help="the new game's id (lower-case letters, digits, '-')")
    new.add("--content", type=Path, default=Path("."), help="folder to create the game in (default: here)")
    new.add(
        "--languages",
        default="de,en",
        help="the game's languages, comma-separated, the source language first: any language code (the template is "
        "written in de, en, fr, es, it; another starts from the English texts; default: de,en)",
    )


def _declare_icons(command: Callable[[str, str], Command]) -> None:
    icons = command("icons", "add game-icons.net icons to a game (from the npm package, with their licence)")
    icons.add("action", choices=["add"], help="add: copy the named icons into <game>/icons/game-icons/")
    icons.add("game", metavar="GAME", help="the game's id")
    icons.add("names", nargs="+", metavar="NAME", help="game-icons.net names, e.g. anchor sailboat")
    icons.add("--content", type=Path, default=Path("."), help="folder of game folders (default: here)")
    icons.add(
        "--package",
        type=Path,
        metavar="TGZ",
        help="the tarball of `npm pack @iconify-json/game-icons` (default: run npm pack now)",
    )


def _declare_schema(command: Callable[[str, str], Command]) -> None:
    schema = command("schema", "print the JSON Schema of game.yaml (for editor autocompletion)")
    schema.add("--out", type=Path, help="write to this file instead of standard output")
    schema.add("--layout", action="store_true", help="the JSON Schema of a layout file (layouts/*.yaml) instead")


DECLARED = (
    _declare_build,
    _declare_check,
    _declare_serve,
    _declare_listing,
    _declare_upgrade,
    _declare_new,
    _declare_icons,
    _declare_schema,
)  # every command, in the order of the help


def _parser() -> argparse.ArgumentParser:
    return command_line()[0]


# Cyclic garbage collection of a command that runs once (every command but `serve`): gen-0 collections after
# 50,000 new objects instead of 700 (the libraries and the model are long-lived: each collection walks them)
ONE_SHOT_GC = (50_000, 20, 20)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    one_shot = args.command != "serve" and argv is None  # a process of its own (not a caller's `main([...])`)
    if one_shot:
        gc.set_threshold(*ONE_SHOT_GC)
    try:
        return _run(args)
    except RulepressError as exc:
        for problem in exc.problems():
            print(str(problem), file=sys.stderr)
        if len(exc.problems()) > 1:
            print(f"{len(exc.problems())} problems", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    finally:
        if one_shot:
            gc.freeze()  # the process ends: no collection of everything at exit (about 0.25 s after a build)


def _build(args) -> int:
    from rulepress.commands.build import run
    from rulepress.progress import wanted

    return run(options_from(args, BuildOptions, progress=wanted(args.quiet)))


def _serve(args) -> int:
    from rulepress.commands.serve import serve

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port} is out of range: 0 (any free port) to 65535")
    return serve(options_from(args, BuildOptions), args.host, args.port)


def _check(args) -> int:
    if args.pair is not None or args.langs or args.accept or args.baseline or args.glossary:
        if args.what != "translations" or args.pair is None:
            raise UsageError("--langs, --baseline, --glossary and --accept go with check translations --pair A B")
        from rulepress.commands.check_translations import run_pair

        first, second = args.pair
        return run_pair(first, second, args.format, args.langs, args.baseline, args.glossary, args.accept)
    if args.format == "sarif":
        raise UsageError("--format sarif goes with check translations --pair A B")
    where = (
        f"rulepress.commands.check_{args.what}"
        if args.what in ("content", "examples")
        else f"rulepress.check.{args.what}"
    )
    module = importlib.import_module(where)
    if args.what == "sources":
        if args.min_words < 1:
            raise UsageError(f"--min-words {args.min_words} is out of range: at least 1")
        return module.run(args.content, args.games, args.format, sources=args.sources, min_words=args.min_words)
    if args.sources is not None:
        raise UsageError("--sources is an option of 'check sources' only")
    return module.run(args.content, args.games, args.format)


def _list(args) -> int:
    from rulepress.model import load_games

    for content in load_games(args.content):
        game = content.game
        players = (
            f"{game.players.min}-{game.players.max}" if game.players.min != game.players.max else str(game.players.min)
        )
        shown = sorted(game.languages, key=lambda lang: lang != "en")  # English first: the command's language
        print(f"{game.id}: {' / '.join(game.title.get(lang) for lang in shown)} ({players} players)")
        for comp in game.components:
            count = (
                comp.count if comp.count is not None else (comp.total() if comp.printed or comp.printed_pieces else "?")
            )
            mark = " (count unknown)" if comp.count_unknown else ""
            mark += f" [{comp.provenance.kind}]" if comp.provenance.marked else ""
            print(f"  {count:>4} x {' / '.join(comp.name.get(lang) for lang in shown)} [{comp.kind}]{mark}")
    return 0


def _upgrade(args) -> int:
    from rulepress.commands.upgrade import run

    return run(args.content, args.games, args.dry_run)


def _new(args) -> int:
    from rulepress.scaffold import languages_option, new_game

    folder = new_game(args.name, args.content, languages_option(args.languages))
    print(f"created {folder}; build it with: rulepress build {args.name} --content {args.content}")
    return 0


def _icons(args) -> int:
    from rulepress.commands.icons import add

    return add(args.content, args.game, args.names, args.package)


def _schema(args) -> int:
    from rulepress.layout.spec import json_schema as layout_schema
    from rulepress.model.schema import json_schema

    text = json.dumps(layout_schema() if args.layout else json_schema(), indent=2, sort_keys=True) + "\n"
    if not args.out:
        sys.stdout.write(text)
        return 0
    from rulepress.output import output_error, write_text

    if args.out.is_dir():
        raise UsageError(f"--out {args.out} is a folder; give a file name")
    try:
        write_text(args.out, text)
    except OSError as exc:
        raise output_error(exc, args.out) from None
    return 0


RUN = {
    "build": _build,
    "serve": _serve,
    "check": _check,
    "list": _list,
    "upgrade": _upgrade,
    "new": _new,
    "icons": _icons,
    "schema": _schema,
}  # each command of `command_line`, by name


def _run(args) -> int:
    if args.command not in RUN:
        raise UsageError(f"unknown command {args.command}")
    return RUN[args.command](args)


if __name__ == "__main__":
    raise SystemExit(main())
