"""A wall-clock limit for running a user's code (rules engines, worked examples).

`time_limit(seconds)` raises `TimeLimitExceeded` inside the limited block when
it runs longer, so a `while True` in an engine or an example becomes an error
at its line instead of a hang. It uses SIGALRM and therefore limits only in the
main thread of a process on a POSIX system (elsewhere it does nothing).

The limit is `RULEPRESS_TIME_LIMIT` seconds from the environment, 10 by default.
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager

DEFAULT_SECONDS = 10.0


class TimeLimitExceeded(Exception):
    """A user's code ran longer than the time limit."""


def seconds() -> float:
    """The time limit in seconds (`RULEPRESS_TIME_LIMIT`, default 10)."""
    try:
        value = float(os.environ.get("RULEPRESS_TIME_LIMIT", DEFAULT_SECONDS))
    except ValueError:
        return DEFAULT_SECONDS
    return value if value > 0 else DEFAULT_SECONDS


@contextmanager
def time_limit(limit: float | None = None):
    """Raise TimeLimitExceeded in the block after `limit` seconds (default: `seconds()`)."""
    limit = seconds() if limit is None else limit
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(_signum, _frame):
        raise TimeLimitExceeded(f"ran longer than the time limit of {limit:g} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
