-- Up Migration

-- Members' fundraisers (issue 33, decision 080). Projection "fundraisers" (inline: the member sees
-- their fundraiser, staff the queue and the public the page change at once) keeps two tables:
--  * fundraisers: one row per fundraiser stream. Title and story are sealed in the events under the
--    fundraiser's own key; here in clear until the organiser is erased (then NULL, and the page is gone).
--  * fundraiser_gifts: one row per donation pledged for a fundraiser (DonationPledged with a
--    fundraiserId). Only verified rows count in the progress; a cancelled (or refunded) gift leaves it.
--    The supporter's name (only when they chose to show it) and short message are NULL once the
--    donation's donor is erased; never an e-mail, phone or address.
CREATE TABLE fundraisers (
  id               text PRIMARY KEY,
  organiser_id     text NOT NULL,
  status           text NOT NULL,            -- pending | approved | rejected | closed
  was_approved     boolean NOT NULL DEFAULT false,
  cause            text NOT NULL,
  help_request_id  text,
  title_en         text,
  title_hi         text,
  story_en         text,
  story_hi         text,
  is_erased        boolean NOT NULL DEFAULT false,
  goal_paise       bigint NOT NULL,
  ends_on          date NOT NULL,
  photo_file_id    uuid NOT NULL,
  rejection_reason text,
  closed_by        text,                     -- organiser | end-date
  started_at       timestamptz NOT NULL,
  decided_at       timestamptz,
  closed_at        timestamptz,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX fundraisers_organiser_idx ON fundraisers (organiser_id, started_at DESC);
CREATE INDEX fundraisers_status_idx ON fundraisers (status, started_at);

CREATE TABLE fundraiser_gifts (
  reference       text PRIMARY KEY,
  fundraiser_id   text NOT NULL,
  amount_paise    bigint NOT NULL,
  status          text NOT NULL,             -- pledged | verified | cancelled
  supporter_name  text,
  message         text,
  is_hidden       boolean NOT NULL DEFAULT false,
  pledged_at      timestamptz NOT NULL,
  verified_at     timestamptz
);
CREATE INDEX fundraiser_gifts_fundraiser_idx ON fundraiser_gifts (fundraiser_id, verified_at DESC);

-- Down Migration
DROP TABLE fundraiser_gifts;
DROP TABLE fundraisers;
