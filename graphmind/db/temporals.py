"""Neo4j's DATETIME values as Python datetimes, converted directly.

The driver turns every DATETIME it receives into its own `neo4j.time.DateTime`, built in
pure Python (about 33 µs each on this machine: a recall returns about 50, `activate`
describes 20 memories with about 5 each), and every Python datetime parameter goes
through the same types on the way out. GraphMind works in Python datetimes throughout
(`database.native`), so here the conversions go straight between Bolt's (seconds,
nanoseconds, zone) and `datetime`: the same instants, nanoseconds cut to microseconds as
`DateTime.to_native()` cuts them. What these do not cover (a zone Python does not know,
an offset of part of a minute, which the driver refuses) is left to the driver's own
functions, as is every other type. (The driver's own path for a `ZoneInfo` zone crashes
the interpreter in neo4j 6.4.1: its `DateTime.as_timezone` hands its own DateTime to
`ZoneInfo.utcoffset`. Here such a zone never reaches it.)

`install` puts them in the driver's Bolt 5 and 6 hydration (the driver's module
`_codec.hydration.bolt.v2.temporal`, private: the driver's version is pinned and
tests/db/test_temporals.py compares both functions with the driver's own and checks
that a query returns Python datetimes)."""

from datetime import UTC, datetime, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from neo4j._codec.hydration.bolt.v2 import temporal as bolt_temporal
from neo4j._codec.packstream import Structure

UTC_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
LOCAL_EPOCH = datetime(1970, 1, 1)
DRIVER_HYDRATE = bolt_temporal.hydrate_datetime
DRIVER_DEHYDRATE = bolt_temporal.dehydrate_datetime


@lru_cache(maxsize=256)
def _offset(seconds: int) -> timezone:
    return timezone(timedelta(seconds=seconds))


def hydrate_datetime(seconds: int, nanoseconds: int, tz: int | str | None = None):
    """A received DATETIME (UTC seconds and a zone offset or name) or LOCAL DATETIME
    (local seconds, no zone) as a `datetime`."""
    try:
        delta = timedelta(seconds=seconds, microseconds=nanoseconds // 1000)
        if tz is None:
            return LOCAL_EPOCH + delta
        zone = _offset(tz) if isinstance(tz, int) else ZoneInfo(tz)
        return (UTC_EPOCH + delta).astimezone(zone)
    except (OverflowError, ValueError, ZoneInfoNotFoundError):
        return DRIVER_HYDRATE(seconds, nanoseconds, tz)


def _split(delta: timedelta) -> tuple[int, int]:
    """Whole seconds (floored) and the nanoseconds after them."""
    return delta.days * 86400 + delta.seconds, delta.microseconds * 1000


def dehydrate_datetime(value):
    """A `datetime` parameter as Bolt's structure, chosen as the driver chooses it: no
    zone ("d", local seconds), a named zone ("i", UTC seconds and the name of a pytz or
    `ZoneInfo` zone), or else its offset ("I", UTC seconds and the offset)."""
    if type(value) is not datetime:
        return DRIVER_DEHYDRATE(value)
    zone = value.tzinfo
    if zone is None:
        return Structure(b"d", *_split(value - LOCAL_EPOCH))
    name = getattr(zone, "zone", None) or getattr(zone, "key", None)
    if isinstance(name, str):
        return Structure(b"i", *_split(value - UTC_EPOCH), name)
    offset = zone.utcoffset(value)
    if offset is None or offset.microseconds or offset.seconds % 60:
        return DRIVER_DEHYDRATE(value)  # no offset, or part of a minute: the driver's own error
    return Structure(b"I", *_split(value - UTC_EPOCH), _split(offset)[0])


def install() -> None:
    """Makes the driver's connections opened from now on convert DATETIMEs here."""
    bolt_temporal.hydrate_datetime = hydrate_datetime
    bolt_temporal.dehydrate_datetime = dehydrate_datetime
