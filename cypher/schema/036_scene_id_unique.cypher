// name: 036_scene_id_unique
// Every Scene (a session's working memory) has a unique id.
// mode: schema
CREATE CONSTRAINT scene_id_unique IF NOT EXISTS
FOR (n:Scene) REQUIRE n.id IS UNIQUE
