// The roles and permissions live in server/src/shared/access.ts, shared by every module and the web.
export { PERMISSIONS, type Permission, type Role, type SessionUser } from '#server/shared/access';
