// name: 044_user_sharing_opt_in_index
// Range index on User.sharingOptIn: the share_patterns job scans the users who opted in.
// mode: schema
CREATE RANGE INDEX user_sharing_opt_in IF NOT EXISTS
FOR (u:User) ON (u.sharingOptIn)
