"""Loading unchanged games from the cache: same model, no reload; any change of the folder reloads."""

from __future__ import annotations

import pytest

from rulepress.errors import ContentErrors
from rulepress.model import cache, load_games
from rulepress.scaffold import new_game


def test_an_unchanged_game_comes_from_the_cache_and_any_edit_reloads_it(tmp_path, monkeypatch):
    games = tmp_path / "games"
    folder = new_game("demo", games, table=False)
    load = cache.cached_loader(tmp_path / "cache", "v1")
    first = load_games(games, load=load)[0]
    assert (tmp_path / "cache" / "demo.pickle").is_file()
    loads = []
    real = cache.load_game
    monkeypatch.setattr(cache, "load_game", lambda f, parse, *rest: loads.append(f) or real(f, parse, *rest))
    again = load_games(games, load=load)[0]
    assert loads == [] and again.game == first.game and again.rules == first.rules and again.files == first.files
    for edit in (
        lambda: (folder / "game.yaml").write_text((folder / "game.yaml").read_text() + "# more\n"),
        lambda: (folder / "notes.txt").write_text("a new file"),
        lambda: (folder / "notes.txt").unlink(),
    ):
        edit()
        load_games(games, load=load)
        assert len(loads) == 1, "an edit reloads the game once"
        loads.clear()
    load_games(games, load=cache.cached_loader(tmp_path / "cache", "v2"))  # other code: loaded again
    assert len(loads) == 1


def test_a_reload_parses_only_the_yaml_files_that_changed(tmp_path, monkeypatch):
    games = tmp_path / "games"
    folder = new_game("demo", games, table=False)
    text = (folder / "game.yaml").read_text()
    start, end = text.index("glossary:\n"), text.index("rules:\n")
    (folder / "glossary.yaml").write_text(text[start:end])
    (folder / "game.yaml").write_text(text[:start] + text[end:])
    load = cache.cached_loader(tmp_path / "cache", "v1")
    first = load_games(games, load=load)[0]
    parsed = []
    real = cache.load_yaml
    monkeypatch.setattr(cache, "load_yaml", lambda path, shown: parsed.append(path.name) or real(path, shown))
    (folder / "rules.en.md").write_text((folder / "rules.en.md").read_text() + "\nMore.\n")
    again = load_games(games, load=load)[0]
    assert parsed == [] and again.game == first.game and again.positions.keys() == first.positions.keys()
    (folder / "glossary.yaml").write_text("# a comment first\n" + (folder / "glossary.yaml").read_text())
    edited = load_games(games, load=load)[0]
    assert parsed == ["glossary.yaml"] and [t.id for t in edited.game.glossary] == ["space"]
    assert edited.locate(("glossary", 0, "id"))[1] == first.locate(("glossary", 0, "id"))[1] + 1
    assert edited.locate(("components", 0, "id")) == first.locate(("components", 0, "id"))  # remembered, located
    (folder / "glossary.yaml").write_text("glossary: [\n")  # a problem: raised again, never remembered
    for _ in range(2):
        with pytest.raises(ContentErrors):
            load_games(games, load=load)
    assert parsed == ["glossary.yaml", "glossary.yaml", "glossary.yaml"]


def test_a_game_with_problems_is_never_cached(tmp_path):
    games = tmp_path / "games"
    folder = new_game("demo", games, table=False)
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("id: demo", "id: other"))
    load = cache.cached_loader(tmp_path / "cache", "v1")
    for _ in range(2):  # reported every time
        with pytest.raises(ContentErrors, match="must equal the folder name"):
            load_games(games, load=load)
    assert not (tmp_path / "cache" / "demo.pickle").exists()


def test_the_key_follows_the_working_directory(tmp_path, monkeypatch):
    folder = new_game("demo", tmp_path / "games", table=False)
    monkeypatch.chdir(tmp_path)
    here = cache.folder_key(folder, "v1")
    monkeypatch.chdir(folder)
    assert cache.folder_key(folder, "v1") != here  # messages show paths relative to it


def test_a_rules_only_edit_reads_the_rules_again_and_checks_them_as_a_full_load_would(tmp_path, monkeypatch):
    games = tmp_path / "games"
    folder = new_game("demo", games, table=False)
    load = cache.cached_loader(tmp_path / "cache", "v1")
    first = load_games(games, load=load)[0]
    loads = []
    real = cache.load_game
    monkeypatch.setattr(cache, "load_game", lambda f, parse, *rest: loads.append(f) or real(f, parse, *rest))
    rules = folder / "rules.en.md"
    original = rules.read_text()
    rules.write_text(original.replace("The first to reach the goal wins.", "Whoever reaches the goal first wins."))
    edited = load_games(games, load=load)[0]
    assert loads == [], "the game is not loaded again for a rules edit"
    assert "Whoever reaches the goal first wins." in edited.rules["en"].section("goal").body
    assert edited.rules["de"] == first.rules["de"] and edited.game == first.game and edited.files == first.files
    assert load_games(games, load=load)[0].rules["en"] == edited.rules["en"]  # stored again: a cache hit
    assert loads == []

    # the problems a full load reports, with path and line, every time (never stored)
    rules.write_text(original.replace("{term}`spaces <space>`", "{term}`spaces <spot>`").replace("(goal)=\n", ""))
    expected = None
    for _ in range(2):
        with pytest.raises(ContentErrors) as raised:
            load_games(games, load=load)
        messages = [str(p) for p in raised.value.problems()]
        assert any("rules.en.md" in m and "unknown glossary term 'spot'" in m for m in messages)
        assert any("section 'goal' is not in" in m for m in messages)
        assert expected in (None, messages)
        expected = messages
    assert loads == []
    with pytest.raises(ContentErrors) as full:
        real(folder, cache.load_yaml)
    assert [str(p) for p in full.value.problems()] == expected  # the same problems, in the same order

    # a rules edit together with any other change: loaded as a whole
    rules.write_text(original)
    (folder / "quickref.en.md").write_text((folder / "quickref.en.md").read_text() + "\nMore.\n")
    load_games(games, load=load)
    assert len(loads) == 1


def test_outlines_of_an_unchanged_board_are_not_checked_again_and_of_a_changed_one_they_are(tmp_path, monkeypatch):
    """A map's drawn borders are checked by the boards renderer, so only when the board's artifacts are built
    again: an edit of the glossary (which boards do not read) does not check them, an edit of the board does."""
    import shutil

    from rulepress import paths
    from rulepress.build import BuildOptions, build
    from rulepress.render import boards

    games = tmp_path / "games"
    shutil.copytree(paths.BUNDLED_CONTENT / "risk", games / "risk")
    options = BuildOptions(content=games, out=tmp_path / "out", kinds=("boards",), papers=("a4",))
    build(options)
    checked = []
    real = boards.check_board
    monkeypatch.setattr(
        boards, "check_board", lambda board, report, key: checked.append(board.id) or real(board, report, key)
    )
    glossary, board_file = games / "risk" / "glossary.yaml", games / "risk" / "boards.yaml"
    glossary.write_text(glossary.read_text() + "# an edit of the glossary\n")
    build(options)
    assert checked == []  # the board is the one that passed: its outlines are not checked again
    board_file.write_text(board_file.read_text().replace("Risiko – Weltkarte", "Risiko – die Weltkarte", 1))
    build(options)
    assert checked == ["map"]  # a changed board is checked
