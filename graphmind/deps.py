"""What the services need, created once by the app's lifespan (or a CLI command)."""

from dataclasses import dataclass, field

from graphmind.clock import Clock
from graphmind.db.database import Database
from graphmind.embeddings import Embedder
from graphmind.metrics import Metrics
from graphmind.settings import Settings


@dataclass(frozen=True)
class Deps:
    settings: Settings
    db: Database
    embedder: Embedder
    clock: Clock
    metrics: Metrics = field(default_factory=Metrics)
