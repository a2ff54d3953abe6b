-- Up Migration

-- A donor's ID other than the PAN given with the gift (Aadhaar, voter ID, passport, ...), recorded by
-- finance after asking the donor, for Form 10BD (issue 13). Revealed from the sealed event; NULL
-- when none was recorded, and set back to NULL when the donor's data is erased.
ALTER TABLE donations ADD COLUMN donor_id_kind text;
ALTER TABLE donations ADD COLUMN donor_id_number text;

-- Down Migration
ALTER TABLE donations DROP COLUMN donor_id_number;
ALTER TABLE donations DROP COLUMN donor_id_kind;
