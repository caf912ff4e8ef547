// name: exists
// Whether the caller has a chosen decision with this id.
// mode: read
// params: userId, id
MATCH (d:Decision {id: $id}) WHERE d.userId = $userId AND d.chosen
RETURN d.id AS id
