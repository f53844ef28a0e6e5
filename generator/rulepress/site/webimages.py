"""Pictures at the size a web page shows them: the site's weight on a phone.

`web_png` makes a PNG small for the web: fitted into a box of pixels (when given) and stored with a palette
of at most 256 colours, without dithering (the cards and pictures are drawn in flat colours, so text and lines
stay sharp); the result is the smaller of that and the original. `preview` is the gallery's picture of a
printed card image (300 dpi): fitted into ``PREVIEW_BOX``, twice the gallery's 180 × 240 CSS px
(``.rp-gallery img``), kept in a cache folder under the digest of the source's bytes so each is made once.
Same bytes in, same bytes out.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from pathlib import Path

PREVIEW_BOX = (360, 480)
VERSION = "1"  # of the pictures `preview` makes: a change makes them again


def web_png(data: bytes, box: tuple[int, int] | None = None) -> bytes:
    """The PNG `data` fitted into `box` (pixels, kept if smaller) with a palette of at most 256 colours; the
    original when that is not smaller and no fitting was asked for."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        image.load()
        fitted = image.copy()
    resized = box is not None and (fitted.width > box[0] or fitted.height > box[1])
    if resized and box is not None:
        fitted.thumbnail(box, Image.Resampling.LANCZOS)
    if fitted.mode in ("RGBA", "LA") or "transparency" in fitted.info:
        palette = fitted.convert("RGBA").quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    else:
        palette = fitted.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, "PNG", optimize=True)
    small = out.getvalue()
    return small if resized or len(small) < len(data) else data


def preview(source: Path, cache: Path) -> Path:
    """The gallery's picture of the card image `source`, made once into `cache` (named by the digest of the
    source's bytes; written to a temporary file and renamed, so a parallel build never reads half a file)."""
    data = source.read_bytes()
    made = f"{VERSION} {PREVIEW_BOX}\0".encode()  # how it is made: another box or way is another picture
    target = cache / f"{hashlib.sha256(made + data).hexdigest()}.png"
    if target.is_file():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=cache, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(web_png(data, PREVIEW_BOX))
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target
