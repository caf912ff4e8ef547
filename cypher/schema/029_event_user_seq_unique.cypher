// name: 029_event_user_seq_unique
// An event's sequence number is unique per user (the log is totally ordered per user).
// mode: schema
CREATE CONSTRAINT event_user_seq_unique IF NOT EXISTS
FOR (e:Event) REQUIRE (e.userId, e.seq) IS UNIQUE
