"""List arguments that choose ("only these types", "any of these tags"): left out, they
choose everything; an empty list would choose nothing, and is refused rather than read as
everything (or as a default) without a word."""

from collections.abc import Sequence

from graphmind.errors import BadUserInput


def require_some(values: Sequence | None, field: str) -> None:
    """BAD_USER_INPUT naming `field` when `values` is an empty list (None is fine)."""
    if values is not None and not values:
        name = field.rsplit(".", 1)[-1]
        raise BadUserInput(f"{name} must name at least one value, or be left out for all", field=field)


def require_no_blank(values: Sequence[str] | None, field: str) -> None:
    """BAD_USER_INPUT naming `field[i]` when entry i is empty or only spaces: tags are
    stored trimmed and never blank, so such a value would choose nothing."""
    for i, value in enumerate(values or []):
        if not value.strip():
            name = field.rsplit(".", 1)[-1]
            raise BadUserInput(f"{name}[{i}] must not be empty or only spaces", field=f"{field}[{i}]")


def require_storable(values: Sequence[str] | None, field: str, max_length: int) -> None:
    """BAD_USER_INPUT naming `field[i]` when entry i, trimmed, is longer than `max_length`:
    no stored tag is, so such a value would choose nothing."""
    for i, value in enumerate(values or []):
        if len(value.strip()) > max_length:
            name = field.rsplit(".", 1)[-1]
            raise BadUserInput(
                f"{name}[{i}] is longer than a tag can be ({max_length} characters)", field=f"{field}[{i}]"
            )
