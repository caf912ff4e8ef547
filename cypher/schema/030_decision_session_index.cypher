// name: 030_decision_session_index
// Range index on Decision.sessionId: a session's decisions.
// mode: schema
CREATE RANGE INDEX decision_session IF NOT EXISTS
FOR (d:Decision) ON (d.sessionId)
