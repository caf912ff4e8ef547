"""GraphQL types of API keys (admin-only operations)."""

from datetime import datetime

import strawberry

from graphmind.security import keys

KeyRole = strawberry.enum(keys.Role, name="KeyRole", description="AGENT (its user's data) or ADMIN.")


@strawberry.type(description="An API key's record; the key itself is never stored or shown again.")
class ApiKey:
    id: strawberry.ID = strawberry.field(description="The key's id.")
    user_id: strawberry.ID = strawberry.field(description="The user its requests act as.")
    role: keys.Role = strawberry.field(description="AGENT or ADMIN.")
    label: str | None = strawberry.field(description="What it is for.")
    prefix: str = strawberry.field(description="Its first characters, to tell keys apart.")
    created_at: datetime = strawberry.field(description="When it was created.")
    revoked_at: datetime | None = strawberry.field(description="When it was revoked (null: active).")
    last_used_at: datetime | None = strawberry.field(description="When it was last used (to the minute).")


@strawberry.type(description="A new API key: the secret is shown this once.")
class CreatedApiKey:
    key: str = strawberry.field(description="The secret: send it as Authorization: Bearer KEY. Shown once.")
    api_key: ApiKey = strawberry.field(description="Its record.")


def to_api_key(k: keys.ApiKey) -> ApiKey:
    return ApiKey(
        id=strawberry.ID(k.id),
        user_id=strawberry.ID(k.user_id),
        role=k.role,
        label=k.label,
        prefix=k.prefix,
        created_at=k.created_at,
        revoked_at=k.revoked_at,
        last_used_at=k.last_used_at,
    )
