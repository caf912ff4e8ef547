// name: 037_scene_user_session_index
// Composite range index on Scene (userId, sessionId, status): remember finds a session's open scene.
// mode: schema
CREATE RANGE INDEX scene_user_session IF NOT EXISTS
FOR (s:Scene) ON (s.userId, s.sessionId, s.status)
