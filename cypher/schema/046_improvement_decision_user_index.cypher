// name: 046_improvement_decision_user_index
// Range index on ImprovementDecision userId: a caller reads only the decisions about their own memories.
// mode: schema
CREATE RANGE INDEX improvement_decision_user IF NOT EXISTS
FOR (d:ImprovementDecision) ON (d.userId)
