-- Whose turn it is (issue 22): the player to move, written by the game
-- service with every change from the rules engine's answer (NULL once the
-- game is over), so queries read it instead of working turns out again
-- from the number of moves. Games stored before are filled in once here:
-- South moves first and turns alternate.
ALTER TABLE games ADD COLUMN to_move_id BIGINT;
UPDATE games SET to_move_id = CASE
    WHEN (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) % 2 = 0 THEN south_id
    ELSE north_id
END
WHERE status = 'active';
