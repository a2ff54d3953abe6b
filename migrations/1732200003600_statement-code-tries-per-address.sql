-- Up Migration

-- A statement code's tries counted per asking address (its clientAddressKey: an IPv4 address, or
-- an IPv6 /64), so a stranger's wrong guesses lock out the stranger, not the donor (issue 29 review,
-- docs/decisions/047). statement_codes.attempts stays the code's count from every address together,
-- the cap that stops guessing. Rows go with their code: replaced codes' and pruned codes' rows are
-- deleted by the same statements that replace or prune the code.
CREATE TABLE statement_code_tries (
  code_id     uuid NOT NULL,
  address_key text NOT NULL,
  tries       integer NOT NULL CHECK (tries > 0),
  PRIMARY KEY (code_id, address_key)
);

-- A used code's row stays while its proof lasts, beside a newer code of the same contact: asking
-- again no longer ends a download in progress (decision 047). At most one unused code per contact
-- (requests for a contact take an advisory lock, and a new code replaces only a dead unused one).
ALTER TABLE statement_codes DROP CONSTRAINT statement_codes_pkey;
ALTER TABLE statement_codes DROP CONSTRAINT statement_codes_code_id_key;
ALTER TABLE statement_codes ADD PRIMARY KEY (code_id);
CREATE INDEX statement_codes_contact_key ON statement_codes (contact_key);

-- Down Migration
DELETE FROM statement_codes WHERE verified_at IS NOT NULL;
DROP INDEX statement_codes_contact_key;
ALTER TABLE statement_codes DROP CONSTRAINT statement_codes_pkey;
ALTER TABLE statement_codes ADD CONSTRAINT statement_codes_code_id_key UNIQUE (code_id);
ALTER TABLE statement_codes ADD PRIMARY KEY (contact_key);
DROP TABLE statement_code_tries;
