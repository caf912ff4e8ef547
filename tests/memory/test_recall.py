"""Hybrid recall: score and RRF fusion arithmetic, filters, what is never returned, isolation, recording."""

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from graphmind.core.enums import ContentType
from graphmind.embeddings import DIMENSION
from graphmind.memory import manage
from graphmind.memory.recall import Channel, RecallFilter, recall

DAY = timedelta(days=1)


class TableEmbedder:
    """A deterministic embedder for ranking arithmetic: text → a chosen unit vector."""

    model_name, dimension = "table", DIMENSION

    def __init__(self, table: dict[str, np.ndarray]) -> None:
        self.table = table

    def embed(self, texts):
        return np.stack([self.table[t] for t in texts]).astype(np.float32)

    async def embed_async(self, texts):
        return self.embed(texts)

    async def embed_counting_async(self, texts):
        return self.embed(texts), [self.count_tokens(t) for t in texts]

    def count_tokens(self, text: str) -> int:
        return len(text.split())


def unit(*weights: float) -> np.ndarray:
    vector = np.zeros(DIMENSION, dtype=np.float32)
    vector[: len(weights)] = weights
    return vector / np.linalg.norm(vector)


ZEBRA_QUERY = "zebra"
ZEBRA_TEXTS = ("alpha alpha content about nothing", "zebra zebra zebra appears here", "zebra appears once in here")


# the ranking mix reduced to relevance (the mix is tested separately)
RELEVANCE_ONLY = {"rank_weight_similarity": 1.0, "rank_weight_retrievability": 0.0, "rank_weight_utility": 0.0}


def _ranked_by_relevance(deps, vectors: dict, **settings):
    """`deps` with the table embedder of `vectors` and the mix reduced to relevance."""
    return replace(
        deps, embedder=TableEmbedder(vectors), settings=deps.settings.model_copy(update=RELEVANCE_ONLY | settings)
    )


async def _recall_three(deps, user_id, saliences: tuple[float, float, float], **settings):
    """Three memories days apart (no temporal neighbours), recalled for "zebra" and ranked by
    relevance alone (the mix is tested separately). Vector: cosines 1 (a), 0.7071 (b), 0 (c);
    keyword: b (three "zebra") above c. Returns their ids by name and the result."""
    a, b, c = ZEBRA_TEXTS
    fake = _ranked_by_relevance(
        deps, {a: unit(1, 0), b: unit(1, 1), c: unit(0, 1), ZEBRA_QUERY: unit(1, 0)}, **settings
    )
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    base = datetime(2024, 1, 1, tzinfo=UTC)
    stored = await remember_many(
        fake,
        user_id,
        [
            parse_memory_input({"content": text, "baseSalience": salience, "validFrom": base + i * DAY})
            for i, (text, salience) in enumerate(zip(ZEBRA_TEXTS, saliences))
        ],
    )
    ids = {name: r.memory.id for name, r in zip("abc", stored)}
    return ids, await recall(fake, user_id, ZEBRA_QUERY, 10)


async def test_rrf_arithmetic_on_a_hand_computed_example(deps, user_id):
    # the seed's k; vector ranks A1 B2 C3, keyword ranks B1 C2
    ids, result = await _recall_three(deps, user_id, (0.5, 1.0, 0.8), recall_fusion="rrf", rrf_k=60)

    weighted = {  # by hand, k = 60: rrf = Σ 1/(k + rank), weighted = rrf × salience
        "b": 0.032522475,  # (1/62 vector rank 2 + 1/61 keyword rank 1) × 1.0
        "c": 0.025601638,  # (1/63 vector rank 3 + 1/62 keyword rank 2) × 0.8
        "a": 0.008196721,  # (1/61 vector rank 1) × 0.5
    }
    assert [i.memory.id for i in result.items] == [ids["b"], ids["c"], ids["a"]]
    for item in result.items:
        name = next(n for n, i in ids.items() if i == item.memory.id)
        relevance = weighted[name] / weighted["b"]  # relative to the best
        assert item.breakdown.relevance == pytest.approx(relevance, abs=1e-7)
        assert item.score == pytest.approx(relevance, abs=1e-7)
        assert item.breakdown.final_score == item.score
    top = result.items[0].breakdown
    assert (top.vector_rank, top.keyword_rank, top.graph_rank) == (2, 1, None)
    assert top.rrf_score == pytest.approx(1 / 62 + 1 / 61) and top.salience == 1.0
    assert top.vector_score == pytest.approx(np.dot(unit(1, 1), unit(1, 0)), abs=1e-3)


