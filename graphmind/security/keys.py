"""API keys: random, shown once, stored as SHA-256 hashes in Neo4j; each names a user and a role.

A key is `gm_` + 43 URL-safe characters (256 random bits). Only its hash and a short
prefix (`gm_` + 8 characters, to tell keys apart in lists) are stored, so a stolen
database holds no usable key; the hash of a 256-bit random key needs no salt or
slow KDF (nothing to brute-force).
"""

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from graphmind.core.visible import CONTROL
from graphmind.db.database import native
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, NotFound

PREFIX = "gm_"
SHOWN_PREFIX = len(PREFIX) + 8
MAX_USER_ID, MAX_LABEL = 128, 200


class Role(str, Enum):
    AGENT = "agent"  # its own user's memories only
    ADMIN = "admin"  # also keys, jobs, the worker's switches, other users' data export and deletion


@dataclass
class ApiKey:
    id: str
    user_id: str
    role: Role
    label: str | None
    prefix: str
    created_at: datetime
    revoked_at: datetime | None = None
    last_used_at: datetime | None = None

    @classmethod
    def from_row(cls, row: dict) -> "ApiKey":
        return cls(
            row["id"],
            row["userId"],
            Role(row["role"]),
            row.get("label"),
            row["prefix"],
            native(row["createdAt"]),
            native(row.get("revokedAt")),
            native(row.get("lastUsedAt")),
        )

    @property
    def active(self) -> bool:
        return self.revoked_at is None


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def check_user_id(user_id: str, field: str = "input.userId") -> str:
    user_id = (user_id or "").strip()
    if not 1 <= len(user_id) <= MAX_USER_ID or any(c.isspace() or not c.isprintable() for c in user_id):
        raise BadUserInput(f"a user id is 1-{MAX_USER_ID} printable characters without spaces", field=field)
    return user_id


async def create_key(deps: Deps, user_id: str, role: Role = Role.AGENT, label: str | None = None) -> tuple[ApiKey, str]:
    """A new key for `user_id`: (its record, the secret, shown this once)."""
    user_id = check_user_id(user_id)
    if label and len(label) > MAX_LABEL:
        raise BadUserInput(f"label must be at most {MAX_LABEL} characters", field="input.label")
    if label and CONTROL.search(label):  # the CLI too, as the API's body check (QA: a bell character)
        raise BadUserInput("label must not contain control characters", field="input.label")
    secret = PREFIX + secrets.token_urlsafe(32)
    [row] = await deps.db.write(
        "keys.create",
        key={
            "id": str(uuid.uuid4()),
            "userId": user_id,
            "role": role.value,
            "label": label,
            "prefix": secret[:SHOWN_PREFIX],
            "hash": key_hash(secret),
        },
        now=deps.clock.now(),
    )
    return ApiKey.from_row(row["key"]), secret


async def list_keys(deps: Deps, user_id: str | None = None) -> list[ApiKey]:
    return [ApiKey.from_row(r["key"]) for r in await deps.db.read("keys.list", userId=user_id)]


async def revoke_key(deps: Deps, id_or_prefix: str) -> ApiKey:
    # `keys list` shows a prefix as "gm_GpEIy2h2…": pasted with its ellipsis, it still names the key (QA)
    ref = id_or_prefix.strip().removesuffix("…").removesuffix("...")
    rows = await deps.db.write("keys.revoke", ref=ref, now=deps.clock.now())
    if not rows:
        raise NotFound(f"no API key {id_or_prefix}")
    if len(rows) > 1:
        raise BadUserInput(f"{id_or_prefix} matches {len(rows)} keys; give the id", field="input.id")
    return ApiKey.from_row(rows[0]["key"])


async def find_key(deps: Deps, secret: str) -> ApiKey | None:
    rows = await deps.db.read("keys.by_hash", hash=key_hash(secret))
    return ApiKey.from_row(rows[0]["key"]) if rows else None


@dataclass(frozen=True)
class ActiveKeys:
    """The ids of the active keys, and whether any key was ever issued (revoked, deleted or not)."""

    ids: frozenset[str]
    issued: bool


async def active_key_ids(deps: Deps) -> ActiveKeys:
    [row] = await deps.db.read("keys.active_ids")
    return ActiveKeys(frozenset(row["ids"]), row["issued"])


async def active_key_count(deps: Deps) -> int:
    [row] = await deps.db.read("keys.active_count")
    return row["count"]
