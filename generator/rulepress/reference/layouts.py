"""The layout-language page of the project documentation, with one rendered example per element kind.

`layout_reference(image_dir)` writes a PNG per example (drawn by the same
element code as the card sheets, rasterised with pypdfium2) into `image_dir` (None:
none written) and returns the page as MyST Markdown, linking the pictures as
``images/layout-<kind>.png`` beside the page: the keys of a layout file, bindings and
conditions, then per element kind its example, its picture and its keys
(generated from the schema's field descriptions, like the content-format page).
"""

from __future__ import annotations

import io
from pathlib import Path

import yaml
from pydantic import BaseModel

from rulepress.layout.elements import KINDS
from rulepress.layout.spec import LayoutFile
from rulepress.paths import ICONS
from rulepress.reference.tables import field_table

W, H, BLEED, DPI = 50.0, 35.0, 2.0, 150
DATA = {
    "id": "north-cape",
    "title": "North Cape",
    "text": "Attack **twice** :crossed-swords:",
    "color": "#f2d16b",
    "image": "game-icons/castle.svg",
    "values.cost": "3",
    "labels.cost": "Cost",
    "symbol": "cannon",
    "mark": "",
}
SQUARE = [[0, 0], [12, 0], [12, 10], [4, 14], [0, 10]]
EXAMPLES = {
    "text": "- {kind: text, text: '{title}: {text}', x: 3, y: 3, w: 44, h: 29, size: 14, min_size: 6, align: center, valign: middle}",
    "image": "- {kind: image, src: '{image}', from: bleed, fit: contain}",
    "icon": "- {kind: icon, icon: '{symbol}', repeat: '{values.cost}', x: 3, y: 8, w: 44, h: 18, color: '#7a1f1f'}",
    "rect": "- {kind: rect, from: bleed, fill: '{color}'}\n- {kind: rect, x: 5, y: 5, w: 40, h: 25, stroke: '#333333', stroke_width: 0.6}",
    "roundrect": "- {kind: roundrect, x: 4, y: 4, radius: 4, fill: '#2f6f4f', stroke: '#1d4a33', stroke_width: 0.8}",
    "circle": "- {kind: circle, x: 15, y: 7.5, w: 20, h: 20, fill: '#ffffff', stroke: '#7a1f1f', stroke_width: 1, dash: [1.5, 1]}",
    "line": "- {kind: line, x: 3, y: 17.5, x2: 47, y2: 17.5, stroke: '#1f3f7a', stroke_width: 1.2}\n- {kind: line, x: 3, y: 3, x2: 47, y2: 32, stroke: '#c0392b', stroke_width: 0.4, dash: [2, 1]}",
    "polygon": "- {kind: polygon, x: 19, y: 10, points: " + str(SQUARE) + ", fill: '#c0392b', opacity: 0.8}",
    "outline": "- {kind: outline, space: '{id}', x: 5, y: 3, w: 40, h: 29, fill: '{color}', stroke: '#333333', stroke_width: 0.4}",
    "guilloche": "- {kind: rect, from: bleed, fill: '#d8efd3'}\n- {kind: guilloche, pattern: waves, x: 2, y: 6, w: 46, h: 23, lines: 10, periods: 3, depth: 0.9, stroke: '#ffffff', stroke_width: 0.15}\n- {kind: guilloche, pattern: rosette, x: 15, y: 7.5, w: 20, h: 20, lines: 12, periods: 8, depth: 0.4, stroke: '#2d4a32', stroke_width: 0.1}",
    "pattern": "- {kind: rect, from: bleed, fill: '#1f3f7a'}\n- {kind: pattern, pattern: lattice, from: bleed, spacing: 2, angle: 45, color: '#2e5290', stroke_width: 0.2}\n- {kind: circle, x: 13, y: 5.5, w: 24, h: 24, fill: '#f4ecd8'}\n- {kind: pattern, pattern: rays, x: 13, y: 5.5, w: 24, h: 24, shape: circle, count: 48, color: '#e2d3b0', stroke_width: 0.3}\n- {kind: pattern, pattern: dots, x: 3, y: 3, w: 8, h: 29, spacing: 1.6, size: 0.5, color: '#f4ecd8'}\n- {kind: pattern, pattern: scales, x: 39, y: 3, w: 8, h: 29, spacing: 2.4, color: '#f4ecd8', stroke_width: 0.2}",
    "stack": "- {kind: rect, from: bleed, fill: '#ffffff'}\n- {kind: stack, x: 3, y: 3, title: {size: 10}, text: {size: 8}, values: {size: 7}}",
}
# the outline example's board space: a made-up territory shape (mm on a board)
OUTLINES = {
    "north-cape": (
        ((10, 10), (40, 5), (60, 20), (55, 40), (30, 45), (20, 30), (5, 28)),
        ((64, 30), (70, 28), (72, 36), (66, 38)),
    )
}


