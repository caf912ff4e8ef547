"""Consent to pattern sharing: off by default, stored on the User node, logged."""

from graphmind.learning.event_log import events_after
from graphmind.sharing.consent import get_consent, set_consent


async def test_sharing_is_off_by_default_and_reading_creates_nothing(deps, user_id):
    consent = await get_consent(deps, user_id)
    assert not consent.opted_in and consent.epsilon_spent == 0.0 and consent.updated_at is None
    assert consent.epsilon_remaining == deps.settings.sharing_privacy_budget
    assert await deps.db.read("sharing.consent", userId=user_id) == []


async def test_opting_in_and_out_is_stored_and_logged(deps, user_id):
    opted_in = await set_consent(deps, user_id, True)
    assert opted_in.opted_in and opted_in.updated_at is not None
    assert await get_consent(deps, user_id) == opted_in
    assert not (await set_consent(deps, user_id, False)).opted_in
    logged = await events_after(deps, user_id, 0, ["sharing.changed"], 10)
    assert [e.payload for e in logged] == [{"optedIn": True}, {"optedIn": False}]
