"""Domain ids as GraphQL IDs (strawberry.ID is a NewType over str: the same string at run time)."""

import strawberry


def optional_id(value: str | None) -> strawberry.ID | None:
    """`value` as an ID; None stays None."""
    return strawberry.ID(value) if value is not None else None
