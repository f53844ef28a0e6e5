"""A pair with a language that has no lexicon (Portuguese today) is compared by what is language-free only: digits,
names, terms, structure. An ordinary English word (not, left, before, if) is never "only in English", and the
report says which checks did not run. Spanish and Italian have lexicons (since trans9): their words are read."""

from __future__ import annotations

import json

import pytest

from rulepress.cli import main

ENGLISH = "# Moving\n\nIf you cannot move, do not draw a card before your turn ends; pass to the left. Move 3 spaces.\n"
PORTUGUESE = "# Mover\n\nSe não puder mover, não compre uma carta antes do fim do turno; passe para a esquerda. Mova {n} casas.\n"
SPANISH = "# Mover\n\nSi no puedes mover, no robes una carta antes del final de tu turno; pasa a la izquierda. Mueve 3 casillas.\n"
ITALIAN = "# Muovere\n\nSe non puoi muovere, non pescare una carta prima della fine del turno; passa a sinistra. Muovi di 3 caselle.\n"


def _pair(tmp_path, n: str, fmt: str, capsys) -> tuple[int, str]:
    (tmp_path / "rules.en.md").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "rules.pt.md").write_text(PORTUGUESE.format(n=n), encoding="utf-8")
    code = main(
        [
            "check",
            "translations",
            "--pair",
            str(tmp_path / "rules.en.md"),
            str(tmp_path / "rules.pt.md"),
            "--format",
            fmt,
        ]
    )
    return code, capsys.readouterr().out


def test_no_word_is_only_in_english_against_a_language_without_lexicon(tmp_path, capsys):
    code, out = _pair(tmp_path, "3", "text", capsys)
    assert code == 0, out
    assert "only in English" not in out
    assert "English/Portuguese: not checked (Portuguese (pt): no lexicon): number words, negation, bound" in out
    assert "compared by digits, names, glossary terms and structure only" in out


def test_digits_are_still_compared_and_json_and_sarif_say_what_did_not_run(tmp_path, capsys):
    code, out = _pair(tmp_path, "4", "json", capsys)
    data = json.loads(out)
    assert code == 1
    assert [(f["kind"], f["words"]) for f in data["findings"]] == [
        ("number", "4")
    ]  # the Portuguese 4 against the English 3
    assert data["not_checked"].startswith("English/Portuguese: not checked")
    code, out = _pair(tmp_path, "4", "sarif", capsys)
    notes = json.loads(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert notes[0]["message"]["text"].startswith("English/Portuguese: not checked")


@pytest.mark.parametrize(
    ("lang", "text", "swap"), [("es", SPANISH, ("izquierda", "derecha")), ("it", ITALIAN, ("sinistra", "destra"))]
)
def test_spanish_and_italian_words_are_read(tmp_path, capsys, lang, text, swap):
    (tmp_path / "rules.en.md").write_text(ENGLISH, encoding="utf-8")
    path = tmp_path / f"rules.{lang}.md"
    path.write_text(text, encoding="utf-8")
    args = ["check", "translations", "--pair", str(tmp_path / "rules.en.md"), str(path), "--format", "json"]
    assert main(args) == 0, capsys.readouterr().out
    assert json.loads(capsys.readouterr().out)["not_checked"] == ""
    path.write_text(text.replace(*swap), encoding="utf-8")  # left made right
    assert main(args) == 1
    assert [(f["kind"], f["words"]) for f in json.loads(capsys.readouterr().out)["findings"]] == [
        ("direction", swap[1])
    ]
