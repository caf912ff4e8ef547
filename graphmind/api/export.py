"""`GET /export`: everything of the caller (or, for admins, of `?userId=`) streamed as
NDJSON, one record per line, with one batch of nodes in memory at a time
(`security.userdata.export_records`). It is the export for a user too large for one
`exportUserData` response.

The request is admitted as /graphql and /mcp admit theirs (`api.guard.admit`: the API
key, then the rate limit). A refusal before the first line is a GraphQL error body with
its code and HTTP status (400, 401, 403, 409 while the user's data is being
deleted, 429, 503; 500 for an internal error). An error after lines have gone out
(Neo4j lost during the export) ends the stream with an `{"error": {"code", "message"}}`
line in place of the `end` record. A stream without its `end` record is incomplete.
"""

import json
from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from graphmind.api.errors import masked
from graphmind.api.guard import STATUS, admit, error_body, refusal_headers
from graphmind.api.userdata import target_user
from graphmind.deps import Deps
from graphmind.errors import GraphMindError
from graphmind.security import userdata

MEDIA_TYPE = "application/x-ndjson"
CHUNK_BYTES = 64 * 1024  # lines are sent in chunks of about this size, not one write each
_STATUS = {**STATUS, "BAD_USER_INPUT": 400, "FORBIDDEN": 403}


# line separators JSON leaves raw in a string, which line splitters such as Python's
# str.splitlines() break records at
_SEPARATORS = str.maketrans({"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"})


def _line(record: dict) -> bytes:
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":")).translate(_SEPARATORS)
    return text.encode() + b"\n"


def _coded(error: Exception) -> GraphMindError:
    """The error as the caller sees it: its own code, or INTERNAL masked with an id that is logged."""
    if isinstance(error, GraphMindError) and error.code != "INTERNAL":
        return error
    return masked(error, "in GET /export")


async def _lines(header: dict, records: AsyncIterator[dict]) -> AsyncIterator[bytes]:
    chunk = bytearray(_line(header))
    try:
        async for record in records:
            chunk += _line(record)
            if len(chunk) >= CHUNK_BYTES:
                yield bytes(chunk)
                chunk.clear()
    except Exception as e:  # the status has gone out: the stream ends with the error instead of `end`
        error = _coded(e)
        chunk += _line({"error": {"message": error.message, "code": error.code, **error.extensions}})
    yield bytes(chunk)


async def export_endpoint(request: Request) -> Response:
    try:
        headers = {k.lower(): v for k, v in request.headers.items()}
        caller = await admit(request.scope["state"], headers, request.client.host if request.client else None)
        user_id = target_user(caller, request.query_params.get("userId"), "userId")
        request.scope["state"]["in_flight"].refuse_if_blocked(user_id)  # api/in_flight.py
        deps: Deps = request.state.deps
        await deps.db.behind.owner_settled(user_id)  # the user's recalls recorded behind them first
        records = userdata.export_records(deps, user_id)
        header = await anext(records)  # the ids are read: the store answers before the status goes out
    except Exception as e:
        error = _coded(e)
        return Response(error_body(error), _STATUS.get(error.code, 500), dict(_decoded(refusal_headers(error))))
    return StreamingResponse(
        _lines(header, records),
        media_type=MEDIA_TYPE,
        headers={"content-disposition": 'attachment; filename="graphmind-export.ndjson"'},
    )


def _decoded(headers: list[tuple[bytes, bytes]]) -> list[tuple[str, str]]:
    return [(k.decode("latin-1"), v.decode("latin-1")) for k, v in headers]
