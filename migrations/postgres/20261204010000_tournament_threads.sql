-- A tournament's own thread (issue 24): its announcements, pairings and
-- standings go there, while its sign-up message and its winner stay in
-- the lobby. The thread is opened from the post that says the event has
-- started; until it is open (or if Discord refuses it), its news goes to
-- the lobby.
ALTER TABLE tournaments ADD COLUMN thread_id BIGINT;
-- Results already shown in the standings posted after each result: the
-- guarded update that moves it on makes each standings post once.
ALTER TABLE tournaments ADD COLUMN results_posted BIGINT NOT NULL DEFAULT 0;

-- A post of a tournament's news: it goes to the tournament's thread as it
-- is when sent, in the tournament's queue (`outbox.queue`).
ALTER TABLE outbox ADD COLUMN news_of BIGINT;
-- A post that shows its tournament's standings picture (1), composed when
-- it is sent.
ALTER TABLE outbox ADD COLUMN standings BIGINT NOT NULL DEFAULT 0;
