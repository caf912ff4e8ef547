"""Java and Maven checks, and resolving the Neo4j jars from Maven Central."""

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

from graphmind.errors import Neo4jServerError

POM = Path(__file__).with_name("pom.xml")
INSTALL_HINT = (
    "install a JDK 17+ and Maven, e.g. `sudo apt-get install -y openjdk-17-jdk-headless maven` "
    "(Debian/Ubuntu) or `brew install openjdk@17 maven` (macOS)"
)


def java_major_version(java: str = "java") -> int:
    """The major version of `java` on PATH (0 when there is none)."""
    if not shutil.which(java):
        return 0
    out = subprocess.run([java, "-version"], capture_output=True, text=True).stderr
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out)
    if not match:
        return 0
    major = int(match.group(1))
    return int(match.group(2) or 0) if major == 1 else major


def require_tools() -> None:
    """Raises with the exact install instruction when java 17+ or mvn is missing."""
    problems = []
    version = java_major_version()
    if version < 17:
        problems.append("java 17+ not found" if version == 0 else f"java {version} is too old")
    if not shutil.which("mvn"):
        problems.append("mvn not found")
    if problems:
        raise Neo4jServerError("; ".join(problems) + ": " + INSTALL_HINT)


def pom_digest() -> str:
    return hashlib.sha256(POM.read_bytes()).hexdigest()


def is_installed(lib: Path) -> bool:
    stamp = lib / ".pom-sha256"
    return stamp.is_file() and stamp.read_text().strip() == pom_digest()


def install(lib: Path) -> bool:
    """Resolves the jars of pom.xml into `lib`; returns False when already there."""
    if is_installed(lib):
        return False
    require_tools()
    staging = lib.with_name(lib.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    command = [
        "mvn", "-q", "-B", "-f", str(POM), "dependency:copy-dependencies",
        f"-DoutputDirectory={staging}", "-DincludeScope=runtime",
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise Neo4jServerError(
            "Maven could not resolve the Neo4j jars:\n" + (done.stdout + done.stderr)[-3000:]
        )
    (staging / ".pom-sha256").write_text(pom_digest())
    shutil.rmtree(lib, ignore_errors=True)
    staging.rename(lib)
    return True
