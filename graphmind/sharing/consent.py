"""Each user's consent to pattern sharing (off by default) and their spent ε (docs/sharing.md).

Consent and the spent ε live on the user's `User` node. Opting out excludes the user
from every later release; shared patterns already published keep their noisy numbers.
"""

from dataclasses import dataclass
from datetime import datetime

from graphmind.core import events
from graphmind.db.database import native
from graphmind.deps import Deps
from graphmind.sharing import privacy


@dataclass(frozen=True)
class Consent:
    opted_in: bool
    epsilon_spent: float
    epsilon_budget: float
    updated_at: datetime | None

    @property
    def epsilon_remaining(self) -> float:
        return privacy.remaining(self.epsilon_spent, self.epsilon_budget)

    @classmethod
    def from_row(cls, row: dict | None, budget: float) -> "Consent":
        if row is None:
            return cls(False, 0.0, budget, None)
        return cls(bool(row["optedIn"]), float(row["spent"]), budget, native(row["updatedAt"]))


async def get_consent(deps: Deps, user_id: str) -> Consent:
    """The caller's consent and budget (never opted in: off, nothing spent)."""
    rows = await deps.db.read("sharing.consent", userId=user_id)
    return Consent.from_row(rows[0] if rows else None, deps.settings.sharing_privacy_budget)


async def set_consent(deps: Deps, user_id: str, opt_in: bool) -> Consent:
    """Opts the caller in or out, with a `sharing.changed` event in the same transaction."""
    now = deps.clock.now()

    async def work(tx) -> dict:
        [row] = await tx.run("sharing.set_consent", userId=user_id, optIn=opt_in, now=now)
        await events.append(tx, user_id, now, [events.event("sharing.changed", optedIn=opt_in)])
        return row

    return Consent.from_row(await deps.db.transaction(work), deps.settings.sharing_privacy_budget)
