"""Your printer's settings, in ``printer.yaml`` beside the game folders: what the calibration sheet measured.

A home printer seldom puts the back of a duplex page exactly behind its front. The
calibration sheet (``calibration.<paper>.pdf``) shows by how much it misses and on which edge it
turns the paper; write the result here once and every build uses it::

    # measured with the calibration sheet
    duplex_offset: [1.5, -2.0]   # mm the back pages are shifted: x to the right, y down (each -10 to 10)
    flip: short                  # the edge the printer turns the paper on: long or short

A build's ``--offset`` and ``--flip`` options win over the file. A mistake in it is an error at its
line (exit 2), like any content file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulepress.errors import Problem, problems_error
from rulepress.model.yamlsource import load_yaml

FILE = "printer.yaml"
LIMIT = 10.0  # mm: the calibration sheet's rulers reach this far


class Printer(BaseModel):
    """The settings of ``printer.yaml``."""

    model_config = ConfigDict(extra="forbid")

    duplex_offset: tuple[float, float] | None = Field(
        None,
        description="mm the back pages are shifted (x right, y down), each -10 to 10, read on the calibration sheet",
    )
    flip: Literal["long", "short"] | None = Field(None, description="the edge the printer turns the paper on")

    def offset_in_range(self) -> bool:
        return self.duplex_offset is None or all(-LIMIT <= v <= LIMIT for v in self.duplex_offset)


def load_printer(content_dir: Path) -> Printer | None:
    """The settings of ``printer.yaml`` in `content_dir` (None without the file); ContentError(s) at their lines."""
    path = Path(content_dir) / FILE
    if not path.is_file():
        return None
    data, positions = load_yaml(path)
    if data is None:
        return Printer()
    if not isinstance(data, dict):
        raise problems_error([Problem(str(path), 1, 1, "", "must be a mapping such as 'duplex_offset: [1.5, -2.0]'")])
    try:
        printer = Printer.model_validate(data)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            key = tuple(error["loc"])
            line, col = positions.locate(key[:1], at_key=error["type"] == "extra_forbidden")
            field = str(key[0]) if key else ""
            message = (
                "is not a setting of printer.yaml (duplex_offset, flip)"
                if error["type"] == "extra_forbidden"
                else error["msg"]
            )
            problems.append(Problem(str(path), line, col, field, message))
        raise problems_error(problems) from None
    if not printer.offset_in_range():
        line, col = positions.locate(("duplex_offset",))
        raise problems_error(
            [
                Problem(
                    str(path),
                    line,
                    col,
                    "duplex_offset",
                    f"each shift must be -{LIMIT:g} to {LIMIT:g} mm (the calibration sheet's range)",
                )
            ]
        )
    return printer
