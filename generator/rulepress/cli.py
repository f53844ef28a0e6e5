"""The `rulepress` command: parses arguments, calls build or a check, maps errors to exit codes.

Exit codes: 0 success, 1 a check found differences, 2 bad input (content or
arguments). User mistakes are printed as `path:line:col: key: message`, never
as a traceback.
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from rulepress import paths
from rulepress.errors import RulepressError, UsageError, warning_lines
from rulepress.layout.tiling import DEFAULT_OVERLAP

# Accepted ranges of numeric build options in mm: (low, high, what it is).
RANGES = {
    "bleed": (0.0, 10.0, "bleed around each card"),
    "overlap": (0.0, 50.0, "glue margin of board tiles"),
    "offset": (-10.0, 10.0, "shift of the back pages"),
}


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


CONTENT_HELP = "folder of game folders (default: the bundled games)"


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

    def games_and_content(cmd: Command) -> None:
        cmd.add("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
        cmd.add("--content", type=Path, default=paths.BUNDLED_CONTENT, help=CONTENT_HELP)

    build = command("build", "build games into the output folder")
    games_and_content(build)
    build.add("--out", type=Path, default=paths.DEFAULT_OUTPUT, help="output folder (default: output)")
    build.add("--paper", choices=["a4", "letter"], action="append", help="paper size (default: both); may be repeated")
    build.add(
        "--only",
        action="append",
        metavar="RENDERER",
        help="run only these renderers (cards, calibration, pieces, boards, quickref, exports, printcut, rulebook, site, reports)",
    )
    build.add(
        "--overlap",
        type=float,
        default=DEFAULT_OVERLAP,
        metavar="MM",
        help="glue margin shared by neighbouring board tiles (default %(default)g mm; 0 to 50)",
    )
    sheets = build.parser.add_argument_group("card sheets (default: each layout's own setting)")
    build.add("--bleed", type=float, metavar="MM", help="bleed around each card (default 3 mm; 0 to 10)", group=sheets)
    build.add(
        "--marks",
        choices=["crop", "lines", "none"],
        help="crop marks outside the trim, plain cut lines, or none",
        group=sheets,
    )
    build.add(
        "--gap",
        choices=["spaced", "butted"],
        group=sheets,
        help="spaced: cards apart by twice the bleed, each with its own bleed (default); "
        "butted: neighbours share a cut line, more cards per page",
    )
    build.add(
        "--flip",
        choices=["long", "short"],
        help="duplex binding edge: long mirrors columns, short mirrors rows",
        group=sheets,
    )
    build.add(
        "--orientation", choices=["portrait", "landscape", "auto"], help="page orientation of card sheets", group=sheets
    )
    build.add("--safe-guide", action="store_true", default=None, help="draw the safe-zone guide", group=sheets)
    build.add(
        "--offset",
        type=float,
        nargs=2,
        metavar=("X", "Y"),
        group=sheets,
        help="shift of the back pages in mm (x right, y down; each -10 to 10), measured with the calibration sheet",
    )
    build.add(
        "--ink",
        choices=["normal", "low"],
        default="normal",
        group=sheets,
        help="low: playtest sheets with backgrounds and full-bleed pictures lightened; frames, text and icons kept",
    )
    build.add(
        "--cut",
        action="append",
        choices=["silhouette", "cricut", "scanncut"],
        metavar="MACHINE",
        group=sheets,
        help="also make print-and-cut sheets and cut files (SVG, DXF) for this cutting machine: silhouette, cricut "
        "or scanncut; may be repeated (docs/printing.md)",
    )
    shop = build.parser.add_argument_group("print-shop files (docs/printing.md)")
    build.add(
        "--shop",
        choices=["tgc", "mpc", "dtc"],
        group=shop,
        help="make the print-shop PDF and PNGs as this shop asks: tgc (The Game Crafter), mpc (MakePlayingCards), "
        "dtc (DriveThruCards): its bleed, PDF/X version and ink limit",
    )
    build.add(
        "--pdfx",
        choices=["x4", "x1a"],
        group=shop,
        help="make the print-shop PDF a CMYK PDF/X-4 or PDF/X-1a with an OutputIntent (default: RGB as drawn)",
    )
    build.add(
        "--ink-limit",
        type=float,
        metavar="PERCENT",
        group=shop,
        help="total ink (C+M+Y+K) of the PDF/X print-shop file at most this (default 300 %%, or the shop's; 100 to 400)",
    )
    build.add(
        "--site-url",
        default="",
        metavar="URL",
        help="address the website will be published at (for the sitemap and link previews)",
    )
    build.add(
        "--sources",
        type=Path,
        metavar="DIR",
        help="folder holding the source texts: the authors' report shows their coverage and copied runs (as check sources)",
    )
    build.add("--force", action="store_true", help="render everything, even unchanged artifacts")
    build.add(
        "--strict",
        action="store_true",
        help="publish nothing while a worked example fails (exit 1, the earlier output unchanged); without it the "
        "website is written and every page marked as a draft",
    )
    build.add(
        "--quiet",
        action="store_true",
        help="no progress display (there is none when not on a terminal or when CI is set)",
    )

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

    serve = command("serve", "build, serve the website on this computer and rebuild on every save")
    serve.add("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    serve.add(
        "--content",
        type=Path,
        default=paths.BUNDLED_CONTENT,
        help="folder of game folders, watched for changes (default: the bundled games)",
    )
    serve.add("--out", type=Path, default=paths.DEFAULT_OUTPUT, help="output folder (default: output)")
    serve.add("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only)")
    serve.add("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")

    listing = command("list", "list the games and their components")
    listing.add("--content", type=Path, default=paths.BUNDLED_CONTENT, help=CONTENT_HELP)

    upgrade = command("upgrade", "move games written for an earlier content format to the current one")
    games_and_content(upgrade)
    upgrade.add("--dry-run", action="store_true", help="say what would change, change nothing")

    new = command("new", "create a minimal new game folder that builds at once")
    new.add("name", help="the new game's id (lower-case letters, digits, '-')")
    new.add("--content", type=Path, default=Path("."), help="folder to create the game in (default: here)")
    new.add(
        "--languages",
        default="de,en",
        help="the game's languages, comma-separated, the source language first: any language code (the template is "
        "written in de, en, fr, es, it; another starts from the English texts; default: de,en)",
    )

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

    schema = command("schema", "print the JSON Schema of game.yaml (for editor autocompletion)")
    schema.add("--out", type=Path, help="write to this file instead of standard output")
    schema.add("--layout", action="store_true", help="the JSON Schema of a layout file (layouts/*.yaml) instead")
    return parser, commands


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


def check_ranges(args) -> None:
    """UsageError for a numeric build option outside its range (or not a number at all)."""
    for name, (low, high, what) in RANGES.items():
        value = getattr(args, name, None)
        values = value if isinstance(value, (list, tuple)) else [value]
        for v in values:
            if v is not None and not low <= v <= high:  # also false for nan
                shown = " ".join(f"{x:g}" for x in values)
                raise UsageError(f"--{name} {shown} mm is out of range: the {what} must be {low:g} to {high:g} mm")


def check_site_url(url: str) -> None:
    """UsageError unless `url` is empty or an absolute http(s) address (it goes into the sitemap and every
    page's link preview)."""
    from urllib.parse import urlsplit

    if not url:
        return
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in url) or '"' in url:
        raise UsageError(f"--site-url {url!r} is not an absolute http or https address (https://example.org/rules/)")


