"""Truth and time (issue 16): an update is never lost as a duplicate, contradictions are found
by subject as well as by cosine, and asOf answers what GraphMind believed then.

Each table pair goes through `remember` twice (real model, real Neo4j, a fresh user per
pair): an update must be stored and the old memory superseded; a true paraphrase
duplicate must still be deduplicated.
"""

import pytest

from graphmind.core.enums import MemoryStatus
from graphmind.memory import manage
from graphmind.memory.model import parse_memory_input
from graphmind.memory.recall import recall
from graphmind.memory.store import remember_many

UPDATES = [
    # versions
    ("The production database runs PostgreSQL 15 on AWS RDS", "The production database runs PostgreSQL 16 on AWS RDS"),
    ("Our backend is on Python 3.11", "Our backend is on Python 3.12 now"),
    ("The mobile app targets iOS 17", "The mobile app now targets iOS 18"),
    ("The cluster runs Kubernetes 1.28", "Update: the cluster runs Kubernetes 1.30"),
    ("We pin Node.js 18 in CI", "We pin Node.js 20 in CI"),
    ("The search service uses Elasticsearch 7.17", "The search service uses Elasticsearch 8.11"),
    ("The API is at version v2", "The API is at version v3"),
    ("Our Neo4j server is version 5.26", "Our Neo4j server is version 2026.09"),
    # times
    ("The nightly backup starts at 01:00 UTC", "The nightly backup now starts at 03:00 UTC"),
    ("The daily standup is at 9:30", "The daily standup is at 10:15"),
    ("The standup is at 9:30", "The standup changed to 10:15"),
    ("Deploy freeze begins at 5pm on Fridays", "Deploy freeze begins at 3pm on Fridays"),
    ("The maintenance window is 02:00-04:00 UTC", "The maintenance window is 22:00-23:00 UTC"),
    ("The cron job for invoices runs at 6am", "The cron job for invoices runs at 7am"),
    # dates
    ("The product launch is on March 3", "The product launch is on March 17"),
    ("The contract renews on 2026-01-01", "The contract renews on 2026-07-01"),
    ("The team offsite is in May", "The team offsite is in June"),
    ("The security audit is due on Friday", "The security audit is due on Monday"),
    ("Code freeze for the release is on 12 December", "Code freeze for the release is on 15 December"),
    # owners / people
    ("The payments service is owned by Alice", "The payments service is owned by Bob"),
    ("The on-call engineer this week is Maria", "The on-call engineer this week is Tom"),
    ("Alice owns the payments service", "Bob now owns the payments service"),
    ("Our tech lead is Priya", "Our tech lead changed to Daniel"),
    ("The release manager for Q3 is Sven", "The release manager for Q3 is Aiko"),
    ("Billing questions go to Hannah", "Billing questions go to Marcus"),
    ("The design review is run by Chen", "The design review is run by Olga"),
    # places
    ("Our primary datacenter region is Frankfurt", "Our primary datacenter region is Dublin"),
    ("Our primary datacenter region is Frankfurt", "We moved our primary datacenter region to Dublin"),
    ("The company headquarters are in Berlin", "The company headquarters are in Lisbon"),
    ("I live in Paris", "I now live in Berlin"),
    ("The offsite will take place in Lisbon", "The offsite will take place in Porto"),
    ("Backups are stored in us-east-1", "Backups are stored in eu-west-1"),
    ("The S3 bucket for logs is in Oregon", "The S3 bucket for logs is in Ohio"),
    # quantities
    (
        "Kafka consumer lag on the orders topic is 1200 messages",
        "Kafka consumer lag on the orders topic is 1500 messages",
    ),
    ("The API rate limit is 100 requests per minute", "The API rate limit is 500 requests per minute"),
    ("We have three replicas of the cache", "We now have five replicas of the cache"),
    ("The monthly cloud budget is 20000 dollars", "The monthly cloud budget is 35000 dollars"),
    ("The connection pool size is 20", "The connection pool size is 50"),
    ("The team has 8 engineers", "The team has 11 engineers"),
    ("Session timeout is 30 minutes", "Session timeout is 15 minutes"),
    ("The p95 latency target for recall is 50 ms", "The p95 latency target for recall is 20 ms"),
    ("Each worker gets 4 GB of memory", "Each worker gets 8 GB of memory"),
    ("Log retention is 14 days", "Log retention is 90 days"),
    # negations
    ("The staging environment is reachable from the VPN", "The staging environment is not reachable from the VPN"),
    ("We use feature flags for the checkout", "We don't use feature flags for the checkout"),
    ("The nightly build is green", "The nightly build is not green"),
    ("Session pool leaks tokens", "Session pool does not leak tokens"),
    ("Customers can export their data as CSV", "Customers cannot export their data as CSV"),
    ("The cache is warmed on deploy", "The cache is no longer warmed on deploy"),
    ("I drink coffee in the morning", "I never drink coffee in the morning"),
    # values that are words
    ("The feature flag for dark mode is enabled", "The feature flag for dark mode is disabled"),
    ("The team prefers tabs for indentation", "The team prefers spaces for indentation"),
    ("Our default cache is Redis", "Our default cache is Memcached"),
    ("The build tool for the frontend is webpack", "Update: the build tool for the frontend is vite"),
    ("The message broker for events is RabbitMQ", "The message broker for events changed to Kafka"),
    ("Our CI provider is Jenkins", "We switched our CI provider to GitHub Actions"),
    # paraphrased updates
    (
        "The weekly sync with the data team is on Tuesday",
        "Correction: the weekly sync with the data team is on Thursday",
    ),
    ("My favourite editor is Vim", "My favourite editor is actually Emacs"),
    ("The error budget for the quarter is 0.1%", "The error budget for the quarter changed to 0.5%"),
    ("The staging database password rotates every 30 days", "The staging database password now rotates every 7 days"),
    ("The marketing site is hosted on Netlify", "The marketing site moved to Vercel hosting"),
    ("The invoices go out on the 1st of each month", "The invoices now go out on the 5th of each month"),
]

