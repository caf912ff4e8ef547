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


async def test_bad_user_ids(deps):
    for bad in ("", "has space", "x" * 129):
        with pytest.raises(BadUserInput):
            await keys.create_key(deps, bad)


async def test_a_label_with_a_control_character_is_refused(deps):
    """QA: the CLI stored a bell character the API would refuse."""
    with pytest.raises(BadUserInput) as error:
        await keys.create_key(deps, "key-owner-2", keys.Role.AGENT, "bad\x07bell")
    assert error.value.field == "input.label"
