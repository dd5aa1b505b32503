-- Play by mail: every inbound message stored raw, reply tokens, reminders, observers.
CREATE TABLE inbound (
    id          BIGSERIAL PRIMARY KEY,
    received_at BIGINT NOT NULL,
    raw         BYTEA    NOT NULL,
    sender      TEXT,
    outcome     TEXT    NOT NULL DEFAULT 'received',
    game_id     BIGINT,
    player_id   BIGINT
);
CREATE INDEX inbound_game ON inbound (game_id, outcome);
CREATE INDEX players_key ON players (key_hash);
CREATE INDEX players_email ON players (email);

ALTER TABLE games ADD COLUMN reminder_hours TEXT NOT NULL DEFAULT '24,2';
ALTER TABLE games ADD COLUMN reminders_sent TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN reply_to TEXT;

CREATE TABLE observers (
    id         BIGSERIAL PRIMARY KEY,
    game_id    BIGINT NOT NULL REFERENCES games (id),
    email      TEXT    NOT NULL,
    key_hash   TEXT    NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (game_id, email)
);

-- Secrets of the service itself, made once at first start (e.g. the reply-address key).
CREATE TABLE secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
