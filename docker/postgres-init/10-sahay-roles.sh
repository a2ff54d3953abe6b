#!/bin/sh
# Creates Sahay's database roles (docs/decisions/019). The postgres image runs this once, as the
# bootstrap superuser, when its data directory is empty; it is idempotent, so it can also be run by
# hand on an existing one (docker-compose exec postgres sh /docker-entrypoint-initdb.d/10-sahay-roles.sh).
#
#   owner (SAHAY_DB_OWNER, default sahay_owner): owns the database and every table; migrations run
#         as it (DATABASE_OWNER_URL). Not a superuser, and it needs no CREATEROLE.
#   sahay_app: a group role without login that holds the app's grants; the migrations grant to it.
#   app (SAHAY_DB_APP, default sahay_server): the login role the server and the worker use
#         (DATABASE_URL), a member of sahay_app and owner of nothing.
#
# No "set -e" or "exit": the image sources scripts that are not executable, and they would change
# its own shell. psql stops at the first error (ON_ERROR_STOP), which fails the initialisation.

: "${SAHAY_DB_OWNER_PASSWORD:?SAHAY_DB_OWNER_PASSWORD must be set (the owner role password)}"
: "${SAHAY_DB_APP_PASSWORD:?SAHAY_DB_APP_PASSWORD must be set (the app role password)}"

psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname "${POSTGRES_DB:-sahay}" \
  -v db="${POSTGRES_DB:-sahay}" \
  -v owner="${SAHAY_DB_OWNER:-sahay_owner}" -v owner_password="$SAHAY_DB_OWNER_PASSWORD" \
  -v app="${SAHAY_DB_APP:-sahay_server}" -v app_password="$SAHAY_DB_APP_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'owner', :'owner_password')
 WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'owner') \gexec
SELECT 'CREATE ROLE sahay_app NOLOGIN'
 WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'sahay_app') \gexec
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'app', :'app_password')
 WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app') \gexec
GRANT sahay_app TO :"app";

-- The owner owns the database and its public schema, so migrations can create tables there and no
-- one else can.
ALTER DATABASE :"db" OWNER TO :"owner";
ALTER SCHEMA public OWNER TO :"owner";
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
-- Only Sahay's roles may connect. TEMPORARY: replay and npm run replay rebuild read models into
-- temporary tables, which is the one CREATE the app does at run time.
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"db" TO sahay_app;
GRANT USAGE ON SCHEMA public TO sahay_app;
SQL
