-- Players equal with the winner on points and every tie-break share first
-- place: each is counted a winner in `/kiela stats` (the winner's own row
-- too). Events finished before this count their one `winner_id`.
ALTER TABLE tournament_players ADD COLUMN shares_first INTEGER NOT NULL DEFAULT 0;
