"""Shared fixtures: one build of the bundled games per test session.

Property tests (hypothesis) explore new random cases on a developer's machine; under CI (``CI`` set, as
``.ci/run`` does) they run a fixed sequence of cases, so a merge never lands or fails by chance.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from rulepress import paths
from rulepress.build import BuildOptions, build

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def bundled_build(tmp_path_factory):
    """Build every bundled game once; returns (output folder, BuildResult)."""
    out = tmp_path_factory.mktemp("bundled-output")
    result = build(BuildOptions(content=paths.BUNDLED_CONTENT, out=out))
    return out, result
