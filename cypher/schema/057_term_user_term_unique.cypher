// name: 057_term_user_term_unique
// A keyword term is unique per user; (:Memory)-[:HAS_TERM {count}]->(:Term) are the user's own postings, so a term's document frequency is the Term's degree (graphmind/core/terms.py).
// mode: schema
CREATE CONSTRAINT term_user_term_unique IF NOT EXISTS
FOR (t:Term) REQUIRE (t.userId, t.term) IS UNIQUE
