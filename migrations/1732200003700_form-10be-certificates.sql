-- Up Migration

-- Form 10BE certificates (issue 31), owned by the form_10be_certificates projection
-- (server/src/modules/donations/form-10be/form-10be.projection.ts): one row per certificate PDF,
-- its ID the hash of the file's bytes. The donor's name and ID as the certificate prints them are
-- personal data, scrubbed (with file_id) when the certificate's subject is erased.
CREATE TABLE form_10be_certificates (
  certificate_id   text PRIMARY KEY,
  financial_year   text NOT NULL,
  amount_paise     bigint NOT NULL,
  arn              text NOT NULL,
  id_kind          text NOT NULL,
  id_number        text,
  donor_name       text,
  donation_type    text NOT NULL,
  mode_of_receipt  text NOT NULL,
  section          text NOT NULL,
  file_id          uuid,
  status           text NOT NULL CHECK (status IN ('uploaded', 'matched', 'unmatched')),
  unmatched_reason text,
  "references"     text[] NOT NULL DEFAULT '{}',
  matched_how      text,
  matched_by       text,
  matched_at       timestamptz,
  emailed_at       timestamptz,
  texted_at        timestamptz,
  opened_at        timestamptz,
  uploaded_by      text NOT NULL,
  uploaded_at      timestamptz NOT NULL,
  erased_at        timestamptz
);
CREATE INDEX form_10be_certificates_year ON form_10be_certificates (financial_year, status);
CREATE INDEX form_10be_certificates_references ON form_10be_certificates USING gin ("references");

-- Down Migration
DROP TABLE form_10be_certificates;
