"""The content model: typed, validated description of one game.

Everything Rulepress renders or checks is read from these classes. A game
folder's YAML files are validated into them by `rulepress.model.loader`; the
Markdown rule texts are parsed into `RuleSection` and `Example` objects.

Every field carries a description: the content-format reference in `docs/` is
generated from them, and a test fails if one is missing. Unknown keys are
errors (``extra="forbid"``) so typos never pass silently.
"""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, WithJsonSchema, field_validator, model_validator

from rulepress.model.formats import CURRENT as CURRENT_FORMAT

LANGS = ("de", "en")  # the languages of a game that declares none (its source language first)
LANG_CODE = re.compile(r"^[a-z]{2,3}$")
Lang = Annotated[
    str,
    Field(pattern=LANG_CODE.pattern, description="A language code (ISO 639: two or three lower-case letters)."),
]
Id = Annotated[
    str,
    Field(
        pattern=r"^[a-z0-9][a-z0-9_-]*$",
        max_length=64,  # ids name output files: a file name has at most 255 bytes
        description="A stable identifier: lower-case letters, digits, '-' and '_' (at most 64).",
    ),
]
Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="A colour as #rrggbb.")]
RuleNumber = Annotated[
    str,
    Field(
        pattern=r"^\d+(\.\d+)*$",
        description='The number of a rule paragraph, in quotes ("4.2": unquoted, YAML reads 4.10 as the number 4.1).',
    ),
]
# Limits: far above any real game, low enough that absurd input is an error naming the field
# instead of a MemoryError or an endless render.
MAX_MM = 2000.0  # a length on paper or board (2 m)
MAX_QTY = 1000  # copies of one card
MAX_ITEMS = 5000  # cards of a component, spaces or links of a board
MAX_PRINTED = 20000  # copies a component prints (the sum of its quantities)
Mm = Annotated[float, Field(ge=-MAX_MM, le=MAX_MM, description=f"A coordinate in mm (-{MAX_MM:g} to {MAX_MM:g}).")]


class FieldValueError(ValueError):
    """A model validator's error that belongs at one of the model's keys (`field`): the loader reports it at
    that key's line, not at the model's first line."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


class Model(BaseModel):
    """Base for every content class: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


def _language_keys(value, fields: tuple[str, ...] = ()):
    """`value` (a mapping) with its language keys sorted (a text's languages in one order, whatever the YAML's);
    a key that is neither a field nor a language code is refused."""
    if not isinstance(value, dict):
        return value
    for key in value:
        if key not in fields and not (isinstance(key, str) and LANG_CODE.match(key)):
            raise ValueError(
                f"unknown key {key!r}: the keys of a text are language codes (two or three lower-case letters, "
                f"e.g. de, en, fr)" + (f"; other accepted keys: {', '.join(fields)}" if fields else "")
            )
    return {k: value[k] for k in sorted(value, key=lambda k: (k not in fields, fields.index(k) if k in fields else k))}


class Text(Model):
    """A text in each language of the game: a mapping from language code to text (``{de: Karte, en: Card}``).
    Which languages it must have is the game's (`Game.languages`, checked by the loader)."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"propertyNames": {"pattern": LANG_CODE.pattern}})
    __pydantic_extra__: dict[str, str] = Field(init=False)  # the texts by language

    @model_validator(mode="before")
    @classmethod
    def _languages_only(cls, value):
        return _language_keys(value)

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages this text is given in."""
        return tuple(self.__pydantic_extra__ or {})

    def items(self) -> list[tuple[str, str]]:
        """(language, text) of every language the text is given in."""
        return list((self.__pydantic_extra__ or {}).items())

    def get(self, lang: str) -> str:
        """The text in `lang` (a KeyError when it has none: the loader makes sure every game language is there)."""
        return (self.__pydantic_extra__ or {})[lang]

    @classmethod
    def same(cls, text: str, languages) -> Text:
        """One `text` for every language in `languages` (a number printed as it is)."""
        return cls.model_validate({lang: text for lang in languages})


class Provenance(Model):
    """Where a fact comes from.

    ``seed``: stated by one of the seed rule texts; ``public``: published
    elsewhere (name the source); ``original``: the designer's own content (a
    new game, a variant), printed without a mark; ``reconstructed``: a
    plausible stand-in that the sources do not give; ``unknown``: not known,
    shown as a write-in blank. May be written as a bare word
    (``provenance: reconstructed``).
    """

    kind: Literal["seed", "public", "original", "reconstructed", "unknown"] = Field(
        description="seed, public, original (the designer's own, no mark), reconstructed or unknown."
    )
    source: str | None = Field(None, description="The seed file or the public source (required for 'public').")
    note: str | None = Field(None, description="Free remark: what was reconstructed, why something is unknown.")

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value):
        if isinstance(value, str):
            return {"kind": value}
        return value

    @model_validator(mode="after")
    def _public_needs_source(self):
        if self.kind == "public" and not self.source:
            raise ValueError("provenance 'public' needs a 'source' naming where the fact is published")
        return self

    @property
    def marked(self) -> bool:
        """True when outputs must show a mark (reconstructed or unknown)."""
        return self.kind in ("reconstructed", "unknown")


Value = Union[int, float, str, bool, None, Text]  # noqa: UP007 (a runtime value: pydantic reads it)


class Size(Model):
    """A width and height in millimetres."""

    width: float = Field(gt=0, le=MAX_MM, description=f"Width in mm (at most {MAX_MM:g}).")
    height: float = Field(gt=0, le=MAX_MM, description=f"Height in mm (at most {MAX_MM:g}).")


class Face(Model):
    """What is printed on one side of a card or tile."""

    title: Text | None = Field(None, description="Main name printed on the face.")
    text: Text | None = Field(None, description="Body text (inline Markdown: **bold**, *italic*, :icon-name: icons).")
    values: dict[str, Value] = Field(
        default_factory=dict,
        description="Named values the layout prints (symbol, strength, party, ...). null means unknown and is shown as such.",
    )
    color: Color | None = Field(None, description="Accent colour of this face.")
    image: str | None = Field(
        None,
        description="Picture of this face (PNG, JPEG or SVG, relative to the game folder); a layout shows it with `{image}`.",
    )
    fields: dict[str, Value] = Field(
        default_factory=dict,
        description="Values of the fields the component declares in `fields` (layouts bind them as `{name}`).",
    )


class FieldSpec(Model):
    """A field that the cards of a component may carry and layouts may bind as `{name}`."""

    kind: Literal["text", "number", "id", "color", "image", "flag"] = Field(
        "text",
        description="text (German/English or plain), number, id (a name such as an icon name), color (#rrggbb), image (a file in the game folder), flag (true/false).",
    )
    description: str | None = Field(None, description="What the field means.")


