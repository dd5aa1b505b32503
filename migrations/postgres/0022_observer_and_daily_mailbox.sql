-- As sign-ups keep their mailbox (0021), so do subscriptions to a game's bulletins and
-- requests to play the daily case: the daily caps on the confirmations one inbox is sent count
-- the inbox, however its address is written. Rows from before take the address in lower case.
ALTER TABLE observers ADD COLUMN mailbox TEXT;
UPDATE observers SET mailbox = lower(email);
CREATE INDEX observers_mailbox ON observers (mailbox, created_at);
ALTER TABLE daily_plays ADD COLUMN mailbox TEXT;
UPDATE daily_plays SET mailbox = lower(email);
CREATE INDEX daily_plays_mailbox ON daily_plays (day, mailbox);
