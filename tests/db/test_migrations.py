"""Schema migrations are idempotent and leave every index ONLINE."""

from pathlib import Path

import pytest

from graphmind.db.migrations import VECTOR_FILTERS, index_states, migrate, wait_for_indexes


async def test_migrate_twice_is_idempotent_and_indexes_are_online(db):
    first = await migrate(db)
    second = await migrate(db)
    assert first == second
    states = {s.name: s for s in await index_states(db)}
    assert all(s.state == "ONLINE" for s in states.values())
    assert states["memory_embedding"].type == "VECTOR"
    assert not any(s.type == "FULLTEXT" for s in states.values())
    assert "memory_id_unique" in states and "memory_user_id" in states


@pytest.mark.parametrize(
    "index",
    [
        "memory_status",  # with it, the planner read every user's active memories to answer one user's
        "memory_text",  # subject matches score the caller's own postings; keeping it current only cost writes
        # across all users, read by no plan (each query starts from its user), updated by every write
        "memory_created_at",
        "memory_valid_from",
        "memory_last_accessed_at",  # set on every memory a recall returns
        "decision_created_at",
        "outcome_created_at",
    ],
)
async def test_an_index_of_older_versions_is_dropped(db, index):
    """The testing query `testing.<index>_index` makes it as older versions did."""
    await db.write(f"testing.{index}_index")
    await wait_for_indexes(db, 120)
    assert index in {s.name for s in await index_states(db)}
    await migrate(db)
    assert index not in {s.name for s in await index_states(db)}


async def test_retired_at_is_backfilled_for_memories_retired_before_it_existed(remember, deps, user_id):
    from graphmind.memory import manage

    old = await remember("The deploy window is Thursday at noon")
    new = await remember("The deploy window is Tuesday morning")
    assert [c.loser_id for c in new.conflicts] == [old.memory.id]
    retired = (await manage.get_memory(deps, user_id, old.memory.id)).retired_at
    await deps.db.write("testing.unset_retired_at", userId=user_id, id=old.memory.id)
    assert (await manage.get_memory(deps, user_id, old.memory.id)).retired_at is None
    await migrate(deps.db)
    assert (await manage.get_memory(deps, user_id, old.memory.id)).retired_at == retired  # the SUPERSEDES edge's time


LEGACY_POM = Path(__file__).with_name("neo4j-5.26.pom.xml")


async def test_a_store_written_by_neo4j_5_26_upgrades_and_recalls_the_same_memories(
    settings, library, embedder, tmp_path, monkeypatch
):
    """The previous GraphMind's store (Neo4j 5.26, vector index without filter properties)
    opened by 2026.09 and migrated: every node and edge is kept, the index is rebuilt with
    its filter properties, and recall finds each memory again. Its own home and ports."""
    from graphmind.core.clock import Clock
    from graphmind.db.database import Database
    from graphmind.deps import Deps
    from graphmind.learning import decisions
    from graphmind.learning.decisions import Contribution, DecisionDraft, DecisionType
    from graphmind.memory import neighbours, store
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.recall import Channel, recall
    from graphmind.neo4j_server import Neo4jServer

    instance = settings.model_copy(
        update={
            "neo4j_home": tmp_path / "neo4j",
            "neo4j_bolt_port": settings.neo4j_bolt_port + 2,
            "neo4j_http_port": settings.neo4j_http_port + 2,
        }
    )
    legacy_settings = instance.model_copy(update={"neo4j_lib": settings.neo4j_lib.with_name("lib-5.26")})
    legacy = Neo4jServer(legacy_settings, pom=LEGACY_POM, entry_point="org.neo4j.server.CommunityEntryPoint")
    texts = [
        "The staging cluster runs on three Hetzner machines in Falkenstein",
        "Alice prefers Postgres over MySQL for the billing service",
        "Deploys are frozen on Fridays after 3pm",
        "The on-call rotation changes every Monday at 9am",
    ]
    legacy.start()
    try:
        db = Database.connect(legacy_settings, library)
        for query in library.area("schema"):  # the 5.26 schema: its vector index had no filters
            await db.write(
                "testing.legacy_memory_embedding" if query.name.endswith("_memory_embedding_vector") else query.name
            )
        await wait_for_indexes(db, 300)
        [server] = await db.read("system.server_version")
        assert server["version"].startswith("5.26.")
        # 5.26 cannot run the Cypher 25 dedup lookups (SEARCH): this store has no duplicates to find
        monkeypatch.setattr(neighbours, "near", _no_candidates)
        deps = Deps(settings=legacy_settings, db=db, embedder=embedder, clock=Clock())
        stored = await store.remember_many(deps, "upgrader", [parse_memory_input({"content": t}) for t in texts])
        await decisions.decide(
            deps,
            "upgrader",
            DecisionDraft(
                decision_type=DecisionType.RECOMMENDATION,
                summary="Use Postgres for billing",
                memories=[Contribution(stored[1].memory.id, 1.0)],
            ),
        )
        await db.write("testing.clear_keyword_terms", userId="upgrader")  # the old version kept no keyword postings
        before = {r["kind"]: r["count"] for r in await db.read("testing.graph_counts")}
        await db.close()
    finally:
        legacy.stop()
    monkeypatch.undo()

    upgraded = Neo4jServer(instance)
    upgraded.start()
    try:
        db = Database.connect(instance, library)
        applied = await migrate(db)
        assert "system.drop_memory_embedding" in applied and "memory.index_terms" in applied
        [server] = await db.read("system.server_version")
        assert server["version"].startswith("2026.09.")
        after = {r["kind"]: r["count"] for r in await db.read("testing.graph_counts")}
        assert after.pop("node:Term") > 0 and after.pop("rel:HAS_TERM") > 0  # keyword postings, added
        assert after == before
        assert before["node:Memory"] == len(texts) and before["node:Decision"] == 1
        states = {s.name: s for s in await index_states(db)}
        assert set(VECTOR_FILTERS) <= set(states["memory_embedding"].properties)
        deps = Deps(settings=instance, db=db, embedder=embedder, clock=Clock())
        for text, result in zip(texts, stored, strict=True):
            found = await recall(deps, "upgrader", text, limit=len(texts), channels=(Channel.VECTOR,))
            assert sorted(item.memory.id for item in found.items) == sorted(r.memory.id for r in stored)
            assert found.items[0].memory.id == result.memory.id
            by_keyword = await recall(deps, "upgrader", text, limit=len(texts), channels=(Channel.KEYWORD,))
            assert by_keyword.items[0].memory.id == result.memory.id
        await db.close()
    finally:
        upgraded.stop()


