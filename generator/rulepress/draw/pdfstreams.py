"""Reading and rewriting the content streams of a finished PDF (pikepdf), for the post-processing renderers
(PDF/X, low ink, print and cut): every page and form stream once, and a rewritten stream put back."""

from __future__ import annotations

from collections.abc import Iterator


def every_stream(pdf) -> Iterator[tuple[object, object]]:
    """(holder, stream) of every page and every form XObject reachable from the pages, each once: the holder
    carries the /Resources, the stream is what `pikepdf.parse_content_stream` reads."""
    seen: set = set()

    def forms(holder) -> Iterator[tuple[object, object]]:
        resources = holder.get("/Resources")
        for x in (resources.get("/XObject") or {}).values() if resources is not None else []:
            if x.objgen not in seen and x.get("/Subtype") == "/Form":
                seen.add(x.objgen)
                yield x, x
                yield from forms(x)

    for page in pdf.pages:
        yield page.obj, page
        yield from forms(page.obj)


def put_content(pdf, stream, instructions: list) -> None:
    """Replace the content of a page (a pikepdf Page) or form XObject with `instructions`
    ((operands, operator) pairs)."""
    import pikepdf

    data = pikepdf.unparse_content_stream(instructions)
    if isinstance(stream, pikepdf.Page):
        stream.Contents = pdf.make_stream(data)
    else:
        stream.write(data)


__all__ = ["every_stream", "put_content"]
