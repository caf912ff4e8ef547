"""A population of opted-in users with patterns, created directly (no decision loop),
and removed again after the test: the database is shared by the whole session."""

import random
import string
import uuid
from dataclasses import replace

import numpy as np
import pytest

from graphmind.sharing.consent import set_consent


@pytest.fixture
def marker() -> str:
    """A made-up word, letters only, unique to the test: its summaries and shared patterns carry it."""
    return "zq" + "".join(random.choices(string.ascii_lowercase, k=8))


@pytest.fixture
def sharing(timed):
    """The services with test sharing settings (fixed noise seed); `sharing(**overrides)` for more."""

    def configure(**overrides):
        settings = timed.settings.model_copy(update={"sharing_noise_seed": 7, **overrides})
        return replace(timed, settings=settings)

    return configure


@pytest.fixture
async def population(timed, marker):
    """users(n, good=10, ...) creates n users, each with one pattern near the test's direction
    whose member memory influenced `good` decisions of quality 0.9 (and `bad` of -0.4), with
    the summary `summary(i)`; opted in unless `opt_in` is False. Returns their user ids."""
    direction = np.random.default_rng(abs(hash(marker)) % 2**32).normal(0, 1, 384)
    created: list[str] = []
    rng = np.random.default_rng(0)

    async def users(n: int, good: int = 10, bad: int = 0, opt_in: bool = True, summary=None, prefix="u"):
        made = []
        for i in range(n):
            user_id = f"share-{marker}-{prefix}{len(created):03d}"
            text = summary(i) if summary else f"Retry the flaky {marker} deploy with exponential backoff"
            centroid = 3 * (direction + rng.normal(0, 0.03, 384))
            await timed.db.write(
                "testing.create_pattern",
                userId=user_id,
                patternId=str(uuid.uuid4()),
                summary=text,
                centroidSum=centroid.tolist(),
                qualities=[0.9] * good + [-0.4] * bad,
                now=timed.clock.now(),
            )
            if opt_in:
                await set_consent(timed, user_id, True)
            created.append(user_id)
            made.append(user_id)
        return made

    yield users
    for user_id in created:
        while (await timed.db.write("user.delete_batch", userId=user_id, batchSize=10_000))[0]["deleted"]:
            pass
    await timed.db.write("testing.delete_shared_patterns", keyword=marker)
