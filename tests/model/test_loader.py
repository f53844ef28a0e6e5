"""The game loader: files saved by Windows editors work, nothing is dropped silently."""

from rulepress.cli import main
from rulepress.model import load_game
from rulepress.scaffold import new_game


def test_bom_and_crlf_in_every_file_load_like_plain_files(tmp_path, capsys):
    plain = load_game(new_game("demo", tmp_path / "plain", table=False))
    folder = new_game("demo", tmp_path / "windows", table=False)
    for path in folder.iterdir():
        if path.suffix in (".yaml", ".md"):
            path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    windows = load_game(folder)
    assert windows.game == plain.game
    for lang in ("de", "en"):
        assert [(s.id, s.line) for s in windows.rules[lang].sections] == [
            (s.id, s.line) for s in plain.rules[lang].sections
        ]
        assert [(e.id, e.line, e.source) for e in windows.rules[lang].examples] == [
            (e.id, e.line, e.source) for e in plain.rules[lang].examples
        ]
    assert windows.quickref_texts == plain.quickref_texts
    assert main(["check", "examples", "--content", str(tmp_path / "windows")]) == 0
    assert "demo: 2 of 2 examples passed" in capsys.readouterr().out


def test_files_that_would_not_be_read_are_named(tmp_path, capsys):
    folder = new_game("demo", tmp_path, table=False)
    (folder / "boards.yml").write_text("boards: []\n")
    (folder / "rules.fr.md").write_text("# Règles\n")
    (folder / "README.md").write_text("notes for me\n")  # not content-like: left alone
    (folder / "art.png").write_bytes(b"\x89PNG")
    assert main(["check", "content", "--content", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "boards.yml: is not read: Rulepress reads only .yaml files (rename it to boards.yaml)" in err
    assert "rules.fr.md: is not read: 'fr' is not one of the game's languages (de, en)" in err
    assert "README.md" not in err and "art.png" not in err
