"""Cards from spreadsheets: CSV, TSV, XLSX and ODS rows as cards, errors at file:row:column naming the column."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
import yaml

from rulepress.errors import ContentError, ContentErrors
from rulepress.model import load_game
from rulepress.model.cardtable import cell_value, read
from rulepress.scaffold import new_game

COMPONENT = {"value_labels": {"strength": {"en": "Strength"}}, "fields": {"suit": {"kind": "id"}}}
ROWS = [
    ["id", "qty", "title.de", "title_en", "text", "strength", "suit", "values.cost", "# remark"],
    ["anchor", "2", "Anker", "Anchor", "Hold **fast**.", "3", "sea", "?", "drawn by hand"],
    ["", "", "", "", "", "", "", "", ""],
    ["gale", "", "Sturm-Böe", "Gale", "", "1.5", "air", "", ""],
]


def _column(n: int) -> str:
    return "ABCDEFGHIJ"[n]


def write_xlsx(path: Path, rows: list[list[object]], sheet: str = "Cards") -> None:
    """A minimal XLSX workbook (inline strings, numbers as numbers), written without a spreadsheet library."""
    cells = []
    for r, row in enumerate(rows, start=1):
        parts = []
        for c, value in enumerate(row):
            ref = f"{_column(c)}{r}"
            if isinstance(value, (int, float)):
                parts.append(f'<c r="{ref}"><v>{value}</v></c>')
            elif value != "":
                parts.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>')
        cells.append(f'<row r="{r}">{"".join(parts)}</row>')
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            "</Types>",
        )
        z.writestr(
            "_rels/.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        z.writestr(
            "xl/workbook.xml",
            f'<?xml version="1.0"?><workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
            f'<sheet name="{sheet}" sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        z.writestr(
            "xl/_rels/workbook.xml.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        )
        z.writestr(
            "xl/worksheets/sheet1.xml",
            f'<?xml version="1.0"?><worksheet xmlns="{main}"><sheetData>{"".join(cells)}</sheetData></worksheet>',
        )


def write_ods(path: Path, rows: list[list[object]]) -> None:
    """A minimal OpenDocument spreadsheet."""
    body = []
    for row in rows:
        cells = []
        for value in row:
            if isinstance(value, (int, float)):
                cells.append(f'<table:table-cell office:value-type="float" office:value="{value}"/>')
            else:
                cells.append(
                    f'<table:table-cell office:value-type="string"><text:p>{escape(str(value))}</text:p></table:table-cell>'
                )
        body.append(f"<table:table-row>{''.join(cells)}</table:table-row>")
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
    )
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet", compress_type=zipfile.ZIP_STORED)
        z.writestr(
            "META-INF/manifest.xml",
            '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
        )
        z.writestr(
            "content.xml",
            f'<?xml version="1.0"?><office:document-content {ns}><office:body><office:spreadsheet>'
            f'<table:table table:name="Deck">{"".join(body)}</table:table></office:spreadsheet></office:body>'
            "</office:document-content>",
        )


EXPECTED = [
    {
        "id": "anchor",
        "qty": 2,
        "title": {"de": "Anker", "en": "Anchor"},
        "text": {"de": "Hold **fast**.", "en": "Hold **fast**."},
        "values": {"strength": 3, "cost": None},
        "fields": {"suit": "sea"},
    },
    {"id": "gale", "title": {"de": "Sturm-Böe", "en": "Gale"}, "values": {"strength": 1.5}, "fields": {"suit": "air"}},
]


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".csv-semicolon", ".xlsx", ".ods"])
def test_every_table_format_gives_the_same_cards(tmp_path, suffix):
    path = tmp_path / ("cards" + suffix.split("-")[0])
    if suffix == ".csv":
        path.write_text("\n".join(",".join(row) for row in ROWS) + "\n", encoding="utf-8")
    elif suffix == ".csv-semicolon":  # a spreadsheet saved in a German locale
        path.write_text("\ufeff" + "\r\n".join(";".join(row) for row in ROWS) + "\r\n", encoding="utf-8")
    elif suffix == ".tsv":
        path.write_text("\n".join("\t".join(row) for row in ROWS) + "\n", encoding="utf-8")
    elif suffix == ".xlsx":
        rows = [[int(v) if v.isdigit() and i else v for v in row] for i, row in enumerate(ROWS)]
        rows[3][5] = 1.5
        write_xlsx(path, rows)
    else:
        rows = [[float(v) if v.isdigit() and i else v for v in row] for i, row in enumerate(ROWS)]
        write_ods(path, rows)
    cards, positions = read(path, path.name, COMPONENT, ["de", "en"])
    assert cards == EXPECTED
    assert positions.locate((1, "title", "de")) == (4, 3)
    assert positions.column((1, "title", "de")) == "title.de"
    assert positions.locate((0, "values", "strength")) == (2, 6)


def test_cells_become_numbers_where_whole_and_question_marks_unknown():
    assert cell_value(3.0, False) == 3 and cell_value("07", False) == 7 and cell_value("2.5", False) == 2.5
    assert cell_value("?", False) is None and cell_value("?", True) == "?"
    assert cell_value(12.0, True) == "12" and cell_value(" Anker ", True) == "Anker"


def test_unknown_and_repeated_columns_are_errors_at_the_header(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("id,titel.de\nx,Y\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"cards.csv:1:2: column 'titel.de' is not a card field; accepted") as exc:
        read(path, "cards.csv", COMPONENT, ["de"])
    assert "strength" in str(exc.value) and "suit" in str(exc.value)
    path.write_text("id,title.de,title_de\nx,Y,Z\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"1:3: column 'title_de' repeats column 'title.de'"):
        read(path, "cards.csv", COMPONENT, ["de"])
    path.write_text("qty\n1\n", encoding="utf-8")
    with pytest.raises(ContentError, match="no 'id' column"):
        read(path, "cards.csv", COMPONENT, ["de"])


@pytest.fixture
def game(tmp_path) -> Path:
    return new_game("sheet", tmp_path / "content")


def test_the_new_game_reads_its_deck_from_a_csv(game):
    content = load_game(game)
    cards = content.game.components[0].cards
    assert [(c.id, c.qty, c.title.get("en")) for c in cards] == [("one", 1, "One"), ("two", 2, "Two")]
    assert game / "cards.csv" in content.files  # a changed table changes the game's digest


def test_a_bad_cell_is_reported_at_its_row_and_column_with_the_column_name(game):
    table = game / "cards.csv"
    table.write_text(table.read_text().replace("two,2,", "two,zwei,"), encoding="utf-8")
    with pytest.raises(ContentErrors) as exc:
        load_game(game)
    (problem,) = exc.value.problems()
    assert (Path(problem.path).name, problem.line, problem.col) == ("cards.csv", 3, 2)
    assert "column 'qty'" in problem.message


def test_a_missing_language_is_reported_at_the_row(game):
    table = game / "cards.csv"
    lines = table.read_text().splitlines()
    lines[2] = lines[2].replace("Two,", ",", 1)  # no English title for card two
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as exc:
        load_game(game)
    assert any(Path(p.path).name == "cards.csv" and p.line == 3 for p in exc.value.problems())


def test_cards_and_cards_from_together_are_an_error(game):
    data = yaml.safe_load((game / "game.yaml").read_text())
    data["components"][0]["cards"] = [{"id": "x", "title": {"de": "X", "en": "X"}}]
    (game / "game.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    with pytest.raises(ContentErrors, match="not both"):
        load_game(game)


def test_a_missing_table_is_an_error_at_cards_from(game):
    (game / "cards.csv").unlink()
    with pytest.raises(ContentErrors, match=r"game.yaml:\d+:\d+: components.0.cards_from: 'cards.csv' is not a file"):
        load_game(game)


def test_a_workbook_with_more_rows_than_a_component_holds_is_refused_at_once_naming_it(game, monkeypatch):
    """200,000 rows were refused after 19 s by the schema, without naming the workbook: now the table is refused
    before any of its cards reaches the schema (the game is never validated)."""
    from rulepress.model import schema

    rows = [["id", "qty", "title.de", "title.en"]] + [[f"c{i}", 1, f"K{i}", f"C{i}"] for i in range(200_000)]
    write_xlsx(game / "cards.xlsx", rows)
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("cards.csv", "cards.xlsx"), encoding="utf-8")

    def validated(*args, **kwargs):
        raise AssertionError("the 200,000 cards reached the schema")

    monkeypatch.setattr(schema.Game, "model_validate", validated)
    with pytest.raises(ContentErrors) as exc:
        load_game(game)
    problem = exc.value.problems()[0]
    assert (Path(problem.path).name, problem.line) == ("cards.xlsx", 5002)  # the first row past the limit
    assert problem.message.startswith("the table has 200000 card rows; a component holds at most 5000 cards")


def test_a_repeated_card_id_is_reported_at_the_repeat(game):
    table = game / "cards.csv"
    table.write_text(table.read_text() + "one,1,Noch eins,One more,,,3\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as exc:
        load_game(game)
    problems = [p for p in exc.value.problems() if "duplicate" in p.message]  # and the count that is now 4
    assert len(problems) == 1, [str(p) for p in exc.value.problems()]
    problem = problems[0]
    assert (Path(problem.path).name, problem.line, problem.col) == ("cards.csv", 4, 1)
    assert problem.message == "duplicate card id 'one' (first at cards.csv:2)"


def test_a_formula_without_a_saved_result_is_said_not_read_as_empty_silently(game):
    """A workbook a script wrote holds formulas without results; calamine reads them as empty cells."""
    rows = [
        ["id", "qty", "title.de", "title.en", "values.value"],
        ["one", 1, "Eins", "One", 1],
        ["two", 2, "Zwei", "Two", 2],
    ]
    write_xlsx(game / "cards.xlsx", rows)
    with zipfile.ZipFile(game / "cards.xlsx") as z:
        parts = {name: z.read(name) for name in z.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    parts["xl/worksheets/sheet1.xml"] = sheet.replace('<c r="E3"><v>2</v></c>', '<c r="E3"><f>E2+1</f></c>').encode()
    with zipfile.ZipFile(game / "cards.xlsx", "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("cards.csv", "cards.xlsx"), encoding="utf-8")
    content = load_game(game)
    assert [c.values.get("value") for c in content.game.components[0].cards] == [1, None]  # what calamine reads
    (warning,) = [w for w in content.warnings if w.rule == "table-formula"]
    assert (Path(warning.path).name, warning.line, warning.col) == ("cards.xlsx", 3, 5)
    assert warning.message.startswith("column 'values.value': the formula =E2+1 has no saved result")
    assert "an error from format 3 on; fix: open the workbook in a spreadsheet program and save it" in warning.message