async def test_score_fusion_on_a_hand_computed_example(deps, user_id):
    assert deps.settings.recall_fusion == "scores"  # the default
    ids, result = await _recall_three(deps, user_id, (0.5, 1.0, 0.3))
    by_name = {next(n for n, i in ids.items() if i == item.memory.id): item.breakdown for item in result.items}

    # by hand: both channels found fewer candidates than their k, so scores are measured
    # from 0: cosines a 1, b 0.7071, c 0 → 1, 0.7071, 0; BM25 b (three "zebra") 1, c its
    # share of b's score
    cos_b = float(np.dot(unit(1, 1), unit(1, 0)))
    keyword_c = by_name["c"].keyword_score / by_name["b"].keyword_score
    assert 0 < keyword_c < 1
    fused = {"a": 1.0, "b": cos_b + 1.0, "c": 0.0 + keyword_c}
    weighted = {"a": 0.5 * fused["a"], "b": 1.0 * fused["b"], "c": 0.3 * fused["c"]}
    assert [i.memory.id for i in result.items] == [ids["b"], ids["a"], ids["c"]]
    for name, parts in by_name.items():
        assert parts.fused_score == pytest.approx(fused[name], abs=1e-3)
        assert parts.relevance == pytest.approx(weighted[name] / weighted["b"], abs=1e-3)
    assert (by_name["b"].vector_normalised, by_name["b"].keyword_normalised) == (pytest.approx(cos_b, abs=1e-3), 1.0)
    assert by_name["b"].rrf_score == pytest.approx(1 / 12 + 1 / 11)  # shown either way (k 10)
    assert (by_name["a"].vector_normalised, by_name["a"].keyword_normalised) == (1.0, None)
    assert by_name["c"].vector_normalised == 0.0
    assert by_name["c"].keyword_normalised == pytest.approx(keyword_c)


async def test_a_full_channel_measures_its_scores_from_its_kth(deps, user_id):
    texts = ["note one about ferns", "note two about moss", "note three about lichen"]
    query = "plants"
    fake = replace(
        deps,
        embedder=TableEmbedder({texts[0]: unit(1, 0), texts[1]: unit(1, 1), texts[2]: unit(1, 3), query: unit(1, 0)}),
        settings=deps.settings.model_copy(update={"recall_vector_k": 3}),
    )
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    base = datetime(2024, 1, 1, tzinfo=UTC)
    await remember_many(
        fake, user_id, [parse_memory_input({"content": t, "validFrom": base + i * DAY}) for i, t in enumerate(texts)]
    )
    result = await recall(fake, user_id, query, 10, channels=(Channel.VECTOR,), neighbours=False)
    # k = 3 candidates found: the third's cosine is the zero of the scale
    cosines = [float(np.dot(unit(*w), unit(1, 0))) for w in ((1, 0), (1, 1), (1, 3))]
    expected = [(x - cosines[2]) / (cosines[0] - cosines[2]) for x in cosines]
    assert [i.breakdown.vector_normalised for i in result.items] == pytest.approx(expected, abs=1e-3)


async def test_a_memory_dated_in_the_period_the_query_names_is_boosted(deps, user_id):
    a, b, c = "garden party notes", "trip planning notes", "book club notes"
    query = "what happened in May 2023"
    fake = _ranked_by_relevance(deps, {a: unit(1, 1), b: unit(1, 0), c: unit(0, 1), query: unit(1, 0)})
    assert fake.settings.recall_period_boost == 2.0
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    stored = await remember_many(
        fake,
        user_id,
        [
            parse_memory_input({"content": a, "validFrom": datetime(2023, 5, 20, tzinfo=UTC)}),
            parse_memory_input({"content": b, "validFrom": datetime(2023, 6, 20, tzinfo=UTC)}),
            parse_memory_input({"content": c, "validFrom": datetime(2023, 7, 20, tzinfo=UTC)}),
        ],
    )
    ids = {name: r.memory.id for name, r in zip("abc", stored)}
    result = await recall(fake, user_id, query, 10, channels=(Channel.VECTOR,), neighbours=False)

    # by hand: cosines a 0.7071, b 1, c 0 → normalised 0.7071, 1, 0; a is dated in May 2023: × (1 + 2)
    cos_a = float(np.dot(unit(1, 1), unit(1, 0)))
    by_id = {item.memory.id: item.breakdown for item in result.items}
    assert [i.memory.id for i in result.items] == [ids["a"], ids["b"], ids["c"]]
    assert (by_id[ids["a"]].period_boost, by_id[ids["b"]].period_boost, by_id[ids["c"]].period_boost) == (3.0, 1.0, 1.0)
    assert by_id[ids["a"]].fused_score == pytest.approx(cos_a, abs=1e-3)  # the boost is not in the fused score
    assert by_id[ids["b"]].relevance == pytest.approx(1.0 / (3 * cos_a), abs=1e-3)

    # boost 0: the ranking of the fused scores alone
    off = replace(fake, settings=fake.settings.model_copy(update={"recall_period_boost": 0.0}))
    result = await recall(off, user_id, query, 10, channels=(Channel.VECTOR,), neighbours=False)
    assert [i.memory.id for i in result.items] == [ids["b"], ids["a"], ids["c"]]
    assert {i.breakdown.period_boost for i in result.items} == {1.0}


