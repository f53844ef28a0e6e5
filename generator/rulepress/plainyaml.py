"""Plain YAML, read fast: the files Rulepress ships (catalogs, lexicons) and the safe loader of content files.

PyYAML's pure-Python loader spends most of a no-op build reading the catalogs; `LOADER` is libyaml's C
loader where PyYAML was built with it (the wheels are), else the Python one. Both read the same safe subset.
"""

from __future__ import annotations

from typing import Any

import yaml

LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(text: str) -> Any:
    """The data of one YAML document, as `yaml.safe_load` gives it."""
    return yaml.load(text, Loader=LOADER)  # noqa: S506 - LOADER is a safe loader
