"""A component's cards read from a spreadsheet: CSV, TSV, XLSX, XLS or ODS, one row per card.

A component names its table with ``cards_from: cards.csv`` (relative to the game folder; a workbook's
sheet with ``cards_sheet: Name``, else its first sheet). The first row names the columns; each later row
is one card (empty rows are skipped). A column maps to a card field:

- ``id``, ``qty``, ``color``, ``back``, ``image``, ``provenance``: the card's own keys;
- ``title.<lang>`` / ``title_<lang>`` and ``text.<lang>`` / ``text_<lang>``: a text in one language; a bare
  ``title`` or ``text`` column gives the same text in every language of the game;
- ``values.<name>`` / ``values_<name>``, or ``<name>`` when the component has a value label of that name:
  a printed value (``?`` is an unknown value, printed as a write-in blank);
- ``fields.<name>`` / ``fields_<name>``, or ``<name>`` when the component declares the field: a field
  layouts bind as ``{name}`` (for example a suit picking the art ``art/{suit}.png``);
- a column whose name starts with ``#``, or has no name, is a note for the designer and is not read.

An empty cell leaves the field out (the card's default). Numbers become whole numbers where they are
whole (a spreadsheet's 3.0 is 3). `read` returns the cards as the data a ``cards:`` list would hold and
a `TablePositions` saying where each value came from (file, row, column and the column's name), so a
problem with a card is reported at ``file:row:column`` naming the column. Google Sheets: publish the
sheet as CSV (or download it as CSV, XLSX or ODS) into the game folder.
"""

from __future__ import annotations

import csv
import functools
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from rulepress.errors import ContentError
from rulepress.model.schema import MAX_ITEMS as MAX_CARDS
from rulepress.model.sourcefile import read_source

SUFFIXES = (".csv", ".tsv", ".xlsx", ".xlsm", ".xls", ".ods")
OWN_KEYS = ("id", "qty", "color", "back", "image", "provenance")
TEXT_KEYS = ("title", "text")
UNKNOWN_VALUE = "?"
_SPLIT = re.compile(r"^(title|text|values|fields)[._](.+)$")
_WHOLE = re.compile(r"^-?\d+$")
_DECIMAL = re.compile(r"^-?\d+\.\d+$")


@dataclass
class TablePositions:
    """Where each value of the cards read from one table came from."""

    path: str  # the table file as shown in messages
    cells: dict[tuple, tuple[int, int]] = field(default_factory=dict)  # (card index, key...) -> (row, column)
    columns: dict[tuple, str] = field(default_factory=dict)  # (card index, key...) -> column name
    rows: dict[int, int] = field(default_factory=dict)  # card index -> row
    formulas: list[tuple[int, int, str, str]] = field(default_factory=list)  # unsaved: (row, column, name, formula)

    def locate(self, key: tuple) -> tuple[int | None, int | None]:
        """Row and column of the value at `key` (a card index and the keys below it), or of its card's row."""
        key = tuple(key)
        while key:
            if key in self.cells:
                return self.cells[key]
            if len(key) == 1 and key[0] in self.rows:
                return self.rows[key[0]], 1
            key = key[:-1]
        return 1, 1

    def column(self, key: tuple) -> str | None:
        """The name of the column the value at `key` (or its nearest parent) came from."""
        key = tuple(key)
        while key:
            if key in self.columns:
                return self.columns[key]
            key = key[:-1]
        return None


@dataclass(frozen=True)
class Column:
    """What one column of the table holds: the key path below a card, and whether it is every language."""

    name: str
    index: int  # 1-based
    key: tuple[str, ...]
    all_languages: bool = False


