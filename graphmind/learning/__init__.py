"""The learning loop: decisions, outcomes, outcome-weighted salience, events, insights."""
