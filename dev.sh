#!/usr/bin/env bash
# Set-up and everyday commands for a fresh machine with Python 3.11.
#   ./dev.sh build         create .venv from the lock, install Rulepress, build the bundled games into output/
#   ./dev.sh test          also install the test tools from the lock (pytest, pdfplumber, ruff, mypy, Chromium,
#                          poppler-utils, axe-core) and run every test, the linters and the type checker among them
#   ./dev.sh lock          write requirements/*.txt again from pyproject.toml (keeps the pins it can;
#                          ./dev.sh lock --upgrade takes the newest releases the ranges allow)
#   ./dev.sh test-latest   run the suite in .venv-latest against the newest releases the ranges allow,
#                          then list the releases the ranges shut out (before raising a bound)
#   ./dev.sh test-lowest   the same against the oldest releases the ranges allow (the lower bounds)
#
# Installs come from the lock only: requirements/build.txt and requirements/test.txt pin every package,
# with hashes, for Python 3.11 on Linux. A .venv made from another lock is made again.
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null || PYTHON=python3
UV_VERSION=0.13.9  # the resolver that writes the lock (not needed to install it)

stamp() {  # stamp LOCK: what a venv made from LOCK (and this pyproject.toml) records
  sha256sum "$1" pyproject.toml | sha256sum | cut -c1-64
}

# venv DIR LOCK [WIDER]: DIR holds exactly the packages of LOCK (made again when LOCK changed), Rulepress
# editable. A venv made from the lock WIDER is kept as it is: it pins the same versions and more packages.
venv() {
  local dir="$1" lock="$2" wider="${3:-}" stamp
  stamp="$(stamp "$lock")"
  if [ -f "$dir/.rulepress-lock" ]; then
    local made
    made="$(cat "$dir/.rulepress-lock")"
    if [ "$made" = "$stamp" ] || { [ -n "$wider" ] && [ "$made" = "$(stamp "$wider")" ]; }; then
      return
    fi
  fi
  rm -rf "$dir"
  "$PYTHON" -m venv "$dir"
  "$dir/bin/python" -m pip install --quiet --require-hashes --no-deps --only-binary=:all: -r "$lock"
  "$dir/bin/python" -m pip install --quiet --no-deps --no-build-isolation -e . >/dev/null
  echo "$stamp" > "$dir/.rulepress-lock"
}

# A lock made of the test lock's own versions: build.txt never differs from test.txt where both pin a package.
uv() {
  if [ ! -x .cache/lock-tools/bin/uv ]; then
    "$PYTHON" -m venv .cache/lock-tools
    .cache/lock-tools/bin/python -m pip install --quiet "uv==$UV_VERSION"
  fi
  SSL_CERT_FILE="${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}" .cache/lock-tools/bin/uv "$@"
}

compile() {  # compile OUT-FILE [uv options]
  local out="$1"; shift
  uv pip compile pyproject.toml requirements/setup.in --python-version 3.11 \
    --python-platform x86_64-manylinux_2_28 --generate-hashes --quiet \
    --custom-compile-command "./dev.sh lock" -o "$out" "$@"
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
  # axe-core (npm) checks the website's accessibility in the browser tests: tests/browser/test_site_phone.py.
  # Installed from tests/browser/npm/package-lock.json (versions and integrity hashes).
  if ! cmp -s tests/browser/npm/package-lock.json .cache/axe/package-lock.json \
      || [ ! -f .cache/axe/node_modules/axe-core/axe.min.js ]; then
    rm -rf .cache/axe && mkdir -p .cache/axe
    cp tests/browser/npm/package.json tests/browser/npm/package-lock.json .cache/axe/
    npm ci --loglevel=error --no-audit --no-fund --prefix .cache/axe >/dev/null \
      || { echo "dev.sh: npm could not install axe-core (its error is above)" >&2; exit 1; }
  fi
}

run_tests() {  # run_tests VENV [pytest args]
  local dir="$1"; shift
  echo "+ python -m pytest -q tests $*" >&2
  set +e
  "$dir/bin/python" -m pytest -q tests "$@"
  local code=$?
  set -e
  return $code
}

case "${1:-}" in
  build)
    venv .venv requirements/build.txt requirements/test.txt  # a test venv from the lock builds as well
    shift
    .venv/bin/rulepress build "$@"
    ;;
  test)
    system_packages
    venv .venv requirements/test.txt
    axe_core
    shift
    run_tests .venv "$@"
    ;;
  lock)
    shift
    compile requirements/test.txt --extra test --extra bench "$@"
    compile requirements/build.txt --constraint requirements/test.txt
    echo "dev.sh: wrote requirements/test.txt and requirements/build.txt" >&2
    ;;
  test-latest|test-lowest)
    which="${1#test-}"
    shift
    system_packages
    lock="$(mktemp)"
    if [ "$which" = latest ]; then
      compile "$lock" --extra test --extra bench --upgrade
    else
      compile "$lock" --extra test --extra bench --resolution lowest-direct
    fi
    rm -rf ".venv-$which"
    venv ".venv-$which" "$lock"
    axe_core
    code=0
    run_tests ".venv-$which" "$@" || code=$?
    if [ "$which" = latest ]; then
      echo "dev.sh: releases newer than the ranges in pyproject.toml allow:" >&2
      ".venv-$which/bin/python" -m pip list --outdated --format=columns 2>/dev/null | tail -n +3 >&2 || true
    fi
    rm -f "$lock"
    exit $code
    ;;
  *)
    echo "usage: ./dev.sh build [GAME ...] | ./dev.sh test [pytest args] | ./dev.sh lock [--upgrade]" >&2
    echo "       ./dev.sh test-latest [pytest args] | ./dev.sh test-lowest [pytest args]" >&2
    exit 2
    ;;
esac
