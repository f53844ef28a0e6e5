"""Browser-test fixtures: the built site served on localhost and one headless Chromium per session."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import tempfile
import threading
from pathlib import Path

import pytest

from rulepress import paths
from rulepress.build import BuildOptions, build
from rulepress.model.loader import find_games
from rulepress.scaffold import new_game

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def content_dir() -> Path:
    """The games the browser tests build: $RULEPRESS_SITE_TEST_CONTENT, else the bundled games."""
    return Path(os.environ.get("RULEPRESS_SITE_TEST_CONTENT", paths.BUNDLED_CONTENT))


@pytest.fixture(scope="session")
def site_output(request, tmp_path_factory) -> Path:
    """An output folder with the website: the bundled games if any, else a scaffold game."""
    if content_dir() != paths.BUNDLED_CONTENT:
        out = tmp_path_factory.mktemp("site-output")
        build(BuildOptions(content=content_dir(), out=out))
        return out
    if find_games(paths.BUNDLED_CONTENT):
        out, _result = request.getfixturevalue("bundled_build")
        return out
    content = tmp_path_factory.mktemp("scaffold-content")
    new_game("demo", content, table=False)
    out = tmp_path_factory.mktemp("scaffold-output")
    build(BuildOptions(content=content, out=out))
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server(site_output):
    """Base URL of the output folder served as a static root."""
    handler = functools.partial(_QuietHandler, directory=str(site_output))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def driver():
    """A headless Chromium driven by chromedriver (Debian packages)."""
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        pytest.fail("chromium and chromium-driver must be installed (apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="rulepress-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1200,1000",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(argument)
    chrome = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    chrome.set_page_load_timeout(30)
    yield chrome
    chrome.quit()
    shutil.rmtree(profile, ignore_errors=True)
