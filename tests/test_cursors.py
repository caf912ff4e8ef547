"""Page cursors: opaque, and the position a page query starts after."""

from datetime import UTC, datetime

import pytest

from graphmind.cursors import cursor_position, decode_cursor, encode_cursor
from graphmind.errors import BadUserInput


def test_a_cursor_decodes_to_its_position_and_a_first_page_has_none():
    at = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    assert decode_cursor(encode_cursor(at, "m-1")) == (at, "m-1")
    assert cursor_position(encode_cursor(at, "m-1")) == {"createdAt": at, "id": "m-1"}
    assert cursor_position(None) == {"createdAt": None, "id": None}


def test_a_cursor_this_service_did_not_issue_is_bad_input():
    with pytest.raises(BadUserInput) as error:
        cursor_position("not-a-cursor")
    assert error.value.field == "after"
