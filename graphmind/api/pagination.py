"""What every cursor-paginated connection shares (API.md: `pageInfo { hasNextPage endCursor }`)."""

import strawberry


@strawberry.type(description="Where a page ends.")
class PageInfo:
    has_next_page: bool = strawberry.field(description="Whether more items follow.")
    end_cursor: str | None = strawberry.field(description="Cursor of the last edge, for `after`.")
