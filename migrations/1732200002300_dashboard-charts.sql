-- Up Migration

-- The admin dashboard's "donations received per month" (issue 15) sums the verified donations of the
-- last 12 months by the day the money arrived. Without this index that is a scan of every verified
-- donation's row; with it, a range of one partial index that carries the amount too (index-only).
-- Applications per week, help requests by status and the payments per month use indexes that exist.
CREATE INDEX donations_received_idx ON donations (received_on) INCLUDE (amount_paise) WHERE status = 'verified';

-- Down Migration
DROP INDEX donations_received_idx;
