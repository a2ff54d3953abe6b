-- Up Migration

-- Sign-in by the registered mobile number (issue 16): the accounts a number names, found without a
-- scan. Erased accounts have no number left (the users projection scrubs it).
CREATE INDEX users_phone_idx ON users (phone) WHERE phone IS NOT NULL;

-- Down Migration
DROP INDEX users_phone_idx;
