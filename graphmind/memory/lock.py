"""The per-user write lock: a write that judges, orders or changes the status of a user's memories takes it first."""

from datetime import datetime

from graphmind.core.writes import QueryRunner


async def lock_user(tx: QueryRunner, user_id: str, now: datetime) -> None:
    """Creates the user's node if needed and write-locks it until `tx` ends, so concurrent
    writes of one user (duplicate checks, a trail's save, an import) run one after another."""
    await tx.run("memory.lock_user", userId=user_id, now=now)
