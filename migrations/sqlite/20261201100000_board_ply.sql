-- The ply a game's last posted board shows, so that the board can keep its
-- Watch button (which names the turn) when it loses its menus.
ALTER TABLE games ADD COLUMN board_ply INTEGER;
