"""Values written one way (graphmind/lifecycle/values.py)."""

import pytest

from graphmind.lifecycle.values import canonical, same_text


@pytest.mark.parametrize(
    ("written", "one_way"),
    [
        ("at 2pm UTC", "at 14:00 UTC"),
        ("at 2 p.m. UTC", "at 14:00 UTC"),
        ("at 2:30 PM", "at 14:30"),
        ("at 12am", "at 00:00"),
        ("at 12pm", "at 12:00"),
        ("at 9:30", "at 09:30"),
        ("at 14:00h", "at 14:00"),
        ("10,000 rows", "10000 rows"),
        ("ten minutes", "10 minutes"),
        ("on Jan 5", "on January 5"),
        ("API v2", "API 2"),
        ("4GB of RAM", "4 GB of RAM"),
    ],
)
def test_values_are_written_one_way(written, one_way):
    assert canonical(written) == canonical(one_way)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("We use PostgreSQL 15 (not MySQL) for OLTP.", "we use postgresql 15 - not mysql - for oltp"),
        ("WE USE POSTGRESQL 15 WITH PGBOUNCER", "We use PostgreSQL 15 with PgBouncer."),
        ("The nightly backup runs at 14:00 UTC", "The nightly backup runs at 2pm UTC"),
        ("Version 3.10 ships today!", "version 3.10 ships today"),
    ],
)
def test_case_punctuation_and_value_format_do_not_count(first, second):
    assert same_text(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("The nightly backup runs at 14:00 UTC", "The nightly backup runs at 3pm UTC"),
        ("Version 3.10 ships today", "Version 3.1 ships today"),  # a version is no decimal
        ("The call is at 9:30", "The call is at 9:30 pm"),
        ("We use PostgreSQL 15", "We use PostgreSQL 15 and Redis"),
    ],
)
def test_anything_else_counts(first, second):
    assert not same_text(first, second)
