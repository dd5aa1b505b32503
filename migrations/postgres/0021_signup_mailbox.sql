-- Each sign-up's mailbox (`mail::address::mailbox`: without case, `+tag`, and at Gmail without
-- dots, with one domain), so the daily caps on the confirmations and invitations one inbox is
-- sent count the inbox, however its address is written. Rows from before take the address in
-- lower case, as those caps counted them.
ALTER TABLE signups ADD COLUMN mailbox TEXT;
UPDATE signups SET mailbox = lower(email);
CREATE INDEX signups_mailbox ON signups (mailbox, created_at);
