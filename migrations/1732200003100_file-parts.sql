-- Up Migration

-- A file kept in the database is written in parts of at most 60,000 bytes of ciphertext, one row
-- each (docs/decisions/039): no query ever carries a whole file, so no process holds one as a
-- single parameter or result, and the embedded database's hex text of a part (120,000 characters)
-- stays under V8's large-object size. Rows written before keep their ciphertext in files.ciphertext
-- and are read from there; a file has its bytes in exactly one of the two places.
CREATE TABLE file_parts (
  file_id  uuid NOT NULL REFERENCES files (file_id) ON DELETE CASCADE,
  n        integer NOT NULL CHECK (n >= 0),
  bytes    bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 60000),
  PRIMARY KEY (file_id, n)
);
-- Ciphertext does not compress: store it out of line without trying.
ALTER TABLE file_parts ALTER COLUMN bytes SET STORAGE EXTERNAL;

ALTER TABLE files DROP CONSTRAINT files_ciphertext_where_stored;
ALTER TABLE files ADD CONSTRAINT files_ciphertext_where_stored CHECK (storage = 'db' OR ciphertext IS NULL);

-- Down Migration

UPDATE files f SET ciphertext = (SELECT string_agg(p.bytes, ''::bytea ORDER BY p.n) FROM file_parts p WHERE p.file_id = f.file_id)
WHERE f.storage = 'db' AND f.ciphertext IS NULL;
DROP TABLE file_parts;
ALTER TABLE files DROP CONSTRAINT files_ciphertext_where_stored;
ALTER TABLE files ADD CONSTRAINT files_ciphertext_where_stored CHECK ((storage = 'db') = (ciphertext IS NOT NULL));