async def test_a_totalling_question_spreads_its_results_over_episodes(deps, user_id):
    """a and b: one conversation (two minutes apart); c: another, a week later. "How much ..."
    totals, so b's relevance is multiplied by 0.7 (one result of its episode above it) and c,
    less similar than b, ranks second."""
    a, b, c = "car wash cost me twenty", "the car wash again, twenty more", "a parking ticket of forty"
    query, other = "How much did I spend on car wash and parking ticket?", "What did the car wash cost?"
    fake = _ranked_by_relevance(
        deps, {a: unit(1, 0), b: unit(1, 0.2), c: unit(1, 1), query: unit(1, 0), other: unit(1, 0)}
    )
    assert fake.settings.recall_aggregate_spread == 0.7
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    start = datetime(2023, 5, 20, 10, tzinfo=UTC)
    stored = await remember_many(
        fake,
        user_id,
        [
            parse_memory_input({"content": text, "validFrom": start + at})
            for text, at in ((a, timedelta(0)), (b, timedelta(minutes=2)), (c, 7 * DAY))
        ],
    )
    ids = {name: r.memory.id for name, r in zip("abc", stored)}
    spread = await recall(fake, user_id, query, 3, channels=(Channel.VECTOR,), neighbours=False)
    off = replace(
        fake, settings=fake.settings.model_copy(update={"recall_aggregate_spread": 1.0, "recall_head_episodes": 0})
    )
    plain = await recall(off, user_id, query, 3, channels=(Channel.VECTOR,), neighbours=False)

    assert [i.memory.id for i in plain.items] == [ids["a"], ids["b"], ids["c"]]
    assert [i.memory.id for i in spread.items] == [ids["a"], ids["c"], ids["b"]]
    before = {i.memory.id: i.breakdown for i in plain.items}
    after = {i.memory.id: i.breakdown for i in spread.items}
    assert [after[ids[n]].spread for n in "acb"] == [1.0, 1.0, pytest.approx(0.7)]
    # by hand: relevance only, so the final score is the relevance; b's is 0.7 × its own
    assert after[ids["b"]].relevance == pytest.approx(0.7 * before[ids["b"]].relevance, abs=1e-6)
    assert after[ids["b"]].final_score == pytest.approx(0.7 * before[ids["b"]].final_score, abs=1e-6)
    assert after[ids["c"]].final_score == pytest.approx(before[ids["c"]].final_score, abs=1e-6)
    # a question that does not total has only its first two results picked across episodes:
    # c second (its own relevance above b's × 0.3), then b in its own order, unchanged
    result = await recall(fake, user_id, other, 3, channels=(Channel.VECTOR,), neighbours=False)
    assert [i.memory.id for i in result.items] == [ids["a"], ids["c"], ids["b"]]
    assert {i.breakdown.spread for i in result.items} == {1.0}
    result = await recall(off, user_id, other, 3, channels=(Channel.VECTOR,), neighbours=False)
    assert [i.memory.id for i in result.items] == [ids["a"], ids["b"], ids["c"]]


async def test_a_memory_dated_in_a_relative_period_is_boosted_against_the_clock(deps, user_id):
    """ "yesterday", asked on 2026-11-26: the memory of 2026-11-25 gets × (1 + 2) and moves
    above the closer match of two days before."""
    from graphmind.core.clock import FixedClock
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    a, b, query = "notes from the planning call", "notes from the design call", "the call yesterday"
    fake = replace(
        _ranked_by_relevance(deps, {a: unit(1, 1), b: unit(1, 0), query: unit(1, 0)}),
        clock=FixedClock(datetime(2026, 11, 26, 9, 0, tzinfo=UTC)),
    )
    stored = await remember_many(
        fake,
        user_id,
        [
            parse_memory_input({"content": a, "validFrom": datetime(2026, 11, 25, 15, 0, tzinfo=UTC)}),
            parse_memory_input({"content": b, "validFrom": datetime(2026, 11, 24, 15, 0, tzinfo=UTC)}),
        ],
    )
    result = await recall(fake, user_id, query, 10, channels=(Channel.VECTOR,), neighbours=False)
    assert [i.memory.id for i in result.items] == [stored[0].memory.id, stored[1].memory.id]
    assert [i.breakdown.period_boost for i in result.items] == [3.0, 1.0]