async def _no_candidates(run, settings, user_id, texts, vectors, extra=0, by_subject=None):
    return [[] for _ in texts]


async def test_memories_improved_before_the_label_existed_are_labelled_and_stay_hidden(remember, deps, user_id):
    from datetime import UTC, datetime

    from graphmind.memory.recall import recall

    original = await remember("alpha river notes from the field trip")
    better = await remember("beta mountain summary of the trip")
    await deps.db.write(
        "memory.link_lineage",
        userId=user_id,
        memoryId=better.memory.id,
        derivedFrom=[original.memory.id],
        supersedes=[original.memory.id],
        by="test",
        now=datetime.now(UTC),
    )

    async def shown() -> list[str]:
        return [i.memory.id for i in (await recall(deps, user_id, "alpha river notes", 5)).items]

    assert original.memory.id not in await shown()  # the improved version stands in for it
    await deps.db.write("testing.unlabel_improved", userId=user_id, id=original.memory.id)
    assert original.memory.id in await shown()  # recall trusts the label
    assert "memory.label_improved" in await migrate(deps.db)
    assert original.memory.id not in await shown()


async def test_a_quantised_vector_index_is_rebuilt_unquantised_and_recall_finds_the_same(remember, deps, user_id):
    """Neo4j quantises a vector index by default (binary, rescored); 023 turns that off.
    An index made before is dropped and rebuilt as 023 declares it."""
    from graphmind.memory.recall import Channel, recall

    written = await remember("The staging database is backed up every night to the Oslo bucket")

    async def found() -> list[str]:
        result = await recall(deps, user_id, "where do staging backups go", 3, channels=(Channel.VECTOR,))
        return [item.memory.id for item in result.items]

    assert written.memory.id in await found()
    await deps.db.write("system.drop_memory_embedding")
    await deps.db.write("testing.quantised_memory_embedding")
    await wait_for_indexes(deps.db, 120)
    [before] = [s for s in await index_states(deps.db) if s.name == "memory_embedding"]
    assert before.quantised
    assert "system.drop_memory_embedding" in await migrate(deps.db)
    [after] = [s for s in await index_states(deps.db) if s.name == "memory_embedding"]
    assert not after.quantised and set(VECTOR_FILTERS) <= set(after.properties)
    assert written.memory.id in await found()
    assert "system.drop_memory_embedding" not in await migrate(deps.db)
