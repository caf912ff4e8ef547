"""Who may run an operation, checked before its resolver: admin operations as a permission."""

from typing import Any

from strawberry.permission import BasePermission, PermissionExtension

from graphmind.errors import Forbidden

ADMIN_ONLY = "this operation is for admin keys only"


class IsAdmin(BasePermission):
    """Admin keys only; any other caller gets FORBIDDEN and the resolver never runs."""

    message = ADMIN_ONLY

    def has_permission(self, source: Any, info: Any, **kwargs: Any) -> bool:
        return info.context.caller.is_admin

    def on_unauthorized(self) -> None:
        raise Forbidden(ADMIN_ONLY)


def admin_only() -> PermissionExtension:
    """The field extension of an admin operation (no schema directive: the SDL stays as it is)."""
    return PermissionExtension(permissions=[IsAdmin()], use_directives=False)
