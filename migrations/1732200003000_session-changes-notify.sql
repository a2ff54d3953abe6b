-- Up Migration

-- Each server process keeps the sessions it has just resolved for a few seconds
-- (server/src/modules/identity/accounts/session-cache.ts, docs/decisions/038). Whatever can change
-- what a session resolves to announces the account here, from the database itself, so that no
-- writer in any process (a server, the worker, an admin tool) can forget to: a session revoked or
-- deleted; an account's name, role, permissions or status changed, or the account deleted; a
-- second factor set up, changed or removed. The payload is the account's ID, or '*' (forget all)
-- for TRUNCATE. Listeners are told after the commit; the commit of such a transaction queues behind
-- other NOTIFYing ones (docs/decisions/018), which these rare writes can afford.
CREATE FUNCTION sahay_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('sahay_sessions', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('sahay_sessions', OLD.user_id);
  ELSE
    PERFORM pg_notify('sahay_sessions', NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sahay_session_changed();
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sahay_session_changed();

-- Only the columns a session carries: a profile edit or a password hash (its sessions are revoked
-- apart) announces nothing.
CREATE TRIGGER users_session_fields_changed AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.role IS DISTINCT FROM NEW.role
        OR OLD.permissions IS DISTINCT FROM NEW.permissions OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION sahay_session_changed();
CREATE TRIGGER users_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION sahay_session_changed();
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION sahay_session_changed();

CREATE TRIGGER admin_totp_changed AFTER INSERT OR UPDATE OR DELETE ON admin_totp
  FOR EACH ROW EXECUTE FUNCTION sahay_session_changed();
CREATE TRIGGER admin_totp_truncated AFTER TRUNCATE ON admin_totp
  FOR EACH STATEMENT EXECUTE FUNCTION sahay_session_changed();

-- Down Migration
DROP TRIGGER admin_totp_truncated ON admin_totp;
DROP TRIGGER admin_totp_changed ON admin_totp;
DROP TRIGGER users_truncated ON users;
DROP TRIGGER users_deleted ON users;
DROP TRIGGER users_session_fields_changed ON users;
DROP TRIGGER sessions_truncated ON sessions;
DROP TRIGGER sessions_changed ON sessions;
DROP FUNCTION sahay_session_changed();
