-- A new challenge counts its challenger's pending ones (the quota, checked
-- in the transaction that stores it).
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, status);
