/**
 * What other modules, the platform (tRPC, HTTP, tools) and tests may use of the identity module:
 * accounts, sessions, roles and permissions, and the member administration the admin console
 * composes. Everything else in this folder and its sub-folders (accounts/, passwords/, profile/,
 * two-factor/, members/) is internal (enforced by eslint/sahay-boundaries.js).
 */
export {
  createAccount,
  decideRegisterAccount,
  EMAIL_TAKEN,
  INVALID_REFERRAL,
  emailHash,
  findActiveMember,
  findUser,
  generateUserId,
  getCardHolder,
  getMe,
  getMemberCards,
  getPublicCard,
  countMembers,
  isEmailTaken,
  isEmailUniqueViolation,
  type CreateAccountInput,
  type MemberCard,
  type RegisterAccountCommand,
} from './accounts/accounts.ts';
export { PERMISSIONS, userStreamId, type AccountRegistered, type IdentityEvent, type Permission, type PersonalDetails, type Role } from './identity.events.ts';
export { canActFor, hasPermission, requiresTwoFactor, TWO_FACTOR_SETUP_REQUIRED } from './access.ts';
export { eraseContact, erasePerson, ERASURE_STREAM_PREFIX, LAST_SUPER_ADMIN_ERASE, type PersonErased } from './erasure/erase-person.ts';
export { getUserAccess, getUserContact, getUserNames } from './accounts/user-names.ts';
export { getFinanceStaffContacts } from './accounts/finance-staff.ts';
export { getVerifiedEmail } from './confirmation/verified-email.ts';
export { logIn } from './accounts/login.ts';
export { resolveSession, SESSION_COOKIE, type SessionUser } from './accounts/sessions.ts';
export { SessionCache } from './accounts/session-cache.ts';
export { beginTotpSetup, confirmTotpSetup, getTotpStatus, resetTotpByAdmin, TOTP_NOT_ON } from './two-factor/admin-totp.ts';
export { getPayoutDetails, OTHER_NAME_IN_DEVANAGARI, OTHER_NAME_IN_LATIN } from './profile/profile.ts';
export { assertIfscsInList, bankNameOfIfsc } from './profile/ifsc-list.ts';
export {
  ALREADY_SUSPENDED,
  CANNOT_SUSPEND_SELF,
  getMemberEntry,
  getMemberHistory,
  listCompanyDirects,
  pageCompanyDirects,
  LAST_SUPER_ADMIN,
  MEMBER_NOT_FOUND,
  NOT_SUSPENDED,
  reactivateMember,
  searchMembers,
  STATUS_CHANGE_NOT_ALLOWED,
  suspendMember,
  setStaffPermissions,
  CANNOT_REDUCE_OWN_RIGHTS,
  LAST_SUPER_ADMIN_RIGHTS,
  PERMISSIONS_ONLY_STAFF,
  PERMISSIONS_ONLY_SUPER_ADMIN,
  PERMISSIONS_UNCHANGED,
} from './members/member-admin.ts';
export { inviteStaff, listStaffInvitations, withdrawStaffInvitation, INVITATION_VALID_HOURS } from './staff/staff-invitations.ts';
export { staffInvitationsErasurePart } from './staff/erase-staff-invitations.ts';
