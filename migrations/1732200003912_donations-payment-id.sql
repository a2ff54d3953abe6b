-- Up Migration

-- The gateway payment that verified an online gift (issue 33, decision 069): projection "donations"
-- copies DonationVerified's paymentId, so the nightly check finds the day's online donations by the
-- read model. Not personal data (a gateway's ID), so an erasure keeps it like the receipt serial.
ALTER TABLE donations ADD COLUMN payment_id text;
-- Rows projected before this column: what a replay of their events gives.
UPDATE donations d SET payment_id = e.data->>'paymentId'
  FROM events e
 WHERE e.type = 'DonationVerified' AND e.data->>'paymentId' IS NOT NULL AND e.stream_id = 'donation-' || d.reference;
CREATE INDEX donations_online_received_idx ON donations (received_on) WHERE payment_id IS NOT NULL;

-- Down Migration
DROP INDEX donations_online_received_idx;
ALTER TABLE donations DROP COLUMN payment_id;
