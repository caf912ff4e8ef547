"""The self-improvement log as one user may read it: the cycles that decided about their
memories, each counted over their decisions only (another user's counts are not theirs)."""

from graphmind.deps import Deps

OUTCOMES = {
    "committed": "committed",
    "accepted_dry_run": "acceptedDryRun",
    "rejected": "rejected",
    "skipped": "skipped",
}


def _owned(row: dict) -> dict:
    """The row with the cycle's counts recomputed from the user's decisions."""
    decisions = row["decisions"]
    accepted = [
        d["improvementScore"]
        for d in decisions
        if d["outcome"] in ("committed", "accepted_dry_run") and d.get("improvementScore") is not None
    ]
    counts = {name: sum(d["outcome"] == outcome for d in decisions) for outcome, name in OUTCOMES.items()}
    cycle = {
        **row["cycle"],
        **counts,
        "candidates": len(decisions),
        "attempts": sum(d.get("type") is not None for d in decisions),
        "qualityDelta": round(sum(accepted) / len(accepted), 4) if accepted else None,
    }
    return {"cycle": cycle, "decisions": decisions}


async def user_cycles(deps: Deps, user_id: str, last: int) -> list[dict]:
    """The last `last` cycles that decided about `user_id`'s memories, newest first."""
    return [_owned(row) for row in await deps.db.read("improvement.user_cycles", userId=user_id, last=last)]


async def one_cycle(deps: Deps, cycle_id: str, user_id: str) -> dict | None:
    """One cycle with its decisions about `user_id`'s memories, counted over them (None: no such cycle)."""
    rows = await deps.db.read("improvement.cycle", id=cycle_id, userId=user_id)
    return _owned(rows[0]) if rows else None
