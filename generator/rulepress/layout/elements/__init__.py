"""Layout elements: one module per kind (text, image, icon, rect, roundrect, circle, line, polygon, outline,
stack, guilloche, pattern).

Each module holds the element's schema (a pydantic model: the keys a layout file
may give, with descriptions for the JSON Schema and the docs) and its pure
geometry. The drawing side lives in `rulepress.draw.elements`. `Element` is
the union a layout's `elements` list validates against, told apart by `kind`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Discriminator, Tag

from rulepress.layout.elements.base import Element as BaseElement
from rulepress.layout.elements.circle import CircleElement
from rulepress.layout.elements.guilloche import GuillocheElement
from rulepress.layout.elements.icon import IconElement
from rulepress.layout.elements.image import ImageElement
from rulepress.layout.elements.line import LineElement
from rulepress.layout.elements.outline import OutlineElement
from rulepress.layout.elements.pattern import PatternElement
from rulepress.layout.elements.polygon import PolygonElement
from rulepress.layout.elements.rect import RectElement
from rulepress.layout.elements.roundrect import RoundRectElement
from rulepress.layout.elements.stack import StackElement
from rulepress.layout.elements.text import TextElement

KINDS: dict[str, type[BaseElement]] = {
    "text": TextElement,
    "image": ImageElement,
    "icon": IconElement,
    "rect": RectElement,
    "roundrect": RoundRectElement,
    "circle": CircleElement,
    "line": LineElement,
    "polygon": PolygonElement,
    "outline": OutlineElement,
    "stack": StackElement,
    "guilloche": GuillocheElement,
    "pattern": PatternElement,
}


def _tag(value) -> str | None:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return KINDS[kind].__name__ if kind in KINDS else None


# Tags are the class names (capitalised), which the error locator skips like any union member tag.
# The members are those of KINDS, in its order (written out: a type checker reads no union built at run time).
Element = Annotated[
    Annotated[TextElement, Tag("TextElement")]
    | Annotated[ImageElement, Tag("ImageElement")]
    | Annotated[IconElement, Tag("IconElement")]
    | Annotated[RectElement, Tag("RectElement")]
    | Annotated[RoundRectElement, Tag("RoundRectElement")]
    | Annotated[CircleElement, Tag("CircleElement")]
    | Annotated[LineElement, Tag("LineElement")]
    | Annotated[PolygonElement, Tag("PolygonElement")]
    | Annotated[OutlineElement, Tag("OutlineElement")]
    | Annotated[StackElement, Tag("StackElement")]
    | Annotated[GuillocheElement, Tag("GuillocheElement")]
    | Annotated[PatternElement, Tag("PatternElement")],
    Discriminator(_tag),
]

__all__ = ["KINDS", "Element"] + [cls.__name__ for cls in KINDS.values()]
