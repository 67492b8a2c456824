-- The first minutes (issue 26): a challenge waits 3 days unless the
-- server chooses (1 to 7), and the person challenged is reminded once,
-- halfway.
ALTER TABLE guild_settings ADD COLUMN challenge_days INTEGER;
ALTER TABLE challenges ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
