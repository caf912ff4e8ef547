"""Cross-user clusters, clipped contributions, and which earlier release a cluster continues."""

import numpy as np

from graphmind.sharing.aggregate import Group, UserPattern, contributions, groups, new_users, previous_release


def unit(seed: int, base: np.ndarray | None = None, spread: float = 0.02) -> np.ndarray:
    rng = np.random.default_rng(seed)
    vector = rng.normal(0, 1, 384) if base is None else base + rng.normal(0, spread, 384)
    return (vector / np.linalg.norm(vector)).astype(np.float32)


def pattern(user: str, pid: str, centroid, qualities, shared_in=None, summary="retry with backoff"):
    outcomes = {f"{pid}-d{i}": q for i, q in enumerate(qualities)}
    return UserPattern(user, pid, summary, centroid, outcomes, shared_in)


def test_patterns_of_different_users_cluster_by_centroid():
    a, b = unit(1), unit(2)
    patterns = [pattern(f"u{i}", f"a{i}", unit(10 + i, a), [0.9] * 3) for i in range(5)]
    patterns += [pattern(f"u{i}", f"b{i}", unit(20 + i, b), [0.9] * 2) for i in range(3)]
    found = groups(patterns, similarity=0.7, good_quality=0.5, user_cap=10)
    assert [(g.users, g.instances) for g in found] == [(5, 15), (3, 6)]  # the largest first
    assert {c.pattern_ids for c in found[1].contributions} == {("b0",), ("b1",), ("b2",)}


def test_a_users_instances_are_distinct_good_decisions_clipped_to_the_cap():
    c = unit(1)
    shared_decision = {"d-shared": 0.9}
    first = UserPattern("u1", "p1", "x", c, {**shared_decision, "d1": 0.8, "d2": -0.5}, None)
    second = UserPattern("u1", "p2", "y", c, {**shared_decision, "d3": 0.7}, "s1")
    [one] = contributions([first, second], good_quality=0.5, user_cap=10)
    assert one.instances == 3  # d-shared once, d1, d3 (d2 was not good)
    assert one.quality == np.mean([0.9, 0.8, -0.5, 0.7])
    assert one.summaries == ("x", "y") and one.shared_in == {"s1"}
    [clipped] = contributions([pattern("u2", "p3", c, [0.9] * 50)], good_quality=0.5, user_cap=10)
    assert clipped.instances == 10


def test_users_without_a_good_outcome_do_not_contribute():
    c = unit(1)
    found = contributions([pattern("u1", "p1", c, [0.2, -1.0]), pattern("u2", "p2", c, [])], 0.5, 10)
    assert found == ()


def test_a_group_keeps_only_the_given_users():
    c = unit(1)
    [group] = groups([pattern(f"u{i}", f"p{i}", c, [0.9]) for i in range(4)], 0.7, 0.5, 10)
    kept = group.keeping({"u0", "u2"})
    assert isinstance(kept, Group) and kept.users == 2 and kept.instances == 2


def test_a_group_continues_the_release_most_of_its_users_contributed_to():
    c = unit(1)
    members = [
        pattern("u1", "p1", c, [0.9], "s2"),
        pattern("u2", "p2", c, [0.9], "s2"),
        pattern("u3", "p3", c, [0.9], "s1"),
        pattern("u4", "p4", c, [0.9]),
    ]
    group = Group(contributions(members, 0.5, 10))
    assert previous_release(group, taken=set()) == "s2"
    assert previous_release(group, taken={"s2"}) == "s1"
    assert previous_release(group, taken={"s1", "s2"}) is None
    assert new_users(group, "s2") == 2 and new_users(group, "s9") == 4