class Card(Model):
    """One card or tile design; `qty` copies of it are printed."""

    id: Id = Field(description="Stable id of the card within its component.")
    qty: int = Field(1, ge=0, le=MAX_QTY, description=f"Number of copies in the game (at most {MAX_QTY}).")
    title: Text | None = Field(None, description="Front title.")
    text: Text | None = Field(None, description="Front body text (inline Markdown).")
    values: dict[str, Value] = Field(default_factory=dict, description="Named front values (see Face.values).")
    color: Color | None = Field(None, description="Accent colour of the front.")
    back: Id | None = Field(
        None, description="Id of a shared back in the component's `backs` (overrides the component default)."
    )
    back_face: Face | None = Field(
        None, description="An individual back side (double-sided tiles): printed instead of a shared back."
    )
    image: str | None = Field(
        None,
        description="Picture of the front (PNG, JPEG or SVG, relative to the game folder): the whole face of a picture deck (layout `picture-card`), or art a layout places with `{image}`.",
    )
    fields: dict[str, Value] = Field(
        default_factory=dict,
        description="Values of the fields the component declares in `fields` (layouts bind them as `{name}`).",
    )
    provenance: Provenance | None = Field(None, description="Overrides the component's provenance for this card.")

    @property
    def front(self) -> Face:
        return Face(
            title=self.title, text=self.text, values=self.values, color=self.color, image=self.image, fields=self.fields
        )


class Back(Model):
    """A shared card back."""

    id: Id = Field(description="Id referenced by `back` of a component or card.")
    title: Text | None = Field(None, description="Text printed on the back.")
    color: Color = Field("#444444", description="Background colour of the back.")
    image: str | None = Field(
        None,
        description="Optional image file (PNG, JPEG or SVG) relative to the game folder, printed over the whole back including the bleed; PNG and JPEG data go into the PDF unchanged.",
    )


class Denomination(Model):
    """One kind of banknote in a money component."""

    value: int = Field(gt=0, le=10**12, description="Face value in the game's unit (at most 10^12).")
    count: int = Field(ge=0, le=MAX_QTY, description=f"Number of notes (at most {MAX_QTY}).")
    label: Text | None = Field(None, description="Printed label (e.g. '1 Mio. $').")
    color: Color = Field("#d8efd3", description="Note colour.")


class Piece(Model):
    """How the playing pieces of a `pieces` component are printed: a token, a fold-over standee or a tent pawn."""

    form: Literal["token", "standee", "pawn"] = Field(
        description="token (a flat piece cut out along its shape, printed on both sides of the paper: duplex), standee (front and back joined at a fold line on top, with a base tab at each end that folds out into a foot) or pawn (a tent: front, back and base panels folded into a triangular prism and closed with a glue tab); standees and pawns print on one side of the paper."
    )
    shape: Literal["circle", "square", "hexagon", "rounded"] = Field(
        "circle",
        description="Outline of a token: circle (an ellipse if width and height differ), square (a rectangle), hexagon (flat top and bottom) or rounded (a rectangle with rounded corners). Standees and pawns are rectangles.",
    )
    size: Size = Field(description="Size in mm of one face of the piece as it stands (a token's width and height).")
    base: float = Field(
        12.0, ge=4, le=100, description="Depth in mm of a standee's base tabs (each end of the strip; 4 to 100)."
    )
    figure: bool = Field(
        True,
        description="Standees and pawns: the silhouette of a turned pawn (head, collar, flared foot) is printed behind the title.",
    )
    icon: Id | None = Field(
        None,
        description="An icon printed on every face: large and in a shade of the face's colour behind a token's "
        "title, in place of the plain figure on standees and pawns. Any icon name a layout may use (a glyph or "
        "alias of icons.yaml, an SVG icon of templates/icons/ or of the game's icons/ folder).",
    )


class Placement(Model):
    """Where the pieces of a component are put on a board: spaces named one by one, or every space of a type
    or a group; `rulepress check content` checks that a piece fits there."""

    board: Id | None = Field(None, description="Board id (default: the game's only board).")
    spaces: list[Id] = Field(default_factory=list, description="Ids of the spaces a piece is put on.")
    type: Id | None = Field(None, description="Every space of this space type.")
    group: Id | None = Field(None, description="Every space of this group.")
    at: Literal["space", "spot", "marker"] = Field(
        "space",
        description="space (the piece lies on the space itself), spot (on one of the round spots its type's "
        "`spots` value draws) or marker (on the space's marker spot).",
    )
    pool: bool = Field(
        False,
        description="The spaces keep the supply of these pieces: each is drawn with one slot per kind of piece (card), of the piece's size, with its title and in its colour.",
    )

    @model_validator(mode="after")
    def _names_spaces(self):
        if not self.spaces and self.type is None and self.group is None:
            raise ValueError("name the spaces: `spaces`, `type` or `group`")
        return self


CARD_KINDS = ("deck", "tiles", "tokens", "money")
OTHER_KINDS = ("board", "dice", "pieces", "rules", "other")


