-- Unasked answers a mailbox gets at most once a day (a refused `join`, a keyless `help`): the
-- mailbox (`mail::address::mailbox`, so one inbox written many ways counts once), what was
-- answered, and when. A mail claims the day's answer by one statement before it is sent, so
-- mails handled at the same moment cannot all pass. Rows older than a day are dropped.
CREATE TABLE daily_answers (
    mailbox TEXT NOT NULL,
    kind TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (mailbox, kind)
);
CREATE INDEX daily_answers_at ON daily_answers (at);
-- The index the once-a-day checks read from the inbound mail is read no more.
DROP INDEX inbound_sender_lower;
