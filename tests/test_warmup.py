"""The warm-up of a Neo4j that has just started: the service's own operations for
throwaway users, every node of theirs deleted afterwards, and only on a Neo4j whose JVM
has used little CPU."""

import pytest

from graphmind import warmup


async def remaining(deps, user_id: str) -> int:
    [row] = await deps.db.read("user.remaining", userId=user_id)
    return row["count"]


async def test_neo4j_says_how_much_cpu_its_jvm_has_used(deps):
    cpu = await warmup.neo4j_cpu_seconds(deps)
    assert cpu is not None and cpu > 0


async def test_warming_runs_every_operation_for_each_user_then_deletes_their_nodes(deps, monkeypatch):
    calls: list[str] = []
    for name in ("remember_many", "recall", "learn", "activate"):
        original = getattr(warmup, name)

        async def counted(*args, _original=original, _name=name, **kwargs):
            calls.append(_name)
            return await _original(*args, **kwargs)

        monkeypatch.setattr(warmup, name, counted)

    report = await warmup.warm(deps, seconds=0.5, users=2)

    assert len(report.user_ids) == 2 and all(u.startswith(warmup.USER_PREFIX) for u in report.user_ids)
    assert report.rounds >= 2  # each user runs at least one round
    assert {"remember_many", "recall", "learn", "activate"} <= set(calls)
    assert report.deleted_nodes > 0
    for user_id in report.user_ids:
        assert await remaining(deps, user_id) == 0


async def test_a_failing_round_still_deletes_what_the_warm_up_wrote(deps, monkeypatch):
    written: list[str] = []
    original = warmup.run_round

    async def fails_after_writing(deps, user_id, rng, k):
        written.append(user_id)
        await original(deps, user_id, rng, k)
        raise RuntimeError("the round broke")

    monkeypatch.setattr(warmup, "run_round", fails_after_writing)
    with pytest.raises(RuntimeError, match="the round broke"):
        await warmup.warm(deps, seconds=5, users=1)
    assert written and await remaining(deps, written[0]) == 0


async def test_only_a_cold_neo4j_is_warmed_and_only_when_asked(settings, monkeypatch):
    warmed: list[float] = []

    async def fake_warm(deps, seconds, users):
        warmed.append(seconds)
        return warmup.WarmupReport([], 0, seconds, 0)

    monkeypatch.setattr(warmup, "warm", fake_warm)

    assert await warmup.warm_if_cold(settings.model_copy(update={"warmup_seconds": 0})) is None
    monkeypatch.setattr(warmup, "COLD_CPU_SECONDS", 0.0)  # any Neo4j has used more: warm
    assert await warmup.warm_if_cold(settings.model_copy(update={"warmup_seconds": 2})) is None
    monkeypatch.setattr(warmup, "COLD_CPU_SECONDS", 1e9)
    report = await warmup.warm_if_cold(settings.model_copy(update={"warmup_seconds": 2}))
    assert report is not None and warmed == [2]


async def test_a_neo4j_that_refuses_jmx_is_not_warmed(deps, monkeypatch):
    from graphmind.errors import GraphMindError

    async def refused(name, **params):
        raise GraphMindError("Neo4j error Neo.ClientError.Security.Forbidden: not allowed")

    monkeypatch.setattr(deps.db, "read", refused)
    assert await warmup.neo4j_cpu_seconds(deps) is None


async def test_services_already_open_are_warmed_the_same_way(deps, monkeypatch):
    import dataclasses

    async def fake_warm(deps, seconds, users):
        return warmup.WarmupReport([], 1, seconds, 0)

    monkeypatch.setattr(warmup, "warm", fake_warm)
    monkeypatch.setattr(warmup, "COLD_CPU_SECONDS", 1e9)
    off = dataclasses.replace(deps, settings=deps.settings.model_copy(update={"warmup_seconds": 0}))
    on = dataclasses.replace(deps, settings=deps.settings.model_copy(update={"warmup_seconds": 3}))
    assert await warmup.warm_deps_if_cold(off) is None
    report = await warmup.warm_deps_if_cold(on)
    assert report is not None and report.seconds == 3
