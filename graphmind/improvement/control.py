"""The worker's runtime state, kept in Neo4j so every process sees it at once.

- the kill switch: engaged by an operator (`setSelfImprovementKillSwitch`); a running
  cycle stops before its next proposal, and no cycle starts until it is released;
- the circuit breaker: `self_improvement_breaker_failures` consecutive rejected or
  failed proposals open it for `self_improvement_breaker_cooldown_minutes`; the next
  cycle after that is a trial: one commit (or accepted dry run) closes it, another
  failure opens it again;
- the sweep cursor: where the next warm sample starts (memories by id);
- the schedule an admin set at run time (`setSelfImprovement`): on or off (unset: the
  GRAPHMIND_SELF_IMPROVEMENT_ENABLED setting) and the users it may work for (unset: everyone).
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from graphmind.db.database import native
from graphmind.deps import Deps


@dataclass
class Control:
    kill_switch: bool = False
    kill_switch_reason: str | None = None
    kill_switch_changed_at: datetime | None = None
    consecutive_failures: int = 0
    breaker_open_until: datetime | None = None
    sweep_after_id: str = ""  # the warm sample's cursor
    enabled: bool | None = None  # set at run time by an admin; None: the setting decides
    users: list[str] | None = None  # the only users it works for; None: everyone
    schedule_reason: str | None = None
    schedule_changed_at: datetime | None = None

    @classmethod
    def from_row(cls, row: dict) -> "Control":
        return cls(
            kill_switch=bool(row.get("killSwitch")),
            kill_switch_reason=row.get("killSwitchReason"),
            kill_switch_changed_at=native(row.get("killSwitchChangedAt")),
            consecutive_failures=row.get("consecutiveFailures") or 0,
            breaker_open_until=native(row.get("breakerOpenUntil")),
            sweep_after_id=row.get("sweepAfterId") or "",
            enabled=row.get("enabled"),
            users=row.get("users"),
            schedule_reason=row.get("scheduleReason"),
            schedule_changed_at=native(row.get("scheduleChangedAt")),
        )

    def effective_enabled(self, setting: bool) -> bool:
        return setting if self.enabled is None else self.enabled

    def breaker_open(self, now: datetime) -> bool:
        return self.breaker_open_until is not None and now < self.breaker_open_until


async def load(deps: Deps) -> Control:
    [row] = await deps.db.write("improvement.control")
    return Control.from_row(row["control"])


async def set_kill_switch(deps: Deps, engaged: bool, reason: str | None) -> Control:
    [row] = await deps.db.write("improvement.set_kill_switch", engaged=engaged, reason=reason, now=deps.clock.now())
    return Control.from_row(row["control"])


async def set_schedule(deps: Deps, enabled: bool | None, users: list[str] | None, reason: str | None) -> Control:
    [row] = await deps.db.write(
        "improvement.set_schedule", enabled=enabled, users=users, reason=reason, now=deps.clock.now()
    )
    return Control.from_row(row["control"])


def after_proposal(failures: int, accepted: bool) -> int:
    """Consecutive failures after one more proposal."""
    return 0 if accepted else failures + 1


async def save_sweep(deps: Deps, after_id: str) -> None:
    await deps.db.write("improvement.set_sweep", afterId=after_id)


async def save_breaker(deps: Deps, failures: int, tripped: bool) -> Control:
    now = deps.clock.now()
    until = now + timedelta(minutes=deps.settings.self_improvement_breaker_cooldown_minutes) if tripped else None
    [row] = await deps.db.write("improvement.set_breaker", consecutiveFailures=failures, openUntil=until, now=now)
    return Control.from_row(row["control"])
