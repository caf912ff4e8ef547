"""The latency bench's memories past the dev file's turns: their sentences."""

from datetime import UTC, datetime

from graphmind.bench.latency import sentences
from graphmind.core.enums import ContentType
from graphmind.memory.model import MemoryInput

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
