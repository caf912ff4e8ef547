"""The calendar period a recall query names."""

from datetime import UTC, datetime

import pytest

from graphmind.memory.periods import NO_PERIOD, Period, named_period, period_param

NOW = datetime(2026, 11, 26, 10, 30, tzinfo=UTC)  # a Thursday


def days(first: int, last: int) -> Period:
    """November 2026, from day `first` to day `last`, both included."""
    return Period(start=datetime(2026, 11, first, tzinfo=UTC), end=datetime(2026, 11, last + 1, tzinfo=UTC))


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


@pytest.mark.parametrize(
    ("query", "period"),
    [
        ("What did I cook yesterday?", days(25, 25)),
        ("What did I say today?", days(26, 26)),
        ("What did we decide three days ago?", days(22, 24)),  # that day ± 1
        ("I mentioned cooking something a couple of days ago", days(23, 25)),
        ("What happened 2 weeks ago?", days(9, 15)),  # ± 3 days
        ("I received a piece of jewelry last Saturday from whom?", days(21, 21)),
        ("Who called last Thursday?", days(19, 19)),  # today is Thursday: a week ago
        ("What did we ship last week?", days(16, 22)),  # Monday to Sunday
        ("What did we ship this week?", days(23, 26)),
        ("What did I read over the past week?", days(19, 26)),
        ("What did I spend this month?", days(1, 26)),
        (
            "What did I spend last month?",
            Period(start=datetime(2026, 10, 1, tzinfo=UTC), end=datetime(2026, 11, 1, tzinfo=UTC)),
        ),
        ("Where did we travel last year?", Period(2025)),
        ("What happened in May 2023, a week ago?", Period(2023, 5)),  # an absolute date comes first
    ],
)
def test_a_relative_period_is_read_against_now(query, period):
    assert named_period(query, NOW) == period
    relative = "May 2023" not in query
    assert named_period(query) == (None if relative else period)  # without now, relative dates are not read


def test_the_period_as_a_query_parameter():
    assert Period(month=6).as_param() == {
        "named": True,
        "year": None,
        "month": 6,
        "day": None,
        "from": None,
        "to": None,
    }
    assert days(25, 25).as_param()["to"] == datetime(2026, 11, 26, tzinfo=UTC)


def test_no_period_is_still_a_map_that_names_none():
    """Neo4j plans a null and a map apart: rank.cypher always gets a map."""
    assert period_param(None) == NO_PERIOD == {"named": False}
    assert period_param(Period(month=6))["named"] is True
