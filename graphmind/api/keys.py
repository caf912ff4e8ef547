"""GraphQL resolvers of API keys: create, list, revoke (admin keys only)."""

from typing import Annotated, cast

import strawberry
from starlette.requests import HTTPConnection

from graphmind.api.context import Info, arg
from graphmind.api.keys_types import ApiKey, CreatedApiKey, to_api_key
from graphmind.security import keys


@strawberry.input(description="A new API key.")
class CreateApiKeyInput:
    user_id: strawberry.ID = strawberry.field(description="The user its requests act as.")
    role: keys.Role = strawberry.field(default=keys.Role.AGENT, description="AGENT (default) or ADMIN.")
    label: str | None = strawberry.field(default=None, description="What it is for (at most 200 characters).")


@strawberry.input(description="The API key to revoke.")
class RevokeApiKeyInput:
    id: strawberry.ID = strawberry.field(description="Its id or shown prefix.")


def _forget(info: Info) -> None:
    # only /graphql runs this (no MCP tool does): there is a request
    authenticator = getattr(cast(HTTPConnection, info.context.request).state, "authenticator", None)
    if authenticator:
        authenticator.forget()


async def create_api_key(
    info: Info, input: Annotated[CreateApiKeyInput, arg("The user, role and label.")]
) -> CreatedApiKey:
    """Admin-only: creates an API key; its secret is in this response only."""
    record, secret = await keys.create_key(info.context.deps, input.user_id, input.role, input.label)
    _forget(info)
    return CreatedApiKey(key=secret, api_key=to_api_key(record))


async def api_keys(
    info: Info, user_id: Annotated[strawberry.ID | None, arg("Only this user's keys.")] = None
) -> list[ApiKey]:
    """Admin-only: API keys, newest first (records only, never secrets)."""
    return [to_api_key(k) for k in await keys.list_keys(info.context.deps, user_id)]


async def revoke_api_key(info: Info, input: Annotated[RevokeApiKeyInput, arg("The key to revoke.")]) -> ApiKey:
    """Admin-only: revokes an API key at once (kept, marked revoked)."""
    record = await keys.revoke_key(info.context.deps, input.id)
    _forget(info)
    return to_api_key(record)
