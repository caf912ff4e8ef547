"""The calendar period a recall query names."""

import pytest

from graphmind.memory.periods import Period, named_period


@pytest.mark.parametrize(
    ("query", "period"),
    [
        ("What painting did Melanie show on October 13, 2023?", Period(2023, 10, 13)),
        ("What happened on 7 May 2023?", Period(2023, 5, 7)),
        ("What happened on the 7th of May, 2023?", Period(2023, 5, 7)),
        ("What setback did she face in October 2023?", Period(2023, 10)),
        ("When did Melanie go camping in June?", Period(month=6)),
        ("How many times has she gone to the beach in 2023?", Period(2023)),
        ("Which talk was on March 45, 2023?", Period(2023, 3)),
    ],
)
def test_a_named_period_is_read_most_precise_first(query, period):
    assert named_period(query) == period


@pytest.mark.parametrize(
    "query",
    [
        "May I ask what she painted?",
        "what happened in may",  # a month name is capitalised
        "What did she paint last week?",  # relative: not read
        "Which 2023 model did he buy?",  # a bare number is not a year
        "Where does Caroline live?",
    ],
)
def test_no_period_where_none_is_named(query):
    assert named_period(query) is None


def test_the_period_as_a_query_parameter():
    assert Period(month=6).as_param() == {"year": None, "month": 6, "day": None}
