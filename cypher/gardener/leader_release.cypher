// name: leader_release
// Gives up a lease the holder has (a server process stopping), so another process takes it at its next try.
// mode: write
// params: lease, holder
MATCH (l:Lease {name: $lease}) WHERE l.holder = $holder
SET l.holder = null, l.until = null, l.since = null
RETURN l.name AS name