class Component(Model):
    """A part of the game box: a deck, double-sided tiles, tokens, money, or anything else counted."""

    id: Id = Field(description="Stable id of the component.")
    kind: Literal["deck", "tiles", "tokens", "money", "board", "dice", "pieces", "rules", "other"] = Field(
        description="deck, tiles (double-sided), tokens, money (printed); board, dice, pieces, rules, other (only counted)."
    )
    name: Text = Field(description="Name of the component.")
    count: int | None = Field(
        None,
        ge=0,
        le=MAX_QTY * MAX_ITEMS,
        description=f"How many are in the box. For decks/tiles/tokens/money it must equal the sum of quantities (at most {MAX_PRINTED} copies are printed).",
    )
    count_unknown: bool = Field(
        False, description="True when the real count is not known (count then states what is modelled)."
    )
    layout: str | None = Field(
        None, description="Layout name in templates/layouts/ or the game's layouts/ folder (printed kinds)."
    )
    size: str | Size | None = Field(
        None,
        description="Card size: a preset (poker, bridge, tarot, mini-euro, square, token-25, banknote) or width/height in mm. Defaults to the layout's size.",
    )
    back: Id | None = Field(None, description="Default shared back id for all cards of the component.")
    backs: list[Back] = Field(default_factory=list, description="Shared backs of this component.")
    value_labels: dict[str, Text] = Field(
        default_factory=dict,
        description="Printed labels of the cards' value names (e.g. strength: {de: Stärke, en: Strength}).",
    )
    fields: dict[Id, FieldSpec] = Field(
        default_factory=dict,
        description="Fields the cards of this component carry besides title, text and values (e.g. symbol: {kind: id}); layouts bind them as `{name}`, and a binding to an undeclared field is an error.",
    )
    faces: list[Text] = Field(
        default_factory=list,
        description="Names of the two sides of double-sided tiles (front first), e.g. recruit side / threat side.",
    )
    cards: list[Card] = Field(
        default_factory=list,
        max_length=MAX_ITEMS,
        description=f"The cards, tiles or tokens (decks, tiles, tokens; at most {MAX_ITEMS}).",
    )
    cards_from: str | None = Field(
        None,
        description="A spreadsheet holding the cards instead of `cards` (CSV, TSV, XLSX, XLS or ODS, relative to the game folder): one row per card, the first row naming the columns (id, qty, title.<lang>, text.<lang>, values.<name>, fields.<name>, ...; see content-format.md).",
    )
    cards_sheet: str | None = Field(
        None, description="The sheet of a `cards_from` workbook holding the cards (default: the first sheet)."
    )
    denominations: list[Denomination] = Field(
        default_factory=list, max_length=100, description="Banknotes (money; at most 100 denominations)."
    )
    board: Id | None = Field(None, description="For kind 'board': the id of the board in the game's boards.")
    piece: Piece | None = Field(
        None,
        description="For kind 'pieces': how the pieces are printed (form, shape, size); its `cards` are the piece designs (title, text, colour, an optional `back_face`, qty). Without it the pieces are only counted.",
    )
    printed_as: list[Id] = Field(
        default_factory=list,
        description="Printed components that stand for this counted one in the kit (e.g. the known cards of a "
        "larger deck): `rulepress check content` checks they exist and are printed.",
    )
    not_printed: Text | None = Field(
        None,
        description="Why this counted component is not in the print-and-play kit (e.g. a die from another box); "
        "without it, or `printed_as`, a piece, board or other part that is not printed is reported.",
    )
    placed_on: list[Placement] = Field(
        default_factory=list,
        description="Board spaces its pieces, tokens or tiles are put on (`{type: monopoly, at: spot}`): "
        "`rulepress check content` reports a piece larger than the space or spot.",
    )
    note: Text | None = Field(None, description="Remark shown with the component.")
    provenance: Provenance = Field(description="Where the component facts come from.")

    @property
    def printed(self) -> bool:
        return self.kind in CARD_KINDS

    @model_validator(mode="after")
    def _fields_declared(self):
        for card in self.cards:
            for face in (card, card.back_face):
                for name in face.fields if face is not None else {}:
                    if name not in self.fields:
                        declared = ", ".join(self.fields) or "none"
                        raise ValueError(
                            f"card {card.id}: field {name!r} is not declared in the component's "
                            f"`fields` (declared: {declared})"
                        )
        return self

    @model_validator(mode="after")
    def _piece_of_pieces(self):
        if self.piece is not None and self.kind != "pieces":
            raise ValueError(f"`piece` is for components of kind 'pieces', not {self.kind!r}")
        if self.piece is not None and not self.cards:
            raise ValueError("a component with `piece` lists its piece designs in `cards`")
        return self

    @property
    def printed_pieces(self) -> bool:
        """True for playing pieces that are printed (kind 'pieces' with a `piece`)."""
        return self.kind == "pieces" and self.piece is not None

    def total(self) -> int:
        if self.kind == "money":
            return sum(d.count for d in self.denominations)
        return sum(c.qty for c in self.cards)

    @model_validator(mode="after")
    def _printable_total(self):
        if self.total() > MAX_PRINTED:
            raise ValueError(f"{self.total()} copies to print; a component prints at most {MAX_PRINTED}")
        return self


class Group(Model):
    """A group of board spaces: a continent, a lane, an area of a play mat."""

    id: Id = Field(description="Stable id.")
    name: Text = Field(description="Name shown in legends.")
    color: Color = Field(description="Fill colour of the group's spaces.")
    values: dict[str, Value] = Field(
        default_factory=dict, description="Named values, e.g. bonus armies of a continent."
    )
    provenance: Provenance | None = Field(None, description="Overrides the board's provenance.")
    pattern: Literal["solid", "hatched", "dotted"] = Field(
        "solid",
        description="Fill pattern of the group's spaces where neither the space nor its type gives one other than "
        "solid: a second cue besides the colour, so colour-blind players tell neighbouring groups apart.",
    )
    panel: bool = Field(
        False,
        description="Lay a pale panel in the group's colour under all its spaces, with the group's name written on it (in the room the spaces leave inside the panel, else along its top edge), so a lane or area reads as one place; the legend then leaves the group out (unless it has values).",
    )


class SpaceType(Model):
    """A kind of board space (action field, crisis field, territory, ...)."""

    id: Id = Field(description="Stable id used by spaces.")
    name: Text = Field(description="Name shown in legends.")
    color: Color | None = Field(None, description="Fill colour; defaults to the group's colour.")
    pattern: Literal["solid", "hatched", "dotted"] = Field(
        "solid", description="Fill pattern or texture (e.g. hatched fields that mark a special lane)."
    )
    shape: Literal["rect", "circle", "region"] = Field("rect", description="Drawn shape.")
    marker: bool = Field(False, description="Draw a round spot in each space of this type for an army or count marker.")
    label: bool = Field(
        False,
        description="Print the type's word (`word`, else its name) on each of its spaces (under the number), so the board is read without the legend.",
    )
    icon: Id | None = Field(
        None,
        description="Icon drawn on each space of the type, by name (an SVG icon such as `factory`, or a glyph icon of icons.yaml such as `warning`; the same names as `:name:` in card text). With `label: true` the word is printed under it, so the field says what it means without the legend.",
    )
    word: Text | None = Field(
        None,
        description="Short word printed on each space of the type (with `label: true`), e.g. Krise / Crisis; defaults to the type's name.",
    )
    spots: str | None = Field(
        None,
        description="Name of a whole-number value of the spaces (e.g. accusation_spots): that many small round spots are drawn in the space instead of printing the number.",
    )
    spot_size: float | None = Field(
        None,
        gt=0,
        le=100,
        description="Diameter in mm of the spots (default 3.8): as large as the tokens put on them (`placed_on`).",
    )
    plate: bool = Field(
        False,
        description="Lay a pale plate in the type's colour under each space of the type, 4.5 mm beyond it (as a group's `panel` does for a whole lane), so a lone field between lanes sits on the board instead of floating on the paper.",
    )
    pile: bool = Field(
        False,
        description="A space of the type that holds cards or tiles (`size_from`) is drawn as a pile: two more outlines of the card offset behind its place, and the number of cards or tiles of the component (`× 24`) under the icon when the count is known.",
    )


