-- Games, players, turns, bulletins and the mail outbox. Times are epoch seconds.
CREATE TABLE games (
    id            BIGSERIAL PRIMARY KEY,
    name          TEXT    NOT NULL,
    listed        BIGINT NOT NULL,
    status        TEXT    NOT NULL,           -- open | paused | over
    round         BIGINT NOT NULL,           -- the round now open (the last one once over)
    state         TEXT    NOT NULL,           -- the rules engine's game, JSON; holds the deal
    salt          TEXT    NOT NULL,
    commitment    TEXT    NOT NULL,
    gm_email      TEXT    NOT NULL,
    gm_key_hash   TEXT    NOT NULL,
    round_seconds BIGINT NOT NULL,
    grace_seconds BIGINT NOT NULL,
    time_zone     TEXT    NOT NULL,
    deadline      BIGINT,                    -- while open
    remaining     BIGINT,                    -- seconds left, while paused
    close_at      BIGINT,                    -- early close once every active player is ready
    gm_notes      TEXT    NOT NULL DEFAULT '[]',
    gm_done       TEXT    NOT NULL DEFAULT '[]',
    created_at    BIGINT NOT NULL
);
CREATE INDEX games_due ON games (status, deadline);

CREATE TABLE players (
    id        BIGSERIAL PRIMARY KEY,
    game_id   BIGINT NOT NULL REFERENCES games (id),
    seat      BIGINT NOT NULL,
    name      TEXT    NOT NULL,
    email     TEXT    NOT NULL,
    key_hash  TEXT    NOT NULL,
    UNIQUE (game_id, seat)
);

-- The accepted turn of each player for a round; a revision replaces it.
CREATE TABLE turns (
    game_id    BIGINT NOT NULL REFERENCES games (id),
    round      BIGINT NOT NULL,
    seat       BIGINT NOT NULL,
    text       TEXT    NOT NULL,
    ready      BIGINT NOT NULL,
    revision   BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, round, seat)
);

CREATE TABLE bulletins (
    game_id    BIGINT NOT NULL REFERENCES games (id),
    round      BIGINT NOT NULL,
    body       TEXT    NOT NULL,              -- public only
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, round)
);

CREATE TABLE reports (
    game_id BIGINT NOT NULL REFERENCES games (id),
    round   BIGINT NOT NULL,
    seat    BIGINT NOT NULL,
    body    TEXT    NOT NULL,                 -- one player's private report
    PRIMARY KEY (game_id, round, seat)
);

CREATE TABLE outbox (
    id              BIGSERIAL PRIMARY KEY,
    game_id         BIGINT,
    recipient       TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    body            TEXT    NOT NULL,
    created_at      BIGINT NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    sent_at         BIGINT,
    last_error      TEXT
);
CREATE INDEX outbox_due ON outbox (sent_at, next_attempt_at);
