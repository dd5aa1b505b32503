-- The keyless help's and the refused join's once a day per address compare addresses without
-- regard to case (a From written in another case is the same mailbox).
CREATE INDEX inbound_sender_lower ON inbound (lower(sender), outcome, received_at);
