-- Each player's Information Sheet, as computed after the latest resolved round.
CREATE TABLE sheets (
    game_id     BIGINT  NOT NULL REFERENCES games (id),
    seat        BIGINT NOT NULL,
    round       BIGINT NOT NULL,            -- the last round the sheet takes into account
    body        TEXT    NOT NULL,            -- JSON; only what this player may see
    computed_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