DUPLICATES = [
    ("I prefer Redis for caching", "For caching I prefer Redis"),
    ("The production database runs PostgreSQL 15 on AWS RDS", "The production database runs PostgreSQL 15 on AWS RDS."),
    ("Our primary datacenter region is Frankfurt", "our primary datacenter region is Frankfurt!"),
    ("The nightly backup starts at 01:00 UTC", "The nightly backups start at 01:00 UTC"),
    ("The payments service is owned by Alice", "The payments service is owned by Alice."),
    ("We use feature flags for the checkout", "We use feature flags for checkout"),
    ("The API rate limit is 100 requests per minute", "The API rate limit is 100 requests a minute"),
    ("The team prefers tabs for indentation", "For indentation the team prefers tabs"),
    ("The daily standup is at 9:30", "The daily stand-up is at 9:30"),
    ("Log retention is 14 days", "Log retention is 14 days long"),
    ("Session timeout is 30 minutes", "The session timeout is 30 minutes"),
    ("The staging environment is not reachable from the VPN", "The staging environment isn't reachable from the VPN"),
    ("Customers cannot export their data as CSV", "Customers can't export their data as CSV"),
    ("The cluster runs Kubernetes 1.28", "The cluster is running Kubernetes 1.28"),
    ("Our default cache is Redis", "Our default cache is Redis really"),
    ("The company headquarters are in Berlin", "The company's headquarters are in Berlin"),
    ("The product launch is on March 3", "The product launch is on March 3rd"),
    ("Billing questions go to Hannah", "All billing questions go to Hannah"),
    ("The connection pool size is 20", "Connection pool size is 20"),
    ("Each worker gets 4 GB of memory", "Each worker gets 4 GB of memory each"),
    ("The team has 8 engineers", "The team has 8 engineers in it"),
    ("Backups are stored in us-east-1", "Backups get stored in us-east-1"),
    ("My favourite editor is Vim", "My favorite editor is Vim"),
    ("The API uses JWT for auth", "The API uses JWT for authentication"),
    ("The monthly cloud budget is 20000 dollars", "Monthly cloud budget is 20000 dollars"),
    ("The security audit is due on Friday", "The security audit is due this Friday"),
    ("We pin Node.js 18 in CI", "In CI we pin Node.js 18"),
    ("The on-call engineer this week is Maria", "This week the on-call engineer is Maria"),
    (
        "Kafka consumer lag on the orders topic is 1200 messages",
        "Kafka consumer lag on the orders topic is 1200 messages.",
    ),
    ("The message broker for events is RabbitMQ", "The message broker for our events is RabbitMQ"),
    ("The offsite will take place in Lisbon", "The offsite is going to take place in Lisbon"),
    ("I drink coffee in the morning", "In the morning I drink coffee"),
    # one value written two ways
    ("The meeting is at 3pm", "The meeting is at 3 pm"),
    ("Each worker gets 4GB of memory", "Each worker gets 4 GB of memory"),
    ("The launch is on Jan 5", "The launch is on January 5"),
    ("The cache TTL is ten minutes", "The cache TTL is 10 minutes"),
]


