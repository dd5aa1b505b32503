-- Games, players, turns, bulletins and the mail outbox. Times are epoch seconds.
CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT    NOT NULL,
    listed        INTEGER NOT NULL,
    status        TEXT    NOT NULL,           -- open | paused | over
    round         INTEGER NOT NULL,           -- the round now open (the last one once over)
    state         TEXT    NOT NULL,           -- the rules engine's game, JSON; holds the deal
    salt          TEXT    NOT NULL,
    commitment    TEXT    NOT NULL,
    gm_email      TEXT    NOT NULL,
    gm_key_hash   TEXT    NOT NULL,
    round_seconds INTEGER NOT NULL,
    grace_seconds INTEGER NOT NULL,
    time_zone     TEXT    NOT NULL,
    deadline      INTEGER,                    -- while open
    remaining     INTEGER,                    -- seconds left, while paused
    close_at      INTEGER,                    -- early close once every active player is ready
    gm_notes      TEXT    NOT NULL DEFAULT '[]',
    gm_done       TEXT    NOT NULL DEFAULT '[]',
    created_at    INTEGER NOT NULL
);
CREATE INDEX games_due ON games (status, deadline);

CREATE TABLE players (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    email     TEXT    NOT NULL,
    key_hash  TEXT    NOT NULL,
    UNIQUE (game_id, seat)
);

-- The accepted turn of each player for a round; a revision replaces it.
CREATE TABLE turns (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    round      INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    text       TEXT    NOT NULL,
    ready      INTEGER NOT NULL,
    revision   INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, round, seat)
);

CREATE TABLE bulletins (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    round      INTEGER NOT NULL,
    body       TEXT    NOT NULL,              -- public only
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, round)
);

CREATE TABLE reports (
    game_id INTEGER NOT NULL REFERENCES games (id),
    round   INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    body    TEXT    NOT NULL,                 -- one player's private report
    PRIMARY KEY (game_id, round, seat)
);

CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id         INTEGER,
    recipient       TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    body            TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    sent_at         INTEGER,
    last_error      TEXT
);
CREATE INDEX outbox_due ON outbox (sent_at, next_attempt_at);
