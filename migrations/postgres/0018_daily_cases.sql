-- Sherlock Solitaire's daily case: each day (UTC) one committed deck for each case and level
-- (`variant`: valley_of_fear-1 … final_problem-3). The seed is a u64 written in decimal.
CREATE TABLE daily_cases (
    day        TEXT    NOT NULL,
    variant    TEXT    NOT NULL,
    seed       TEXT    NOT NULL,
    salt       TEXT    NOT NULL,
    commitment TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (day, variant)
);

-- Who asked to play a day's case: once a day and case by address (lower-cased). The
-- confirmation's token is kept hashed until it is used; the game is set when it is. `mails`
-- counts the links sent, so that no one can flood an address through the form.
CREATE TABLE daily_plays (
    id          BIGSERIAL PRIMARY KEY,
    day         TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    email       TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    detectives  TEXT    NOT NULL,
    language    TEXT    NOT NULL,
    token_hash  TEXT,
    mails       INTEGER NOT NULL DEFAULT 1,
    game_id     BIGINT  REFERENCES games (id),
    created_at  BIGINT  NOT NULL,
    UNIQUE (day, variant, email)
);
CREATE INDEX daily_plays_token ON daily_plays (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX daily_plays_day ON daily_plays (day, game_id);
