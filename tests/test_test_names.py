"""Every test module has a name of its own: pytest imports them by base name (the test folders are no
packages), so two ``test_x.py`` in different folders stop the whole run at collection."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_name():
    names = Counter(p.name for p in TESTS.rglob("test_*.py") if "data" not in p.relative_to(TESTS).parts)
    assert [name for name, count in names.items() if count > 1] == []
