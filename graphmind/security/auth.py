"""Who is calling: the API key of the request decides the user and the role.

`GRAPHMIND_API_KEYS`:
- `auto` (default): keys are required as soon as a key was issued, and stay required when
  none is left active (revoked, or deleted with its user's data): before the first one the
  caller is `GRAPHMIND_DEFAULT_USER_ID` with the admin role (a local, single-user server,
  which `graphmind serve` only binds to loopback). QA: an agent deleting its own data, the
  only key, made every keyless request an admin;
- `required`: every request needs a key;
- `optional`: a key is honoured when sent, otherwise the default user (tests, local dev).

Verified keys are cached for as long as they stay active. Each server process reads the
ids of the active keys at most once per KEY_CACHE_SECONDS, one read for all its requests
and keys (requests that arrive meanwhile wait for that read), and drops a cached key
that is no longer among them: a revocation or deletion through another process, another
host or the CLI holds within KEY_CACHE_SECONDS; through this process, at once (`forget`).
The same read says whether any key is active (`auto`). A cache of each key for 5 s read
that key again every 5 s per process: with 32 agents, one request in three or four.
"""

import time
from dataclasses import dataclass

from graphmind.core.single_flight import SingleFlight
from graphmind.deps import Deps
from graphmind.errors import Unauthenticated
from graphmind.security import keys

KEY_CACHE_SECONDS = 5.0  # a revocation elsewhere (another process, host or the CLI) holds within 5 s
TOUCH_SECONDS = 60.0


def bearer_secret(authorization: str) -> str | None:
    """The key of an `Authorization: Bearer KEY` header; None when the header is not one."""
    scheme, _, secret = authorization.partition(" ")
    secret = secret.strip()
    return secret if scheme.lower() == "bearer" and secret else None


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
        self._keys: dict[str, Caller] = {}  # verified callers by key hash, while their key is active
        self._touched: dict[str, float] = {}
        self._active: keys.ActiveKeys | None = None  # the active keys, as last read
        self._fresh_until = 0.0
        self._active_read: SingleFlight[None, keys.ActiveKeys] = SingleFlight()
        self._key_reads: SingleFlight[str, Caller] = SingleFlight()  # by key hash

    def forget(self) -> None:
        """Drops the caches (after a key was created or revoked here)."""
        self._keys.clear()
        self._active = None

    async def _active_keys(self) -> keys.ActiveKeys:
        """The ids of the active keys, read at most once per KEY_CACHE_SECONDS; concurrent
        requests share one read."""
        if self._active is not None and time.monotonic() < self._fresh_until:
            return self._active
        return await self._active_read.run(None, self._read_active_keys)

    async def _read_active_keys(self) -> keys.ActiveKeys:
        started = time.monotonic()  # a revocation committed before this read is seen by it
        active = await keys.active_key_ids(self.deps)
        self._keys = {digest: caller for digest, caller in self._keys.items() if caller.key_id in active.ids}
        self._active, self._fresh_until = active, started + KEY_CACHE_SECONDS
        return active

    def _required(self, active: keys.ActiveKeys) -> bool:
        mode = self.deps.settings.api_keys
        return active.issued if mode == "auto" else mode == "required"

    async def _read_key(self, digest: str, secret: str) -> Caller:
        key = await keys.find_key(self.deps, secret)
        if key is None:
            raise Unauthenticated("unknown or revoked API key")
        caller = self._keys[digest] = Caller(key.user_id, key.role, key.id)
        return caller

    async def still_active(self, caller: Caller) -> None:
        """UNAUTHENTICATED when the caller's key was revoked or deleted since its request was
        admitted (at most KEY_CACHE_SECONDS late; at once when through this process): for a
        subscription, whose websocket is admitted once and may stay open for hours. A
        keyless caller passes while keys are not required (`GRAPHMIND_API_KEYS`)."""
        if caller.key_id is None:  # keyless: admitted while no key was required
            if self._required(await self._active_keys()):
                raise Unauthenticated("an API key is required now: send Authorization: Bearer KEY")
            return
        if caller.key_id in (await self._active_keys()).ids:
            return
        # a key created after the ids were last read is verified by its hash, not among them
        if caller.key_id not in (await self._active_read.run(None, self._read_active_keys)).ids:
            raise Unauthenticated("the API key was revoked or deleted")

    def verified(self, authorization: str) -> bool:
        """Whether `authorization` carries a key this process has verified and still holds
        active (a hash, no I/O): what an address over its limit of wrong keys may still use
        (security/auth_failures.py)."""
        secret = bearer_secret(authorization)
        return secret is not None and keys.key_hash(secret) in self._keys

    async def caller(self, authorization: str | None) -> Caller:
        active = await self._active_keys()
        if not authorization:
            if self._required(active):
                raise Unauthenticated("an API key is required: send Authorization: Bearer KEY")
            return Caller(self.deps.settings.default_user_id, keys.Role.ADMIN)
        secret = bearer_secret(authorization)
        if secret is None:
            raise Unauthenticated("the Authorization header must be: Bearer KEY")
        digest = keys.key_hash(secret)
        caller = self._keys.get(digest)
        if caller is None:  # concurrent requests with a key not cached yet share one read of it
            caller = await self._key_reads.run(digest, lambda: self._read_key(digest, secret))
        now = time.monotonic()
        if caller.key_id and self._touched.get(caller.key_id, 0.0) < now:
            self._touched[caller.key_id] = now + TOUCH_SECONDS
            await self.deps.db.write("keys.touch", keyId=caller.key_id, now=self.deps.clock.now())
        return caller
