"""Who is calling: the API key of the request decides the user and the role.

`GRAPHMIND_API_KEYS`:
- `auto` (default): keys are required as soon as one active key exists; before that the
  caller is `GRAPHMIND_DEFAULT_USER_ID` with the admin role (a local, single-user server,
  which `graphmind serve` only binds to loopback);
- `required`: every request needs a key;
- `optional`: a key is honoured when sent, otherwise the default user (tests, local dev).

Verified keys are cached for KEY_CACHE_SECONDS and the "any active key?" answer for
MODE_CACHE_SECONDS; revoking through this process clears both at once, a revocation
from another process (the CLI) takes effect within KEY_CACHE_SECONDS.
"""

import time
from dataclasses import dataclass

from graphmind.deps import Deps
from graphmind.errors import Unauthenticated
from graphmind.security import keys

KEY_CACHE_SECONDS = 5.0  # a revocation elsewhere (another process, host or the CLI) holds within 5 s
MODE_CACHE_SECONDS = 5.0
TOUCH_SECONDS = 60.0


@dataclass(frozen=True)
class Caller:
    user_id: str
    role: keys.Role
    key_id: str | None = None  # None: the keyless local caller

    @property
    def is_admin(self) -> bool:
        return self.role is keys.Role.ADMIN


class Authenticator:
    """Resolves the Authorization header to a Caller; owned by the app's lifespan."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self._keys: dict[str, tuple[Caller, float]] = {}
        self._touched: dict[str, float] = {}
        self._keys_exist: tuple[bool, float] | None = None

    def forget(self) -> None:
        """Drops the caches (after a key was created or revoked here)."""
        self._keys.clear()
        self._keys_exist = None

    async def _required(self) -> bool:
        mode = self.deps.settings.api_keys
        if mode != "auto":
            return mode == "required"
        now = time.monotonic()
        if self._keys_exist is None or self._keys_exist[1] < now:
            self._keys_exist = (await keys.active_key_count(self.deps) > 0, now + MODE_CACHE_SECONDS)
        return self._keys_exist[0]

    async def caller(self, authorization: str | None) -> Caller:
        if not authorization:
            if await self._required():
                raise Unauthenticated("an API key is required: send Authorization: Bearer KEY")
            return Caller(self.deps.settings.default_user_id, keys.Role.ADMIN)
        scheme, _, secret = authorization.partition(" ")
        secret = secret.strip()
        if scheme.lower() != "bearer" or not secret:
            raise Unauthenticated("the Authorization header must be: Bearer KEY")
        digest = keys.key_hash(secret)
        now = time.monotonic()
        cached = self._keys.get(digest)
        if cached and cached[1] > now:
            return cached[0]
        key = await keys.find_key(self.deps, secret)
        if key is None:
            raise Unauthenticated("unknown or revoked API key")
        caller = Caller(key.user_id, key.role, key.id)
        self._keys[digest] = (caller, now + KEY_CACHE_SECONDS)
        if self._touched.get(key.id, 0.0) < now:
            self._touched[key.id] = now + TOUCH_SECONDS
            await self.deps.db.write("keys.touch", keyId=key.id, now=self.deps.clock.now())
        return caller