async def test_a_channel_whose_candidates_tie_normalises_them_all_to_one(deps, user_id):
    a, b, query = "first plain note", "second plain note", "plain query"
    fake = replace(deps, embedder=TableEmbedder({a: unit(1, 0), b: unit(1, 0, 1), query: unit(0, 1)}))
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    base = datetime(2024, 1, 1, tzinfo=UTC)
    await remember_many(
        fake,
        user_id,
        [
            parse_memory_input({"content": a, "validFrom": base}),
            parse_memory_input({"content": b, "validFrom": base + DAY, "baseSalience": 0.9}),
        ],
    )
    result = await recall(fake, user_id, query, 10, channels=(Channel.VECTOR,))
    assert [item.breakdown.vector_normalised for item in result.items] == [1.0, 1.0]
    assert [item.breakdown.fused_score for item in result.items] == [1.0, 1.0]


async def test_temporal_neighbour_gets_half_its_parents_score(deps, user_id):
    near_a, near_b, query = "first note of the session", "second note, minutes later", "first note"
    fake = replace(deps, embedder=TableEmbedder({near_a: unit(1, 0), near_b: unit(0, 1), query: unit(1, 0)}))
    base = datetime(2024, 1, 1, tzinfo=UTC)
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    a, b = await remember_many(
        fake,
        user_id,
        [
            parse_memory_input({"content": near_a, "baseSalience": 1.0, "validFrom": base}),
            parse_memory_input({"content": near_b, "baseSalience": 0.1, "validFrom": base + timedelta(minutes=5)}),
        ],
    )
    result = await recall(fake, user_id, query, 10, channels=(Channel.VECTOR,))
    parent, neighbour = result.items
    assert parent.memory.id == a.memory.id
    assert neighbour.memory.id == b.memory.id
    assert neighbour.breakdown.neighbour_of == a.memory.id
    assert neighbour.breakdown.relevance == pytest.approx(parent.breakdown.relevance * 0.5)
    assert [
        i.memory.id
        for i in (await recall(fake, user_id, query, 10, channels=(Channel.VECTOR,), neighbours=False)).items
    ] == [a.memory.id, b.memory.id]


async def test_neighbours_tie_by_exact_time_and_need_a_parent_above_the_floor(deps, user_id):
    parent_text, far, near, weak, weak_near, query = (
        "the parent note",
        "a note 360 ms later",
        "a note 52 ms earlier",
        "a weak match",
        "next to the weak match",
        "the parent note",
    )
    fake = replace(
        deps,
        embedder=TableEmbedder(
            {
                parent_text: unit(1, 0, 0),
                far: unit(0, 1, 0),
                near: unit(0, 1, 1),
                query: unit(1, 0, 0),
                weak: unit(1, 0, 3),
                weak_near: unit(0, 0, 1),
            }
        ),
    )
    base = datetime(2024, 1, 1, tzinfo=UTC)
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    stored = await remember_many(
        fake,
        user_id,
        [
            parse_memory_input({"content": text, "contentType": "event", "baseSalience": salience, "validFrom": at})
            for text, salience, at in [
                (parent_text, 1.0, base),
                (far, 0.1, base + timedelta(milliseconds=360)),
                (near, 0.1, base - timedelta(milliseconds=52)),
                (weak, 0.2, base + timedelta(days=2)),
                (weak_near, 0.1, base + timedelta(days=2, minutes=1)),
            ]
        ],
    )
    ids = [r.memory.id for r in stored]
    items = (await recall(fake, user_id, query, 10, channels=(Channel.VECTOR,))).items
    by_id, order = {i.memory.id: i for i in items}, [i.memory.id for i in items]
    assert order[0] == ids[0] and order.index(ids[2]) == order.index(ids[1]) - 1  # 52 ms before 360 ms
    assert (
        by_id[ids[2]].breakdown.relevance
        == by_id[ids[1]].breakdown.relevance
        == pytest.approx(by_id[ids[0]].breakdown.relevance * 0.5)
    )
    assert by_id[ids[3]].breakdown.relevance < deps.settings.neighbour_floor
    assert by_id[ids[4]].breakdown.neighbour_of is None  # the weak match brings no neighbour


