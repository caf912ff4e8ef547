// name: shared_page
// A page of shared patterns (public by design), first published newest first, after a cursor; with the total.
// mode: read
// params: after, pageSize
// $after (the cursor) holds values that may be null in one map (one cached plan: db/database.py, `nullable`)
MATCH (s:SharedPattern)
WITH s ORDER BY s.createdAt DESC, s.id DESC
WITH collect(s) AS matching
RETURN size(matching) AS total,
       [s IN matching WHERE $after.createdAt IS NULL OR s.createdAt < $after.createdAt
                    OR (s.createdAt = $after.createdAt AND s.id < $after.id) | s {.*}][0..$pageSize] AS page
