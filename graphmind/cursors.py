"""Opaque page cursors: a position (createdAt, id) in a newest-first list."""

import base64
import binascii
import json
from datetime import datetime

from graphmind.errors import BadUserInput


def encode_cursor(created_at: datetime, item_id: str) -> str:
    raw = json.dumps({"c": created_at.isoformat(), "i": item_id})
    return base64.urlsafe_b64encode(raw.encode()).decode()


def cursor_position(after: str | None) -> dict[str, object]:
    """Where a page starts, as the `$after` map of a page query: `createdAt` and `id`, both
    null for the first page. One map keeps one cached plan for the first page and the
    next ones (db/database.py, `nullable`)."""
    created_at, item_id = decode_cursor(after) if after else (None, None)
    return {"createdAt": created_at, "id": item_id}


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        data = json.loads(base64.urlsafe_b64decode(cursor.encode()))
        created_at = datetime.fromisoformat(data["c"])
        if created_at.tzinfo is None:  # every cursor issued has an offset (QA: a forged one paged nothing)
            raise ValueError("no offset")
        return created_at, str(data["i"])
    except (ValueError, KeyError, TypeError, binascii.Error):
        raise BadUserInput("after is not a cursor this service issued", field="after") from None
