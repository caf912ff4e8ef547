// name: status_in_list
// Tests: a list parameter in an IN predicate; planned with the list's size, a one-element list becomes `= $statuses[0]`.
// mode: read
// params: statuses
MATCH (m:Memory)
WHERE m.status IN $statuses
RETURN count(m) AS n
