-- Each player's Information Sheet, as computed after the latest resolved round.
CREATE TABLE sheets (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        INTEGER NOT NULL,
    round       INTEGER NOT NULL,            -- the last round the sheet takes into account
    body        TEXT    NOT NULL,            -- JSON; only what this player may see
    computed_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
