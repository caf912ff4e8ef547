"""GraphQL resolvers of the privacy operations: export and delete a user's data."""

from typing import Annotated, cast

import strawberry
from starlette.requests import HTTPConnection
from strawberry.scalars import JSON

from graphmind.api.context import Info, arg
from graphmind.api.permissions import ADMIN_ONLY
from graphmind.errors import BadUserInput, Forbidden
from graphmind.security import userdata
from graphmind.security.auth import Caller
from graphmind.security.keys import check_user_id


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
    and verifies that nothing is left."""
    if not input.confirm:
        raise BadUserInput("set confirm: true to delete the data; it cannot be undone", field="input.confirm")
    target = _target(info, input.user_id, "input.userId")
    deleted, remaining = await userdata.delete_user_data(info.context.deps, target)
    # only /graphql runs this (no MCP tool does): there is a request
    authenticator = getattr(cast(HTTPConnection, info.context.request).state, "authenticator", None)
    if authenticator:
        authenticator.forget()
    return DeleteUserDataResult(user_id=strawberry.ID(target), deleted_nodes=deleted, remaining_nodes=remaining)
