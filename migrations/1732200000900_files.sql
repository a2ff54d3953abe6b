-- Up Migration

-- Every stored file (server/src/files, decision 016). The bytes are AES-256-GCM ciphertext under
-- the data key of the person or record the file belongs to (subject_id), so destroying that key
-- shreds the file. With storage = 'db' the ciphertext is in this row; with 's3' it is the object
-- `files/<file_id>` in the bucket, and this row is written only after the object exists.
-- file_id is random and nothing here names a person: subject_id is a stream-style ID
-- ("user-<uuid>"), never a name, e-mail or phone.
CREATE TABLE files (
  file_id     uuid PRIMARY KEY,
  subject_id  text NOT NULL CHECK (subject_id <> ''),
  kind        text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,62}$'),
  media_type  text NOT NULL CHECK (media_type ~ '^[a-z]+/[a-z0-9.+-]+$'),
  byte_size   integer NOT NULL CHECK (byte_size >= 0),
  -- Of the plaintext, so a reader can check what it decrypted; erasure deletes the row with it.
  sha256      text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  storage     text NOT NULL CHECK (storage IN ('db', 's3')),
  ciphertext  bytea,
  created_at  timestamptz NOT NULL,
  CONSTRAINT files_ciphertext_where_stored CHECK ((storage = 'db') = (ciphertext IS NOT NULL))
);
CREATE INDEX files_subject_id_idx ON files (subject_id);
-- Ciphertext does not compress: store it out of line without trying.
ALTER TABLE files ALTER COLUMN ciphertext SET STORAGE EXTERNAL;

-- Down Migration

DROP TABLE files;
