-- Up Migration

-- Core Web Vitals of real visits (PRODUCT.md §9), reported by a sample of browsers: which page (a
-- route pattern, never a full address), the largest contentful paint and interaction to next paint
-- in milliseconds, and the cumulative layout shift. Nothing about the visitor. Telemetry rows, not
-- events: nothing is decided from them and they are not replayed.
CREATE TABLE web_vitals (
  id          bigserial PRIMARY KEY,
  page        text NOT NULL,
  lcp_ms      integer CHECK (lcp_ms >= 0),
  inp_ms      integer CHECK (inp_ms >= 0),
  cls         real CHECK (cls >= 0),
  recorded_at timestamptz NOT NULL
);
CREATE INDEX web_vitals_recorded_at_idx ON web_vitals (recorded_at);

-- Down Migration

DROP TABLE web_vitals;
