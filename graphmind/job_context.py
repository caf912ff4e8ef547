"""What a gardener job gets: the services, whether it is a dry run, its time bound and counts."""

import time
from dataclasses import dataclass, field

from graphmind.deps import Deps

FIRST_ID = ""  # ids sort after the empty string: the cursor before the first batch


@dataclass
class JobContext:
    deps: Deps
    dry_run: bool
    started: float = field(default_factory=time.monotonic)
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def batch_size(self) -> int:
        return self.deps.settings.job_batch_size

    def time_left(self) -> bool:
        """Whether another batch may start (the job's time bound)."""
        return time.monotonic() - self.started < self.deps.settings.job_time_limit_seconds

    def add(self, name: str, n: int = 1) -> None:
        self.counts[name] = self.counts.get(name, 0) + n
