"""GraphQL types of pattern sharing: the caller's consent and budget, the shared patterns."""

from datetime import datetime

import strawberry

from graphmind.api.pagination import PageInfo
from graphmind.sharing.catalog import SharedPattern as DomainSharedPattern
from graphmind.sharing.consent import Consent


@strawberry.type(description="The caller's consent to pattern sharing (off by default) and privacy budget.")
class PatternSharing:
    opted_in: bool = strawberry.field(description="Whether the caller's patterns may be shared.")
    epsilon_spent: float = strawberry.field(description="ε the caller's data was released under.")
    epsilon_budget: float = strawberry.field(description="The most ε a user's data may ever be released under.")
    epsilon_remaining: float = strawberry.field(description="Budget left (under one release's ε: no more).")
    updated_at: datetime | None = strawberry.field(description="When consent last changed (null: never set).")


@strawberry.type(description="A pattern shared across users: noisy numbers, k-anonymous words, no user data ids.")
class SharedPattern:
    id: strawberry.ID = strawberry.field(description="The shared pattern's own id.")
    description: str = strawberry.field(description="Its keywords in their usual order.")
    keywords: list[str] = strawberry.field(description="Words used by at least the minimum number of users.")
    instances: int = strawberry.field(description="Good outcomes behind it, with Laplace noise.")
    users: int = strawberry.field(description="Users behind it, with Laplace noise.")
    mean_quality: float = strawberry.field(description="Its users' mean outcome quality (-1 to 1), with noise.")
    epsilon: float = strawberry.field(description="ε of its latest release.")
    releases: int = strawberry.field(description="How many times it was published.")
    created_at: datetime = strawberry.field(description="When it was first published.")
    published_at: datetime = strawberry.field(description="When its latest release was published.")


@strawberry.type(description="A shared pattern in a page.")
class SharedPatternEdge:
    cursor: str = strawberry.field(description="Opaque cursor of this shared pattern.")
    node: SharedPattern = strawberry.field(description="The shared pattern.")


@strawberry.type(description="A page of shared patterns, first published newest first.")
class SharedPatternConnection:
    edges: list[SharedPatternEdge] = strawberry.field(description="The shared patterns of this page.")
    page_info: PageInfo = strawberry.field(description="Whether more follow.")
    total_count: int = strawberry.field(description="Shared patterns in all.")


def to_sharing(consent: Consent) -> PatternSharing:
    return PatternSharing(
        opted_in=consent.opted_in,
        epsilon_spent=consent.epsilon_spent,
        epsilon_budget=consent.epsilon_budget,
        epsilon_remaining=consent.epsilon_remaining,
        updated_at=consent.updated_at,
    )


def to_shared(p: DomainSharedPattern) -> SharedPattern:
    return SharedPattern(
        id=strawberry.ID(p.id),
        description=p.description,
        keywords=p.keywords,
        instances=p.instances,
        users=p.users,
        mean_quality=p.mean_quality,
        epsilon=p.epsilon,
        releases=p.releases,
        created_at=p.created_at,
        published_at=p.published_at,
    )
