"""Scene (working) memory, policy 2: no decay while the topic holds; a topic shift or a
full buffer flushes the scene to long-term memory, where decay begins."""

from dataclasses import replace

import numpy as np

from graphmind.lifecycle import scene
from graphmind.memory import manage
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import remember_many


def unit(*weights: float) -> np.ndarray:
    vector = np.zeros(4, dtype=np.float32)
    vector[: len(weights)] = weights
    return vector / np.linalg.norm(vector)


def test_plan_flushes_on_topic_shift_and_on_capacity():
    arrivals = [(f"m{i}", unit(1, 0.1 * i)) for i in range(12)] + [("other", unit(0, 0, 1))]
    plan = scene.plan(None, arrivals, capacity=10, threshold=0.6)
    assert [reason for _, reason in plan.flushed] == [scene.CAPACITY, scene.TOPIC_SHIFT]
    first, second, third = plan.scenes
    assert first.new_members == [f"m{i}" for i in range(10)] and first.size == 10
    assert second.new_members == ["m10", "m11"]
    assert third.new_members == ["other"] and plan.in_scene == {"other"}


async def test_topic_shift_flushes_the_scene_and_decay_begins(timed, clock, store, user_id):
    a = await store("Planning the Lisbon offsite: flights for the team", sessionId="s1")
    b = await store("Planning the Lisbon offsite: hotel near the venue", sessionId="s1")
    assert a.memory.in_scene and b.memory.in_scene
    clock.advance(hours=5)
    held = await manage.get_memory(timed, user_id, a.memory.id)
    assert held.in_scene and held.retrievability(clock.now()) == 1.0  # no decay in the scene
    shift = await store("The quarterly tax return is due at the end of April", sessionId="s1")
    assert shift.memory.in_scene
    flushed = await manage.get_memory(timed, user_id, a.memory.id)
    assert not flushed.in_scene and flushed.decay_since == clock.now()
    clock.advance(hours=48)
    assert abs(flushed.retrievability(clock.now()) - np.exp(-1)) < 1e-9  # decay began at the flush


async def test_a_full_scene_flushes_on_the_next_memory(timed, user_id):
    """With the topic check off (threshold 0), only capacity flushes."""
    timed = replace(timed, settings=timed.settings.model_copy(update={"scene_topic_threshold": 0.0}))

    async def store(content: str, **fields):
        [result] = await remember_many(timed, user_id, [parse_memory_input({"content": content, **fields})])
        return result

    notes = [
        "Booked the Lisbon offsite venue for the second week of May",
        "The Lisbon offsite venue needs a deposit by Friday",
        "Catering at the Lisbon offsite will be vegetarian-friendly",
        "The Lisbon offsite venue has two breakout rooms",
        "Projector rental for the Lisbon offsite is arranged",
        "Team dinner during the Lisbon offsite is at a seafood place",
        "Airport transfers for the Lisbon offsite are by minibus",
        "The Lisbon offsite agenda starts with a strategy session",
        "Wifi at the Lisbon offsite venue was tested last year",
        "The Lisbon offsite budget covers three nights of hotel",
    ]
    results = [await store(note, sessionId="s2", contentType="event") for note in notes]
    assert all(r.duplicate_of is None for r in results)
    first = results[0]
    assert (await manage.get_memory(timed, user_id, first.memory.id)).in_scene
    eleventh = await store("A city walking tour closes the Lisbon offsite", sessionId="s2", contentType="event")
    assert eleventh.memory.in_scene
    assert not (await manage.get_memory(timed, user_id, first.memory.id)).in_scene


async def test_memories_without_a_session_decay_at_once(store):
    plain = await store("A note that belongs to no session at all")
    assert not plain.memory.in_scene


def test_an_on_topic_session_keeps_its_scene_until_capacity(embedder, settings):
    """Twelve Kafka memories of one session (issue 19: they caused 8 topic shifts and the
    scene ended with 1 memory): at most one shift, and the scene keeps most of them."""
    from graphmind.lifecycle import scene as scenes

    texts = [
        "Kafka consumer lag on the orders topic is growing",
        "The orders consumer group has 4 members",
        "We added two partitions to the orders topic",
        "Consumer lag dropped after the rebalance",
        "The Kafka broker disk is 70% full",
        "Retention on the orders topic is 7 days",
        "The payments consumer reads from the orders topic too",
        "Lag alerts fire above 10000 messages",
        "We bumped the consumer fetch size for the orders topic",
        "The Kafka cluster runs three brokers",
        "Orders consumers commit offsets every 5 seconds",
        "The lag dashboard lives in Grafana",
    ]
    vectors = embedder.embed(texts)
    plan = scenes.plan(
        None, [(str(i), v) for i, v in enumerate(vectors)], settings.scene_capacity, settings.scene_topic_threshold
    )
    reasons = [reason for _, reason in plan.flushed]
    assert reasons.count(scenes.TOPIC_SHIFT) <= 1 and max(s.size for s in plan.scenes) >= 8
