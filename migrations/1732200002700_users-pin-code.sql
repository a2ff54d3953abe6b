-- Up Migration

-- The postal PIN code of a member's address (issue 16): asked at registration from now on, kept
-- with the address it belongs to (personal: the users projection scrubs it on erasure). Accounts
-- registered before it have none until they add it to their profile.
ALTER TABLE users ADD COLUMN pin_code text;

-- Down Migration
ALTER TABLE users DROP COLUMN pin_code;