def _run(args) -> int:
    if args.command == "build":
        from rulepress.build import PAPERS, BuildOptions, build
        from rulepress.options import CardOptions
        from rulepress.progress import wanted
        from rulepress.render import ACROSS_GAMES, PER_GAME

        kinds = tuple(args.only) if args.only else PER_GAME + ACROSS_GAMES
        unknown = [k for k in kinds if k not in PER_GAME + ACROSS_GAMES]
        if unknown:
            raise UsageError(f"unknown renderer {', '.join(unknown)}; renderers: {', '.join(PER_GAME + ACROSS_GAMES)}")
        check_ranges(args)
        if args.ink_limit is not None and not 100 <= args.ink_limit <= 400:
            raise UsageError(f"--ink-limit {args.ink_limit:g} is out of range: the total ink must be 100 to 400 %")
        check_site_url(args.site_url)
        options = BuildOptions(
            content=args.content,
            out=args.out,
            games=args.games,
            papers=tuple(dict.fromkeys(args.paper)) if args.paper else PAPERS,
            kinds=kinds,
            progress=wanted(args.quiet),
            force=args.force,
            board_overlap=args.overlap,
            cards=CardOptions(
                bleed=args.bleed,
                marks=args.marks,
                flip=args.flip,
                orientation=args.orientation,
                safe_guide=args.safe_guide,
                gap=args.gap,
                offset=tuple(args.offset) if args.offset else None,
                ink=args.ink,
            ),
            cut_machines=tuple(dict.fromkeys(args.cut or ())),
            shop=args.shop,
            pdfx=args.pdfx,
            ink_limit=args.ink_limit,
            site_url=args.site_url,
            sources=args.sources,
            strict=args.strict,
        )
        if args.sources is not None and not args.sources.is_dir():
            raise UsageError(f"--sources {args.sources}: no such folder")
        result = build(options)
        for line in warning_lines(result.warnings):
            print(line, file=sys.stderr)
        if result.stale:
            listed = ", ".join(result.stale[:12]) + (
                f" and {len(result.stale) - 12} more" if len(result.stale) > 12 else ""
            )
            print(
                f"stale: {len(result.stale)} earlier output(s) of renderers not run (--only) are out of date: {listed}; "
                "run `rulepress build` without --only to bring them up to date",
                file=sys.stderr,
            )
        games = sorted({e["game"] for e in result.manifest if e["game"]})
        print(
            f"built {len(result.built)}, unchanged {len(result.skipped)} artifacts of {', '.join(games) or 'no game'} "
            f"in {result.seconds:.2f} s -> {options.out / 'manifest.json'}"
        )
        if "site" in kinds:  # the website and the authors' report show the worked examples: a failed one is exit 1
            from rulepress.analysis import failure_lines

            assert result.analysis is not None
            failed = result.analysis.example_failures(result.contents)
            for line in failure_lines(failed):
                print(line, file=sys.stderr)
            return 1 if failed else 0
        return 0
    if args.command == "serve":
        from rulepress.build import BuildOptions

        if not 0 <= args.port <= 65535:
            raise UsageError(f"--port {args.port} is out of range: 0 (any free port) to 65535")
        from rulepress.commands.serve import serve

        return serve(BuildOptions(content=args.content, out=args.out, games=args.games), args.host, args.port)
    if args.command == "check":
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
    if args.command == "list":
        from rulepress.model import load_games

        for content in load_games(args.content):
            game = content.game
            players = (
                f"{game.players.min}-{game.players.max}"
                if game.players.min != game.players.max
                else str(game.players.min)
            )
            shown = sorted(game.languages, key=lambda lang: lang != "en")  # English first: the command's language
            print(f"{game.id}: {' / '.join(game.title.get(lang) for lang in shown)} ({players} players)")
            for comp in game.components:
                count = (
                    comp.count
                    if comp.count is not None
                    else (comp.total() if comp.printed or comp.printed_pieces else "?")
                )
                mark = " (count unknown)" if comp.count_unknown else ""
                mark += f" [{comp.provenance.kind}]" if comp.provenance.marked else ""
                print(f"  {count:>4} x {' / '.join(comp.name.get(lang) for lang in shown)} [{comp.kind}]{mark}")
        return 0
    if args.command == "upgrade":
        from rulepress.commands.upgrade import run

        return run(args.content, args.games, args.dry_run)
    if args.command == "new":
        from rulepress.scaffold import languages_option, new_game

        folder = new_game(args.name, args.content, languages_option(args.languages))
        print(f"created {folder}; build it with: rulepress build {args.name} --content {args.content}")
        return 0
    if args.command == "icons":
        from rulepress.commands.icons import add

        return add(args.content, args.game, args.names, args.package)
    if args.command == "schema":
        from rulepress.layout.spec import json_schema as layout_schema
        from rulepress.model.schema import json_schema

        text = json.dumps(layout_schema() if args.layout else json_schema(), indent=2, sort_keys=True) + "\n"
        if args.out:
            from rulepress.output import output_error, write_text

            if args.out.is_dir():
                raise UsageError(f"--out {args.out} is a folder; give a file name")
            try:
                write_text(args.out, text)
            except OSError as exc:
                raise output_error(exc, args.out) from None
        else:
            sys.stdout.write(text)
        return 0
    raise UsageError(f"unknown command {args.command}")


if __name__ == "__main__":
    raise SystemExit(main())