class Space(Model):
    """One place on a board: a territory, a numbered field, an area of a mat."""

    id: Id = Field(description="Stable id, unique within the board.")
    name: Text | None = Field(None, description="Label printed on the space.")
    number: int | str | None = Field(None, description="Printed field number, if any.")
    group: Id | None = Field(None, description="Group id (continent, lane).")
    type: Id | None = Field(None, description="Space type id.")
    pos: tuple[Mm, Mm] = Field(
        description="Centre of the space in mm from the board's top-left corner (for a region: where its links start)."
    )
    size: tuple[Annotated[float, Field(gt=0, le=MAX_MM)], Annotated[float, Field(gt=0, le=MAX_MM)]] | None = Field(
        None, description="Width and height in mm (defaults to the board's space_size)."
    )
    size_from: Id | None = Field(
        None,
        description="Id of a component whose card or tile this space holds: the space is that size plus 4 mm all round (overrides `size`).",
    )
    outline: list[list[tuple[Mm, Mm]]] | None = Field(
        None,
        description="Shape of a region: one or more polygons (a territory and its islands), each a list of [x, y] points in mm from the board's top-left corner. Without it the space is drawn as a box of `size`.",
    )
    path: str | None = Field(
        None,
        description="Shape of a region as an SVG path `d` string in board mm (M, L, H, V, C, Q, A, Z; each subpath one polygon, curves flattened); turned into `outline`. Give `path` or `outline`, not both.",
    )
    anchor: tuple[Mm, Mm] | None = Field(
        None,
        description="Where the label of a region goes (mm). Without it the label sits at the point of the largest polygon farthest from its edges (pole of inaccessibility).",
    )
    fill: Color | None = Field(None, description="Fill colour of this space (overrides its type and group colour).")
    icon: Id | None = Field(
        None,
        description="Icon drawn on this space (overrides its type's `icon`), e.g. to show what lies on one of several spaces of a type.",
    )
    pattern: Literal["solid", "hatched", "dotted"] | None = Field(
        None, description="Fill pattern of this space (overrides its type's)."
    )
    marker: tuple[Mm, Mm] | None = Field(
        None, description="Centre of the army/count marker spot in mm (overrides the automatic place under the label)."
    )
    values: dict[str, Value] = Field(
        default_factory=dict, description="Named values (payout, accusation price, spots...)."
    )
    provenance: Provenance | None = Field(None, description="Overrides the board's provenance.")

    @model_validator(mode="before")
    @classmethod
    def _path_to_outline(cls, data):
        if isinstance(data, dict) and data.get("path") is not None:
            if data.get("outline") is not None:
                raise ValueError("give either path or outline, not both")
            from rulepress.model.tracks import svg_outline

            try:
                outline = svg_outline(str(data["path"]))
            except Exception as exc:  # the parser's own message names what is wrong
                raise ValueError(f"path is not a valid SVG path: {exc}") from None
            data = {**data, "outline": outline}
        return data


class LinkType(Model):
    """How a kind of link is drawn."""

    id: Id = Field(description="Stable id used by links.")
    name: Text = Field(description="Name shown in legends.")
    style: Literal["solid", "dashed", "arrow", "dashed-arrow"] = Field("solid", description="Line style.")
    color: Color = Field("#333333", description="Line colour.")
    road: bool = Field(
        False,
        description="Paint links of this type as a road under the spaces instead of a thin line: neighbours side by side are joined by a band as wide as the fields plus a rim, in a darker shade of their group's colour (the link colour, lightened, between groups); far-apart spaces by a band of `road_width`. Arrow styles keep a small arrowhead on the road for the direction.",
    )
    road_width: float | None = Field(
        None,
        gt=0,
        le=MAX_MM,
        description="Width in mm of a road between spaces that are not side by side (default: 40 % of the smaller space's smaller side).",
    )
    road_stones: bool = Field(
        False,
        description="Draw a road between spaces that are not side by side as a row of round stepping stones `road_width` across (a light path over the paper) instead of a solid band.",
    )


class Link(Model):
    """A connection between two spaces: a border, a sea link, a move, a tile flow."""

    a: Id = Field(description="Space id of one end.")
    b: Id = Field(description="Space id of the other end.")
    type: Id | None = Field(None, description="Link type id.")
    wrap: bool = Field(
        False, description="Drawn around the board edge (a link between spaces at opposite edges of a world map)."
    )
    label: Text | None = Field(None, description="Label drawn at the middle of the link.")
    provenance: Provenance | None = Field(None, description="Overrides the board's provenance.")


MIN_TEXTURE_SPACING = 0.5  # mm: the finest texture a board may ask for


class Layer(Model):
    """A decorative layer of a board, painted in the order given: sea, coast, image, compass, cartouche."""

    kind: Literal["sea", "coast", "image", "compass", "cartouche", "frame", "texture", "emblem"] = Field(
        description="sea: the board's background colour (drawn first); coast: a halo of `width` mm around every region; image: a picture file (background or centre art); compass: a compass rose; cartouche: a framed title box with the board's name; frame: a double border `width` mm inside the board's edge, in `color`; texture: a fine `pattern` of thin lines or dots in `color` over the whole board's background (paper or sea), `width` mm apart, under everything else; emblem: an `icon` of the game's icon table drawn large at `pos` (`size` mm tall) in `color`, faint, as art in a free part of the board."
    )
    pattern: Literal["linen", "dots", "waves"] = Field(
        "linen",
        description="Pattern of a texture layer: linen (a fine weave of crossing lines), dots (a grid of small dots) or waves (rows of gentle wave lines, for a sea).",
    )
    color: Color = Field("#b9d7ea", description="Colour of the sea, coast halo, compass or cartouche frame.")
    pos: tuple[Mm, Mm] | None = Field(
        None, description="Centre in mm (image, compass, cartouche); an image without it covers the whole board."
    )
    size: tuple[Annotated[float, Field(gt=0, le=MAX_MM)], Annotated[float, Field(gt=0, le=MAX_MM)]] | None = Field(
        None, description="Width and height in mm (image, compass, cartouche)."
    )
    width: float = Field(
        2.5,
        gt=0,
        le=MAX_MM,
        description="Width of the coast halo in mm; for a frame, its distance from the board's edge; for a texture, the distance between its lines or dots.",
    )
    file: str | None = Field(None, description="Image file (PNG/JPEG) relative to the game folder (kind image).")
    icon: Id | None = Field(None, description="Icon of an emblem layer, by name (as a space type's `icon`).")

    @model_validator(mode="after")
    def _drawable(self):
        if self.kind == "texture" and self.width < MIN_TEXTURE_SPACING:
            raise ValueError(
                f"a texture's lines or dots are {self.width:g} mm apart; give a width of {MIN_TEXTURE_SPACING:g} mm"
                " or more (finer prints as a flat tone and makes the file huge)"
            )
        if self.kind == "emblem" and (self.icon is None or self.pos is None):
            raise ValueError("an emblem layer needs an icon and a pos")
        return self


