"""Ids that say when they were issued: UUIDv7 (RFC 9562), whose first 48 bits are the Unix
time in milliseconds, from the `uuid6` package (the standard library has no uuid7 before
Python 3.14).

A retrieval id is one: its record is written behind the recall that issued it, possibly by
another server process, so a decision that cannot find it yet can tell a retrieval issued a
moment ago (to retry) from an old or made-up id (not found) without reading anything.
"""

import time

import uuid6


def timed_id() -> str:
    """A new id that carries this moment (ordered by time, random below the millisecond)."""
    return str(uuid6.uuid7())


def issued_within(id_: str, seconds: float) -> bool:
    """Whether `id_` is a UUIDv7 as `timed_id` writes it (lower case, with hyphens: the only
    form stored) issued less than `seconds` ago by this host's clock, or as far ahead of it
    (another host's clock may run ahead). Anything else: False."""
    if not isinstance(id_, str):
        return False
    try:
        parsed = uuid6.UUID(id_)
    except ValueError:
        return False
    if parsed.version != 7 or str(parsed) != id_:
        return False
    return abs(time.time() * 1000 - parsed.time) <= seconds * 1000