def rows_of(path: Path, shown: str, sheet: str | None = None) -> list[tuple[int, list[object]]]:
    """(row number, cells) of every row of the table, the header first; ContentError if it cannot be read."""
    suffix = path.suffix.lower()
    if suffix in (".csv", ".tsv"):
        text = read_source(path, shown)
        if suffix == ".tsv":
            delimiter = "\t"
        else:
            try:
                delimiter = csv.Sniffer().sniff(text.split("\n", 1)[0], delimiters=",;\t").delimiter
            except csv.Error:
                delimiter = ","
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        rows: list[tuple[int, list[object]]] = []
        start = 1
        try:
            for cells in reader:
                rows.append((start, list(cells)))
                start = reader.line_num + 1
        except csv.Error as exc:
            raise ContentError(shown, f"cannot be read as {suffix[1:].upper()}: {exc}", reader.line_num, 1) from None
        return rows
    if suffix in (".xlsx", ".xlsm", ".xls", ".ods"):
        return _workbook_rows(path, shown, sheet)
    raise ContentError(shown, f"is not a table Rulepress reads ({', '.join(SUFFIXES)})")


def _workbook_rows(path: Path, shown: str, sheet: str | None) -> list[tuple[int, list[object]]]:
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        book = CalamineWorkbook.from_path(str(path))
    except (CalamineError, OSError, ValueError) as exc:
        raise ContentError(shown, f"cannot be read as a workbook: {exc}") from None
    try:
        if sheet is None:
            table = book.get_sheet_by_index(0)
        elif sheet in book.sheet_names:
            table = book.get_sheet_by_name(sheet)
        else:
            raise ContentError(shown, f"has no sheet {sheet!r}; its sheets: {', '.join(book.sheet_names)}")
        values = table.to_python(skip_empty_area=False)
    finally:
        book.close()
    return [(n, list(cells)) for n, cells in enumerate(values, start=1)]


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_RELATION = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_CELL = re.compile(r"^([A-Z]+)(\d+)$")


def unsaved_formulas(path: Path, sheet: str | None = None) -> list[tuple[int, int, str]]:
    """(row, column, formula) of every formula cell of an XLSX sheet that holds no saved result: a workbook
    written by a program that does not calculate (a script, some converters). Rulepress reads the results a
    spreadsheet program saved; it does not calculate, so such a cell reads as empty. Other files: none."""
    import xml.etree.ElementTree as ET
    import zipfile

    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        return []
    found = []
    try:
        with zipfile.ZipFile(path) as book:
            member = _sheet_member(book, sheet)
            if member is None:
                return []
            for _event, cell in ET.iterparse(book.open(member)):
                if cell.tag != f"{_MAIN}c":
                    continue
                formula, value = cell.find(f"{_MAIN}f"), cell.find(f"{_MAIN}v")
                where = _CELL.match(cell.get("r") or "")
                if formula is not None and (value is None or not value.text) and where:
                    column = functools.reduce(lambda n, c: n * 26 + ord(c) - 64, where.group(1), 0)
                    found.append((int(where.group(2)), column, formula.text or ""))
                cell.clear()
    except (zipfile.BadZipFile, KeyError, ET.ParseError, OSError):
        return []  # calamine read it: what it read stands
    return found


def _sheet_member(book, sheet: str | None) -> str | None:
    """The zip member of the XLSX sheet named `sheet` (else the first)."""
    import xml.etree.ElementTree as ET

    sheets = ET.fromstring(book.read("xl/workbook.xml")).find(f"{_MAIN}sheets")
    chosen = next((s for s in (sheets if sheets is not None else []) if sheet is None or s.get("name") == sheet), None)
    if chosen is None:
        return None
    relations = ET.fromstring(book.read("xl/_rels/workbook.xml.rels"))
    target = next((r.get("Target") for r in relations if r.get("Id") == chosen.get(_RELATION)), None)
    if not target:
        return None
    return target.lstrip("/") if target.startswith("/") else f"xl/{target}"