TOO_MANY = "__too_many_spaces__"  # set by Board on the track that makes more spaces than a board may have


class Track(Model):
    """Spaces generated along a path so a track is not typed field by field.

    The spaces get ids ``<prefix>-1`` ... ``<prefix>-<count>`` and numbers ``start``... in path order;
    a space listed under `spaces` with the same id overrides the generated one key by key.
    """

    prefix: Id = Field(description="Id prefix of the generated spaces.")
    shape: Literal["polyline", "loop", "ring", "grid", "cross"] = Field(
        description="polyline: along `points`; loop: along the closed polygon `points`; ring: around a circle (`centre`, `radius`); grid: `rows` x `cols` in the rectangle `points` [top-left, bottom-right]; cross: the plus-shaped track of race games around `centre` with arm width `arm` and reach `radius`."
    )
    points: list[tuple[Mm, Mm]] = Field(
        default_factory=list,
        max_length=100,
        description="Path corners in mm (polyline, loop) or the corners of the grid (at most 100).",
    )
    centre: tuple[Mm, Mm] | None = Field(None, description="Centre in mm (ring, cross).")
    radius: float | None = Field(
        None, gt=0, le=MAX_MM, description="Radius of a ring, or how far a cross reaches from its centre, in mm."
    )
    arm: float | None = Field(None, gt=0, le=MAX_MM, description="Width of the arms of a cross in mm.")
    count: int | None = Field(
        None, ge=1, le=MAX_ITEMS, description=f"Number of spaces (polyline, loop, ring, cross; at most {MAX_ITEMS})."
    )
    spacing: float | None = Field(
        None, ge=1, le=MAX_MM, description="Distance between space centres in mm (instead of count; at least 1 mm)."
    )
    rows: int | None = Field(None, ge=1, le=100, description="Grid rows (at most 100).")
    cols: int | None = Field(None, ge=1, le=100, description="Grid columns (at most 100).")
    start: int | None = Field(1, description="Number of the first space (null: no numbers).")
    start_angle: float = Field(
        -90.0, description="Ring: angle of the first space in degrees (0 = right, -90 = top), going clockwise."
    )
    group: Id | None = Field(None, description="Group of the generated spaces.")
    type: Id | None = Field(None, description="Space type of the generated spaces.")
    size: tuple[Annotated[float, Field(gt=0, le=MAX_MM)], Annotated[float, Field(gt=0, le=MAX_MM)]] | None = Field(
        None, description="Size of the generated spaces in mm."
    )
    link: Id | None = Field(
        None,
        description="Link type joining each space to the next (none without it; a loop and a ring also join the last to the first).",
    )

    @model_validator(mode="before")
    @classmethod
    def _not_too_many(cls, data):
        if isinstance(data, dict) and TOO_MANY in data:
            raise ValueError(
                f"with this track the board has {data[TOO_MANY]} spaces, more than {MAX_ITEMS}; "
                "make fewer spaces (count, spacing, rows and cols)"
            )
        return data

    @model_validator(mode="after")
    def _enough_to_place(self):
        if self.shape != "grid" and self.count is None and self.spacing is None:
            raise ValueError("a track needs count or spacing")
        return self


class Board(Model):
    """A board drawn from data: spaces, their groups and types, and links."""

    id: Id = Field(description="Stable id of the board.")
    name: Text = Field(description="Title printed on the board.")
    kind: Literal["map", "track", "mat"] = Field(
        description="map (territory graph), track (numbered fields), mat (areas and flows)."
    )
    size: Size = Field(description="Finished board size in mm.")
    space_size: tuple[Annotated[float, Field(gt=0, le=MAX_MM)], Annotated[float, Field(gt=0, le=MAX_MM)]] = Field(
        (18.0, 12.0), description="Default width and height of a space in mm."
    )
    groups: list[Group] = Field(default_factory=list, description="Continents, lanes, areas.")
    space_types: list[SpaceType] = Field(default_factory=list, description="Kinds of spaces.")
    link_types: list[LinkType] = Field(default_factory=list, description="Kinds of links.")
    tracks: list[Track] = Field(
        default_factory=list,
        max_length=MAX_ITEMS,
        description="Spaces generated along paths, rings and grids (see Track); merged into `spaces` before anything else reads them.",
    )
    spaces: list[Space] = Field(
        default_factory=list, max_length=MAX_ITEMS, description=f"The spaces (at most {MAX_ITEMS})."
    )
    links: list[Link] = Field(
        default_factory=list, max_length=MAX_ITEMS, description=f"The links between spaces (at most {MAX_ITEMS})."
    )
    layers: list[Layer] = Field(
        default_factory=list,
        max_length=MAX_ITEMS,
        description="Decorative layers: sea, coast halo, images, compass, title cartouche (see Layer).",
    )
    attribution: Text | str | None = Field(
        None, description="Credit line printed small in a corner (e.g. the source and licence of map data)."
    )

    @model_validator(mode="before")
    @classmethod
    def _expand_tracks(cls, data):
        """Turn valid tracks into spaces; an invalid track is left for the schema to report at its line."""
        from rulepress.model.tracks import expand_tracks

        if not isinstance(data, dict) or not isinstance(data.get("tracks"), list):
            return data
        usable = []
        for index, track in enumerate(data["tracks"]):
            try:
                usable.append((index, Track.model_validate(track).model_dump(exclude_unset=True)))
            except ValidationError:
                continue
        try:
            expanded = expand_tracks({**data, "tracks": [track for _index, track in usable]})
        except (ValueError, ArithmeticError):
            return data
        if len(expanded["spaces"]) > MAX_ITEMS:  # reported at the track that makes one too many
            tracks = list(data["tracks"])
            for count, (index, _track) in enumerate(usable, start=1):
                made = expand_tracks({**data, "tracks": [t for _i, t in usable[:count]]})
                if len(made["spaces"]) > MAX_ITEMS:
                    tracks[index] = {**tracks[index], TOO_MANY: len(made["spaces"])}
                    break
            return {**data, "tracks": tracks}
        return {**expanded, "tracks": data["tracks"]}

    legend: bool = Field(
        True,
        description="Draw a legend of groups and their values. Space types that print their word on each of their spaces (`label: true`) are left out of it: the fields say it themselves.",
    )
    value_labels: dict[str, Text] = Field(
        default_factory=dict,
        description="Printed labels of the value names of groups and spaces (e.g. bonus: {de: Bonus, en: Bonus}); without one the name itself is printed.",
    )
    note: Text | None = Field(None, description="Note printed on the board (e.g. what is reconstructed).")
    provenance: Provenance = Field(description="Where the board facts come from.")