def _face(data: dict[str, str]):
    """The texts a `stack` element sets, from the example's data."""
    from rulepress.layout.face import FaceContent, ValueLine, card_markup

    return FaceContent(
        title=data["title"],
        body=card_markup(data["text"].replace(":crossed-swords:", "")).strip(),
        values=(ValueLine(data["labels.cost"], data["values.cost"]),),
    )


def render_example(
    elements: list, data: dict[str, str], folder: Path | None = None, outlines: dict | None = None
) -> bytes:
    """PNG bytes of one small card (50 x 35 mm with 2 mm bleed) drawn from `elements`."""
    import pypdfium2 as pdfium
    from reportlab.pdfgen import canvas as rl_canvas

    from rulepress.draw.cardjobs import game_icons
    from rulepress.draw.face import Art, draw_with
    from rulepress.layout.paper import MM
    from rulepress.layout.spec import Layout
    from rulepress.text import fonts

    fonts.register()
    buffer = io.BytesIO()
    c = rl_canvas.Canvas(buffer, pagesize=((W + 2 * BLEED) * MM, (H + 2 * BLEED) * MM), invariant=1)
    c.setFillColorRGB(0.97, 0.97, 0.95)
    c.rect(0, 0, (W + 2 * BLEED) * MM, (H + 2 * BLEED) * MM, fill=1, stroke=0)
    c.translate(BLEED * MM, BLEED * MM)
    art = Art(
        front=elements,
        back_face=None,
        back=[],
        layout=Layout(),
        folder=folder,
        fonts={},
        icons=game_icons(None),
        outlines=outlines or {},
    )
    draw_with(c, W, H, BLEED, elements, data, art, face=_face(data))
    c.setStrokeColorRGB(0.6, 0.6, 0.6)  # the trim, for orientation
    c.setDash(2, 2)
    c.setLineWidth(0.3)
    c.rect(0, 0, W * MM, H * MM, fill=0, stroke=1)
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buffer.getvalue())
    try:
        image = doc[0].render(scale=DPI / 72).to_pil()
    finally:
        doc.close()
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG")
    return out.getvalue()


