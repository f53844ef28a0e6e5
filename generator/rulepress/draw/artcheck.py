"""Warnings about card art as it will be printed: pictures under `MIN_PPI` at their printed size, and pictures
that `fit: cover` crops.

For every `image` element of a component's layout and every card face it binds, the picture file (PNG or
JPEG; SVG is vector and always sharp) is placed as the sheets place it (`layout.elements.image.placed`) and
its effective resolution is its pixels over the printed millimetres. Each warning names the file, the
effective ppi (or the share cropped) and where the picture is chosen: the card's `image:` in the game's
files when the element binds `{image}`, else the layout element's `src`. Warnings stop nothing
(`Problem.warning`); a picture used at the same size by many cards is reported once.
"""

from __future__ import annotations

from pathlib import Path

from rulepress.errors import Problem
from rulepress.layout.binding import face_data, render
from rulepress.layout.elements.image import placed
from rulepress.layout.face import printed_cards
from rulepress.layout.pictures import PictureError, picture_size

MIN_PPI = 300.0
CROP_TOLERANCE = 0.02  # a crop of up to 2 % of the picture's area (rounding, a hair of bleed) is not reported


def effective_ppi(pixels: tuple[float, float], printed_mm: tuple[float, float]) -> float:
    """The lower of the two axes' resolutions of a picture of `pixels` printed at `printed_mm`."""
    return min(pixels[0] / (printed_mm[0] / 25.4), pixels[1] / (printed_mm[1] / 25.4))


def cropped_share(box_mm: tuple[float, float], printed_mm: tuple[float, float]) -> float:
    """The share of a picture's area that falls outside its box (0 when it fits)."""
    inside = min(box_mm[0], printed_mm[0]) * min(box_mm[1], printed_mm[1])
    return max(0.0, 1 - inside / (printed_mm[0] * printed_mm[1]))


def art_warnings(job) -> list[Problem]:
    """The warnings of one component's art in one language (a `rulepress.render.cards.Job`)."""
    art = job.art
    if job.folder is None:
        return []
    w, h = job.size
    bleed = job.settings.bleed
    found: list[Problem] = []
    seen: set[tuple] = set()
    for j, card in enumerate(printed_cards(job.comp, (job.lang,))):
        for side, face, elements in ((0, card.front, art.front), (1, card.back_face, art.back_face)):
            if face is None:
                continue
            data = face_data(face, job.comp, job.lang, card.id, None, side)
            for el in elements or []:
                if el.kind != "image":
                    continue
                src = render(el.src, data).strip()
                if not src or Path(src).suffix.lower() == ".svg":
                    continue
                try:
                    pixels = picture_size(job.folder / src)
                except PictureError:
                    continue  # a missing or unreadable picture is an error of the sheets' own check
                box = el.box(w, h, bleed)
                where = placed(box, pixels[0], pixels[1], el.fit)
                key = (src, round(box.w, 2), round(box.h, 2), el.fit)
                if key in seen:
                    continue
                seen.add(key)
                at = ("cards", j, "image") if "{image}" in el.src and side == 0 else ("cards", j)
                ppi = effective_ppi(pixels, (where.w, where.h))
                if ppi < MIN_PPI - 0.5:
                    found.append(
                        _warning(
                            job,
                            at,
                            f"picture {src} is {ppi:.0f} ppi at print size ({pixels[0]:.0f} x {pixels[1]:.0f} px "
                            f"over {where.w:.1f} x {where.h:.1f} mm); {MIN_PPI:.0f} ppi or more prints sharp "
                            f"(make it at least {_px(where.w)} x {_px(where.h)} px)",
                        )
                    )
                share = cropped_share((box.w, box.h), (where.w, where.h)) if el.fit == "cover" else 0.0
                if share > CROP_TOLERANCE:
                    found.append(
                        _warning(
                            job,
                            at,
                            f"picture {src} is cropped by fit: cover: {share:.0%} of it is cut off "
                            f"({where.w - box.w:.1f} mm across, {where.h - box.h:.1f} mm down); make it "
                            f"{box.w / box.h:.3f}:1 (width:height) to keep all of it",
                        )
                    )
    return found


def _px(mm: float) -> int:
    return round(mm / 25.4 * MIN_PPI)


def _warning(job, key: tuple, message: str) -> Problem:
    problem = job.error(key, f"game {job.game}, {job.comp.kind} {job.comp.id}: {message}").problem
    return Problem(problem.path, problem.line, problem.col, problem.key, problem.message, warning=True)


def warnings(jobs_) -> list[Problem]:
    """The art warnings of every component of a game, each language once (pictures are paper-independent)."""
    found: list[Problem] = []
    done: set = set()
    for job in jobs_:
        if (job.comp_index, job.lang) in done:
            continue
        done.add((job.comp_index, job.lang))
        found.extend(art_warnings(job))
    return list(dict.fromkeys(found))


__all__ = ["MIN_PPI", "art_warnings", "cropped_share", "effective_ppi", "warnings"]