class Term(Model):
    """A glossary entry in each language: the term itself under each language code (``de: Feld``, ``en: space``)."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"additionalProperties": {"type": "string"}})
    __pydantic_extra__: dict[str, str] = Field(init=False)  # the term by language

    @model_validator(mode="before")
    @classmethod
    def _languages_only(cls, value):
        return _language_keys(value, ("id", "definition", "keywords", "aliases"))

    def name(self, lang: str) -> str:
        """The term in `lang`."""
        return (self.__pydantic_extra__ or {})[lang]

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the term is given in."""
        return tuple(self.__pydantic_extra__ or {})

    id: Id = Field(description="Stable id.")
    definition: Text = Field(description="Short definition.")
    keywords: dict[Lang, list[str]] = Field(
        default_factory=dict, description="Extra search words per language (parts of compounds, synonyms)."
    )
    aliases: dict[Lang, list[str]] = Field(
        default_factory=dict, description="Other accepted spellings/inflections of the term per language."
    )


class Reading(Model):
    """One possible reading of an ambiguous rule."""

    id: Id = Field(description="Stable id (also the engine option value).")
    text: Text = Field(description="The reading in both languages.")
    source: str | None = Field(None, description="Where this reading comes from (seed, edition).")


class RuleSentence(Model):
    """A sentence of the rules text that states or depends on an ambiguity's reading."""

    section: Id = Field(description="Id of the rule section that holds the sentence.")
    quote: Text = Field(
        description="A few words of the sentence in each language, exactly as written there (after removing glossary markup); the sentence must carry the register's link, ``{ambiguity}`shown <ambiguity-id>` ``."
    )


class Ambiguity(Model):
    """A contradiction or unclear point found in the sources."""

    id: Id = Field(description="Stable id.")
    title: Text = Field(description="Short title.")
    description: Text = Field(description="What is contradictory or unclear.")
    sources: list[str] = Field(default_factory=list, description="Seed files / editions involved.")
    readings: list[Reading] = Field(min_length=1, description="The possible readings.")
    used: Id = Field(
        description="The reading this content uses (id of one of `readings`; checked with the other references)."
    )
    engine_option: str | None = Field(None, description="Name of the rules-engine option that selects the reading.")
    section: Id | None = Field(
        None, description="Id of the rule section the point concerns (the register links to it)."
    )
    rules: list[RuleSentence] = Field(
        default_factory=list,
        description="The sentences of the rules text that quote, paraphrase or decide this point; each must link back to the register (``{ambiguity}`shown <id>` ``).",
    )
    edition_variant: bool = Field(
        False,
        description="True when the readings are documented differences between editions/languages (the translation check lists them, not as errors).",
    )
    sections: list[Id] = Field(
        default_factory=list,
        description="Rule section ids whose German and English texts differ because of this edition variant; the translation check lists the differences found there as documented, not as errors (needs edition_variant: true).",
    )


class QuickRef(Model):
    """A quick-reference sheet: Markdown per language laid out n-up."""

    id: Id = Field(description="Stable id.")
    source: str = Field(description="File stem in the game folder; `<source>.de.md` and `<source>.en.md` are read.")
    panel: Size = Field(description="Panel size in mm.")
    n_up: int = Field(1, ge=1, le=16, description="Panels per page (each the same text).")
    orientation: Literal["portrait", "landscape"] = Field("portrait", description="Page orientation.")
    fold: bool = Field(False, description="Print as one folded sheet instead of cut panels.")
    sides: Literal[1, 2] = Field(
        1,
        description="Cut panels printed on one side (1) or on both (2): the text runs from a panel's front onto "
        "its back, the sheet has two pages printed duplex, flipped on the long edge. Not with `fold`.",
    )
    font_size: float = Field(
        7.5,
        gt=3,
        le=72,
        description="Design body size in pt (above 3, at most 72); the text is set at the largest size that fits, from min_font_size up to max_font_size.",
    )
    min_font_size: float = Field(
        6.0, gt=3, le=72, description="Smallest body size auto-shrink may use (above 3, at most 72)."
    )
    max_font_size: float | None = Field(
        None,
        gt=3,
        le=72,
        description="Largest body size the text may grow to so that it fills its panel (above 3, at most 72; default: twice font_size).",
    )

    @model_validator(mode="after")
    def _one_sided_fold(self) -> QuickRef:
        if self.fold and self.sides == 2:
            raise FieldValueError("sides", "a folded sheet (fold: true) is printed on one side: leave out `sides: 2`")
        return self


# Tags a game may allow in its Markdown (`site.allow_html`): text-level markup only. Never script,
# style, frames, forms or anything else that runs, loads a page or changes the page around it.
HtmlTag = Literal[
    "a",
    "abbr",
    "b",
    "br",
    "cite",
    "code",
    "del",
    "dfn",
    "em",
    "i",
    "img",
    "ins",
    "kbd",
    "mark",
    "q",
    "s",
    "samp",
    "small",
    "span",
    "strong",
    "sub",
    "sup",
    "u",
    "var",
    "wbr",
]
HTML_TAGS: tuple[str, ...] = get_args(HtmlTag)


class Site(Model):
    """How the rules website shows the game."""

    allow_html: list[HtmlTag] = Field(
        default_factory=list,
        description=(
            "HTML tags the rules and quick-reference Markdown may contain (default: none; raw HTML is an error). "
            "Allowed HTML is sanitised with nh3 to these tags: attributes other than title/lang (href on a, src/alt/width/height "
            "on img) are removed, links keep only http, https and mailto addresses. One of: "
            + ", ".join(HTML_TAGS)
            + "."
        ),
    )
    labels: dict[str, Text] = Field(
        default_factory=dict,
        description=(
            "What players read for the field names, string values and refusal codes in worked examples' results "
            "(e.g. rolls_used: {de: Würfe, en: rolls}); ids of glossary terms, components, cards and board spaces "
            "are shown by their names without one, other field names with spaces for underscores."
        ),
    )


