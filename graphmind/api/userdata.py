"""GraphQL resolvers of the privacy operations: export and delete a user's data."""

import asyncio
import logging
import time
from typing import Annotated, cast

import strawberry
from starlette.requests import HTTPConnection
from strawberry.scalars import JSON

from graphmind.api.context import Info, arg
from graphmind.api.in_flight import DRAIN_LIMIT_SECONDS, InFlight
from graphmind.api.permissions import ADMIN_ONLY
from graphmind.errors import BadUserInput, Forbidden
from graphmind.security import userdata
from graphmind.security.auth import KEY_CACHE_SECONDS, Caller
from graphmind.security.keys import check_user_id

log = logging.getLogger("graphmind")


@strawberry.type(description="A user's data, deleted and verified.")
class DeleteUserDataResult:
    user_id: strawberry.ID = strawberry.field(description="Whose data it was.")
    deleted_nodes: int = strawberry.field(description="Nodes deleted, with their relationships.")
    remaining_nodes: int = strawberry.field(description="Nodes of the user left afterwards: 0.")


@strawberry.input(description="Delete a user's data.")
class DeleteUserDataInput:
    confirm: bool = strawberry.field(description="Must be true: the deletion cannot be undone.")
    user_id: strawberry.ID | None = strawberry.field(
        default=None, description="Admin-only: another user (default: the caller)."
    )


def target_user(caller: Caller, user_id: str | None, field: str) -> str:
    """Whose data an operation acts on: the caller's, or (admins only) `user_id`'s."""
    if user_id is None or user_id == caller.user_id:
        return caller.user_id
    if not caller.is_admin:  # acting on another user's data
        raise Forbidden(ADMIN_ONLY)
    return check_user_id(user_id, field)


def _target(info: Info, user_id: str | None, field: str) -> str:
    return target_user(info.context.caller, user_id, field)


async def export_user_data(
    info: Info, user_id: Annotated[strawberry.ID | None, arg("Admin-only: another user (default: the caller).")] = None
) -> JSON:
    """Everything of the caller (or, for admins, of userId) as JSON: nodes and relationships; embeddings,
    keyword postings (derived from each memory's text) and key hashes left out. One response: GET /export
    streams the same records as NDJSON, for a user too large for one."""
    return JSON(await userdata.export_user_data(info.context.deps, _target(info, user_id, "userId")))


async def delete_user_data(
    info: Info, input: Annotated[DeleteUserDataInput, arg("Confirm, and whose data (admins).")]
) -> DeleteUserDataResult:
    """Deletes everything of the caller (or, for admins, of userId), API keys included,
    and verifies that nothing is left. Their keys go first; the requests of theirs already
    running finish before the rest is deleted."""
    if not input.confirm:
        raise BadUserInput("set confirm: true to delete the data; it cannot be undone", field="input.confirm")
    target = _target(info, input.user_id, "input.userId")
    deps = info.context.deps
    # only /graphql runs this (no MCP tool does): there is a request
    state = cast(HTTPConnection, info.context.request).state
    in_flight: InFlight = state.in_flight
    with in_flight.blocked(target, by_themselves=target == info.context.user_id):  # admits none of theirs
        keys_deleted = await userdata.delete_keys(deps, target)
        keys_gone_at = time.monotonic()
        state.authenticator.forget()
        # the requests of theirs admitted before (this one, when it is theirs) finish first
        if not await in_flight.drained(target):
            log.warning("deleting %s while requests of theirs still run after %.0f s", target, DRAIN_LIMIT_SECONDS)
        if keys_deleted:  # every other process has dropped the keys by then, and admits none
            await asyncio.sleep(max(0.0, keys_gone_at + KEY_CACHE_SECONDS - time.monotonic()))
        deleted, remaining = await userdata.delete_user_data(deps, target)
    return DeleteUserDataResult(
        user_id=strawberry.ID(target), deleted_nodes=deleted + keys_deleted, remaining_nodes=remaining
    )