def columns(header: list[object], component: dict, shown: str, header_row: int = 1) -> list[Column]:
    """The columns of the header row mapped to card keys; ContentError at an unknown or repeated column."""
    labels = set(component.get("value_labels") or {})
    declared = set(component.get("fields") or {})
    result: list[Column] = []
    seen: dict[tuple, str] = {}
    for index, cell in enumerate(header, start=1):
        name = str(cell if cell is not None else "").strip()
        if not name or name.startswith("#"):
            continue
        key: tuple[str, ...] | None = None
        every = False
        lowered = name.lower()
        match = _SPLIT.match(lowered)
        if lowered in OWN_KEYS:
            key = (lowered,)
        elif lowered in TEXT_KEYS:
            key, every = (lowered,), True
        elif match:
            base, rest = match.groups()
            key = (base, rest if base in TEXT_KEYS else name[len(base) + 1 :].strip())
        elif name in labels:
            key = ("values", name)
        elif name in declared:
            key = ("fields", name)
        if key is None:
            accepted = ", ".join(
                list(OWN_KEYS)
                + ["title.<lang>", "text.<lang>", "values.<name>", "fields.<name>"]
                + sorted(labels | declared)
            )
            raise ContentError(
                shown, f"column {name!r} is not a card field; accepted columns: {accepted}", header_row, index
            )
        if key in seen:
            raise ContentError(shown, f"column {name!r} repeats column {seen[key]!r}", header_row, index)
        seen[key] = name
        result.append(Column(name, index, key, every))
    if not any(c.key == ("id",) for c in result):
        raise ContentError(shown, "the table has no 'id' column (every card needs an id)", header_row, 1)
    return result


def cell_value(value: object, text: bool) -> object:
    """A cell as card data: text as written (numbers without a needless '.0'); for values and fields
    whole numbers and decimals as numbers and '?' as unknown."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        value = value.strip()
        if not text:
            if value == UNKNOWN_VALUE:
                return None
            if _WHOLE.match(value):
                return int(value)
            if _DECIMAL.match(value):
                return float(value)
        return value
    if text:
        return str(value)
    return value


def read(path: Path, shown: str, component: dict, languages: list[str], sheet: str | None = None):
    """The cards of `component` from the table at `path`: (list of card mappings, TablePositions)."""
    rows = rows_of(path, shown, sheet)
    rows = [(n, cells) for n, cells in rows if any(str(c if c is not None else "").strip() for c in cells)]
    if not rows:
        raise ContentError(shown, "the table is empty: its first row must name the columns", 1, 1)
    if len(rows) - 1 > MAX_CARDS:  # before any card is read: a workbook of 200,000 rows took 19 s to refuse
        raise ContentError(
            shown,
            f"the table has {len(rows) - 1} card rows; a component holds at most {MAX_CARDS} cards "
            "(use qty for copies of a card)",
            rows[MAX_CARDS + 1][0],
            1,
        )
    header_row, header = rows[0]
    cols = columns(header, component, shown, header_row)
    positions = TablePositions(shown)
    cards: list[dict] = []
    for number, cells in rows[1:]:
        card: dict = {}
        index = len(cards)
        positions.rows[index] = number
        for col in cols:
            raw = cells[col.index - 1] if col.index - 1 < len(cells) else None
            if raw is None or (isinstance(raw, str) and not raw.strip()):
                continue
            keys = col.key
            is_text = keys[0] in TEXT_KEYS or keys[0] in ("id", "color", "back", "image", "provenance")
            value = cell_value(raw, is_text)
            if col.all_languages:
                for lang in languages:
                    card.setdefault(keys[0], {}).setdefault(lang, value)
                    _place(positions, (index, keys[0], lang), number, col)
                _place(positions, (index, keys[0]), number, col)
                continue
            target = card
            for part in keys[:-1]:
                target = target.setdefault(part, {})
            target[keys[-1]] = value
            _place(positions, (index,) + keys, number, col)
            if len(keys) > 1:
                positions.cells.setdefault((index, keys[0]), (number, col.index))
                positions.columns.setdefault((index, keys[0]), col.name)
        cards.append(card)
    card_rows = {number for number, _cells in rows[1:]}
    by_index = {col.index: col.name for col in cols}
    positions.formulas = [
        (row, column, by_index[column], formula)
        for row, column, formula in unsaved_formulas(path, sheet)
        if row in card_rows and column in by_index
    ]
    return cards, positions


def _place(positions: TablePositions, key: tuple, row: int, col: Column) -> None:
    positions.cells[key] = (row, col.index)
    positions.columns[key] = col.name
