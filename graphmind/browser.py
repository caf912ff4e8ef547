"""Neo4j Browser: the saved queries of `cypher/browser/` as favorites, and the style.

`cypher/browser/<name>.cypher` files have the library's header (name, description,
mode, params) but are for people, not the service, so `QueryLibrary` skips them.
`write_favorites` packs them the way Neo4j Browser 5 exports favorites: a zip of
`<folder>/<name>.cypher` files whose first line, a `//` comment, is the favorite's
name. Dropping that zip on the Browser window imports them all into one folder;
dropping `graphmind.grass` there loads the style (docs/neo4j-browser.md).
"""

import zipfile
from dataclasses import dataclass
from pathlib import Path

from graphmind.db.queries import Query, parse_query
from graphmind.errors import CypherLibraryError

FOLDER = "GraphMind"
STYLE_FILE = "graphmind.grass"
_ZIP_TIME = (2026, 1, 1, 0, 0, 0)  # fixed, so the same queries give the same bytes


@dataclass(frozen=True)
class Favorite:
    query: Query
    comments: list[str]  # the header's other `//` lines (how to set its params in Browser)

    @property
    def title(self) -> str:
        return self.query.name.removeprefix("browser.").replace("_", " ")

    def text(self) -> str:
        """The favorite as Browser stores it: its name first, then what it shows and needs."""
        params = " ".join(f':param {p} => "…"' for p in sorted(self.query.params))
        lines = [f"// {self.title}", f"// {self.query.description}"]
        lines += self.comments or ([f"// In Browser, first: {params}"] if params else [])
        return "\n".join(lines + [self.query.text]) + "\n"


def load_favorites(folder: Path) -> list[Favorite]:
    """Every saved query of the folder, checked like the library's (header, declared
    params), and read-only; no param may be called `name`, which `Database.read(name,
    **params)` takes for the query's own name, so the library could never run it."""
    favorites = []
    for path in sorted(folder.glob("*.cypher")):
        query = parse_query(path, f"browser.{path.stem}")
        if not query.is_read:
            raise CypherLibraryError(f"{path}: a saved Browser query must be '// mode: read'")
        if "name" in query.params:
            raise CypherLibraryError(f"{path}: a parameter may not be called $name (Database.read takes name)")
        header = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip().startswith("//"):
                break
            header.append(line.strip())
        extra = [line for line in header if not line.startswith(("// name:", "// mode:", "// params:"))]
        favorites.append(Favorite(query, extra[1:]))  # extra[0] is the description
    if not favorites:
        raise CypherLibraryError(f"no saved queries (*.cypher) in {folder}")
    return favorites


def write_favorites(favorites: list[Favorite], out: Path) -> Path:
    """A `.zip` (Browser's favorites export format) or, for any other path, a folder of
    `.cypher` files to drop one by one."""
    if out.suffix == ".zip":
        out.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for favorite in favorites:
                info = zipfile.ZipInfo(f"{FOLDER}/{favorite.query.path.name}", _ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, favorite.text())
        return out
    out.mkdir(parents=True, exist_ok=True)
    for favorite in favorites:
        (out / favorite.query.path.name).write_text(favorite.text(), encoding="utf-8")
    return out
