"""The class archive: the test Neo4j starts from the one `make setup` built, and the
archive follows the runtime and the jars."""

import os
from pathlib import Path

from graphmind.neo4j_server import class_archive
from graphmind.neo4j_server.runtime import neo4j_java


def test_the_running_neo4j_maps_the_archive_of_its_runtime_and_jars(settings, neo4j_server):
    archive = class_archive.archive_for(settings, neo4j_java())
    assert archive.is_file(), "make setup builds it (graphmind neo4j class-archive)"
    cmdline = open(f"/proc/{neo4j_server.pid()}/cmdline", "rb").read().split(b"\0")
    assert f"-XX:SharedArchiveFile={archive}".encode() in cmdline
    assert b"-Xshare:auto" in cmdline
    # mapped, not only named: the JVM maps a matching archive into its memory
    assert str(archive) in Path(f"/proc/{neo4j_server.pid()}/maps").read_text()


def test_the_classpath_lists_the_jars_by_name(tmp_path):
    for name in ("b.jar", "a.jar", "c.txt"):
        (tmp_path / name).write_text("")
    assert class_archive.classpath(tmp_path) == f"{tmp_path / 'a.jar'}{os.pathsep}{tmp_path / 'b.jar'}"


def test_a_changed_jar_or_runtime_names_another_archive_and_none_means_no_flags(settings, tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "a.jar").write_text("one")
    local = settings.model_copy(update={"neo4j_lib": lib})
    first = class_archive.archive_for(local, "/usr/bin/java")
    assert first.parent == tmp_path / "class-archive"
    assert class_archive.archive_for(local, "/opt/other/java") != first
    assert class_archive.jvm_flags(local, "/usr/bin/java") == []
    (lib / "a.jar").write_text("changed")
    assert class_archive.archive_for(local, "/usr/bin/java") != first


def test_dump_leaves_out_lines_the_jvm_would_refuse(tmp_path):
    """A class list with a line longer than the JVM reads (a lambda-proxy line of Neo4j's
    is) still dumps; the archive is written whole or not at all."""
    lib = tmp_path / "lib"
    lib.mkdir()
    class_list = tmp_path / "classes.txt"
    class_list.write_text(
        "java/lang/Object id: 0\njava/lang/String id: 1\n@lambda-proxy " + "x" * class_archive.MAX_LINE + "\n"
    )
    archive = tmp_path / "archive" / "test.jsa"
    class_archive.dump(neo4j_java(), lib, class_list, archive)
    assert archive.is_file() and archive.stat().st_size > 0
    assert not archive.with_suffix(".partial").exists()


def test_prune_deletes_the_other_archives_only(tmp_path):
    folder = tmp_path / "class-archive"
    folder.mkdir()
    current, older, other = (folder / f"neo4j-{n}.jsa" for n in ("aaaa", "bbbb", "cccc"))
    unrelated = folder / "notes.txt"
    for path in (current, older, other, unrelated):
        path.write_text("x")
    assert sorted(class_archive.prune(current)) == [older, other]
    assert sorted(folder.iterdir()) == [current, unrelated]


async def test_every_query_of_the_library_is_planned_while_classes_are_recorded(settings, neo4j_server):
    """What the recording run does on its throwaway Neo4j, here on the test Neo4j: the
    schema applied, every query planned (none refused: each is plannable with null
    parameters, so the archive holds the classes of every plan)."""
    from graphmind.db.queries import QueryLibrary
    from graphmind.neo4j_server.class_archive_build import plan_every_query

    planned, refused = await plan_every_query(settings)
    assert (planned, refused) == (len(QueryLibrary.load(settings.cypher_dir)), 0)
