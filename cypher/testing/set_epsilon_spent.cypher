// name: set_epsilon_spent
// Tests only: sets the ε a user has spent on pattern sharing.
// mode: write
// params: userId, spent
MATCH (u:User {id: $userId})
SET u.epsilonSpent = $spent
RETURN u.id AS id
