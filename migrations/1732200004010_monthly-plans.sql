-- Up Migration

-- Monthly giving (issue 33, decision 079). Projection "monthly_plans" (inline: the manage page and
-- the reminder schedule read their own changes at once): one row per plan (stream
-- monthly-plan-<plan ID>). No personal data: the donor is sealed in the events; contact_keys are
-- blind indexes (as donations.contact_keys), computed by the projection under the current key and
-- emptied when the plan's data key is erased.
CREATE TABLE monthly_plans (
  plan_id              uuid PRIMARY KEY,
  kind                 text NOT NULL,
  status               text NOT NULL,
  stopped_by           text,
  amount_paise         bigint NOT NULL,
  day_of_month         int NOT NULL,
  cause                text NOT NULL,
  donor_key            text,
  contact_keys         text[] NOT NULL DEFAULT '{}',
  started_on           date NOT NULL,
  started_at           timestamptz NOT NULL,
  subscription_id      text,
  subscription_status  text,
  last_reminded_month  text,
  gifts                int NOT NULL DEFAULT 0,
  is_erased            boolean NOT NULL DEFAULT false,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX monthly_plans_due_idx ON monthly_plans (kind, status, day_of_month);
CREATE INDEX monthly_plans_contact_keys_idx ON monthly_plans USING gin (contact_keys);
CREATE INDEX monthly_plans_subscription_idx ON monthly_plans (subscription_id);
CREATE INDEX monthly_plans_updated_idx ON monthly_plans (updated_at DESC);

-- Down Migration
DROP TABLE monthly_plans;
