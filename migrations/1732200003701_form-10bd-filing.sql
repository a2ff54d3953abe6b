-- Up Migration

-- Form 10BD as the portal takes it (issue 31). Projection "donations" (inline):
-- donor_pan_name: the donor's name as on their PAN, in Latin letters (DonationPledged's sealed
--   details, else DonorPanNameRecorded); scrubbed by an erasure like the donor's other columns.
-- donation_type: Form 10BD's nature of the gift, from DonationVerified ('others' for older events).
-- form_10bd_changed_at: when something Form 10BD lists of the gift last changed (verified,
--   cancelled, its donor's ID or PAN name recorded): a change on or after a filing of its year
--   flags it for a revised statement.
ALTER TABLE donations ADD COLUMN donor_pan_name text;
ALTER TABLE donations ADD COLUMN donation_type text;
ALTER TABLE donations ADD COLUMN form_10bd_changed_at timestamptz;
-- Rows projected before these columns: what a replay of their events gives (verifications recorded
-- before the type existed are 'others'; the last change Form 10BD lists is the verification, an ID
-- recorded after it, or the cancellation), so that replay equals live.
UPDATE donations SET donation_type = 'others' WHERE verified_at IS NOT NULL;
UPDATE donations d SET form_10bd_changed_at = t.at
  FROM (
    SELECT substr(v.stream_id, length('donation-') + 1) AS reference, COALESCE(c.at, GREATEST(v.at, r.at)) AS at
      FROM (SELECT stream_id, max((data->>'verifiedAt')::timestamptz) AS at, max(global_position) AS position
              FROM events WHERE type = 'DonationVerified' GROUP BY stream_id) v
      LEFT JOIN (SELECT stream_id, max((data->>'cancelledAt')::timestamptz) AS at FROM events WHERE type = 'DonationCancelled' GROUP BY stream_id) c
        ON c.stream_id = v.stream_id
      LEFT JOIN LATERAL (SELECT max((e.data->>'recordedAt')::timestamptz) AS at FROM events e
                          WHERE e.stream_id = v.stream_id AND e.type = 'DonorIdentificationRecorded' AND e.global_position > v.position) r ON true
  ) t
 WHERE d.reference = t.reference;
CREATE INDEX donations_form_10bd_changed_idx ON donations (financial_year, form_10bd_changed_at) WHERE form_10bd_changed_at IS NOT NULL;

-- A financial year's Form 10BD filings: the first and its revisions, one row each (Form10BDFiled on
-- form-10bd-filing-<year>; `version` is the event's place in that stream). No personal data.
-- Projection "form_10bd_filings" (inline: the finance screen shows a filing at once).
CREATE TABLE form_10bd_filings (
  financial_year          text NOT NULL,
  version                 integer NOT NULL,
  filed_on                date NOT NULL,
  acknowledgement_number  text NOT NULL,
  is_revision             boolean NOT NULL,
  recorded_by             text NOT NULL,
  recorded_at             timestamptz NOT NULL,
  PRIMARY KEY (financial_year, version)
);

-- Down Migration
DROP TABLE form_10bd_filings;
DROP INDEX donations_form_10bd_changed_idx;
ALTER TABLE donations DROP COLUMN form_10bd_changed_at;
ALTER TABLE donations DROP COLUMN donation_type;
ALTER TABLE donations DROP COLUMN donor_pan_name;
