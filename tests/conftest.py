"""Shared fixtures: one build of the bundled games per test session."""

from __future__ import annotations

import pytest

from rulepress import paths
from rulepress.build import BuildOptions, build


@pytest.fixture(scope="session")
def bundled_build(tmp_path_factory):
    """Build every bundled game once; returns (output folder, BuildResult)."""
    out = tmp_path_factory.mktemp("bundled-output")
    result = build(BuildOptions(content=paths.BUNDLED_CONTENT, out=out))
    return out, result
