"""Which provenance a caller may claim: trust follows the source, so the source follows the role.

An agent key may store what a user told it (`user`), what a model produced (`model`) or
what it read (`web`). `axiom` (trust 1.0) outranks a user's own correction in conflict
resolution, so only an admin key may claim it.
"""

from graphmind.core.enums import Source
from graphmind.errors import Forbidden
from graphmind.security.keys import Role

ADMIN_ONLY = frozenset({Source.AXIOM})


def check_claim(role: Role, source: Source, field: str) -> None:
    """FORBIDDEN when `role` may not claim `source` (nothing is written)."""
    if source in ADMIN_ONLY and role is not Role.ADMIN:
        raise Forbidden(f"source {source.name} needs an admin key", field=field)