async def test_of_tied_neighbours_the_one_with_relevance_of_its_own_ranks_first(deps, user_id):
    """Parent (cosine 1, salience 1): relevance 1. The note 1 minute later has cosine 0 to
    the query, the note 3 minutes later cosine 0.6 (salience 0.5): own relevance 0 and
    0.6 × 0.5 = 0.3 (the vector channel found three memories, fewer than its k, so its
    scores are measured from 0). Both are below the parent's share, 0.5, so both get 0.5
    and tie; the later note, which the channel found too, ranks before the nearer one."""
    parent_text, nearer, later, query = "the parent note", "one minute later", "three minutes later", "the parent"
    table = {parent_text: unit(1, 0), nearer: unit(0, 1), later: unit(0.6, 0.8), query: unit(1, 0)}
    fake = _ranked_by_relevance(deps, table)
    base = datetime(2024, 1, 1, tzinfo=UTC)
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    stored = await remember_many(
        fake,
        user_id,
        [
            parse_memory_input({"content": text, "baseSalience": salience, "validFrom": base + timedelta(minutes=m)})
            for text, salience, m in [(parent_text, 1.0, 0), (nearer, 0.5, 1), (later, 0.5, 3)]
        ],
    )
    parent_id, nearer_id, later_id = (r.memory.id for r in stored)
    items = (await recall(fake, user_id, query, 10, channels=(Channel.VECTOR,))).items
    assert [i.memory.id for i in items] == [parent_id, later_id, nearer_id]
    assert [i.breakdown.neighbour_of for i in items] == [None, parent_id, parent_id]
    assert [i.breakdown.relevance for i in items] == pytest.approx([1.0, 0.5, 0.5])
    assert [i.breakdown.fused_score for i in items] == pytest.approx([1.0, 0.6, 0.0])


PARENT_NOTE = "the parent note"


async def _parent_and_notes(deps, user_id, offsets: list[int]):
    """A parent note the query matches and low-salience notes `offsets` minutes from it,
    which the query does not match; returns the recalling deps, the parent's id and the
    notes' ids."""
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    texts = [f"a note {abs(m)} minutes {'after' if m > 0 else 'before'}" for m in offsets]
    fake = replace(deps, embedder=TableEmbedder({PARENT_NOTE: unit(1, 0), **{t: unit(0, 1) for t in texts}}))
    base = datetime(2024, 1, 1, tzinfo=UTC)
    stored = await remember_many(
        fake,
        user_id,
        [parse_memory_input({"content": PARENT_NOTE, "baseSalience": 1.0, "validFrom": base})]
        + [
            parse_memory_input({"content": t, "baseSalience": 0.1, "validFrom": base + timedelta(minutes=m)})
            for t, m in zip(texts, offsets, strict=True)
        ],
    )
    return fake, stored[0].memory.id, [r.memory.id for r in stored[1:]]


async def test_only_the_nearest_memories_in_time_become_neighbours(deps, user_id):
    """Six notes 1-6 minutes from the parent, alternating before and after it: with four
    neighbours per parent, those 1-4 minutes away get half its relevance, 5 and 6 do not."""
    fake, parent_id, note_ids = await _parent_and_notes(deps, user_id, [1, -2, 3, -4, 5, -6])
    assert fake.settings.neighbours_per_parent == 4
    items = {i.memory.id: i for i in (await recall(fake, user_id, PARENT_NOTE, 10, channels=(Channel.VECTOR,))).items}
    assert [items[i].breakdown.neighbour_of for i in note_ids] == [parent_id] * 4 + [None, None]
    assert [i.memory.id for i in sorted(items.values(), key=lambda i: -i.breakdown.relevance)][:5] == [
        parent_id,
        *note_ids[:4],
    ]  # the nearest first


async def test_neighbours_are_the_nearest_eligible_memories(deps, user_id):
    """The three notes nearest before the parent are forgotten: the next three before it
    and the nearest after it are its four neighbours (each side's limit counts only
    eligible memories)."""
    fake, parent_id, note_ids = await _parent_and_notes(deps, user_id, [-1, -2, -3, -4, -5, -6, 7, 8])
    for forgotten in note_ids[:3]:
        await manage.forget(fake, user_id, forgotten)
    items = (await recall(fake, user_id, PARENT_NOTE, 10, channels=(Channel.VECTOR,))).items
    assert {i.memory.id for i in items if i.breakdown.neighbour_of == parent_id} == set(note_ids[3:7])


