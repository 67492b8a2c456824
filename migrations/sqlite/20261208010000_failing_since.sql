-- Since when a post has been failing for passing reasons (NULL: it has not
-- failed, or it was tried again by the operator). A post is parked once it
-- has failed for six hours of the bot's own time: an outage moves this
-- along with the games' deadlines, so a post made before a long downtime
-- is not parked at its first rate limit after it.
ALTER TABLE outbox ADD COLUMN failing_since BIGINT;
