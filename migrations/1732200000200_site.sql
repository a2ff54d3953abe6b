-- Up Migration

-- Read model of settings (projection "site_settings"): one row per key that an admin has set;
-- the defaults in code fill in the rest.
CREATE TABLE site_settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Read model of content pages (projection "content_pages"): the current version of each.
CREATE TABLE content_pages (
  slug       text PRIMARY KEY,
  version    integer NOT NULL,
  title_en   text NOT NULL,
  title_hi   text NOT NULL,
  body_en    text NOT NULL,
  body_hi    text NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Verified figures behind the public counters (projection "site_counters"); the baselines are
-- settings. Donations, help and Kanyadan add event handlers that move these.
CREATE TABLE site_counters (
  counter text PRIMARY KEY,
  value   bigint NOT NULL DEFAULT 0
);

-- The contact inbox (projection "contact_messages"); personal fields are scrubbed on erasure.
CREATE TABLE contact_messages (
  message_id  uuid PRIMARY KEY,
  name        text,
  email       text,
  phone       text,
  message     text,
  received_at timestamptz NOT NULL,
  handled_at  timestamptz,
  handled_by  text
);
CREATE INDEX contact_messages_open_idx ON contact_messages (received_at DESC) WHERE handled_at IS NULL;

-- Down Migration
DROP TABLE contact_messages;
DROP TABLE site_counters;
DROP TABLE content_pages;
DROP TABLE site_settings;