async def test_as_of_and_time_range_filters(remember, deps, user_id):
    old = await remember(
        "Our office was in Berlin until 2021", validFrom="2019-01-01T00:00:00Z", validUntil="2021-01-01T00:00:00Z"
    )
    new = await remember("Our office is in Lisbon since 2021", validFrom="2021-01-01T00:00:00Z")

    async def found(**flt) -> set[str]:
        items = (await recall(deps, user_id, "where is our office", 10, RecallFilter(**flt))).items
        return {i.memory.id for i in items}

    assert await found() == {new.memory.id}  # old one expired
    assert await found(valid_at=datetime(2020, 6, 1, tzinfo=UTC)) == {old.memory.id}  # world time
    assert await found(valid_from=datetime(2019, 1, 1, tzinfo=UTC), valid_to=datetime(2020, 1, 1, tzinfo=UTC)) == {
        old.memory.id
    }
    assert await found(valid_from=datetime(2020, 6, 1, tzinfo=UTC), valid_to=datetime(2021, 6, 1, tzinfo=UTC)) == {
        old.memory.id,
        new.memory.id,
    }
    assert await found(valid_from=datetime(2022, 1, 1, tzinfo=UTC), valid_to=datetime(2023, 1, 1, tzinfo=UTC)) == {
        new.memory.id
    }


async def test_archived_superseded_and_expired_are_never_returned(remember, deps, user_id):
    old = await remember("The deploy window is Thursday at noon")
    keep = await remember("The deploy window is Tuesday morning")  # contradicts and supersedes old
    assert [c.loser_id for c in keep.conflicts] == [old.memory.id]
    archived = await remember("Deploys on Friday evening are risky, says the ops team")
    expired = await remember(
        "Monday night deploys were allowed back then",
        validFrom="2020-01-01T00:00:00Z",
        validUntil="2020-02-01T00:00:00Z",
    )
    await manage.forget(deps, user_id, archived.memory.id)
    ids = {i.memory.id for i in (await recall(deps, user_id, "when is the deploy window?", 100)).items}
    assert ids == {keep.memory.id}
    assert expired.memory.id not in ids


async def test_min_salience_hides_faint_memories(remember, deps, user_id):
    await remember("A faint rumour about the deploy window", baseSalience=0.01)
    assert (await recall(deps, user_id, "rumour about the deploy window", 10)).items == []


async def test_one_user_never_sees_another_users_memories(remember, deps, user_id):
    other = user_id + "-other"
    await remember("Alice's secret project is code-named Falcon", user=other)
    mine = await remember("My project is code-named Sparrow")
    for query in ("project code name Falcon", "Falcon", "secret project"):
        result = await recall(deps, user_id, query, 100)
        assert {i.memory.id for i in result.items} <= {mine.memory.id}


async def test_retrieval_is_recorded_and_resets_the_decay_timer(remember, deps, user_id):
    stored = await remember("The cache TTL is ten minutes for sessions")
    result = await recall(deps, user_id, "cache TTL", 5)
    [item] = result.items
    assert item.memory.access_count == 1 and item.memory.last_accessed_at is not None
    await deps.db.behind.owner_settled(user_id)  # the record is written behind the recall
    records = (
        await deps.db.driver.execute_query(
            "MATCH (r:Retrieval {id: $id})-[x:RETURNED]->(m:Memory) RETURN r.userId AS u, x.rank AS rank, m.id AS m",
            id=result.retrieval_id,
        )
    ).records
    assert [(r["u"], r["rank"], r["m"]) for r in records] == [(user_id, 1, stored.memory.id)]


async def test_a_retrieval_is_weak_evidence_for_the_kalman_utility(remember, deps, user_id):
    """Seed 003 policy 6: retrieval frequency updates the utility estimate. Rank 1 observes 1.0,
    rank 2 0.75, with measurement noise 20 (an outcome's is 0.5): K = P / (P + 20)."""
    from graphmind.memory.utility import Utility, kalman_update, retrieval_observation

    first = await remember("The cache TTL is ten minutes for sessions, set in redis.conf")
    second = await remember("The cache of the image service keeps thumbnails for a week")
    assert deps.settings.utility_retrieval_noise == 0.0  # off by default (docs/learning.md)
    deps = replace(deps, settings=deps.settings.model_copy(update={"utility_retrieval_noise": 20.0}))
    result = await recall(deps, user_id, "cache TTL ten minutes sessions", 2, channels=(Channel.KEYWORD,))
    ranks = {item.memory.id: n for n, item in enumerate(result.items, start=1)}
    assert set(ranks) == {first.memory.id, second.memory.id}
    await deps.db.behind.owner_settled(user_id)  # the record (and its reviews) is written behind the recall

    async def utility(memory_id):
        [record] = (
            await deps.db.driver.execute_query(
                "MATCH (m:Memory {id: $id}) RETURN m.utilityEstimate AS x, m.utilityVariance AS p", id=memory_id
            )
        ).records
        return record["x"], record["p"]

    for memory_id, rank in ranks.items():
        expected = kalman_update(Utility(), retrieval_observation(rank), measurement_noise=20.0)
        assert await utility(memory_id) == pytest.approx((expected.estimate, expected.variance))
    assert kalman_update(Utility(), 1.0, measurement_noise=20.0).estimate == pytest.approx(0.5 + 0.5 / 21)

    quiet = replace(deps, settings=deps.settings.model_copy(update={"utility_retrieval_noise": 0.0}))
    before = await utility(first.memory.id)
    await recall(quiet, user_id, "cache TTL ten minutes sessions", 2, channels=(Channel.KEYWORD,))
    await deps.db.behind.owner_settled(user_id)
    assert await utility(first.memory.id) == pytest.approx(before)  # 0: retrievals do not count


