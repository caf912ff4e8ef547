"""The vault on disk: its notes, how a wikilink finds its note, atomic writes.

Folders whose name starts with a dot (`.obsidian`, `.trash`) are not notes. A link
target resolves as Obsidian resolves it: the path from the vault root (with or
without `.md`, any case), else a file name that is unique in the vault.
"""

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from graphmind.obsidian.notes import NoteError, split


@dataclass
class VaultFile:
    path: str  # from the vault root, posix, without .md
    source: str
    front: dict | None
    body: str
    error: str | None = None  # why the front matter cannot be read

    @property
    def folder(self) -> str:
        return self.path.split("/", 1)[0] if "/" in self.path else ""

    @property
    def note_id(self) -> str | None:
        value = (self.front or {}).get("id")
        return str(value) if value not in (None, "") else None

    def field(self, key: str) -> str | None:
        value = (self.front or {}).get(key)
        return str(value) if value not in (None, "") else None


def read_file(root: Path, file: Path) -> VaultFile:
    path = file.relative_to(root).with_suffix("").as_posix()
    source = file.read_text(encoding="utf-8", errors="replace")
    try:
        front, body = split(source)
    except NoteError as e:
        return VaultFile(path, source, None, "", e.message)
    return VaultFile(path, source, front, body)


def read(root: Path) -> list[VaultFile]:
    """Every note of the vault, by path."""
    if not root.is_dir():
        return []
    files = [
        f
        for f in root.rglob("*.md")
        if f.is_file() and not any(part.startswith(".") for part in f.relative_to(root).parts)
    ]
    return [read_file(root, f) for f in sorted(files)]


def write(file: Path, text: str) -> bool:
    """Writes the file atomically unless it already holds exactly this text; says whether it wrote."""
    if file.is_file() and file.read_bytes() == text.encode():
        return False
    file.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=file.parent, prefix=".graphmind-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(temporary, file)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return True


class Resolver:
    """Finds the note a wikilink target names."""

    def __init__(self, files: list[VaultFile]) -> None:
        self._by_path = {f.path: f for f in files}
        self._by_lower: dict[str, list[VaultFile]] = {}
        self._by_name: dict[str, list[VaultFile]] = {}
        for f in files:
            self._by_lower.setdefault(f.path.lower(), []).append(f)
            self._by_name.setdefault(f.path.rsplit("/", 1)[-1].lower(), []).append(f)

    def find(self, target: str) -> VaultFile | None:
        target = target.strip().strip("/")
        target = target[:-3] if target.lower().endswith(".md") else target
        if target in self._by_path:
            return self._by_path[target]
        for candidates in (
            self._by_lower.get(target.lower(), []),
            [] if "/" in target else self._by_name.get(target.lower(), []),
        ):
            if len(candidates) == 1:
                return candidates[0]
        return None
