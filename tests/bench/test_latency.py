"""The latency bench: its memories past the dev file's turns (their sentences), and one
round of recall → decide → observeOutcome."""

from datetime import UTC, datetime

from graphmind.bench.common import delete_user
from graphmind.bench.latency import raw_batches, run_round, sentences
from graphmind.core.enums import ContentType
from graphmind.learning.traces import DecisionFilter, list_decisions
from graphmind.memory.model import MemoryInput
from graphmind.memory.store import remember_many

AT = datetime(2023, 5, 1, 9, 0, tzinfo=UTC)


def turn(content: str) -> MemoryInput:
    return MemoryInput(content=content, content_type=ContentType.EVENT, valid_from=AT)


def test_each_long_sentence_of_a_turn_with_two_or_more_becomes_a_memory_once():
    turns = [
        turn("user: I moved to Lisbon in March with my two cats. The flat near the river has a small balcony."),
        turn("assistant: That sounds lovely. Enjoy it!"),  # short sentences only
        turn("user: I moved to Lisbon in March with my two cats. My sister visits from Porto every other weekend."),
    ]
    found = sentences(turns, 10)
    assert [m.content for m in found] == [
        "user: I moved to Lisbon in March with my two cats.",
        "user: The flat near the river has a small balcony.",
        "user: My sister visits from Porto every other weekend.",
    ]
    assert [m.valid_from for m in found] == [AT.replace(second=1), AT.replace(second=2), AT.replace(second=2)]
    assert all(m.content_type == ContentType.EVENT for m in found)


def test_no_more_than_wanted():
    many = turn("user: " + " ".join(f"This is sentence number {i} of a rather long turn." for i in range(10)))
    assert len(sentences([many], 4)) == 4


def test_the_raw_rate_is_measured_on_every_batch_up_to_the_sample_then_on_batches_spread_evenly():
    texts = [f"text {i}" for i in range(1000)]
    assert raw_batches(texts, 10, sample=1000) == [texts[i : i + 10] for i in range(0, 1000, 10)]
    sampled = raw_batches(texts, 10, sample=300)
    assert len(sampled) == 30 and all(len(b) == 10 for b in sampled)
    assert sampled[0][0] == "text 0" and sampled[-1][0] == "text 960"  # from the first to the last part
    assert len({b[0] for b in sampled}) == 30
    assert raw_batches([f"text {i}" for i in range(4000)], 250, sample=1000)[1][0] == "text 1000"  # every 4th
    assert raw_batches([], 10) == []


async def test_a_round_recalls_decides_and_reports_an_outcome_timed_only_when_asked(deps, user_id):
    try:
        timed: dict[str, list[float]] = {"recall": [], "decide": [], "observeOutcome": []}
        await run_round(deps, user_id, 1, "Where did I move in March?", timed)  # nothing stored: recall only
        assert [len(ms) for ms in timed.values()] == [1, 0, 0]
        await remember_many(deps, user_id, [turn("user: I moved to Lisbon in March with my two cats.")])
        await run_round(deps, user_id, 0, "Where did I move in March?")  # the warm-up's: untimed
        assert [len(ms) for ms in timed.values()] == [1, 0, 0]
        await run_round(deps, user_id, 2, "Where did I move in March?", timed)
        assert [len(ms) for ms in timed.values()] == [2, 1, 1] and all(ms > 0 for v in timed.values() for ms in v)
        page = await list_decisions(deps, user_id, DecisionFilter(has_outcome=True), 10, None)
        # the untimed round's too; every third round's outcome is bad
        assert sorted(d.outcome.quality for d in page.decisions if d.outcome) == [-0.5, 0.8]
    finally:
        await delete_user(deps, user_id)
