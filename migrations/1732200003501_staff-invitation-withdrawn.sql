-- Up Migration

-- A super-admin may withdraw an invitation nobody has used (StaffInvitationWithdrawn, issue 29).
ALTER TABLE staff_invitations ADD COLUMN withdrawn_at timestamptz;

-- Down Migration

ALTER TABLE staff_invitations DROP COLUMN withdrawn_at;
