-- Up Migration

-- Invite codes shared in a link are kept for it for 48 hours (issue 16, EpinReserved): transfers
-- and the next share pass over them until then.
ALTER TABLE epins ADD COLUMN reserved_until timestamptz;

-- Down Migration
ALTER TABLE epins DROP COLUMN reserved_until;
