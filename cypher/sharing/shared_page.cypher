// name: shared_page
// A page of shared patterns (public by design), first published newest first, after a cursor; with the total.
// mode: read
// params: afterCreatedAt, afterId, pageSize
MATCH (s:SharedPattern)
WITH s ORDER BY s.createdAt DESC, s.id DESC
WITH collect(s) AS matching
RETURN size(matching) AS total,
       [s IN matching WHERE $afterCreatedAt IS NULL OR s.createdAt < $afterCreatedAt
                    OR (s.createdAt = $afterCreatedAt AND s.id < $afterId) | s {.*}][0..$pageSize] AS page
