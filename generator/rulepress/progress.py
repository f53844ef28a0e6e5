"""Build progress on the terminal: a `rich` progress bar, or nothing at all.

`wanted(quiet)` says whether to show one: only on a terminal (standard error is
a TTY), not with ``--quiet`` and not when the ``CI`` environment variable is
set. `Progress` is a context manager that advances one step per artifact; it is
transient, so the bar disappears and only the build's summary line remains.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.progress import Progress as Bar
    from rich.progress import TaskID


def wanted(quiet: bool = False) -> bool:
    """Show progress? Not with --quiet, not in CI, not when standard error is not a terminal."""
    return not quiet and sys.stderr.isatty() and not os.environ.get("CI")


class Progress:
    """A progress bar over `total` steps on standard error, or a silent stand-in when disabled."""

    def __init__(self, enabled: bool, total: int, title: str = "building"):
        self.enabled = enabled and total > 0
        self.total = total
        self.title = title
        self._bar: Bar | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> Progress:
        if self.enabled:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar

            # the bar first, the artifact just written last: the bar does not move with the label's length
            self._bar = Bar(
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("{task.description}"),
                console=Console(stderr=True),
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task(self.title, total=self.total)
        return self

    def advance(self, label: str) -> None:
        """One more step done; `label` (the artifact just written) is shown beside the bar."""
        if self._bar is not None and self._task is not None:  # (both are set together)
            self._bar.update(self._task, advance=1, description=label)

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.stop()
