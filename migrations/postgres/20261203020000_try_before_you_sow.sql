-- Try before you sow (issue 26): whether a move picked in the menu is
-- previewed first ('always', 'correspondence': games with a clock of days
-- between people, or 'never'), the moves taken back in a game against the
-- AI (counted like hints), and the ply of the draw offer an outbox line
-- carries Accept draw / Decline buttons for (a draw offer is one line,
-- not a second board).
ALTER TABLE players ADD COLUMN confirm_moves TEXT NOT NULL DEFAULT 'correspondence';
ALTER TABLE games ADD COLUMN takebacks BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN draw_ply BIGINT;
