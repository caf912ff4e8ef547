"""The warm-up of a Neo4j that has just started: the service's own operations for
throwaway users, every node of theirs deleted afterwards, and only on a Neo4j whose JVM
has used little CPU, once per start of it."""

import dataclasses
import random
import re
import uuid

import pytest

from graphmind import warmup
from graphmind.errors import GraphMindError


async def remaining(deps, user_id: str) -> int:
    [row] = await deps.db.read("user.remaining", userId=user_id)
    return row["count"]


async def test_neo4j_says_when_its_jvm_started_and_how_much_cpu_it_used(deps):
    jvm = await warmup.neo4j_jvm(deps)
    assert jvm is not None and jvm.cpu_seconds > 0 and jvm.started_at_ms > 1_700_000_000_000


async def test_a_neo4j_that_refuses_jmx_is_not_warmed(deps, monkeypatch):
    async def refused(name, **params):
        raise GraphMindError("Neo4j error Neo.ClientError.Security.Forbidden: not allowed")

    monkeypatch.setattr(deps.db, "read", refused)
    assert await warmup.neo4j_jvm(deps) is None


async def test_each_start_of_neo4j_is_claimed_once(deps):
    start = random.randrange(1, 10**12)  # a start no one has claimed
    assert await warmup.claim(deps, start) is True
    assert await warmup.claim(deps, start) is False  # a server restarted beside it, another host
    assert await warmup.claim(deps, start + 1) is True  # Neo4j restarted


async def test_warming_runs_every_operation_for_each_user_then_deletes_their_nodes(deps, monkeypatch):
    calls: list[str] = []
    for name in ("remember_many", "recall", "learn", "activate"):
        original = getattr(warmup, name)

        async def counted(*args, _original=original, _name=name, **kwargs):
            calls.append(_name)
            return await _original(*args, **kwargs)

        monkeypatch.setattr(warmup, name, counted)
    for module, name in ((warmup.decisions, "decide"), (warmup.outcomes, "observe_outcome")):
        original = getattr(module, name)

        async def counted(*args, _original=original, _name=name, **kwargs):
            calls.append(_name)
            return await _original(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)

    report = await warmup.warm(deps, seconds=0.5, users=2)

    assert len(report.user_ids) == 2 and all(u.startswith(warmup.USER_PREFIX) for u in report.user_ids)
    assert report.rounds >= 2  # each user runs at least one round
    assert {"remember_many", "recall", "decide", "observe_outcome", "learn", "activate"} <= set(calls)
    assert report.deleted_nodes > 0
    for user_id in report.user_ids:
        assert await remaining(deps, user_id) == 0


async def test_a_warm_up_first_deletes_the_users_an_earlier_one_left(deps, monkeypatch):
    """A warm-up killed midway leaves its users; the next one (on the next start) deletes them."""
    left = warmup.USER_PREFIX + uuid.uuid4().hex
    await warmup.run_round(deps, left, random.Random(0), 1)
    assert await remaining(deps, left) > 0

    async def no_rounds(deps, user_id, rng, k):
        return None

    monkeypatch.setattr(warmup, "run_round", no_rounds)
    report = await warmup.warm(deps, seconds=0, users=1)

    assert await remaining(deps, left) == 0
    assert left not in report.user_ids
    assert await warmup.delete_leftovers(deps) == []


async def test_a_round_runs_the_queries_of_a_session_and_of_the_loop(deps, user_id, parameter_types):
    """A client that sends sessions meets planned scene queries too."""
    from graphmind.security.userdata import delete_user_data

    try:
        await warmup.run_round(deps, user_id, random.Random(1), 1)
    finally:
        await delete_user_data(deps, user_id)
    assert {
        "scene.current",
        "scene.apply",
        "memory.create_memories",
        "memory.rank",
        "memory.record_retrieval",
        "decisions.create",
        "outcomes.record",
        "idempotency.record",
    } <= set(parameter_types)


async def test_the_request_path_is_planned_with_the_real_types_and_nothing_is_taken(deps, parameter_types):
    from graphmind.security.ratelimit import RateLimiter

    await warmup.plan_request_path(deps)
    assert {"keys.by_hash", "keys.active_ids", "keys.active_count", "keys.touch", "ratelimit.take"} <= set(
        parameter_types
    )
    assert await deps.db.write("testing.age_rate_bucket", key=warmup.RATE_LIMIT_KEY, seconds=0) == []
    s = deps.settings
    await RateLimiter(1200.0, s.rate_limit_burst, deps.db, s.rate_limit_lease).take(f"warmup-test-{uuid.uuid4()}")
    assert len(parameter_types["ratelimit.take"]) == 1  # the warm-up planned the type a real take sends


