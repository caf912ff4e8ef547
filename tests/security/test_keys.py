"""API keys: shown once, stored hashed, listed without secrets, revoked."""

import pytest

from graphmind.errors import BadUserInput, NotFound
from graphmind.security import keys


async def test_keys_are_stored_hashed(deps, db):
    record, secret = await keys.create_key(deps, "key-owner-1", keys.Role.AGENT, "ci")
    assert secret.startswith("gm_") and len(secret) == 46 and record.prefix == secret[:11]
    stored = await db.read("testing.api_key_raw", keyId=record.id)
    assert stored[0]["hash"] == keys.key_hash(secret) and secret not in str(stored)
    assert (await keys.find_key(deps, secret)).user_id == "key-owner-1"
    listed = await keys.list_keys(deps, "key-owner-1")
    assert [k.id for k in listed] == [record.id] and listed[0].active
    revoked = await keys.revoke_key(deps, record.prefix + "…")  # as `keys list` shows it (QA)
    assert revoked.revoked_at is not None and await keys.find_key(deps, secret) is None
    with pytest.raises(NotFound):
        await keys.revoke_key(deps, "gm_nothing")


async def test_a_prefix_two_keys_share_revokes_neither(deps, db):
    """QA: both keys were revoked while the command said it had failed."""
    first, _ = await keys.create_key(deps, "key-owner-3", keys.Role.AGENT, "one")
    second, _ = await keys.create_key(deps, "key-owner-3", keys.Role.AGENT, "two")
    await db.write("testing.share_key_prefix", keyId=second.id, prefix=first.prefix)
    with pytest.raises(BadUserInput, match="matches 2 keys; give the id"):
        await keys.revoke_key(deps, first.prefix)
    assert all(k.active for k in await keys.list_keys(deps, "key-owner-3"))
    assert (await keys.revoke_key(deps, second.id)).revoked_at is not None
    assert [k.active for k in sorted(await keys.list_keys(deps, "key-owner-3"), key=lambda k: k.id != first.id)] == [
        True,
        False,
    ]


async def test_bad_user_ids(deps):
    for bad in ("", "has space", "x" * 129):
        with pytest.raises(BadUserInput):
            await keys.create_key(deps, bad)


async def test_a_label_with_a_control_character_is_refused(deps):
    """QA: the CLI stored a bell character the API would refuse."""
    with pytest.raises(BadUserInput) as error:
        await keys.create_key(deps, "key-owner-2", keys.Role.AGENT, "bad\x07bell")
    assert error.value.field == "input.label"
