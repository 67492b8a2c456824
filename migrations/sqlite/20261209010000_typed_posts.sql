-- A post keeps what it says as data (issue 43): a JSON list of notices,
-- worded by the Discord adapter when it is sent, in the post's language.
-- A post stored before keeps its words, as one worded notice.
ALTER TABLE outbox RENAME COLUMN text TO says;
UPDATE outbox SET says = json_array(json_object('Worded', says));
