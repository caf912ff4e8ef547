// name: charge
// Charges contributors the ε of one release: each only while still opted in with the spent ε the job read (compare and set); returns those charged.
// mode: write
// params: charges, now
UNWIND $charges AS charge
MATCH (u:User {id: charge.userId})
WHERE u.sharingOptIn = true AND coalesce(u.epsilonSpent, 0.0) = charge.before
SET u.epsilonSpent = charge.after, u.epsilonSpentAt = $now
RETURN u.id AS userId
