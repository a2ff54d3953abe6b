// The access rules live in server/src/shared/access.ts, shared by every module, the platform and the web.
export { canActFor, hasPermission, requiresTwoFactor, TWO_FACTOR_PERMISSIONS, TWO_FACTOR_SETUP_REQUIRED } from '#server/shared/access';
