"""API keys: create, list, revoke."""

import asyncio

import click

from graphmind.cli.database import with_deps
from graphmind.cli.root import cli, user_option
from graphmind.errors import GraphMindError


@cli.group(short_help="API keys: create, list, revoke.")
def keys() -> None:
    """API keys: each request's key decides its user (docs/security.md)."""


@keys.command("create")
@user_option("The user the key's requests act as.", "user_id", required=True)
@click.option("--role", type=click.Choice(["agent", "admin"]), default="agent", show_default=True)
@click.option("--label", help="What the key is for.")
def keys_create(user_id: str, role: str, label: str | None) -> None:
    """Create a key; it is printed once and stored only as a hash."""
    from graphmind.security import keys as api_keys

    record, secret = _keys_call(lambda deps: api_keys.create_key(deps, user_id, api_keys.Role(role), label))
    click.echo(
        f"{secret}\n(key {record.id}, user {record.user_id}, role {record.role.value}; shown once: store it now)"
    )


@keys.command("list")
@user_option("Only this user's keys.", "user_id")
def keys_list(user_id: str | None) -> None:
    """List keys (prefix, user, role, state), never secrets; says so when there are none."""
    from graphmind.security import keys as api_keys

    found = _keys_call(lambda deps: api_keys.list_keys(deps, user_id))
    if not found:
        click.echo(f"no API keys for user {user_id}" if user_id else "no API keys yet (graphmind keys create)")
    for k in found:
        state = f"revoked {k.revoked_at:%Y-%m-%d %H:%M}" if k.revoked_at else "active"
        click.echo(f"{k.id}  {k.prefix}…  {k.user_id}  {k.role.value}  {state}  {k.label or ''}".rstrip())


@keys.command("revoke")
@click.argument("key")
def keys_revoke(key: str) -> None:
    """Revoke a key by id or shown prefix (servers honour it within 5 s)."""
    from graphmind.security import keys as api_keys

    record = _keys_call(lambda deps: api_keys.revoke_key(deps, key))
    click.echo(f"revoked {record.id} ({record.prefix}…, user {record.user_id})")


def _keys_call(work):
    try:
        return asyncio.run(with_deps(work))
    except GraphMindError as e:
        raise click.ClickException(e.message) from None
