// name: label_improved
// Migration: labels Improved every memory that a self-improved or consolidated memory IMPROVES (link_lineage does so since the label exists; recall reads the label before the relationships).
// mode: write
// params:
MATCH (source:Memory)<-[:IMPROVES]-(:Memory)
WHERE NOT source:Improved
WITH DISTINCT source
SET source:Improved
RETURN count(source) AS labelled
