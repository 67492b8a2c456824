-- Hints (issue 17): how many times the player asked the engine for a move
-- in a game against the AI; shown with its result.
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