class Credit(Model):
    """Who made a font, picture or icon set the game uses, and under which licence (printed in the credits file,
    the PDFs' metadata and the website's overview page)."""

    kind: Literal["font", "art", "icons", "other"] = Field(description="What is credited: font, art, icons or other.")
    name: str = Field(min_length=1, description="What it is: the font family, picture set or icon set, e.g. Fira Sans.")
    author: str = Field(min_length=1, description="Who made it (person, studio or foundry).")
    licence: str = Field(
        min_length=1, description="Its licence, e.g. SIL OFL 1.1, CC BY 4.0, or 'used with permission'."
    )
    source: str | None = Field(None, description="Where it comes from: a web address or a package name.")


class FontFile(Model):
    """A font file in the game folder that layouts may use by name."""

    name: str = Field(
        pattern=r"^[A-Z][A-Za-z0-9]*$",
        description="Name layouts use in `font:` (a capital letter, then letters and digits), e.g. Title.",
    )
    file: str = Field(
        description="TrueType font file (.ttf, or .otf with TrueType outlines) relative to the game folder."
    )
    bold: str | None = Field(None, description="Optional bold face of the same family (used by **bold** in texts).")


class Players(Model):
    """Player count range."""

    min: int = Field(ge=1, le=100, description="Fewest players (1 to 100).")
    max: int = Field(ge=1, le=100, description="Most players (1 to 100).")
    provenance: Provenance | None = Field(
        None,
        description="Where the player count comes from when the sources do not state it (public: the overview names the source; reconstructed/unknown: marked).",
    )


