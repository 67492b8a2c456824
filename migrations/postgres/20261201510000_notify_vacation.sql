-- Notifications and fair clocks (issue 15): how each player wants to hear
-- of their games by direct message (`off`, `reminders`, `every-turn`;
-- the old `dm_reminders` flag becomes `reminders`), and their vacation:
-- deadlines computed for them start after `vacation_until`, and they may
-- take so many days a calendar year (`vacation_days` used in `vacation_year`).

ALTER TABLE players ADD COLUMN notify TEXT NOT NULL DEFAULT 'off';
UPDATE players SET notify = 'reminders' WHERE dm_reminders <> 0;
ALTER TABLE players DROP COLUMN dm_reminders;

ALTER TABLE players ADD COLUMN vacation_until BIGINT;
ALTER TABLE players ADD COLUMN vacation_year BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN vacation_days BIGINT NOT NULL DEFAULT 0;
