"""Scene (working) memory, seed 003 policy 2: the memories of a session's current topic.

A session's open scene holds up to `scene_capacity` memories (10). They do not
decay (R = 1) while the topic holds. A new memory whose cosine similarity to the
scene centroid *and* to each of its members is below `scene_topic_threshold` (0.35),
or a full buffer, flushes the scene to long-term memory, where decay begins
(`sceneFlushedAt` restarts the forgetting clock), and opens a new scene with the new
memory. Short texts on one topic are often far from the centroid of the others but
close to one of them ("Lag alerts fire above 10000 messages" after "Kafka consumer lag
is growing"); `graphmind bench scenes` measures the rule on real conversations. The gardener's
scene_flush job also flushes scenes idle for `scene_idle_minutes`.
Cypher: cypher/scene/.
"""

import uuid
from dataclasses import dataclass, field

import numpy as np

TOPIC_SHIFT, CAPACITY, IDLE = "topic_shift", "capacity", "idle"


@dataclass
class OpenScene:
    """A scene as planned: its id, the sum of its members' unit vectors, its size."""

    id: str
    centroid_sum: np.ndarray
    size: int
    new_members: list[str] = field(default_factory=list)
    member_vectors: list[np.ndarray] = field(default_factory=list)

    def similarity(self, vector: np.ndarray) -> float:
        """Cosine to the centroid (the sum points the same way as the mean)."""
        norm = float(np.linalg.norm(self.centroid_sum))
        return float(self.centroid_sum @ vector) / norm if norm else 0.0

    def fits(self, vector: np.ndarray, threshold: float) -> bool:
        """The topic holds: near the centroid or near one of the members."""
        return self.similarity(vector) >= threshold or any(float(m @ vector) >= threshold for m in self.member_vectors)


@dataclass
class ScenePlan:
    flushed: list[tuple[str, str]] = field(default_factory=list)  # (scene id, reason)
    scenes: list[OpenScene] = field(default_factory=list)  # to write, the last one stays open

    @property
    def in_scene(self) -> set[str]:
        """Memories of this plan that end up in the open scene."""
        return set(self.scenes[-1].new_members) if self.scenes else set()


def plan(
    current: OpenScene | None, arrivals: list[tuple[str, np.ndarray]], capacity: int, threshold: float
) -> ScenePlan:
    """Places arriving memories (id, unit vector) in order into the session's scenes."""
    result = ScenePlan()
    scene = current
    if scene is not None:
        result.scenes.append(scene)
    for memory_id, vector in arrivals:
        reason: str | None = None
        if scene is not None and scene.size >= capacity:
            reason = CAPACITY
        elif scene is not None and not scene.fits(vector, threshold):
            reason = TOPIC_SHIFT
        if scene is None or reason:
            if scene is not None:
                assert reason is not None  # an open scene is only replaced for a reason
                result.flushed.append((scene.id, reason))
            scene = OpenScene(str(uuid.uuid4()), np.zeros_like(vector), 0)
            result.scenes.append(scene)
        scene.centroid_sum = scene.centroid_sum + vector
        scene.size += 1
        scene.new_members.append(memory_id)
        scene.member_vectors.append(vector)
    return result
