-- One message acted on once, whichever door it came through: its Message-ID (or, without
-- one, a digest of the raw message) is kept with it.
ALTER TABLE inbound ADD COLUMN message_key TEXT;
CREATE UNIQUE INDEX inbound_message_key ON inbound (message_key) WHERE message_key IS NOT NULL;

-- Mail that could not be delivered to a player's address: a bounce that came back, or a
-- permanent refusal at send time. Shown on the game master's page.
CREATE TABLE bounces (
    id          BIGSERIAL PRIMARY KEY,
    game_id     BIGINT,
    email       TEXT    NOT NULL,
    round       BIGINT,
    reason      TEXT    NOT NULL,
    at          BIGINT NOT NULL
);
CREATE INDEX bounces_game ON bounces (game_id, email);

-- Leases of work only one instance may do at a time (the IMAP mailbox reader): whoever
-- holds an unexpired lease does it; another takes over once it expires.
CREATE TABLE leases (
    name   TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until  BIGINT NOT NULL
);

-- A mail refused for good (a permanent SMTP refusal) is given up: never retried, and no
-- longer counted as waiting.
ALTER TABLE outbox ADD COLUMN given_up_at BIGINT;
