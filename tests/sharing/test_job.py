"""The share_patterns job on the real Neo4j: thresholds, budgets, consent, text and ids."""

import re

from graphmind.gardener.runner import run_job
from graphmind.learning.event_log import events_after
from graphmind.sharing.catalog import list_shared
from graphmind.sharing.consent import get_consent, set_consent

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


async def shared_with(deps, marker: str) -> list:
    page = await list_shared(deps, 100)
    return [p for p in page.patterns if marker in p.keywords]


async def spent(deps, user_ids) -> list[float]:
    return [(await get_consent(deps, u)).epsilon_spent for u in user_ids]


async def test_100_instances_across_10_users_are_shared(sharing, population, marker):
    deps = sharing()
    users = await population(10, good=10, bad=2)
    run = await run_job(deps, "share_patterns")
    assert run.counts["published"] == 1 and run.counts["contributions"] == 10
    [shared] = await shared_with(deps, marker)
    assert shared.keywords == ["retry", "flaky", marker, "deploy", "exponential", "backoff"]
    assert shared.epsilon == 0.1 and shared.releases == 1
    assert shared.instances >= 0 and shared.users >= 0 and -1.0 <= shared.mean_quality <= 1.0
    assert await spent(deps, users) == [0.1] * 10
    [event] = await events_after(deps, users[0], 0, ["sharing.contributed"], 10)
    assert event.payload == {"sharedPatternId": shared.id, "epsilon": 0.1, "epsilonSpent": 0.1}


async def test_99_instances_are_not_shared(sharing, population, marker):
    deps = sharing()
    users = await population(9, good=10)
    users += await population(1, good=9)
    run = await run_job(deps, "share_patterns")
    assert run.counts.get("published", 0) == 0 and run.counts["below_threshold"] >= 1
    assert await shared_with(deps, marker) == []
    assert await spent(deps, users) == [0.0] * 10


async def test_9_users_are_not_shared_however_many_instances(sharing, population, marker):
    deps = sharing(sharing_user_cap=20)
    await population(9, good=20)  # 180 instances
    assert (await run_job(deps, "share_patterns")).counts.get("published", 0) == 0
    assert await shared_with(deps, marker) == []


async def test_one_users_instances_are_clipped_to_the_cap(sharing, population, marker):
    deps = sharing()
    await population(9, good=9)
    await population(1, good=500)  # 581 instances, but 81 + 10 after clipping: under 100
    run = await run_job(deps, "share_patterns")
    assert run.counts.get("published", 0) == 0 and run.counts["below_threshold"] >= 1
    assert (await run_job(sharing(sharing_user_cap=500), "share_patterns")).counts["published"] == 1


async def test_users_without_budget_are_excluded_before_the_thresholds(sharing, population, marker):
    deps = sharing()
    users = await population(10)
    await deps.db.write("testing.set_epsilon_spent", userId=users[0], spent=1.0)
    await deps.db.write("testing.set_epsilon_spent", userId=users[1], spent=0.95)  # 0.05 left < ε
    run = await run_job(deps, "share_patterns")
    assert run.counts["users_with_budget"] <= run.counts["users_opted_in"] - 2
    assert run.counts.get("published", 0) == 0  # 8 users with budget: under 10
    assert await spent(deps, users[:3]) == [1.0, 0.95, 0.0]


async def test_default_off_and_opt_out_are_respected(sharing, population, marker):
    deps = sharing()
    users = await population(9)
    never = await population(1, opt_in=False)
    assert not (await get_consent(deps, never[0])).opted_in
    assert (await run_job(deps, "share_patterns")).counts.get("published", 0) == 0
    await set_consent(deps, never[0], True)
    await set_consent(deps, users[0], False)  # one in, one out: still 9
    assert (await run_job(deps, "share_patterns")).counts.get("published", 0) == 0
    await set_consent(deps, users[0], True)
    assert (await run_job(deps, "share_patterns")).counts["published"] == 1
    assert await spent(deps, users[:1] + never) == [0.1, 0.1]
    await set_consent(deps, users[0], False)  # published patterns stay
    assert len(await shared_with(deps, marker)) == 1


async def test_budget_is_charged_per_release_and_never_exceeded(sharing, population, marker, clock):
    deps = sharing(sharing_privacy_budget=0.25)
    first = await population(10)
    assert (await run_job(deps, "share_patterns")).counts["published"] == 1
    [shared] = await shared_with(deps, marker)
    clock.advance(days=7)
    again = await run_job(deps, "share_patterns")  # nobody new: no new release, no ε spent
    assert again.counts.get("published", 0) == 0 and again.counts["unchanged"] >= 1
    assert await spent(deps, first) == [0.1] * 10
    second = await population(10)
    clock.advance(days=7)
    run = await run_job(deps, "share_patterns")
    assert run.counts["republished"] == 1 and run.counts["contributions"] == 20
    [republished] = await shared_with(deps, marker)
    assert republished.id == shared.id and republished.releases == 2
    assert republished.published_at > shared.published_at and republished.created_at == shared.created_at
    assert await spent(deps, first) == [0.2] * 10 and await spent(deps, second) == [0.1] * 10
    third = await population(10)
    clock.advance(days=7)
    run = await run_job(deps, "share_patterns")  # the first ten have 0.05 left: they sit this one out
    assert run.counts["republished"] == 1 and run.counts["contributions"] == 20
    assert await spent(deps, first) == [0.2] * 10  # never above the budget of 0.25
    assert await spent(deps, second) == [0.2] * 10 and await spent(deps, third) == [0.1] * 10
    consent = await get_consent(deps, first[0])
    assert consent.epsilon_budget == 0.25 and consent.epsilon_remaining == 0.05


async def test_a_dry_run_counts_but_writes_nothing(sharing, population, marker):
    deps = sharing()
    users = await population(10)
    run = await run_job(deps, "share_patterns", dry_run=True)
    assert run.counts["published"] == 1
    assert await shared_with(deps, marker) == [] and await spent(deps, users) == [0.0] * 10


async def test_text_is_k_anonymous_and_pii_free(sharing, population, marker):
    deps = sharing()
    rare = ["quokka", "narwhal"]

    def summary(i: int) -> str:
        words = f"Rotate the {marker} signing key weekly"
        if i < 9:
            words += " via vaultwarden"  # 9 users of 12: below the minimum of 10
        if i < 2:
            words += f" like {rare[i]}"
        return f"{words}; questions to ada{i}@example.com or +44 20 7946 09{i:02d}, host 10.1.2.{i}"

    await population(12, summary=summary)
    assert (await run_job(deps, "share_patterns")).counts["published"] == 1
    [shared] = await shared_with(deps, marker)
    assert set(shared.keywords) == {"rotate", marker, "signing", "key", "weekly", "questions", "host"}
    for word in ["vaultwarden", "example", "com", "ada", *rare]:
        assert word not in shared.description


async def test_shared_patterns_carry_no_ids_of_user_data(sharing, population, marker):
    deps = sharing()
    users = await population(10)
    await run_job(deps, "share_patterns")
    [row] = await deps.db.read("testing.shared_pattern_values", keyword=marker)
    assert row["relationships"] == 0
    values = {k: v for k, v in row["shared"].items() if k != "id"}
    text = repr(values)
    assert not UUID.search(text)  # no memory, decision or pattern id
    assert not any(u in text or u.split("-")[-1] in text for u in users)  # no user id
    assert set(row["shared"]) == {
        "id",
        "description",
        "keywords",
        "instances",
        "users",
        "meanQuality",
        "epsilon",
        "releases",
        "createdAt",
        "publishedAt",
    }
