// name: 066_scene_user_id_index
// Range index on Scene.userId: a user's data export and deletion find the user's nodes label by label (cypher/user/owned_nodes.cypher), not by scanning every node; the (userId, sessionId, status) index serves only queries that name a session.
// mode: schema
CREATE RANGE INDEX scene_user_id IF NOT EXISTS
FOR (n:Scene) ON (n.userId)