@pytest.fixture
def pair_store(timed, user_id):
    async def store(n: int, content: str):
        [result] = await remember_many(timed, f"{user_id}-{n}", [parse_memory_input({"content": content})])
        timed.clock.advance(minutes=1)
        return result

    return store


async def in_one_batch(timed, user_id: str, *texts: str):
    """rememberMany of the texts, in order."""
    return await remember_many(timed, user_id, [parse_memory_input({"content": text}) for text in texts])


async def missed_updates(timed, user_id: str, store_pair) -> list[tuple]:
    """The UPDATES pairs, each for its own user, that `store_pair(owner, old, new)` did not
    store as an update superseding the old text."""
    missed = []
    for n, (old_text, new_text) in enumerate(UPDATES):
        old, new = await store_pair(f"{user_id}-{n}", old_text, new_text)
        before = await manage.get_memory(timed, f"{user_id}-{n}", old.memory.id)
        if (
            new.duplicate_of
            or before.status is not MemoryStatus.SUPERSEDED
            or [c.loser_id for c in new.conflicts] != [old.memory.id]
        ):
            missed.append((old_text, new_text, new.duplicate_of, before.status))
    return missed


async def test_every_update_is_stored_and_supersedes_the_old_one(timed, user_id):
    async def one_at_a_time(owner: str, old_text: str, new_text: str):
        [old] = await remember_many(timed, owner, [parse_memory_input({"content": old_text})])
        timed.clock.advance(minutes=1)
        [new] = await remember_many(timed, owner, [parse_memory_input({"content": new_text})])
        return old, new

    missed = await missed_updates(timed, user_id, one_at_a_time)
    print(f"updates stored and old superseded: {len(UPDATES) - len(missed)}/{len(UPDATES)}")
    assert missed == []


async def test_every_true_duplicate_is_still_deduplicated(pair_store):
    missed = []
    for n, (first, again) in enumerate(DUPLICATES):
        original = await pair_store(1000 + n, first)
        repeat = await pair_store(1000 + n, again)
        if repeat.duplicate_of != original.memory.id:
            missed.append((first, again))
    print(f"duplicates deduplicated: {len(DUPLICATES) - len(missed)}/{len(DUPLICATES)}")
    assert missed == []


async def test_reproduction_postgres_15_to_16_is_an_update_not_a_duplicate(store, timed, user_id):
    old = await store("The production database runs PostgreSQL 15 on AWS RDS")
    new = await store("The production database runs PostgreSQL 16 on AWS RDS")
    assert new.duplicate_of is None and new.memory.id != old.memory.id
    assert (await manage.get_memory(timed, user_id, old.memory.id)).status is MemoryStatus.SUPERSEDED
    [item, *_] = (await recall(timed, user_id, "Which PostgreSQL version does production run?", 5)).items
    assert item.memory.id == new.memory.id