def layout_reference(image_dir: Path | None = None) -> str:
    """The page as Markdown; writes one PNG per element kind into `image_dir` (named layout-<kind>.png)."""
    from pydantic import TypeAdapter

    from rulepress.layout.elements import Element

    if image_dir is not None:
        image_dir.mkdir(parents=True, exist_ok=True)
    adapter = TypeAdapter(list[Element])
    lines = (
        [
            "# Card layouts",
            "",
            "A layout is a YAML file in `templates/layouts/` or in a game's `layouts/` folder, named by a "
            "component's `layout:`. Without `elements` a layout styles the classic face: its background, an accent "
            "frame and a `stack` element (title, text, values and mark) in the safe box, drawn like any other "
            "elements; a shared back without `back_elements` is its colour, its picture and its title. With "
            "`elements` the face is drawn from placed elements, in order, each positioned in mm from the trim's "
            "top-left corner (`from: bleed`: from the bleed edge's, for art that bleeds). `extends` builds on another "
            "layout (mappings merge key by key, lists such as `elements` are replaced). `rulepress check content` "
            "reports every mistake in a layout file at its line and column; `rulepress schema --layout` prints the "
            "JSON Schema for editors.",
            "",
            "## Binding card data",
            "",
            "Any string of an element may hold references in braces: `{id}`, `{title}`, `{text}`, `{color}`, "
            "`{image}`, `{mark}`, `{name}` (the component), `{face}` (side name of double-sided tiles), "
            "`{values.<name>}` (`?` when unknown: a text that is only that value prints a line to write it on, and inside a longer text it prints as a blank `____`, never a bare `?`), `{labels.<name>}`, and each field the component declares in "
            "`fields` (`fields: {symbol: {kind: id}}`, a card's `fields: {symbol: cannon}`, bound as `{symbol}`). "
            "A reference to anything else is an error. `when:` draws an element only if a condition holds: `ref`, "
            "`not ref`, `ref == value`, `ref != value`. Shared backs (`back_elements`) bind `{title}`, `{color}`, "
            "`{image}`, `{name}` (and `{mark}`, always empty: a shared back carries no provenance mark, so the "
            "components that share it and are shuffled together look the same from behind; `rulepress check "
            "content` compares their backs, rule `shared-back`).",
            "",
            "The provenance mark (reconstructed, unknown) is drawn on every marked face: by an element that shows "
            "`{mark}`, or else at the bottom of the safe area.",
            "",
            "Small print: a text shrinks to fit its box down to its `min_size` (6 pt unless the layout says "
            "otherwise; the provenance mark is 6 pt). A size or `min_size` under 6 pt anywhere in a layout (the "
            "classic parts, `text` elements, the parts of a `stack`) is reported by `rulepress check content` at its "
            "line, rule `small-print`: a warning for content of format 2, an error from format 3 on.",
            "",
            "## Fonts and icons",
            "",
            "Fonts: the bundled Body, Body-Bold, Body-Italic, Body-BoldItalic, Condensed, Condensed-Bold, and a game's "
            "own TrueType files declared in game.yaml (`fonts: [{name: Title, file: fonts/title.ttf}]`); glyph "
            "coverage is checked for every text. Icons: the game-icons.net set bundled in "
            "`templates/icons/game-icons/` (CC BY 3.0, see its LICENSE.txt; `scripts/prepare_icons.py` adds more "
            "from the npm package `@iconify-json/game-icons`), a game's own `icons/*.svg`, and the glyph icons and "
            "aliases of `layouts/icons.yaml`. Use them inline as `:name:` or with the `icon` element.",
            "",
            "## Picture decks",
            "",
            "A deck whose fronts are finished pictures uses the bundled layout `picture-card` and gives each card an "
            "`image:` (PNG, JPEG or SVG in the game folder). PNG and JPEG data go into the PDF unchanged.",
            "",
            "## Layout file keys",
            "",
        ]
        + field_table(LayoutFile)
        + [""]
    )
    for name, info in LayoutFile.model_fields.items():  # the sections, each with its own defaults
        if isinstance(info.default, BaseModel):
            section = type(info.default)
            lines += [f"### `{name}`", "", " ".join((section.__doc__ or "").split()), ""]
            lines += field_table(section) + [""]
    for kind, cls in KINDS.items():
        snippet = EXAMPLES[kind]
        elements = adapter.validate_python(yaml.safe_load(snippet))
        if image_dir is not None:
            png = render_example(elements, DATA, ICONS, {k: v for k, v in OUTLINES.items()})
            (image_dir / f"layout-{kind}.png").write_bytes(png)
        doc = " ".join((cls.__doc__ or "").split())
        lines += (
            [
                f"(layout-{kind})=",
                f"## {kind}",
                "",
                doc,
                "",
                "```yaml",
                "elements:",
                snippet.replace("\n", "\n"),
                "```",
                "",
                f"![{kind} example](images/layout-{kind}.png)",
                "",
            ]
            + field_table(cls)
            + [""]
        )
    return "\n".join(lines)
