"""DATETIMEs converted straight to and from Python datetimes: the driver's own results."""

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

import pytest

from graphmind.db import temporals

RECEIVED = [
    (1_764_158_400, 0, 0),  # 2025-11-26 12:00 UTC
    (1_764_158_400, 123_456_789, 0),  # cut to 123456 µs
    (1_764_158_400, 999_999_999, 0),
    (1_764_158_400, 0, 19_800),  # +05:30
    (1_764_158_400, 7_000, -28_800),  # -08:00
    (-1_000_000_000, 5_000, 0),  # 1938
    (1_764_158_400, 0, "Europe/Berlin"),
    (1_690_000_000, 0, "America/New_York"),  # summer time
    (1_764_158_400, 42_000, None),  # LOCAL DATETIME
    (-86_401, 0, None),
]


@pytest.mark.parametrize(("seconds", "nanoseconds", "zone"), RECEIVED)
def test_a_received_datetime_is_what_the_driver_makes_of_it_in_python(seconds, nanoseconds, zone):
    ours = temporals.hydrate_datetime(seconds, nanoseconds, zone)
    theirs = temporals.DRIVER_HYDRATE(seconds, nanoseconds, zone).to_native()
    assert type(ours) is datetime
    assert ours.replace(tzinfo=None) == theirs.replace(tzinfo=None)  # the same wall clock
    assert ours.utcoffset() == theirs.utcoffset()  # in the same zone: the same instant
    if isinstance(zone, str):
        assert ours.tzinfo == ZoneInfo(zone)


SENT = [
    datetime(2026, 11, 26, 12, 0, 0, 123_456, tzinfo=UTC),
    datetime(2026, 11, 26, 12, 0, tzinfo=timezone(timedelta(hours=5, minutes=30))),
    datetime(1938, 4, 24, 22, 13, 20, 5, tzinfo=timezone(timedelta(hours=-8))),
    datetime(2026, 11, 26, 12, 0, 0, 42),
    datetime(1969, 12, 31, 23, 59, 59, 999_999),
]


@pytest.mark.parametrize("value", SENT)
def test_a_sent_datetime_is_the_structure_the_driver_sends(value):
    ours, theirs = temporals.dehydrate_datetime(value), temporals.DRIVER_DEHYDRATE(value)
    assert (ours.tag, list(ours.fields)) == (theirs.tag, list(theirs.fields))


class Plus90Minutes(tzinfo):
    def utcoffset(self, moment):
        return timedelta(minutes=90)


def test_a_datetime_in_a_pytz_zone_or_another_tzinfo_is_sent_as_the_driver_sends_it():
    import pytz

    for value in (
        pytz.timezone("America/New_York").localize(datetime(2026, 1, 15, 8, 0, 0, 250)),
        datetime(2026, 1, 15, 8, 0, tzinfo=Plus90Minutes()),
    ):
        ours, theirs = temporals.dehydrate_datetime(value), temporals.DRIVER_DEHYDRATE(value)
        assert (ours.tag, list(ours.fields)) == (theirs.tag, list(theirs.fields))


def test_a_datetime_in_a_named_zone_is_sent_as_the_driver_sends_that_zone():
    """Compared with the same zone from pytz: the driver's own path for a `ZoneInfo` zone
    crashes the interpreter (neo4j 6.4.1: `DateTime.as_timezone` hands its own DateTime to
    `ZoneInfo.utcoffset`; a segmentation fault), which this module's path never takes."""
    import pytz

    ours = temporals.dehydrate_datetime(datetime(2026, 7, 1, 9, 30, tzinfo=ZoneInfo("Europe/Berlin")))
    theirs = temporals.DRIVER_DEHYDRATE(pytz.timezone("Europe/Berlin").localize(datetime(2026, 7, 1, 9, 30)))
    assert (
        (ours.tag, list(ours.fields))
        == (theirs.tag, list(theirs.fields))
        == (b"i", [1_782_891_000, 0, "Europe/Berlin"])
    )


@pytest.mark.parametrize("offset", [timedelta(seconds=30), timedelta(seconds=1, microseconds=5)])
def test_an_offset_of_part_of_a_minute_is_refused_as_the_driver_refuses_it(offset):
    value = datetime(2026, 1, 1, tzinfo=timezone(offset))
    with pytest.raises(ValueError) as theirs:
        temporals.DRIVER_DEHYDRATE(value)
    with pytest.raises(ValueError) as ours:
        temporals.dehydrate_datetime(value)
    assert str(ours.value) == str(theirs.value)


async def test_a_query_returns_python_datetimes_and_takes_them_back(db):
    sent = datetime(2026, 11, 26, 12, 0, 0, 123_456, tzinfo=timezone(timedelta(hours=2)))
    records, _, _ = await db.driver.execute_query(
        "RETURN $sent AS back, datetime('2026-11-26T10:00:00.123456Z') AS made, toString($sent) AS written, "
        "$sent = datetime('2026-11-26T12:00:00.123456+02:00') AS same",
        {"sent": sent},
        database_=db.name,
    )
    [record] = records
    assert type(record["back"]) is datetime and record["back"] == sent
    assert record["back"].utcoffset() == timedelta(hours=2)
    assert type(record["made"]) is datetime and record["made"] == sent
    assert record["written"] == "2026-11-26T12:00:00.123456+02:00"
    assert record["same"] is True
