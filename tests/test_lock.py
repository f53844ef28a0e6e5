"""The lock: the build lock pins nothing the test lock pins otherwise.

`./dev.sh build` keeps a `.venv` made from the test lock (it holds every package the build needs,
at the same versions); that is right only while both locks agree on every package they share.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^ \\]+)", re.MULTILINE)


def pins(lock: Path) -> dict[str, str]:
    return {name.lower().replace("_", "-"): version for name, version in PIN.findall(lock.read_text())}


def test_the_build_lock_is_the_test_lock_s_versions():
    build, test = pins(ROOT / "requirements" / "build.txt"), pins(ROOT / "requirements" / "test.txt")
    assert {"reportlab", "sphinx", "pydantic"} <= build.keys()
    differing = {name: (version, test.get(name)) for name, version in build.items() if test.get(name) != version}
    assert differing == {}
