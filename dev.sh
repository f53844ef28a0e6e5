#!/usr/bin/env bash
# Set-up and everyday commands for a fresh machine with Python 3.11.
#   ./dev.sh build   create .venv, install Rulepress, build the bundled games into output/
#   ./dev.sh test    also install the test tools (pytest, pdfplumber, Chromium, poppler-utils, axe-core) and run every test
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null || PYTHON=python3

venv() {
  if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
  fi
  .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
}

system_packages() {
  # pdftoppm (poppler-utils) renders PDFs in tests; chromium drives the website tests.
  local missing=()
  command -v pdftoppm >/dev/null || missing+=(poppler-utils)
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  command -v npm >/dev/null || missing+=(npm)  # fetches axe-core (below)
  if [ ${#missing[@]} -gt 0 ]; then
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

axe_core() {
  # axe-core (npm) checks the website's accessibility in the browser tests: tests/browser/test_site_phone.py
  if [ ! -f .cache/axe/node_modules/axe-core/axe.min.js ]; then
    npm install --loglevel=error --no-audit --no-fund --prefix .cache/axe axe-core@4.11.0 >/dev/null \
      || { echo "dev.sh: npm could not install axe-core (its error is above)" >&2; exit 1; }
  fi
}

case "${1:-}" in
  build)
    venv
    .venv/bin/python -m pip install --quiet -e .
    shift
    .venv/bin/rulepress build "$@"
    ;;
  test)
    system_packages
    venv
    .venv/bin/python -m pip install --quiet -e '.[test]'
    axe_core
    shift
    echo "+ python -m pytest -q tests $*" >&2
    exec .venv/bin/python -m pytest -q tests "$@"
    ;;
  *)
    echo "usage: ./dev.sh build [GAME ...] | ./dev.sh test [pytest args]" >&2
    exit 2
    ;;
esac
