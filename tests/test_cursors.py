"""Page cursors: opaque, and the position a page query starts after."""

import base64
import json
from datetime import UTC, datetime

import pytest

from graphmind.cursors import cursor_position, decode_cursor, encode_cursor
from graphmind.errors import BadUserInput


def test_a_cursor_decodes_to_its_position_and_a_first_page_has_none():
    at = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    assert decode_cursor(encode_cursor(at, "m-1")) == (at, "m-1")
    assert cursor_position(encode_cursor(at, "m-1")) == {"createdAt": at, "id": "m-1"}
    assert cursor_position(None) == {"createdAt": None, "id": None}


@pytest.mark.parametrize(
    "cursor",
    [
        "not-a-cursor",
        # QA: a time without an offset paged nothing instead of being refused
        base64.urlsafe_b64encode(json.dumps({"c": "2099-01-01T00:00:00", "i": "x"}).encode()).decode(),
    ],
)
def test_a_cursor_this_service_did_not_issue_is_bad_input(cursor):
    with pytest.raises(BadUserInput) as error:
        cursor_position(cursor)
    assert error.value.field == "after"
