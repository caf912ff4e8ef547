#!/usr/bin/env bash
# Makes sure a JDK 17+ and Maven are on PATH (Neo4j runs on the JVM and its jars
# come from Maven Central). Installs them with apt-get when it can; otherwise
# prints exactly what to install and fails.
set -euo pipefail

java_major() {
  command -v java >/dev/null 2>&1 || { echo 0; return; }
  java -version 2>&1 | sed -nE 's/.*version "([0-9]+)(\.([0-9]+))?.*/\1 \3/p' | head -1 |
    awk '{ if ($1 == 1) print $2; else print $1 }'
}

ok() { [ "$(java_major)" -ge 17 ] 2>/dev/null && command -v mvn >/dev/null 2>&1; }

ok && exit 0
echo "GraphMind needs a JDK 17+ and Maven to run Neo4j 5.26."
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  if [ -z "$SUDO" ] || sudo -n true 2>/dev/null; then
    echo "Installing openjdk-17-jdk-headless and maven with apt-get ..."
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq openjdk-17-jdk-headless maven
    ok && exit 0
  fi
fi
cat >&2 <<'MSG'
Please install them, then run make again:
  Debian/Ubuntu:  sudo apt-get install -y openjdk-17-jdk-headless maven
  Fedora:         sudo dnf install -y java-17-openjdk-devel maven
  macOS:          brew install openjdk@17 maven
MSG
exit 1
