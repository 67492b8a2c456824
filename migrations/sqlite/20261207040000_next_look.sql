-- The clock's look walks only the games it must look at, however many are
-- active: by the time each next needs one (its reminder while not sent,
-- else its deadline), and the AI's turns left behind by when they were
-- made. `due_games_sql` spells these expressions exactly, for the
-- databases to match them to the indexes.
CREATE INDEX games_next_look
    ON games ((CASE WHEN reminded = 0 THEN deadline - seconds_per_move / 4 ELSE deadline END))
    WHERE status = 'active' AND clock_fault IS NULL AND paused_at IS NULL
      AND deadline IS NOT NULL;
CREATE INDEX games_ai_to_move
    ON games (to_move_id, updated_at)
    WHERE status = 'active' AND clock_fault IS NULL AND paused_at IS NULL
      AND ai_level IS NOT NULL;
