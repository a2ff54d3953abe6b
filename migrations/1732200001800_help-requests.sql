-- Up Migration

-- Peer-help requests (projection "help_requests", inline: the requester sees their request and staff
-- see the queue change at once; issue 14). The public reads select only published and closed rows,
-- and only their public columns. Personal columns (the beneficiary, the answers) are revealed from
-- the sealed events and set to NULL when the request's data is erased. Money is integer paise.
CREATE TABLE help_requests (
  id                       text PRIMARY KEY,
  status                   text NOT NULL CHECK (status IN ('submitted', 'information_requested', 'published', 'rejected', 'closed')),
  category                 text NOT NULL,
  title_en                 text,
  title_hi                 text,
  story_en                 text,
  story_hi                 text,
  amount_needed_paise      bigint NOT NULL CHECK (amount_needed_paise > 0),
  -- Verified earmarked donations and confirmed direct gifts (filled in by the ledger's events).
  raised_foundation_paise  bigint NOT NULL DEFAULT 0,
  raised_direct_paise      bigint NOT NULL DEFAULT 0,
  requester_id             text NOT NULL,
  -- {name, relation, upiId, bankName, accountHolder, accountNumber, ifsc}; NULL once erased.
  beneficiary              jsonb,
  -- [{index, fileId, kind, mediaType, bytes, documentDate}]
  documents                jsonb NOT NULL DEFAULT '[]',
  -- {idKind, isMatched, checkedBy, checkedAt}: the latest check.
  identity_check           jsonb,
  -- [{question, askedBy, askedAt, answer, answeredAt}], oldest first; answers NULL once erased.
  questions                jsonb NOT NULL DEFAULT '[]',
  requested_at             timestamptz NOT NULL,
  published_at             timestamptz,
  closes_on                date,
  rejection                jsonb,
  closure                  jsonb,
  is_erased                boolean NOT NULL DEFAULT false,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX help_requests_public_idx ON help_requests (published_at DESC, id) WHERE status IN ('published', 'closed');
CREATE INDEX help_requests_queue_idx ON help_requests (status, requested_at, id);
CREATE INDEX help_requests_requester_idx ON help_requests (requester_id, requested_at DESC);

-- Down Migration
DROP TABLE help_requests;