LINES = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def _line_range(value):
    """Accept ``12``, ``"12"`` or ``"12-30"`` (inclusive) for a line range; lists pass unchanged."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (value, value)
    if isinstance(value, str):
        match = LINES.match(value)
        if not match:
            raise ValueError(f"{value!r} is not a line range: write 12 or 12-30")
        first = int(match.group(1))
        return (first, int(match.group(2) or first))
    return value


LINE_RANGE_SCHEMA = {
    "anyOf": [
        {"type": "integer", "minimum": 1},
        {"type": "string", "pattern": r"^\s*\d+\s*(-\s*\d+)?\s*$"},
        {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 2, "maxItems": 2},
    ]
}
LineRange = Annotated[tuple[int, int], WithJsonSchema(LINE_RANGE_SCHEMA)]


def _ordered(lines: tuple[int, int]) -> tuple[int, int]:
    if lines[0] < 1 or lines[1] < lines[0]:
        raise ValueError(f"line range {lines[0]}-{lines[1]} must start at 1 or later and not end before it starts")
    return lines


class LineSpan(Model):
    """Lines of a source text: ``lines`` may be written 12, "12" or "12-30" and must run forward."""

    lines: LineRange = Field(description="First and last line (inclusive, counted from 1); written 12-30 or 12.")

    @model_validator(mode="before")
    @classmethod
    def _lines(cls, value):
        if isinstance(value, dict) and "lines" in value:
            return {**value, "lines": _line_range(value["lines"])}
        return value

    @model_validator(mode="after")
    def _range(self):
        _ordered(self.lines)
        return self


class SourceRef(LineSpan):
    """A passage of a source text that a rule section is based on.

    May be written as ``"source-id:12-30"`` (or ``"source-id:12"`` for one line).
    """

    source: Id = Field(description="Id of a source text in `source_texts`.")

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value):
        if isinstance(value, str):
            source, sep, lines = value.rpartition(":")
            if not sep:
                raise ValueError(f"{value!r} is not a source passage: write source-id:12-30")
            return {"source": source.strip(), "lines": _line_range(lines)}
        return value

    def __str__(self) -> str:
        first, last = self.lines
        return f"{self.source}:{first}" + (f"-{last}" if last != first else "")


class NoRuleLines(LineSpan):
    """Lines of a source text that state no rule (a title, a table of contents, a designer's motive)."""

    reason: str = Field(
        min_length=3, description="Why these lines need no rule section (shown in the coverage report)."
    )


class SourceText(Model):
    """A source rule text (a scanned rulebook, an OCR file) that the rule sections are based on.

    `rulepress check sources GAME --sources DIR` reads `file` from DIR, reports
    runs of words the content copies from it and lines no section covers.
    """

    id: Id = Field(description="Stable id used by `rules[].based_on`.")
    file: str = Field(description="File name of the text inside the sources folder given to `check sources`.")
    title: str | None = Field(None, description="What the text is (edition, language, pages).")
    no_rule: list[NoRuleLines] = Field(
        default_factory=list,
        description="Line ranges that state no rule and need no covering section, each with its reason.",
    )


class RuleMeta(Model):
    """Metadata of a rule section written in the Markdown files."""

    id: Id = Field(description="The section id used as `(id)=` label in both rules files.")
    provenance: Provenance = Field(description="Where the rule comes from.")
    based_on: list[
        Annotated[
            SourceRef,
            WithJsonSchema(
                {
                    "anyOf": [
                        {"type": "string", "pattern": r"^[a-z0-9][a-z0-9_-]*:\s*\d+\s*(-\s*\d+)?\s*$"},
                        {
                            "type": "object",
                            "properties": {"source": {"type": "string"}, "lines": LINE_RANGE_SCHEMA},
                            "required": ["source", "lines"],
                            "additionalProperties": False,
                        },
                    ]
                }
            ),
        ]
    ] = Field(
        default_factory=list,
        description="Source passages the section is based on, each `source-id:first-last` (see `source_texts`).",
    )


class Change(Model):
    """One change of the rules in a version: what changed, in every language, and what it touches."""

    text: Text = Field(description="What changed, in every language of the game.")
    sections: list[Id] = Field(
        default_factory=list, description="Ids of the rule sections the change touches (marked 'changed in' there)."
    )
    paragraphs: list[RuleNumber] = Field(
        default_factory=list,
        description="Numbers of the rule paragraphs the change touches (4.2, as the rulebook and the website number "
        "them in this version): each is marked 'changed in' at its number.",
    )
    components: list[Id] = Field(
        default_factory=list,
        description="Ids of the components whose printed text the change touches (an erratum of a card, tile or "
        "board): marked 'changed in' in the website's list of components, named in the changelog.",
    )
    erratum: Id | None = Field(
        None, description="Id of the ambiguity whose decision this change records (an erratum); see `ambiguities`."
    )

    @field_validator("paragraphs", mode="before")
    @classmethod
    def _quoted_numbers(cls, value):
        for number in value if isinstance(value, list) else ():
            if isinstance(number, int | float):
                raise ValueError(f'write the rule number {number} in quotes ("{number}"): YAML reads 4.10 as 4.1')
        return value


class Release(Model):
    """One version of a game's rules in its changelog."""

    version: str = Field(pattern=r"^\d+(\.\d+)*$", description="Version number: 1.0, 1.1, 2.0 ...")
    date: datetime.date = Field(description="Date of the version (YYYY-MM-DD).")
    changes: list[Change] = Field(
        default_factory=list, description="What changed in the rules since the version before."
    )


def _both_languages() -> list[str]:
    return list(LANGS)


class Game(Model):
    """game.yaml: the root of a game's content."""

    format: int | None = Field(
        None,
        ge=1,
        description="The content format this game was written for (rulepress new writes the current one; "
        "none means 1). Rules newer than a game's format only warn; `rulepress upgrade` moves a game on.",
    )
    id: Id = Field(description="Game id; must equal the folder name.")
    title: Text = Field(description="Title in both languages.")

    @field_validator("format")
    @classmethod
    def _known_format(cls, value: int | None) -> int | None:
        if value is not None and value > CURRENT_FORMAT:
            raise ValueError(
                f"format {value} is newer than this Rulepress reads (formats 1 to {CURRENT_FORMAT}): upgrade Rulepress"
            )
        return value

    subtitle: Text | None = Field(None, description="Edition, publisher line.")
    author: str | None = Field(
        None, description="Designer (and publisher) of the game; written into the metadata of every PDF."
    )
    version: str | None = Field(
        None,
        pattern=r"^\d+(\.\d+)*$",
        description="Version of these rules (1.0, 1.1 ...): printed in the rulebook, shown on the website; it must "
        "have an entry in `changelog`.",
    )
    changelog: list[Release] = Field(
        default_factory=list,
        description="The versions of the rules, each with its date and what changed (in every language), newest "
        "first or last; a change may name the sections it touches and the ambiguity it settles (an erratum).",
    )
    players: Players = Field(description="Player counts.")
    age: int | None = Field(None, ge=0, le=99, description="Minimum age (0 to 99).")
    provenance: Provenance = Field(description="Where the game facts come from.")
    sources: list[str] = Field(
        default_factory=list, description="Seed files and public sources this content is based on."
    )
    origin: Text | None = Field(
        None,
        description="What these rules are based on, told to players in each language: the rulebook's credits page "
        "prints it instead of the provenance note and `sources`, which are the authors' records (in one language).",
    )
    source_texts: list[SourceText] = Field(
        default_factory=list,
        description="Source rule texts whose lines the rule sections cite in `based_on` (checked by `rulepress check sources`).",
    )
    engine: str | None = Field(
        None, description="Python file in the game folder with the rules engine (its names are the doctest namespace)."
    )
    engine_options: dict[str, str] = Field(
        default_factory=dict, description="Engine options chosen by this content (see ambiguities)."
    )
    components: list[Component] = Field(default_factory=list, description="Everything in the box.")
    boards: list[Board] = Field(default_factory=list, description="Boards drawn from data.")
    glossary: list[Term] = Field(default_factory=list, description="Terms in both languages.")
    ambiguities: list[Ambiguity] = Field(
        default_factory=list, description="Register of contradictions and unclear points."
    )
    rules: list[RuleMeta] = Field(
        default_factory=list, description="Provenance of each rule section of the Markdown rules."
    )
    quickrefs: list[QuickRef] = Field(default_factory=list, description="Quick-reference sheets.")
    site: Site = Field(
        default_factory=Site,
        description="How the rules website shows the game: allowed HTML, labels in example results.",
    )
    fonts: list[FontFile] = Field(
        default_factory=list,
        description="The game's own fonts (TTF files in the game folder) that its layouts may name.",
    )
    credits: list[Credit] = Field(
        default_factory=list,
        description="Fonts, art and icons made by others, each with name, author, licence and source: printed in "
        "credits.txt, the PDFs' metadata and the website's overview page.",
    )
    languages: list[Lang] = Field(
        default_factory=_both_languages,
        min_length=1,
        description="Languages of this game's texts (language codes: de, en, fr, ...); every text gives each of them, "
        "and each has its rules.<lang>.md. None given: de and en.",
    )
    hyphenation: dict[Lang, Annotated[str, Field(pattern=r"^[a-z]{2,3}([-_][A-Za-z]{2})?$")]] = Field(
        default_factory=dict,
        description="The hyphenation of a language's printed texts where it is not the language's default variant "
        "(en: American English, en-US; de: de-DE), e.g. {en: en-GB} for British breaks.",
    )
    source_language: Lang | None = Field(
        None,
        description="The language the game is written in; the translation check compares every other language with "
        "it. None given: the first of `languages`.",
    )

    @field_validator("languages")
    @classmethod
    def _known_languages(cls, value: list[str]) -> list[str]:
        from babel import Locale, UnknownLocaleError

        if len(set(value)) != len(value):
            raise ValueError("a language is named twice")
        for lang in value:
            try:
                Locale.parse(lang)
            except (ValueError, UnknownLocaleError):
                raise ValueError(
                    f"{lang!r} is not a language code Rulepress knows (ISO 639, e.g. de, en, fr)"
                ) from None
        return value

    @model_validator(mode="after")
    def _source_is_a_language(self):
        if self.source_language is not None and self.source_language not in self.languages:
            raise ValueError(
                f"source_language {self.source_language!r} is not one of the game's languages ({', '.join(self.languages)})"
            )
        return self

    @property
    def source(self) -> str:
        """The source language: `source_language`, else the first of `languages`."""
        return self.source_language or self.languages[0]

    @property
    def translations(self) -> tuple[str, ...]:
        """The languages translated from the source, in the order declared."""
        return tuple(lang for lang in self.languages if lang != self.source)

    @model_validator(mode="after")
    def _players_range(self):
        if self.players.min > self.players.max:
            raise ValueError("players.min is larger than players.max")
        return self


def walk(node, key: tuple = ()):
    """(key path, node) of `node` and everything inside it: model fields, list items, mapping values.
    Plain numbers inside lists (a board's coordinates: most of a big model) are not visited one by one."""
    yield key, node
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from walk(getattr(node, name), key + (name,))
    elif isinstance(node, (list, tuple)):
        for i, item in enumerate(node):
            if not isinstance(item, (int, float)):
                yield from walk(item, key + (i,))
    elif isinstance(node, dict):
        for name, item in node.items():
            yield from walk(item, key + (name,))


def model_texts(node, key: tuple = ()):
    """(key path ending in the language, text) of every `Text` in a model tree, in each language it has."""
    for path, found in walk(node, key):
        if isinstance(found, Text):
            for lang, text in found.items():
                yield path + (lang,), text


# Classes with their own files inside a game folder (see loader.FILES)
FILE_ROOTS = {
    "game.yaml": Game,
}


def json_schema() -> dict:
    """The JSON Schema of game.yaml (and the files merged into it)."""
    schema = Game.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Rulepress game"
    return schema