async def test_a_failing_round_stops_the_others_and_still_deletes_what_they_wrote(deps, monkeypatch):
    original = warmup.run_round
    seen: list[str] = []

    async def one_fails(deps, user_id, rng, k):
        seen.append(user_id)
        await original(deps, user_id, rng, k)
        if user_id == seen[0]:
            raise RuntimeError("the round broke")

    monkeypatch.setattr(warmup, "run_round", one_fails)
    with pytest.raises(RuntimeError, match="the round broke"):
        await warmup.warm(deps, seconds=30, users=2)
    assert len(set(seen)) == 2
    for user_id in set(seen):
        assert await remaining(deps, user_id) == 0


async def test_only_a_cold_unclaimed_neo4j_is_warmed_and_only_when_asked(settings, monkeypatch):
    warmed: list[float] = []
    claims = iter([True, False])

    async def fake_warm(deps, seconds, users=warmup.USERS):
        warmed.append(seconds)
        return warmup.WarmupReport([], 0, seconds, 0)

    async def fake_claim(deps, started_at_ms):
        return next(claims)

    monkeypatch.setattr(warmup, "warm", fake_warm)
    monkeypatch.setattr(warmup, "claim", fake_claim)
    on = settings.model_copy(update={"warmup_seconds": 2})

    assert await warmup.warm_if_cold(settings.model_copy(update={"warmup_seconds": 0})) is None
    monkeypatch.setattr(warmup, "COLD_CPU_SECONDS", 0.0)  # any Neo4j has used more: not cold
    assert await warmup.warm_if_cold(on) is None
    monkeypatch.setattr(warmup, "COLD_CPU_SECONDS", 1e9)
    report = await warmup.warm_if_cold(on)
    assert report is not None and warmed == [2]
    assert await warmup.warm_if_cold(on) is None  # this start was claimed already
    assert warmed == [2]


async def test_services_already_open_are_warmed_the_same_way(deps, monkeypatch):
    async def fake_warm(deps, seconds, users=warmup.USERS):
        return warmup.WarmupReport([], 1, seconds, 0)

    async def fake_claim(deps, started_at_ms):
        return True

    monkeypatch.setattr(warmup, "warm", fake_warm)
    monkeypatch.setattr(warmup, "claim", fake_claim)
    monkeypatch.setattr(warmup, "COLD_CPU_SECONDS", 1e9)
    off = dataclasses.replace(deps, settings=deps.settings.model_copy(update={"warmup_seconds": 0}))
    on = dataclasses.replace(deps, settings=deps.settings.model_copy(update={"warmup_seconds": 3}))
    assert await warmup.warm_deps_if_cold(off) is None
    report = await warmup.warm_deps_if_cold(on)
    assert report is not None and report.seconds == 3


def cleared(rows: list[dict]) -> int:
    """How many queries Neo4j's `db.clearQueryCaches()` says it cleared ("Query cache
    already empty." or "… cleared of N queries.")."""
    [row] = rows
    found = re.search(r"cleared of (\d+) quer", row["value"])
    return int(found[1]) if found else 0


async def test_a_warm_up_does_not_keep_the_plans_it_made_for_its_throwaway_users(deps):
    await warmup.warm(deps, seconds=0.1, users=1)
    # the warm-up ran dozens of queries; its caches were emptied after it deleted its users
    assert cleared(await deps.db.write("system.clear_query_caches")) == 0
    await deps.db.read("system.jvm_state")
    assert cleared(await deps.db.write("system.clear_query_caches")) >= 1


async def test_a_neo4j_that_refuses_to_clear_its_caches_is_still_warmed(deps, monkeypatch):
    write = deps.db.write

    async def refusing(name, **params):
        if name == "system.clear_query_caches":
            raise GraphMindError("Neo4j error Neo.ClientError.Security.Forbidden: not allowed")
        return await write(name, **params)

    monkeypatch.setattr(deps.db, "write", refusing)
    report = await warmup.warm(deps, seconds=0.1, users=1)
    assert report.rounds >= 1 and await remaining(deps, report.user_ids[0]) == 0
