-- Up Migration

-- When each System health alert was last mailed to the super-admins (issue 34, decision 073): at
-- most once an hour per alert while it lasts. One row per kind of alert; the schedule that mails
-- them (admin/health/mail-health-alerts.job.ts) writes it after mailing.
CREATE TABLE health_alert_mails (
  kind           text PRIMARY KEY,
  last_mailed_at timestamptz NOT NULL
);

-- Down Migration

DROP TABLE health_alert_mails;
