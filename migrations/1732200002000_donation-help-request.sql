-- Up Migration

-- The help request a gift through the foundation was given for (issue 14), from the pledge: finance
-- sees it on the donation's page before verifying. NULL for every other gift.
ALTER TABLE donations ADD COLUMN help_request_id text;

-- Down Migration
ALTER TABLE donations DROP COLUMN help_request_id;
