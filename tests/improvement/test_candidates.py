"""Candidate selection: kinds, order, caps, determinism (cooldown is tested with Neo4j)."""

import random

from graphmind.improvement.candidates import select
from graphmind.improvement.model import CandidateKind
from tests.improvement.conftest import unit


def test_kinds_and_their_order(source):
    a = source("The office coffee machine is on the third floor.", vector=unit(1, 0, 0))
    b = source("The office coffee machine is on the fifth floor.", vector=unit(1, 0.05, 0))
    c = source("Our team standup happens at 9:30 every weekday.", vector=unit(0, 1, 0))
    d = source("The team standup is at 9:30 on every weekday.", vector=unit(0, 1, 0.1))
    e = source("Use the staging cluster for load tests.", vector=unit(0, 0, 1), access_count=9, utility=0.2)
    f = source("the  staging  cluster  name is blue", vector=unit(0.1, 0, 1, 1))
    pairs = [(a.id, b.id, 0.87), (c.id, d.id, 0.93)]
    chosen = select([a, b, c, d, e, f], pairs, batch_size=8, per_topic=2)
    assert [c.kind for c in chosen] == [
        CandidateKind.CONFLICT,
        CandidateKind.NEAR_DUPLICATE,
        CandidateKind.POOR_OUTCOMES,
        CandidateKind.WEAK_STRUCTURE,
    ]
    assert chosen[0].ids == sorted([a.id, b.id]) and chosen[1].ids == sorted([c.id, d.id])


def test_same_state_same_selection(source):
    memories = [source(f"note number {i} about  the the cluster", vector=unit(1, i / 10, 0.5)) for i in range(12)]
    shuffled = memories[:]
    random.Random(3).shuffle(shuffled)
    first = select(memories, [], batch_size=5, per_topic=5)
    assert [c.ids for c in first] == [c.ids for c in select(shuffled, [], batch_size=5, per_topic=5)]


def test_batch_and_topic_caps(source):
    same_topic = [source(f"note number {i} about  the the cluster", vector=unit(1, i / 100)) for i in range(6)]
    other = [source(f"another  topic entirely {i}", vector=unit(0, 1, i / 100)) for i in range(6)]
    assert len(select(same_topic + other, [], batch_size=8, per_topic=2)) == 4  # two topics × 2
    assert len(select(same_topic + other, [], batch_size=3, per_topic=2)) == 3  # the batch cap


def test_a_memory_joins_one_candidate(source):
    a = source("Our team standup happens at 9:30 every weekday.", vector=unit(0, 1, 0))
    b = source("The team standup is at 9:30 on every weekday.", vector=unit(0, 1, 0.1))
    chosen = select([a, b], [(a.id, b.id, 0.93), (b.id, a.id, 0.93)], batch_size=8, per_topic=8)
    assert [c.ids for c in chosen] == [sorted([a.id, b.id])]
