// name: create_shared_pattern
// Tests only: a SharedPattern with the given id, keywords and first-published time.
// mode: write
// params: id, keywords, createdAt
CREATE (s:SharedPattern {id: $id, description: trim(reduce(text = '', k IN $keywords | text + ' ' + k)),
                         keywords: $keywords, instances: 100, users: 10, meanQuality: 0.5, epsilon: 0.1,
                         releases: 1, createdAt: $createdAt, publishedAt: $createdAt})
RETURN s.id AS id
