// name: change_initial_password
// Replaces the initial password of a fresh Neo4j (run against the system database).
// mode: write
// params: old, new
ALTER CURRENT USER SET PASSWORD FROM $old TO $new
