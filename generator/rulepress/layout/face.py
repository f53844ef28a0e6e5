"""What goes on one printed face, in one language: pure data, no drawing.

Turns a `Card`/`Face`/`Back`/`Denomination` of the content model into
`FaceContent`: title and body as ReportLab paragraph markup, value lines
(label, value, unknown?), the provenance mark, and whether the body is an
unknown text to be printed as write-in lines. The renderer lays it out.
A one-line text without any Markdown syntax skips the Markdown parser
(`card_markup`): it would come back unchanged.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from rulepress import i18n
from rulepress.layout.binding import BUILTINS, face_data
from rulepress.model.schema import LANGS, Card, Component, Face, Provenance, Text
from rulepress.text.markup import inline


def _word(key: str, lang: str) -> str:
    """One of the card faces' own words (``print.face`` of the catalogs, `rulepress.i18n`)."""
    return i18n.word(lang, f"print.face.{key}")


@dataclass(frozen=True)
class ValueLine:
    label: str
    value: str
    unknown: bool = False


@dataclass(kw_only=True, frozen=True)
class FaceContent:
    """The texts of one face in one language."""

    title: str | None = None  # paragraph markup
    body: str | None = None  # paragraph markup
    values: tuple[ValueLine, ...] = ()
    mark: str | None = None  # 'rekonstruiert' / 'text unknown' ...
    write_in: bool = False  # draw blank lines for an unknown text
    color: str | None = None
    raw: tuple[str, ...] = field(default=(), compare=False)  # every plain text, for glyph checks
    data: tuple[tuple[str, str], ...] = ()  # the face's bindings for layout elements (see layout.binding)
    unknown: frozenset[str] = frozenset()  # the references of `data` whose value the content marks unknown


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


# starts with a letter (no list, heading or quote marker), no Markdown/HTML/glossary syntax, no line breaks
_NO_MARKDOWN = re.compile(r"[^\W\d_][^_*`\[\]<>&#\\{}|~^!\n\r\t]*")


def card_markup(md: str) -> str:
    """Paragraph markup of a card text: Markdown via `inline`, plain one-liners as they are."""
    if md == md.strip() and "  " not in md and _NO_MARKDOWN.fullmatch(md):
        return md
    return inline(md)


def value_text(value, lang: str) -> tuple[str, bool]:
    """A value as printed, and whether it is unknown."""
    if value is None:
        return _word("unknown_value", lang), True
    if isinstance(value, bool):
        return _word("yes" if value else "no", lang), False
    if isinstance(value, Text):
        return value.get(lang), False
    if isinstance(value, float) and value.is_integer():
        return str(int(value)), False
    return str(value), False


def mark_for(provenance: Provenance | None, lang: str, text_unknown: bool = False) -> str | None:
    """The visible provenance mark of a face, or None."""
    if text_unknown:
        return _word("text_unknown", lang)
    if provenance is None or not provenance.marked:
        return None
    return _word(provenance.kind, lang)


def face_content(
    face: Face,
    comp: Component,
    lang: str,
    provenance: Provenance | None,
    markup: Callable[[str], str] = card_markup,
    card_id: str = "",
    side: int = 0,
) -> FaceContent:
    """The content of a card face (front or individual back); `markup` turns Markdown into paragraph markup."""
    title = face.title.get(lang) if face.title else None
    body = face.text.get(lang) if face.text else None
    unknown_text = provenance is not None and provenance.kind == "unknown" and not body
    values = []
    for name, value in face.values.items():
        label = comp.value_labels[name].get(lang) if name in comp.value_labels else name
        shown, unknown = value_text(value, lang)
        values.append(ValueLine(label, shown, unknown))
    raw = tuple(t for t in [title, body] + [v.label for v in values] + [v.value for v in values] if t)
    return FaceContent(
        title=_esc(title) if title else None,
        body=markup(body) if body else None,
        values=tuple(values),
        mark=mark_for(provenance, lang, unknown_text),
        write_in=unknown_text,
        color=face.color,
        raw=raw,
        data=tuple(
            sorted(face_data(face, comp, lang, card_id, mark_for(provenance, lang, unknown_text), side).items())
        ),
        unknown=frozenset(f"values.{name}" for name, value in face.values.items() if value is None),
    )


def card_provenance(card: Card, comp: Component) -> Provenance:
    return card.provenance or comp.provenance


def money_cards(comp: Component, languages=LANGS) -> list[Card]:
    """Banknotes as cards: one design per denomination, `count` copies (a denomination without a label
    shows its value in each of `languages`)."""
    cards = []
    for d in comp.denominations:
        label = d.label or Text.same(str(d.value), languages)
        cards.append(Card(id=f"note-{d.value}", qty=d.count, title=label, color=d.color, values={"value": d.value}))
    return cards


def printed_cards(comp: Component, languages=LANGS) -> list[Card]:
    """The card designs of a printed component (banknotes turned into cards, see `money_cards`)."""
    return money_cards(comp, languages) if comp.kind == "money" else list(comp.cards)


def known_refs(comp) -> set[str]:
    """Every reference the cards of a component can bind."""
    names = set(BUILTINS)
    value_names = set(comp.value_labels)
    for card in printed_cards(comp):
        value_names |= set(card.values)
        if card.back_face is not None:
            value_names |= set(card.back_face.values)
    names |= {f"values.{n}" for n in value_names} | {f"labels.{n}" for n in value_names}
    names |= set(comp.fields)
    return names
