-- Buttons instead of typing (issue 15, items 4-5).
--
-- An outbox post may edit the message of an earlier post instead of making
-- one: `edits` names that post (a challenge that was answered or expired
-- loses its buttons). An edit (PATCH) is naturally idempotent, so it needs
-- no nonce.
ALTER TABLE outbox ADD COLUMN edits BIGINT REFERENCES outbox (id);

-- A rematch names the finished game it repeats, in the challenge that
-- offers it and in the game it becomes: at most one pending rematch
-- challenge and one rematch game per game, whoever presses Rematch, and
-- however often.
ALTER TABLE challenges ADD COLUMN rematch_of BIGINT REFERENCES games (id);
ALTER TABLE games ADD COLUMN rematch_of BIGINT REFERENCES games (id);
CREATE UNIQUE INDEX challenges_one_rematch ON challenges (rematch_of)
    WHERE rematch_of IS NOT NULL AND status = 'pending';
CREATE UNIQUE INDEX games_one_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;

-- The clock looks for pending challenges past their time.
CREATE INDEX challenges_by_expiry ON challenges (status, expires_at);

-- An open challenge (anyone in the channel may accept it) is stored with
-- the challenger as its own opponent until someone accepts it: nobody can
-- challenge themselves otherwise, and the column stays a player.
