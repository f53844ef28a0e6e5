"""The one face painter: every output that shows a card face takes it from here.

A component's faces are named by `FaceRef`: a design's front, its individual back face (double-sided
tiles, banknotes), or a shared back. Two faces are the same face only when they are on the same side and
show the same content (`FaceRef.key`): a banknote's back is never taken for its front, even when both
carry the same texts. `paint` draws one face with the origin at the trim's bottom-left corner, whichever
way the layout draws (its elements, or the classic elements of `rulepress.layout.classic`), and turns
a face that cannot be drawn into a ContentError at the line (or spreadsheet cell) of what failed.

The outputs place faces in three ways, all through this module:

- the duplex sheets (`render.cards.write_component`) and the print-shop PDF
  (`render.exports.write_print_pdf`) draw each distinct face once into a form XObject (`Forms`) and place
  it by reference for every copy (layouts with transparency are drawn in full each time: ReportLab
  forms lose it);
- the PNGs (`render.exports.write_images`) rasterise each distinct face (`distinct_faces`) once, and keep
  the PNG bytes in the output folder's cache (`rulepress.store`, one pickle store per component and
  language) under `face_digest`, the SHA-256 of everything the face is drawn from; a rebuild after a
  one-card edit rasterises only the faces whose digest changed;
- the TTS sheets are assembled from those PNGs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from rulepress.draw.cardjobs import (
    content_digest,
    draw_back,
    draw_face,
    face_error,
    prepare_pictures,
)
from rulepress.draw.elements import FaceError
from rulepress.layout.face import FaceContent
from rulepress.layout.paper import MM

FRONT, BACK_FACE, SHARED = "front", "back_face", "shared"


@dataclass(frozen=True)
class FaceRef:
    """One face of a component: a design's front or individual back, or a shared back."""

    name: str  # 'c17', 'c17.back' or 'back-<id>' (the PNG's file name)
    side: str  # FRONT, BACK_FACE or SHARED
    card: str = ""  # the design's id ('' for a shared back)
    content: FaceContent | None = None  # FRONT and BACK_FACE
    back_key: str = ""  # SHARED: the back's id ('' for the component's default)

    @property
    def key(self) -> tuple:
        """What makes two faces the same face: the side and what it shows."""
        if self.side == SHARED:
            return (SHARED, self.back_key)
        return (self.side != FRONT, self.content)

    @property
    def back(self) -> bool:
        return self.side != FRONT


def front_of(design) -> FaceRef:
    return FaceRef(design.id, FRONT, design.id, design.front)


def back_of(design) -> FaceRef:
    """The back a design is printed with: its own back face, or its shared back."""
    if design.back_face is not None:
        return FaceRef(f"{design.id}.back", BACK_FACE, design.id, design.back_face)
    return FaceRef(f"back-{design.back_key or 'default'}", SHARED, back_key=design.back_key)


def distinct_faces(designs) -> tuple[list[FaceRef], dict[str, str]]:
    """Every distinct face of the designs, in print order (each design's front and own back, then the
    shared backs), and the names of faces that repeat an earlier one (name -> that one's name)."""
    faces: list[FaceRef] = []
    aliases: dict[str, str] = {}
    seen: dict[tuple, str] = {}
    shared: list[FaceRef] = []
    for design in designs:
        back = back_of(design)
        for ref in (front_of(design), back) if back.side != SHARED else (front_of(design),):
            if ref.key in seen:
                aliases[ref.name] = seen[ref.key]
                continue
            seen[ref.key] = ref.name
            faces.append(ref)
        if back.side == SHARED and back.key not in seen:
            seen[back.key] = back.name
            shared.append(back)
    return faces + shared, aliases


def paint(c, job, ref: FaceRef, pictures=None) -> None:
    """Draw face `ref` of `job` (a `render.cards.Job`) with the origin at the trim's bottom-left corner.
    ContentError at the failing part when the face cannot be drawn."""
    w, h = job.size
    bleed = job.settings.bleed
    if ref.side == SHARED:
        back = {b.id: b for b in job.comp.backs}.get(ref.back_key)
        title = back.title.get(job.lang) if back and back.title else job.comp.name.get(job.lang)
        try:
            draw_back(
                c,
                w,
                h,
                back,
                escape(title, quote=False),
                job.layout,
                bleed,
                job.art,
                pictures,
                job.comp.name.get(job.lang),
                job.lang,
            )
        except FaceError as exc:
            raise job.error(
                ("backs",),
                f"game {job.game}, {job.comp.kind} {job.comp.id}, back {ref.back_key or 'default'}: {exc.message}",
            ) from None
        return
    assert ref.content is not None
    try:
        draw_face(c, w, h, ref.content, bleed, job.art, ref.back, pictures, job.lang)
    except FaceError as exc:
        raise face_error(job, ref.card, ref.back, exc) from None


def face_digest(job, ref: FaceRef, common: str) -> str:
    """SHA-256 of everything face `ref` is drawn from: `common` (`common_digest` of its job) and the face."""
    if ref.side == SHARED:
        back = {b.id: b for b in job.comp.backs}.get(ref.back_key)
        own = ["shared", ref.back_key, back.model_dump(mode="json") if back else None]
        blob = json.dumps([common, own], sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()
    assert ref.content is not None
    return content_digest(common, ref.side, ref.content)


class Forms:
    """Faces of one canvas as form XObjects: each drawn once, on first use, then placed by reference.

    `name(ref, same, every)` names a new form (`same`: the forms of shared backs, or of the other faces,
    made so far; `every`: all forms made so far); with `only_repeated`, a front or individual back printed once is
    drawn in place (a form would only cost). Layouts with transparency are always drawn in place (`enabled`
    False: ReportLab forms lose it)."""

    def __init__(
        self,
        c,
        job,
        pictures,
        name: Callable[[FaceRef, int, int], str],
        only_repeated: bool = False,
    ):
        self.c, self.job, self.pictures, self.name = c, job, pictures, name
        self.only_repeated = only_repeated
        self.enabled = not job.art.alpha
        self.forms: dict[tuple, str] = {}

    def place(self, ref: FaceRef, copies: int = 1) -> None:
        """Draw face `ref` at the origin: its form (made on first use) or, where forms do not pay, in full."""
        name = self.define(ref, copies)
        if name is None:
            paint(self.c, self.job, ref, self.pictures)
        else:
            self.c.doForm(name)

    def define(self, ref: FaceRef, copies: int = 1) -> str | None:
        """The name of face `ref`'s form, made now if it is not made yet; None where the face is drawn in
        place (transparency, or a face printed once with `only_repeated`)."""
        if ref.key in self.forms:
            return self.forms[ref.key]
        if not self.enabled or (self.only_repeated and ref.side != SHARED and copies <= 1):
            return None
        self._prepare(ref)
        same = sum(1 for key in self.forms if (key[0] == SHARED) == (ref.side == SHARED))
        name = self.name(ref, same, len(self.forms))
        w, h = self.job.size
        B = self.job.settings.bleed * MM
        self.c.beginForm(name, -B, -B, w * MM + B, h * MM + B)
        paint(self.c, self.job, ref, self.pictures)
        self.c.endForm()
        self.forms[ref.key] = name
        return name

    def _prepare(self, ref: FaceRef) -> None:
        """Define what the face's form uses before the form is opened (ReportLab forms do not nest)."""
        job, content = self.job, ref.content
        if content is not None and self.pictures is not None:
            prepare_pictures(job, job.art, content, ref.back, self.pictures)
