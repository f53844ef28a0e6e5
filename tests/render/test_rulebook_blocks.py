"""Markdown into rulebook flowables (`rulepress.render.rulebook_blocks`): tables inside list items, such as an
example's numbered results, stand where the item's text stands, the number beside a table that is all its item
says, and a header row with nothing in it is not printed. Measured on a PDF built from the flowables, inside a
box as an example's results are."""

from __future__ import annotations

import pdfplumber
from reportlab.platypus import SimpleDocTemplate, Table

from rulepress.render import rulebook_blocks, rulebook_style
from rulepress.text import fonts

RESULTS = """**Results:**

1. |  |  |
   |---|---|
   | players | 2–6 |
   | notes | 50 |

2. *with six players:*

   |  |  |
   |---|---|
   | dealt | 30 |

3. *left:* 40
"""


def _words(md: str, tmp_path) -> dict[str, dict]:
    fonts.register()
    styles = rulebook_blocks.box_styles(rulebook_style.styles(rulebook_style.PAGES["a4"], "en"))
    flowables = rulebook_blocks.paragraphs(md, styles, 300)
    target = tmp_path / "blocks.pdf"
    SimpleDocTemplate(str(target)).build([Table([[flowables]], colWidths=[300])])  # in a box, like an example
    with pdfplumber.open(target) as pdf:
        page = pdf.pages[0]
        return {w["text"]: w for w in page.extract_words()}, page


def test_table_depths_say_which_tables_stand_in_a_list():
    assert rulebook_blocks.table_depths(RESULTS) == [1, 1]
    assert rulebook_blocks.table_depths("| a |\n|---|\n| 1 |\n\n- x\n\n  - y\n\n    | b |\n    |---|\n    | 2 |\n") == [
        0,
        2,
    ]


def test_a_result_that_is_a_table_has_its_number_beside_it_and_tables_stand_at_the_items_text(tmp_path):
    words, page = _words(RESULTS, tmp_path)
    one, players = words["1."], words["players"]
    assert abs(one["top"] - players["top"]) < 3  # the number on the table's first row, not on a line above it
    assert players["x0"] > one["x1"]
    item_text = words["with"]["x0"]  # where item 2's text starts
    assert abs(words["dealt"]["x0"] - item_text) < 12  # its table stands under its text, not at the box's edge
    assert words["dealt"]["x0"] > words["Results:"]["x0"] + 10
    header_lines = [line for line in page.lines if line["top"] < players["top"] - 12]
    assert not header_lines  # no empty header row above the first table
