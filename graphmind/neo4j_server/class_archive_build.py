"""Builds the class archive of the managed Neo4j (class_archive.py), once per runtime and
set of jars: a throwaway Neo4j in a temporary folder, on free ports, records the classes
it loads while it starts, applies the schema and plans (`EXPLAIN`) every query of the
library; then the archive is dumped from that list. About two minutes on two cores."""

import asyncio
import tempfile
from collections.abc import Callable
from pathlib import Path

from neo4j import exceptions as neo4j_errors

from graphmind.core.ports import free_port
from graphmind.db.database import Database
from graphmind.db.migrations import migrate
from graphmind.db.queries import QueryLibrary
from graphmind.neo4j_server import class_archive, runtime
from graphmind.neo4j_server.process import Neo4jServer
from graphmind.settings import Settings


async def plan_every_query(settings: Settings) -> tuple[int, int]:
    """Applies the schema, then plans each query of the library without running it;
    returns how many were planned and how many Neo4j refused to plan (schema and system
    queries, queries whose parameters must not be null)."""
    library = QueryLibrary.load(settings.cypher_dir)
    db = Database.connect(settings, library)
    planned = refused = 0
    try:
        await migrate(db, settings.index_wait_seconds)
        async with db.driver.session(database=db.name) as session:
            for query in library:
                try:
                    result = await session.run("EXPLAIN " + query.text, dict.fromkeys(query.params))
                    await result.consume()
                    planned += 1
                except neo4j_errors.Neo4jError:
                    refused += 1
    finally:
        await db.close()
    return planned, refused


def build(settings: Settings, say: Callable[[str], object] = print) -> Path | None:
    """Builds the archive of this runtime and these jars; None when it exists already."""
    java = runtime.neo4j_java()
    archive = class_archive.archive_for(settings, java)
    if archive.is_file():
        return None
    with tempfile.TemporaryDirectory(prefix="graphmind-class-archive-") as folder:
        home = Path(folder)
        scratch = settings.model_copy(
            update={
                "neo4j_home": home,
                "neo4j_bolt_port": free_port(settings.neo4j_host),
                "neo4j_http_port": free_port(settings.neo4j_host),
                "neo4j_uri": None,
                "neo4j_auth_enabled": False,
            }
        )
        class_list = home / "loaded-classes.txt"
        say("recording the classes a Neo4j loads while it starts and plans every query …")
        server = Neo4jServer(scratch, class_list=class_list)
        server.start()
        try:
            planned, refused = asyncio.run(plan_every_query(scratch))
        finally:
            server.stop()
        say(f"planned {planned} queries ({refused} not plannable alone); writing the class archive …")
        class_archive.dump(java, settings.neo4j_lib, class_list, archive)
    for stale in class_archive.prune(archive):
        say(f"deleted the archive of older jars or another runtime: {stale.name}")
    return archive