class CountingDatabase:
    """The real database, counting how recall reaches it."""

    def __init__(self, db) -> None:
        self._db, self.calls = db, []

    def __getattr__(self, name):
        attribute = getattr(self._db, name)
        if name in ("read", "write", "write_once", "transaction", "read_transaction"):
            self.calls.append(name)
        return attribute


async def test_recall_reads_in_one_transaction_and_records_behind_it(remember, deps, user_id):
    stored = await remember("The cache TTL is ten minutes for sessions")
    counting = CountingDatabase(deps.db)
    result = await recall(replace(deps, db=counting), user_id, "cache TTL", 5)
    assert counting.calls == ["read_transaction"]  # one round trip on the caller's path, no write
    assert [i.memory.id for i in result.items] == [stored.memory.id]
    await deps.db.behind.owner_settled(user_id)  # the record, written by the process's writer
    [row] = await deps.db.read("memory.get_many", userId=user_id, ids=[stored.memory.id])
    assert row["memory"]["accessCount"] == 1


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"query": "  "}, "query"),
        ({"query": "x" * 2001}, "query"),
        ({"query": "\u200b\u200b"}, "query"),  # QA: it showed nothing yet returned memories
        ({"query": "cache", "flt": RecallFilter(tags=["", "  "])}, "filter.tags[0]"),  # QA: it returned nothing
        ({"query": "cache", "flt": RecallFilter(tags=["ops", "  "])}, "filter.tags[1]"),
        ({"query": "cache", "limit": 0}, "limit"),
        ({"query": "cache", "limit": 101}, "limit"),
        ({"query": "cache", "flt": RecallFilter(temporal_levels=[5])}, "filter.temporalLevels"),
        (
            {
                "query": "cache",
                "flt": RecallFilter(
                    valid_from=datetime(2024, 1, 2, tzinfo=UTC), valid_to=datetime(2024, 1, 1, tzinfo=UTC)
                ),
            },
            "filter.validTo",
        ),
    ],
)
async def test_bad_recall_arguments(deps, user_id, kwargs, field):
    from graphmind.errors import BadUserInput

    with pytest.raises(BadUserInput) as error:
        await recall(deps, user_id, **kwargs)
    assert error.value.field == field


async def test_vector_channel_is_exact_for_a_user_holding_one_percent_of_the_memories(deps, user_id):
    """Two users, the caller with 1% of their memories, the other's all nearer the query:
    the vector channel still ranks exactly the caller's own memories by cosine (the index
    filters by user inside its search; no global over-fetch)."""
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    rng = np.random.default_rng(17)
    query = "which of my notes is closest?"
    direction = rng.normal(size=DIMENSION)
    direction /= np.linalg.norm(direction)

    def around(closeness: float) -> np.ndarray:
        noise = rng.normal(size=DIMENSION)
        noise /= np.linalg.norm(noise)
        return closeness * direction + (1 - closeness) * noise

    mine = {f"private note {i} of the caller": around(rng.uniform(0.05, 0.4)) for i in range(20)}
    theirs = {f"shared note {i} of another tenant": around(rng.uniform(0.5, 0.95)) for i in range(1980)}
    fake = replace(
        deps,
        embedder=TableEmbedder({**mine, **theirs, query: direction}),
        settings=deps.settings.model_copy(update={"recall_vector_k": 10}),
    )
    other = f"{user_id}-other"
    for owner, texts in ((user_id, list(mine)), (other, list(theirs))):
        for start in range(0, len(texts), 500):
            await remember_many(
                fake,
                owner,
                [parse_memory_input({"content": t, "baseSalience": 0.5}) for t in texts[start : start + 500]],
            )

    result = await recall(fake, user_id, query, limit=20, channels=(Channel.VECTOR,), neighbours=False)
    ranked = sorted(
        (item for item in result.items if item.breakdown.vector_rank), key=lambda item: item.breakdown.vector_rank
    )
    cosine = {text: float(vector @ direction / np.linalg.norm(vector)) for text, vector in mine.items()}
    exact = sorted(cosine, key=cosine.get, reverse=True)[:10]
    assert [item.memory.content for item in ranked] == exact
    assert all(item.memory.content in mine for item in result.items)


