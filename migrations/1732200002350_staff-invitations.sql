-- Up Migration

-- Staff invitations (issue 15), the super-admin's list: who was invited, holding what, and whether
-- the one-time link has been used. The link's secret is in no table (an HMAC of the ID). Written
-- inline with StaffInvited and StaffInvitationAccepted (stream staff_invitation-<id>).
CREATE TABLE staff_invitations (
  invitation_id text PRIMARY KEY,
  full_name     text,
  email         text,
  permissions   text[] NOT NULL,
  invited_by    text NOT NULL,
  invited_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  accepted_at   timestamptz,
  user_id       text
);
CREATE INDEX staff_invitations_recent_idx ON staff_invitations (invited_at DESC, invitation_id);
CREATE INDEX staff_invitations_user_idx ON staff_invitations (user_id) WHERE user_id IS NOT NULL;

-- Down Migration
DROP TABLE staff_invitations;
