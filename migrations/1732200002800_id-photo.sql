-- Up Migration

-- The photo on a member's I-card (issue 16), beside the UPI QR image in member_profiles (projection
-- "member_profiles", fed by the IdPhoto* events): the state of the latest upload, the upload still
-- waiting for its job, and the photo shown now (its file in the file store and its upload). Deleted
-- with the row when the person is erased.
ALTER TABLE member_profiles
  ADD COLUMN id_photo_status text NOT NULL DEFAULT 'none' CHECK (id_photo_status IN ('none', 'processing', 'ready', 'rejected')),
  ADD COLUMN id_photo_pending_upload_id uuid,
  ADD COLUMN id_photo_upload_id uuid,
  ADD COLUMN id_photo_file text;

-- Down Migration
ALTER TABLE member_profiles
  DROP COLUMN id_photo_file,
  DROP COLUMN id_photo_upload_id,
  DROP COLUMN id_photo_pending_upload_id,
  DROP COLUMN id_photo_status;
