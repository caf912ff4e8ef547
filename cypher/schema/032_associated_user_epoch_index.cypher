// name: 032_associated_user_epoch_index
// Relationship range index on ASSOCIATED (userId, epoch): drift reads only the edges changed since a snapshot.
// mode: schema
CREATE RANGE INDEX associated_user_epoch IF NOT EXISTS
FOR ()-[r:ASSOCIATED]-() ON (r.userId, r.epoch)