async def test_reproduction_now_phrasing_is_an_update(store, timed, user_id):
    old = await store("The nightly backup starts at 01:00 UTC")
    new = await store("The nightly backup now starts at 03:00 UTC")
    assert new.duplicate_of is None and [c.old_value for c in new.conflicts] == ["01:00"]
    assert (await manage.get_memory(timed, user_id, old.memory.id)).status is MemoryStatus.SUPERSEDED


async def test_reproduction_templated_values_are_all_stored(timed, user_id):
    """12 readings of one Kafka lag: none is dropped; each newer reading supersedes the one before."""
    ids = []
    for lag in range(1200, 2400, 100):
        [result] = await remember_many(
            timed,
            user_id,
            [parse_memory_input({"content": f"Kafka consumer lag for the orders topic: {lag} messages"})],
        )
        timed.clock.advance(minutes=5)
        assert result.duplicate_of is None
        ids.append(result.memory.id)
    assert len(set(ids)) == 12
    statuses = [(await manage.get_memory(timed, user_id, i)).status for i in ids]
    assert statuses == [MemoryStatus.SUPERSEDED] * 11 + [MemoryStatus.ACTIVE]


async def test_templated_facts_about_different_subjects_both_stay(store, timed, user_id):
    first = await store("Kafka lag for topic orders-1 is 120 messages")
    second = await store("Kafka lag for topic orders-2 is 450 messages")
    assert second.duplicate_of is None and second.conflicts == []
    assert (await manage.get_memory(timed, user_id, first.memory.id)).status is MemoryStatus.ACTIVE


async def test_reproduction_frankfurt_to_dublin_is_found_by_subject(store, timed, user_id):
    """Cosine 0.744 is under conflict_similarity (0.8): the subject search finds it."""
    old = await store("Our primary datacenter region is Frankfurt")
    await store("The coffee machine on the third floor is broken")
    new = await store("Our primary datacenter region is Dublin")
    [conflict] = new.conflicts
    assert conflict.existing_id == old.memory.id and conflict.similarity < timed.settings.conflict_similarity
    assert (conflict.old_value, conflict.new_value, conflict.winner_id) == ("Frankfurt", "Dublin", new.memory.id)
    ids = {i.memory.id for i in (await recall(timed, user_id, "primary datacenter region", 10)).items}
    assert old.memory.id not in ids and new.memory.id in ids


async def test_a_batch_keeps_an_update_of_an_earlier_input(timed, user_id):
    results = await in_one_batch(
        timed,
        user_id,
        "The API rate limit is 100 requests per minute",
        "The API rate limit is 500 requests per minute",
        "The API rate limit is 500 requests per minute.",
    )
    assert results[1].duplicate_of is None and results[2].duplicate_of == results[1].memory.id
    # the update supersedes the earlier input, as a second remember would
    assert [c.loser_id for c in results[1].conflicts] == [results[0].memory.id]
    assert (await manage.get_memory(timed, user_id, results[0].memory.id)).status is MemoryStatus.SUPERSEDED
    assert results[0].memory.status is MemoryStatus.SUPERSEDED  # the batch's answer says so too


async def test_every_update_sent_in_one_batch_with_the_old_text_supersedes_it(timed, user_id):
    """rememberMany([old, new]) settles the pair as remember(old) then remember(new) does:
    the later input is the newer (same trust, same validFrom)."""

    async def both_at_once(owner: str, old_text: str, new_text: str):
        return await in_one_batch(timed, owner, old_text, new_text)

    missed = await missed_updates(timed, user_id, both_at_once)
    print(f"updates in one batch stored and old superseded: {len(UPDATES) - len(missed)}/{len(UPDATES)}")
    assert missed == []


async def test_a_batch_of_facts_about_different_subjects_keeps_them_all(timed, user_id):
    results = await in_one_batch(
        timed,
        user_id,
        "Kafka lag for topic orders-1 is 120 messages",
        "Kafka lag for topic orders-2 is 450 messages",
        "Yolanda moved to Berlin",
        "Xavier moved to Paris",
    )
    assert all(r.conflicts == [] and r.duplicate_of is None for r in results)
    assert all(r.memory.status is MemoryStatus.ACTIVE for r in results)
