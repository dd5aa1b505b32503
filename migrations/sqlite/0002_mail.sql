-- Play by mail: every inbound message stored raw, reply tokens, reminders, observers.
CREATE TABLE inbound (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    received_at INTEGER NOT NULL,
    raw         BLOB    NOT NULL,
    sender      TEXT,
    outcome     TEXT    NOT NULL DEFAULT 'received',
    game_id     INTEGER,
    player_id   INTEGER
);
CREATE INDEX inbound_game ON inbound (game_id, outcome);
CREATE INDEX players_key ON players (key_hash);
CREATE INDEX players_email ON players (email);

ALTER TABLE games ADD COLUMN reminder_hours TEXT NOT NULL DEFAULT '24,2';
ALTER TABLE games ADD COLUMN reminders_sent TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN reply_to TEXT;

CREATE TABLE observers (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    email      TEXT    NOT NULL,
    key_hash   TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (game_id, email)
);

-- Secrets of the service itself, made once at first start (e.g. the reply-address key).
CREATE TABLE secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
