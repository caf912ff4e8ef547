"""Client request ids: a retried write returns its first result and writes nothing new.

`remember`, `rememberMany`, `decide` and `observeOutcome` accept a `requestId` (1-128
printable characters, chosen by the client, unique per user). The first call stores
`(:IdempotentRequest {key: userId + requestId, operation, response})` in the same
transaction as its write, so a request is either fully done and recorded or not at
all. The check is optimistic: a call does not look the id up first (a read transaction
more on every write), it runs, and a retry fails at the latest when it records the same
key (a uniqueness constraint), or earlier where its work refuses a repeat (a second
outcome of one decision); its transaction rolls back and it returns the recorded
response. So a retry costs the work once more (for remember: embedding its texts) and
writes nothing. The same id used for a different operation, or for the same operation
with other input (its `fingerprint`: a hash of the parsed input), is CONFLICT: a client
that reuses an id for new content is told so, not handed the first response while its
content is dropped. Two concurrent
first calls race on the key the same way. Records older than RETENTION_DAYS are
deleted by the prune job.
"""

import hashlib
import json
from datetime import UTC, date, datetime
from enum import Enum

from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict, GraphMindError

MAX_REQUEST_ID = 128
RETENTION_DAYS = 7


def check(request_id: str | None, field: str) -> str | None:
    if request_id is None:
        return None
    if not 1 <= len(request_id) <= MAX_REQUEST_ID or not request_id.isprintable():
        raise BadUserInput(f"requestId must be 1-{MAX_REQUEST_ID} printable characters", field=field)
    return request_id


def _key(user_id: str, request_id: str) -> str:
    return f"{len(user_id)}:{user_id}:{request_id}"


def encode(value) -> object:
    """JSON-ready: datetimes as ISO strings, enums as values, dataclasses as dicts."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.astimezone(UTC).isoformat()  # one instant, one text, whatever its offset
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if hasattr(value, "model_dump"):  # a pydantic model (MemoryInput)
        return encode(value.model_dump())
    if hasattr(value, "__dataclass_fields__"):
        return {k: encode(getattr(value, k)) for k in value.__dataclass_fields__}
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    return value


def fingerprint(request: object) -> str:
    """What a request asked for, as a hash of its parsed input (canonical JSON; a time in
    UTC, so that one instant written with another offset is the same request)."""
    canonical = json.dumps(encode(request), sort_keys=True, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


async def recorded(deps: Deps, user_id: str, request_id: str | None, operation: str, request: object) -> object | None:
    """The recorded response of an earlier call with this id, or None; CONFLICT when that
    call was another operation or asked for something else (records written before
    fingerprints were kept match any input)."""
    if request_id is None:
        return None
    rows = await deps.db.read("idempotency.get", key=_key(user_id, request_id))
    if not rows:
        return None
    if rows[0]["operation"] != operation:
        raise Conflict(f"requestId {request_id} was used for {rows[0]['operation']}, not {operation}")
    if rows[0]["fingerprint"] not in (None, fingerprint(request)):
        raise Conflict(f"requestId {request_id} was used for a {operation} with other input; use a new id")
    return json.loads(rows[0]["response"])


def record(tx, user_id: str, request_id: str | None, operation: str, request: object, response: object, now) -> None:
    """Records the response, and what was asked (`fingerprint`), inside the operation's own
    transaction, sent with its COMMIT."""
    if request_id is not None:
        tx.run_at_commit(
            "idempotency.record",
            key=_key(user_id, request_id),
            userId=user_id,
            requestId=request_id,
            operation=operation,
            fingerprint=fingerprint(request),
            response=json.dumps(encode(response), sort_keys=True),
            now=now,
        )


async def once(deps: Deps, user_id: str, request_id: str | None, operation: str, request: object, run, replay):
    """Runs `run()`; when it fails and this request id was recorded (a retry, or a
    concurrent twin that won the race) for the same `request`, returns `replay(recorded
    response)` instead."""
    try:
        return await run()
    except GraphMindError:
        # a retry (or a concurrent twin) fails at the latest on the recorded key, and its
        # transaction rolls back; the first call's response is then the answer
        previous = await recorded(deps, user_id, request_id, operation, request)
        if previous is None:
            raise
        return await replay(previous)
