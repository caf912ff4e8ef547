#!/usr/bin/env bash
# Makes sure a Chromium is on PATH for the headless-browser test of GraphiQL
# (tests/api/test_graphiql_browser.py drives it with Playwright; Playwright never
# downloads a browser). Installs Debian's chromium with apt-get when it can;
# otherwise says what to install, and the test is skipped (it fails under CI=true).
set -euo pipefail

ok() { command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; }

ok && exit 0
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  if [ -z "$SUDO" ] || sudo -n true 2>/dev/null; then
    echo "Installing chromium with apt-get (for the GraphiQL browser test) ..."
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
    ok && exit 0
    exit 1
  fi
fi
echo "No chromium on PATH: the GraphiQL browser test will be skipped." >&2
echo "  Debian/Ubuntu: sudo apt-get install -y chromium" >&2
