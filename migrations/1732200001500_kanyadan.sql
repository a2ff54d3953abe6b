-- Up Migration

-- Kanyadan applications (projection "kanyadan_applications", inline: the family's look-up and the
-- verification queue read it at once). One row per application, keyed by its registration number.
-- The personal columns are revealed from the sealed details and set to NULL when the application's
-- key is erased (is_erased); state, district, age and the decisions stay for audit. phone_key,
-- aadhaar_key and identity_key are blind indexes (keyed hashes) for the look-up and the duplicate
-- check; duplicate_of lists the other applications sharing one of them. Money is integer paise.
CREATE TABLE kanyadan_applications (
  reg_no              text PRIMARY KEY CHECK (reg_no ~ '^[A-Z]{5}[0-9]{7}$'),
  status              text NOT NULL CHECK (status IN ('submitted', 'payment_pending', 'paid', 'verified', 'rejected', 'benefit_requested', 'benefit_approved', 'disbursed')),
  state               text NOT NULL,
  district            text NOT NULL,
  district_key        text NOT NULL,
  age_years           smallint NOT NULL,
  fee_paise           bigint NOT NULL DEFAULT 0,
  girl_name           text,
  father_name         text,
  mother_name         text,
  dob                 date,
  phone               text,
  email               text,
  gender              text,
  school_name         text,
  school_address      text,
  class_name          text,
  father_reg_no       text,
  caste               text,
  guardian_name       text,
  guardian_relation   text,
  aadhaar_last4       text,
  phone_key           text,
  aadhaar_key         text,
  identity_key        text,
  duplicate_of        text[] NOT NULL DEFAULT '{}',
  -- {kind: {uploadId, fileId, status, mediaType, pages, reason}} of the four documents and the benefit's proofs.
  documents           jsonb NOT NULL DEFAULT '{}',
  documents_sent      smallint NOT NULL DEFAULT 0,
  documents_ready     smallint NOT NULL DEFAULT 0,
  rejection_reason    text,
  rejection_note      text,
  -- The UTR the family gave for the fee, until finance records the payment (fee_utr).
  fee_utr_given       text,
  fee_utr             text,
  fee_paid_on         date,
  benefit_requested_on date,
  marriage_date       date,
  account_last4       text,
  bank_account        jsonb,
  benefit_paise       bigint,
  disbursed_utr       text,
  disbursed_on        date,
  is_erased           boolean NOT NULL DEFAULT false,
  submitted_at        timestamptz NOT NULL,
  decided_at          timestamptz,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX kanyadan_queue_idx ON kanyadan_applications (status, submitted_at DESC, reg_no DESC);
CREATE INDEX kanyadan_submitted_idx ON kanyadan_applications (submitted_at DESC, reg_no DESC);
CREATE INDEX kanyadan_state_idx ON kanyadan_applications (state, district_key);
CREATE INDEX kanyadan_aadhaar_idx ON kanyadan_applications (aadhaar_key) WHERE aadhaar_key IS NOT NULL;
CREATE INDEX kanyadan_identity_idx ON kanyadan_applications (identity_key) WHERE identity_key IS NOT NULL;
CREATE INDEX kanyadan_duplicates_idx ON kanyadan_applications (submitted_at DESC) WHERE duplicate_of <> '{}';

-- Districts behind the public Kanyadan districts counter (site's projection "site_counters"):
-- verified applications per district key.
CREATE TABLE site_counter_kanyadan_districts (
  district_key text PRIMARY KEY,
  girls        integer NOT NULL CHECK (girls > 0)
);

-- Down Migration
DROP TABLE site_counter_kanyadan_districts;
DROP TABLE kanyadan_applications;