async def test_every_recall_sends_its_queries_parameters_of_the_same_types(remember, deps, user_id, parameter_types):
    """One cached plan per query (docs/architecture.md, "One cached plan per query and
    parameter types"): a named period, no keyword, no entity, no keyword hit or any set of
    filters changes no parameter's type."""
    await remember("Alice moved the nightly import to Berlin last week", tags=["ops"])
    parameter_types.clear()
    now = datetime.now(UTC)
    for query, flt in (
        ("nightly import", None),  # keyword hits, no entity
        ("what did Alice do last week?", None),  # an entity and a named period
        ("the and of", None),  # no content word at all
        ("zebra quantum", None),  # no keyword hit
        ("nightly import", RecallFilter(as_of=now)),
        ("nightly import", RecallFilter(include_history=True)),
        ("nightly import", RecallFilter(valid_from=now - timedelta(days=30), valid_to=now)),
        ("nightly import", RecallFilter(valid_at=now - timedelta(days=1))),
        ("nightly import", RecallFilter(tags=["ops"], content_types=[ContentType.FACT], temporal_levels=[1])),
    ):
        await recall(deps, user_id, query, 5, flt)
    assert {name: len(types) for name, types in parameter_types.items()} == {
        "memory.lexical_candidates": 1,
        "memory.rank": 1,
        "memory.record_retrieval": 1,
    }


async def test_concurrent_recalls_are_each_recorded_behind_them_with_gap_free_events(remember, deps, user_id):
    from graphmind.learning.event_log import events_after

    memory = (await remember("The staging cluster runs in Frankfurt")).memory
    results = await asyncio.gather(*(recall(deps, user_id, f"where does staging run {i}", 3) for i in range(12)))
    await deps.db.behind.owner_settled(user_id)
    retrieved = await events_after(deps, user_id, 0, ["memory.retrieved"], 100)
    assert sorted(e.payload["retrievalId"] for e in retrieved) == sorted(r.retrieval_id for r in results)
    seqs = [e.seq for e in await events_after(deps, user_id, 0, None, 100)]
    assert seqs == list(range(1, len(seqs) + 1))
    stored = await manage.get_memory(deps, user_id, memory.id)
    assert stored.access_count == 12  # each recall's review written


@pytest.mark.parametrize("min_similarity", [None, 0.999], ids=["with results", "empty"])
async def test_a_record_that_lands_after_its_users_deletion_writes_nothing(
    remember, deps, user_id, other_process_db, hold_writer, min_similarity
):
    """deleteUserData waits for its own process's queued records only: a recall queued in
    another process (a second Database, its writer held) lands after the deletion and
    brings back no User, Retrieval or event of the deleted user. A recall that returned
    nothing has no memories to find: its record sees no User although the recall saw one."""
    from graphmind.security.userdata import delete_user_data

    await remember("Redis is our cache")
    async with hold_writer(other_process_db) as release:
        result = await recall(replace(deps, db=other_process_db), user_id, "cache", 3, min_similarity=min_similarity)
        assert bool(result.items) == (min_similarity is None)
        await delete_user_data(deps, user_id)
        release.set()
        await other_process_db.behind.owner_settled(user_id)
    [left] = await deps.db.read("user.remaining", userId=user_id)
    assert left["count"] == 0


async def test_a_new_users_empty_recall_is_recorded(deps, user_id):
    """A user with nothing stored yet (no User node) recalls nothing: the record is still
    written, with the User it needs for its event."""
    result = await recall(deps, user_id, "which cache do we use", 3)
    assert not result.items
    await deps.db.behind.owner_settled(user_id)
    [found] = await deps.db.read(
        "decisions.influences", userId=user_id, optional={"retrievalId": result.retrieval_id}, memoryIds=[]
    )
    assert found["retrievalFound"]


async def test_a_forgotten_memory_lends_its_timeline_neighbours_no_graph_score(remember, deps, user_id):
    """QA: recall("Frankfurt", channels: [GRAPH]) returned the timeline neighbours of the
    only, forgotten, memory mentioning Frankfurt, each at graph relevance about 1."""
    await remember("The quarterly report is due at the end of the month")
    gone = await remember("The backup server stands in Frankfurt")
    await remember("Lunch on Fridays is pizza for the whole team")
    await manage.forget(deps, user_id, gone.memory.id)
    result = await recall(deps, user_id, "Frankfurt", 10, channels=(Channel.GRAPH,), neighbours=False)
    assert result.items == []
