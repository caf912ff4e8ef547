"""The Cypher library loader: header checks at load time, parameter checks at call time."""

import pytest

from graphmind.db.queries import QueryLibrary
from graphmind.errors import CypherLibraryError


def write(root, relative: str, text: str):
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


GOOD = """// name: by_id
// Finds a memory by id.
// mode: read
// params: id, userId
MATCH (m:Memory {id: $id, userId: $userId}) RETURN m
"""


def test_loads_query_by_dotted_name(tmp_path):
    write(tmp_path, "memory/by_id.cypher", GOOD)
    query = QueryLibrary.load(tmp_path)["memory.by_id"]
    assert query.description == "Finds a memory by id."
    assert query.is_read
    assert query.params == {"id", "userId"}
    assert query.text.startswith("MATCH")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (GOOD.replace("name: by_id", "name: other"), "name"),
        (GOOD.replace("// Finds a memory by id.\n", ""), "description"),
        (GOOD.replace("mode: read", "mode: sometimes"), "mode"),
        (GOOD.replace("params: id, userId", "params: id"), "differ"),
        (GOOD.replace("params: id, userId", "params: id, userId, extra"), "differ"),
    ],
)
def test_malformed_headers_are_refused_at_load_time(tmp_path, text, reason):
    write(tmp_path, "memory/by_id.cypher", text)
    with pytest.raises(CypherLibraryError, match=reason):
        QueryLibrary.load(tmp_path)


def test_params_in_strings_and_comments_do_not_count(tmp_path):
    write(
        tmp_path,
        "memory/literal.cypher",
        "// name: literal\n// Returns a literal.\n// mode: read\nRETURN '$notAParam' AS text // and $notThisEither\n",
    )
    assert QueryLibrary.load(tmp_path)["memory.literal"].params == frozenset()


def test_queries_must_live_in_an_area_folder(tmp_path):
    write(tmp_path, "by_id.cypher", GOOD)
    with pytest.raises(CypherLibraryError, match="area"):
        QueryLibrary.load(tmp_path)


def test_call_with_missing_or_unknown_parameters_is_refused(tmp_path):
    write(tmp_path, "memory/by_id.cypher", GOOD)
    query = QueryLibrary.load(tmp_path)["memory.by_id"]
    assert query.bind({"id": "1", "userId": "u"}) == {"id": "1", "userId": "u"}
    with pytest.raises(CypherLibraryError, match="missing \\['userId'\\]"):
        query.bind({"id": "1"})
    with pytest.raises(CypherLibraryError, match="unknown \\['limit'\\]"):
        query.bind({"id": "1", "userId": "u", "limit": 3})


APPEND = """// name: append
// Appends one event.
// mode: write
// params: userId, events
CREATE (e:Event {userId: $userId, type: $events[0]})
RETURN collect(e.type) AS types
"""


def includer(params: str, mode: str = "write", include: str = "log.append") -> str:
    return (
        f"// name: save\n// Saves a note with its event.\n// mode: {mode}\n// params: {params}\n"
        f"// include: {include}\nCREATE (n:Note {{text: $text}})\nRETURN n.text AS text\n"
    )


def test_an_included_query_is_spliced_in_as_a_subquery(tmp_path):
    write(tmp_path, "log/append.cypher", APPEND)
    write(tmp_path, "notes/save.cypher", includer("userId, events, text"))
    query = QueryLibrary.load(tmp_path)["notes.save"]
    assert query.params == {"userId", "events", "text"}
    assert query.text.startswith("CALL () {\n  CREATE (e:Event {userId: $userId, type: $events[0]})\n")
    assert "}\nCREATE (n:Note {text: $text})" in query.text
    assert QueryLibrary.load(tmp_path)["log.append"].text == APPEND.split("\n", 4)[4].strip()


def test_an_optional_include_keeps_the_row_when_the_included_query_returns_none(tmp_path):
    write(tmp_path, "log/append.cypher", APPEND)
    write(tmp_path, "notes/save.cypher", includer("userId, events, text").replace("include:", "include optional:"))
    query = QueryLibrary.load(tmp_path)["notes.save"]
    assert query.includes == ("log.append",)
    assert query.text.startswith("OPTIONAL CALL () {\n  CREATE (e:Event")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (includer("text"), "differ"),  # the included query's parameters are not declared
        (includer("userId, events, text", include="log.nope"), "unknown query log.nope"),
        (includer("userId, events, text", mode="read"), "read query cannot include"),
        (includer("userId, events, text", include="notes.save"), "includes queries itself"),
    ],
)
def test_bad_includes_are_refused_at_load_time(tmp_path, text, reason):
    write(tmp_path, "log/append.cypher", APPEND)
    write(tmp_path, "notes/save.cypher", text)
    with pytest.raises(CypherLibraryError, match=reason):
        QueryLibrary.load(tmp_path)


def test_unknown_query_name(tmp_path):
    write(tmp_path, "memory/by_id.cypher", GOOD)
    with pytest.raises(CypherLibraryError, match="no query named memory.nope"):
        QueryLibrary.load(tmp_path)["memory.nope"]


def test_the_project_library_loads(library):
    assert len(library) > 0
    # schema changes, and data migrations (write) that are idempotent
    assert all(q.mode in ("schema", "write") for q in library.area("schema"))


def test_the_hot_paths_write_their_events_in_the_changes_own_query(library):
    """Recall, remember, decide and observeOutcome: one round trip fewer each (docs/architecture.md)."""
    for name in ("memory.record_retrieval", "memory.create_memories", "decisions.create", "outcomes.record"):
        assert "events.append" in library[name].includes
        assert "CREATE (e:Event" in library[name].text


def test_remember_indexes_its_keywords_in_the_query_that_creates_the_memories(library):
    assert library["memory.create_memories"].includes == ("events.append", "memory.index_terms")
    assert "MERGE (t:Term {userId: m.userId, term: row.terms[i]})" in library["memory.create_memories"].text


def test_recall_and_observe_outcome_write_their_edge_changes_in_the_same_query(library):
    """Co-retrieval and co-use: `associative.adjust`, which writes nothing without changes."""
    for name in ("memory.record_retrieval", "outcomes.record"):
        assert library[name].includes == ("events.append", "associative.adjust")
        assert "OPTIONAL CALL () {\n  WITH 1 AS nothingYet WHERE size($changes) > 0" in library[name].text


def test_the_testing_area_is_loaded_only_for_the_tests(tmp_path):
    for area in ("memory", "testing"):
        write(tmp_path, f"{area}/by_id.cypher", GOOD)
    assert [q.name for q in QueryLibrary.load(tmp_path)] == ["memory.by_id"]
    assert [q.name for q in QueryLibrary.load(tmp_path, testing=True)] == ["memory.by_id", "testing.by_id"]


def test_the_package_carries_the_query_library():
    """`pip install .` (not editable) finds its queries: graphmind/cypher links to cypher/, and
    the package data of pyproject.toml covers every file there (a wheel built so held all 230)."""
    import tomllib
    from fnmatch import fnmatch

    from graphmind.settings import PROJECT_ROOT, Settings

    link = PROJECT_ROOT / "graphmind" / "cypher"
    assert link.is_symlink() and link.resolve() == (PROJECT_ROOT / "cypher").resolve()
    assert Settings().cypher_dir.resolve() == link.resolve()
    patterns = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "graphmind"
    ]
    files = [p.relative_to(PROJECT_ROOT).as_posix() for p in (PROJECT_ROOT / "cypher").rglob("*") if p.is_file()]
    assert [f for f in files if not any(fnmatch(f, pattern) for pattern in patterns)] == []
