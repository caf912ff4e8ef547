"""Ids that say when they were issued (UUIDv7)."""

import time
import uuid
from types import SimpleNamespace

from graphmind.core import ids
from graphmind.core.ids import issued_within, timed_id


def test_a_timed_id_is_a_uuid7_that_was_issued_just_now():
    issued = timed_id()
    assert uuid.UUID(issued).version == 7 and str(uuid.UUID(issued)) == issued
    assert issued_within(issued, 5)


def test_an_id_is_recent_only_within_the_window_either_side_of_this_clock(monkeypatch):
    issued = timed_id()
    now = time.time()
    monkeypatch.setattr(ids, "time", SimpleNamespace(time=lambda: now + 61))  # this module's clock only
    assert issued_within(issued, 62) and not issued_within(issued, 60)
    monkeypatch.setattr(ids, "time", SimpleNamespace(time=lambda: now - 61))  # a host whose clock runs ahead
    assert issued_within(issued, 62) and not issued_within(issued, 60)


def test_other_ids_are_never_recent():
    issued = timed_id()
    for other in (str(uuid.uuid4()), "no-such-retrieval", "", "x" * 10_000, None, 7):
        assert not issued_within(other, 1e12)  # type: ignore[arg-type]
    for another_form in (issued.upper(), issued.replace("-", ""), f"{{{issued}}}", f"urn:uuid:{issued}", f" {issued}"):
        assert not issued_within(another_form, 1e12)  # never stored so: it cannot be found either
