-- Up Migration

-- The member's name in the other script (Devanagari for a Latin name, Latin for a Devanagari one),
-- for the I-card (PRODUCT.md §4); from ProfileUpdated, null until the member enters it.
ALTER TABLE member_profiles ADD COLUMN other_script_name text;

-- Down Migration

ALTER TABLE member_profiles DROP COLUMN other_script_name;
