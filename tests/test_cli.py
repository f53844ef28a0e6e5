"""The rulepress command: list, new, schema, usage errors; exit codes and no tracebacks."""

import json
import subprocess
import sys

import pytest

from rulepress.cli import main


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "rulepress", *args], cwd=cwd, capture_output=True, text=True)


def test_new_game_builds_and_checks_at_once(tmp_path, capsys):
    assert main(["new", "my-game", "--content", str(tmp_path)]) == 0
    assert (tmp_path / "my-game" / "game.yaml").exists()
    assert main(["check", "content", "--content", str(tmp_path)]) == 0
    assert "my-game: ok" in capsys.readouterr().out


def test_new_refuses_bad_name_and_existing_folder(tmp_path, capsys):
    assert main(["new", "My Game", "--content", str(tmp_path)]) == 2
    assert main(["new", "g", "--content", str(tmp_path)]) == 0
    assert main(["new", "g", "--content", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "not a valid game id" in err and "already exists" in err


def test_list_shows_components_with_counts(tmp_path):
    main(["new", "demo", "--content", str(tmp_path)])
    result = run("list", "--content", str(tmp_path))
    assert result.returncode == 0
    assert "demo: My Game / Mein Spiel (2-4 players)" in result.stdout
    assert "3 x Number cards / Zahlenkarten [deck]\n" in result.stdout


def test_unknown_game_is_a_usage_error(tmp_path):
    main(["new", "demo", "--content", str(tmp_path)])
    result = run("build", "nope", "--content", str(tmp_path), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "unknown game nope" in result.stderr and "demo" in result.stderr
    assert "Traceback" not in result.stderr


def test_schema_is_json_schema_of_the_game_file(tmp_path):
    result = run("schema")
    schema = json.loads(result.stdout)
    assert schema["title"] == "Rulepress game"
    assert {"id", "title", "players", "components", "boards", "glossary", "ambiguities"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False


def test_sheet_options_reach_the_card_sheets(tmp_path):
    main(["new", "demo", "--content", str(tmp_path / "games")])
    base = ["build", "--content", str(tmp_path / "games"), "--only", "cards", "--paper", "a4", "--quiet"]
    assert main(base + ["--out", str(tmp_path / "plain")]) == 0
    assert main(base + ["--out", str(tmp_path / "shifted"), "--offset", "1.5", "-1"]) == 0
    plain = (tmp_path / "plain" / "demo" / "cards.en.a4.pdf").read_bytes()
    shifted = (tmp_path / "shifted" / "demo" / "cards.en.a4.pdf").read_bytes()
    assert plain != shifted
    assert main(base + ["--out", str(tmp_path / "x"), "--bleed", "25"]) == 2


def test_gap_option_chooses_spaced_or_butted_card_sheets(tmp_path):
    from pypdf import PdfReader

    main(["new", "demo", "--content", str(tmp_path)])
    for gap, landscape in (("spaced", True), ("butted", False)):
        out = tmp_path / gap
        assert (
            main(
                [
                    "build",
                    "--content",
                    str(tmp_path),
                    "--out",
                    str(out),
                    "--only",
                    "cards",
                    "--paper",
                    "a4",
                    "--gap",
                    gap,
                    "--quiet",
                ]
            )
            == 0
        )
        box = PdfReader(out / "demo" / "cards.en.a4.pdf").pages[0].mediabox
        assert (box.width > box.height) == landscape  # poker cards: 8 spaced on landscape, 9 butted on portrait


def _build_on_a_terminal(tmp_path, name, **env):
    """Run a small build with standard error on a pseudo-terminal; what the terminal showed."""
    import os
    import pty

    leader, follower = pty.openpty()
    # a terminal as a user has one (CI may run with TERM=dumb, where rich draws no live bar)
    environment = {k: v for k, v in os.environ.items() if k != "CI"} | {"TERM": "xterm-256color"} | env
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "rulepress",
            "build",
            "--content",
            str(tmp_path / "games"),
            "--out",
            str(tmp_path / name),
            "--only",
            "cards",
            "--only",
            "calibration",
            "--paper",
            "a4",
        ],
        stderr=follower,
        stdout=subprocess.PIPE,
        env=environment,
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the process closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    process.wait(timeout=60)
    os.close(leader)
    assert process.returncode == 0
    return shown.decode("utf-8", "replace")


def test_progress_bar_on_a_terminal_and_quiet_in_ci(tmp_path):
    main(["new", "demo", "--content", str(tmp_path / "games")])
    shown = _build_on_a_terminal(tmp_path, "tty")
    assert "demo/cards.en.a4.pdf" in shown or "demo/calibration.a4.pdf" in shown, shown
    assert "━" in shown and "/4" in shown  # rich's bar and the "n/4" count (2 sheets, calibration, icon licence)
    assert _build_on_a_terminal(tmp_path, "ci", CI="true") == ""


def test_option_ranges_are_checked_before_anything_is_read(tmp_path, capsys):
    for args, message in (
        (["--offset", "100", "0"], "--offset 100 0 mm is out of range"),
        (["--offset", "0", "-10.5"], "--offset 0 -10.5 mm is out of range"),
        (["--overlap", "-1"], "--overlap -1 mm is out of range"),
        (["--bleed", "inf"], "--bleed inf mm is out of range"),
    ):
        assert main(["build", "--content", str(tmp_path / "nowhere"), "--out", str(tmp_path / "o"), *args]) == 2
        assert message in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_a_command_of_its_own_collects_garbage_rarely_and_not_at_exit_a_caller_keeps_its_settings(tmp_path):
    import gc

    from rulepress.scaffold import new_game

    new_game("demo", tmp_path, table=False)
    script = (
        "import gc, sys; from rulepress.cli import main; default = gc.get_threshold(); "
        f"sys.argv = ['rulepress', 'list', '--content', {str(tmp_path)!r}]; code = main(); "
        "print(code, default != gc.get_threshold(), gc.get_threshold()[0], gc.get_freeze_count() > 0, "
        "'sphinx' in sys.modules, 'reportlab' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    code, changed, gen0, frozen, sphinx, reportlab = done.stdout.split()[-6:]
    assert (code, changed, frozen) == ("0", "True", "True") and int(gen0) >= 10_000
    assert (sphinx, reportlab) == ("False", "False")  # listing games imports neither the site's nor the PDFs' library
    threshold, frozen_before = gc.get_threshold(), gc.get_freeze_count()
    assert main(["list", "--content", str(tmp_path)]) == 0
    assert (gc.get_threshold(), gc.get_freeze_count()) == (threshold, frozen_before)


def test_a_build_names_each_failed_example_and_exits_1(tmp_path, capsys):
    """The website shows a failed example marked; the build says so on stderr, at the example's line, and exits 1
    (everything is written: the author sees the failure on the page); mended, the same build exits 0."""
    main(["new", "demo", "--content", str(tmp_path / "games")])
    rules = tmp_path / "games" / "demo" / "rules.en.md"
    good = rules.read_text(encoding="utf-8")
    lines = good.splitlines()
    prompt = next(i for i, line in enumerate(lines) if line.startswith(">>> "))
    lines[prompt + 1] = "5"  # the engine gives 4
    rules.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    build = ["build", "--content", str(tmp_path / "games"), "--out", str(out), "--paper", "a4", "--quiet"]
    capsys.readouterr()
    assert main(build) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{rules}:{prompt + 1}: ex-move-to-goal: expected 5, got 4"
    assert err[1].startswith("1 worked example failed: the website shows it marked as failed")
    page = (out / "site" / "en" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert 'class="rp-example rp-failed' in page
    german = (out / "site" / "de" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert "rp-failed" not in german and "rp-verified" in german
    assert 'class="rp-draft"' in german and 'class="rp-draft"' in page  # the whole site is a draft
    overview = (out / "site" / "en" / "demo" / "index.html").read_text(encoding="utf-8")
    assert 'href="rules.html#demo-example-ex-move-to-goal"' in overview  # the overview links the failure
    # --strict publishes nothing while it fails: exit 1, the earlier output unchanged (a German edit is not written)
    german_rules = tmp_path / "games" / "demo" / "rules.de.md"
    german_rules.write_text(german_rules.read_text(encoding="utf-8") + "\nNeuer Absatz.\n", encoding="utf-8")

    def published():
        return {p: p.read_bytes() for p in [out / "manifest.json", *(out / "site").rglob("*")] if p.is_file()}

    before = published()
    capsys.readouterr()
    assert main([*build, "--strict"]) == 1
    err = capsys.readouterr().err
    assert f"{rules}:{prompt + 1}: ex-move-to-goal: expected 5, got 4" in err and "--strict: 1 worked example" in err
    assert published() == before
    assert main([*build, "--only", "cards"]) == 0  # no website, no report: the examples are not its business
    rules.write_text(good, encoding="utf-8")
    capsys.readouterr()
    assert main(build) == 0
    assert capsys.readouterr().err == ""
    assert "rp-draft" not in (out / "site" / "de" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert main([*build, "--strict"]) == 0


def test_every_declared_option_is_on_the_command_line_and_read_back():
    # declared once (rulepress.options.flag): each flag the parser has sets its field, with nothing mapped by hand
    import dataclasses

    from rulepress.buildoptions import BuildOptions
    from rulepress.cli import _parser, options_from

    args = _parser().parse_args(
        ["build", "risk", "--paper", "a4", "--paper", "a4", "--only", "cards", "--bleed", "15", "--marks", "lines",
         "--offset", "1", "-2", "--cut", "cricut", "--ink-limit", "250", "--overlap", "5", "--strict"]
    )  # fmt: skip
    options = options_from(args, BuildOptions, progress=False)
    assert options.games == ["risk"] and options.papers == ("a4",) and options.kinds == ("cards",)
    assert options.cards.bleed == 15.0 and options.cards.marks == "lines" and options.cards.offset == (1.0, -2.0)
    assert options.cut_machines == ("cricut",) and options.ink_limit == 250.0 and options.board_overlap == 5.0
    assert options.strict is True and options.force is False
    untouched = options_from(_parser().parse_args(["build"]), BuildOptions)
    assert untouched == BuildOptions()  # every default is the field's own
    flagged = [f.name for f in dataclasses.fields(BuildOptions) if "flag" in f.metadata]
    assert len(flagged) >= 14


def test_the_bleed_range_is_the_layout_schemas():
    from rulepress.buildoptions import BuildOptions
    from rulepress.cli import _parser, options_from
    from rulepress.errors import UsageError
    from rulepress.layout.spec import Layout

    Layout(bleed=20)  # a layout may say 20 mm: so may the command line
    assert options_from(_parser().parse_args(["build", "--bleed", "20"]), BuildOptions).cards.bleed == 20.0
    with pytest.raises(UsageError, match="must be 0 to 20 mm"):
        options_from(_parser().parse_args(["build", "--bleed", "20.5"]), BuildOptions)
