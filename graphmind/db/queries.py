"""The Cypher library: every query is a file `cypher/<area>/<name>.cypher`.

A file starts with a header of `//` lines::

    // name: count_nodes
    // Counts the caller's nodes per label.
    // mode: read
    // params: userId

and is called as `area.name` with keyword parameters only. The loader checks
at load time that names match their files and are unique, that the mode is
known, and that the declared parameters are exactly the `$params` the query
uses; a call with other parameters is refused before it reaches Neo4j.

A body line `// include: area.name` puts that query there as a `CALL () { … }`
subquery, so a change and what every change of its kind also writes (its events:
`events.append`) go in one round trip while that Cypher stays in one file. The
included query imports no variables and includes nothing itself; it returns one row
(`events.append`), or one per item the including query then works on (`user.owned_nodes`:
one per node of the user). Its parameters are the including query's too, so they are
declared there.
`// include optional: area.name` splices it as `OPTIONAL CALL () { … }`, for a query
that may return no row (its columns are then null): the row of the including query
goes on either way.
"""

import re
from dataclasses import dataclass, replace
from pathlib import Path

from graphmind.errors import CypherLibraryError

MODES = ("read", "write", "schema")
_HEADER = re.compile(r"^//\s*(name|mode|params):\s*(.*)$")
_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_INCLUDE = re.compile(r"^\s*//\s*include( optional)?:\s*(\S+)\s*$")
_STRINGS_AND_COMMENTS = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|//[^\n]*")


@dataclass(frozen=True)
class Query:
    """One named Cypher query."""

    name: str
    description: str
    mode: str
    params: frozenset[str]
    text: str
    path: Path
    includes: tuple[str, ...] = ()

    @property
    def is_read(self) -> bool:
        return self.mode == "read"

    def bind(self, params: dict[str, object]) -> dict[str, object]:
        """Returns the parameters, refusing missing or unknown names."""
        given = set(params)
        if given != self.params:
            missing = sorted(self.params - given)
            unknown = sorted(given - self.params)
            raise CypherLibraryError(
                f"query {self.name} called with wrong parameters: missing {missing}, unknown {unknown}"
            )
        return params


def parse_query(path: Path, name: str) -> Query:
    """Parses one query file; `name` is its dotted name (`area.stem`)."""
    header: dict[str, str] = {}
    description = ""
    body_lines: list[str] = []
    in_header = True
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if in_header and stripped.startswith("//") and not _INCLUDE.match(stripped):
            match = _HEADER.match(stripped)
            if match:
                header[match.group(1)] = match.group(2).strip()
            elif not description:
                description = stripped.lstrip("/").strip()
            continue
        in_header = False
        body_lines.append(line)
    text = "\n".join(body_lines).strip()

    def fail(reason: str) -> CypherLibraryError:
        return CypherLibraryError(f"{path}: {reason}")

    if header.get("name") != path.stem:
        raise fail(f"header '// name: {path.stem}' expected, found {header.get('name')!r}")
    if not description:
        raise fail("a one-line '//' description is required in the header")
    mode = header.get("mode", "")
    if mode not in MODES:
        raise fail(f"'// mode:' must be one of {MODES}, found {mode!r}")
    if not text:
        raise fail("the file has no query")
    declared = frozenset(p.strip() for p in header.get("params", "").split(",") if p.strip())
    includes = tuple(m.group(2) for m in map(_INCLUDE.match, body_lines) if m)
    query = Query(name, description, mode, declared, text, path, includes)
    if not includes:
        check_params(query, used_params(text))
    return query


def used_params(text: str) -> frozenset[str]:
    return frozenset(_PARAM.findall(_STRINGS_AND_COMMENTS.sub("", text)))


def check_params(query: Query, used: frozenset[str]) -> None:
    if query.params != used:
        raise CypherLibraryError(
            f"{query.path}: declared params {sorted(query.params)} differ from used params {sorted(used)}"
        )


def resolve_includes(query: Query, queries: dict[str, Query]) -> Query:
    """`query` with each `// include:` line replaced by the named query as a subquery."""
    used = set(used_params(query.text))
    lines = []
    for line in query.text.splitlines():
        match = _INCLUDE.match(line)
        if not match:
            lines.append(line)
            continue
        optional, name = match.groups()
        included = queries.get(name)
        if included is None:
            raise CypherLibraryError(f"{query.path}: includes unknown query {name}")
        if included.includes:
            raise CypherLibraryError(f"{query.path}: {included.name} includes queries itself")
        if query.is_read and not included.is_read:
            raise CypherLibraryError(f"{query.path}: a read query cannot include the write {included.name}")
        used |= included.params
        call = "OPTIONAL CALL () {" if optional else "CALL () {"
        lines += [call, *("  " + x for x in included.text.splitlines()), "}"]
    resolved = replace(query, text="\n".join(lines))
    check_params(resolved, frozenset(used))
    return resolved


class QueryLibrary:
    """All queries below a folder, by dotted name (`schema.memory_vector_index`)."""

    def __init__(self, queries: dict[str, Query]) -> None:
        self._queries = queries

    @classmethod
    def load(cls, root: Path, testing: bool = False) -> "QueryLibrary":
        """The queries below `root`; the `testing` area (the tests' own reads and set-ups)
        only when `testing`, so the service never carries them."""
        if not root.is_dir():
            raise CypherLibraryError(f"Cypher library folder not found: {root}")
        queries: dict[str, Query] = {}
        for path in sorted(root.rglob("*.cypher")):
            relative = path.relative_to(root).with_suffix("")
            if len(relative.parts) < 2:
                raise CypherLibraryError(f"{path}: queries live in cypher/<area>/")
            if relative.parts[0] == "browser":
                continue  # saved Browser favourites, not called by the service
            if relative.parts[0] == "testing" and not testing:
                continue
            name = ".".join(relative.parts)
            if name in queries:
                raise CypherLibraryError(f"duplicate query name {name}")
            queries[name] = parse_query(path, name)
        for name, query in queries.items():
            if query.includes:
                queries[name] = resolve_includes(query, queries)
        return cls(queries)

    def __getitem__(self, name: str) -> Query:
        try:
            return self._queries[name]
        except KeyError:
            raise CypherLibraryError(f"no query named {name}") from None

    def __iter__(self):
        return iter(self._queries.values())

    def __len__(self) -> int:
        return len(self._queries)

    def area(self, area: str) -> list[Query]:
        """The queries of one area, in file-name order (migrations use this)."""
        prefix = area + "."
        return [q for q in self._queries.values() if q.name.startswith(prefix)]
