-- Up Migration

-- The team tree (projection "team_tree"): a closure table limited to the 20 levels the product
-- shows, plus per-level counts kept up to date on each registration so that a root with a
-- million-strong team answers in a few rows. See docs/decisions/007-team-tree-closure-table.md.
CREATE TABLE team_closure (
  ancestor   text NOT NULL,
  depth      smallint NOT NULL CHECK (depth BETWEEN 1 AND 20),
  joined_at  timestamptz NOT NULL,
  descendant text NOT NULL,
  PRIMARY KEY (ancestor, depth, joined_at, descendant)
);
CREATE INDEX team_closure_descendant_idx ON team_closure (descendant, depth);

CREATE TABLE team_level_counts (
  ancestor text NOT NULL,
  depth    smallint NOT NULL CHECK (depth BETWEEN 1 AND 20),
  members  integer NOT NULL,
  PRIMARY KEY (ancestor, depth)
);

-- What each member gave and raised, verified (projection "member_impact"). The donations feature
-- adds the handlers; the tiers read it.
CREATE TABLE member_impact (
  user_id              text PRIMARY KEY,
  verified_giving_paise bigint NOT NULL DEFAULT 0,
  funds_raised_paise    bigint NOT NULL DEFAULT 0
);

-- Invite-code transfers (projection "epin_transfers"), for the Report tab.
CREATE TABLE epin_transfers (
  transfer_id    uuid PRIMARY KEY,
  from_user      text NOT NULL,
  to_user        text NOT NULL,
  codes          integer NOT NULL CHECK (codes > 0),
  transferred_at timestamptz NOT NULL
);
CREATE INDEX epin_transfers_from_idx ON epin_transfers (from_user, transferred_at DESC);
CREATE INDEX epin_transfers_to_idx ON epin_transfers (to_user, transferred_at DESC);

-- Down Migration
DROP TABLE epin_transfers;
DROP TABLE member_impact;
DROP TABLE team_level_counts;
DROP TABLE team_closure;
