-- Whether a game's result changes its players' ratings (issue 24: a
-- tournament created with rated:false plays unrated games). Games between
-- people were rated; games against the AI never were.
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 1;
UPDATE games SET rated = 0 WHERE ai_level IS NOT NULL;

-- A tournament created with strict:true refuses players who lost more
-- than 10% of their games on time in the last 90 days.
ALTER TABLE tournaments ADD COLUMN strict BIGINT NOT NULL DEFAULT 0;
